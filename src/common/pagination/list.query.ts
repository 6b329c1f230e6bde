import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { toBoolean } from '../validation/field-validators';
import { PaginationArgs } from './pagination.args';

/** The query of a REST list: its paging, and `count=true` for the X-Total-Count header (counting is the costly part). */
export class ListQuery extends PaginationArgs {
  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description: 'Count every match, in the X-Total-Count header.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  count: boolean = false;
}

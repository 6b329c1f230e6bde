import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsIntInRange, toInteger } from '../../common/validation/field-validators';

export const DEFAULT_CATS_LIMIT = 10;
export const MAX_CATS_LIMIT = 100;

/** Query string of `GET /cats`; the values arrive as strings: decimal digits become the number they say. */
export class ListCatsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CATS_LIMIT, default: DEFAULT_CATS_LIMIT })
  @IsOptional()
  @Transform(toInteger)
  @IsIntInRange(1, MAX_CATS_LIMIT)
  limit: number = DEFAULT_CATS_LIMIT;
}

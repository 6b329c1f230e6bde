import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_CATS_LIMIT = 10;
export const MAX_CATS_LIMIT = 100;

/** Query string of `GET /cats`; the values arrive as strings and are converted before validation. */
export class ListCatsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CATS_LIMIT, default: DEFAULT_CATS_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_CATS_LIMIT)
  limit: number = DEFAULT_CATS_LIMIT;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIntInRange, toIntegerOr } from '../../common/validation/field-validators';

export const DEFAULT_CATS_LIMIT = 10;
export const MAX_CATS_LIMIT = 100;

/**
 * Query string of `GET /cats`, read as every list's limit is: decimal digits become the number they say; missing
 * or empty is the default.
 */
export class ListCatsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CATS_LIMIT, default: DEFAULT_CATS_LIMIT })
  @Transform(toIntegerOr(DEFAULT_CATS_LIMIT))
  @IsIntInRange(1, MAX_CATS_LIMIT)
  limit: number = DEFAULT_CATS_LIMIT;
}

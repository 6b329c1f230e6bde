import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIntInRange } from '../common/validation/field-validators';

export const DEFAULT_OFFSET = 0;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

// GraphQL fills in the defaults, but the arguments are nullable (`offset: Int = 0`), so a client may
// send null; a REST query string sends text. Both end up as a number here (null, missing or empty: the default);
// text that is not decimal digits (`0x10`, `1e2`) is left for the rule to refuse, as Number() would accept it.
const toNumberOr =
  (fallback: number) =>
  ({ value }: { value: unknown }): unknown => {
    if (value === null || value === undefined || value === '') return fallback;
    return typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  };

/** The `limit` argument of every list: 1 to MAX_LIMIT items, DEFAULT_LIMIT when left out or null. */
function LimitField(): PropertyDecorator {
  return applyDecorators(
    Field(() => Int, {
      nullable: true,
      defaultValue: DEFAULT_LIMIT,
      description: `Items to return, 1 to ${MAX_LIMIT}.`,
    }),
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
    Transform(toNumberOr(DEFAULT_LIMIT)),
    IsIntInRange(1, MAX_LIMIT),
  );
}

/** A list that starts at its first item (a child list such as `Author.posts`): only how many. */
@ArgsType()
export class LimitArgs {
  @LimitField()
  limit: number = DEFAULT_LIMIT;
}

/** Offset pagination, for GraphQL arguments and REST query strings alike. A base class: argument classes that need more fields extend it and keep its defaults and rules. */
@ArgsType()
export class PaginationArgs {
  @Field(() => Int, {
    nullable: true,
    defaultValue: DEFAULT_OFFSET,
    description: 'Items to skip; 0 or more.',
  })
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: DEFAULT_OFFSET,
    description: 'Items to skip.',
  })
  @Transform(toNumberOr(DEFAULT_OFFSET))
  @IsIntInRange(0)
  offset: number = DEFAULT_OFFSET;

  @LimitField()
  limit: number = DEFAULT_LIMIT;
}

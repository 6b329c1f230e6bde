import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIntInRange, toIntegerOr } from '../validation/field-validators';

export const DEFAULT_OFFSET = 0;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

/** The `limit` argument of every list: 1 to MAX_LIMIT items, DEFAULT_LIMIT when left out or null. */
function LimitField(): PropertyDecorator {
  return applyDecorators(
    Field(() => Int, {
      nullable: true,
      defaultValue: DEFAULT_LIMIT,
      description: `Items to return, 1 to ${MAX_LIMIT}.`,
    }),
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
    Transform(toIntegerOr(DEFAULT_LIMIT)),
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
  @Transform(toIntegerOr(DEFAULT_OFFSET))
  @IsIntInRange(0)
  offset: number = DEFAULT_OFFSET;

  @LimitField()
  limit: number = DEFAULT_LIMIT;
}

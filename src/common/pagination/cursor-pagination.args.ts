import { ArgsType, Field } from '@nestjs/graphql';
import { IsOptional, IsString } from 'class-validator';
import { PaginationArgs } from './pagination.args';

/** A GraphQL list that also continues after an edge (keyset): `things(offset, limit, after)`. */
@ArgsType()
export class CursorPaginationArgs extends PaginationArgs {
  @Field(() => String, {
    nullable: true,
    description: 'An edge’s cursor: the page continues after that edge, in the current order.',
  })
  @IsOptional()
  @IsString()
  after?: string | null;
}

import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { Post } from '../../posts/models/post.model';
import type { AuthorRow } from '../authors.table';

@ObjectType({ description: 'An author of posts.' })
export class Author {
  @Field(() => Int)
  id: number;

  @Field(() => String, { nullable: true, description: 'Given name.' })
  firstName: string | null;

  @Field(() => String, { nullable: true, description: 'Family name.' })
  lastName: string | null;

  /** REST only, filled in when asked (`GET /authors`); GraphQL's `Author.posts` is the posts feature's field. */
  posts?: Post[];
}

/** The API's author from its row: where a column becomes a field. */
export function toAuthor(row: AuthorRow): Author {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName };
}

import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { PostRow } from '../posts.table';

@ObjectType({ description: 'A post written by an author.' })
export class Post {
  @Field(() => Int)
  id: number;

  @Field()
  title: string;

  @Field(() => Int, { nullable: true, description: 'Upvotes; null until the first upvote.' })
  votes: number | null;
}

/** The API's post from its row: where a column becomes a field. */
export function toPost(row: PostRow): Post {
  return { id: row.id, title: row.title, votes: row.votes };
}

import { Field, Int, ObjectType } from '@nestjs/graphql';
import { Post } from '../../posts/models/post.model';

@ObjectType({ description: 'An author of posts.' })
export class Author {
  @Field(() => Int)
  id: number;

  @Field(() => String, { nullable: true, description: 'Given name.' })
  firstName: string | null;

  @Field(() => String, { nullable: true, description: 'Family name.' })
  lastName: string | null;

  /** Filled in by the service only when asked (REST); GraphQL resolves it through `AuthorsResolver.getPosts`. */
  @Field(() => [Post], { description: "The author's posts in id order, fetched in one batch per request." })
  posts?: Post[];
}

import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A post written by an author.' })
export class Post {
  @Field(() => Int)
  id: number;

  @Field()
  title: string;

  @Field(() => Int, { nullable: true, description: 'Upvotes; null until the first upvote.' })
  votes: number | null;
}

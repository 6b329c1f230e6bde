import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: "Counts over one author's posts." })
export class AuthorStats {
  @Field(() => Int)
  authorId: number;

  @Field(() => Int)
  postCount: number;

  @Field(() => Int, { description: 'Sum of the votes; a post without votes counts 0.' })
  totalVotes: number;

  @Field(() => Int, { deprecationReason: 'Use totalVotes.' })
  votes: number;
}

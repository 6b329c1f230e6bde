import { Field, Int, ObjectType } from '@nestjs/graphql';

/** Abstract base: no `Character` type in the schema; subclasses inherit its fields. */
@ObjectType({ isAbstract: true })
export abstract class Character {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;
}

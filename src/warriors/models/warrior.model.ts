import { Field, ObjectType } from '@nestjs/graphql';
import { Character } from './character.model';

@ObjectType({ description: 'A character who fights; inherits id and name from Character.' })
export class Warrior extends Character {
  // No type function: a TypeScript number becomes Float.
  @Field({ description: 'Experience level; fractions allowed.' })
  level: number;
}

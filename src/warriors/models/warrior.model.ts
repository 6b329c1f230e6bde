import { Field, ObjectType } from '@nestjs/graphql';
import type { WarriorRow } from '../warriors.table';
import { Character } from './character.model';

@ObjectType({ description: 'A character who fights; inherits id and name from Character.' })
export class Warrior extends Character {
  // No type function: a TypeScript number becomes Float.
  @Field({ description: 'Experience level; fractions allowed.' })
  level: number;
}

/** The API's warrior from its row: where a column becomes a field. */
export function toWarrior(row: WarriorRow): Warrior {
  return { id: row.id, name: row.name, level: row.level };
}

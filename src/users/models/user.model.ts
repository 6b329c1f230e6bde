import { Field, Int, ObjectType } from '@nestjs/graphql';
import { MaxItems } from '../../graphql/max-items';
import { ROLES } from '../roles';

@ObjectType({ description: 'An account: its name and roles, never its password.' })
export class User {
  @Field(() => Int)
  id: number;

  @Field()
  username: string;

  @MaxItems({ max: ROLES.length })
  @Field(() => [String], { description: `Some of: ${ROLES.join(', ')}` })
  roles: string[];
}

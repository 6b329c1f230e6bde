import { Field, Int, ObjectType } from '@nestjs/graphql';
import { MaxItems } from '../../graphql/max-items';
import { ROLES } from '../roles';

@ObjectType({ description: 'An account: its name and roles, never its password.' })
export class User {
  @Field(() => Int)
  id: number;

  @Field()
  username: string;

  @Field(() => String, {
    nullable: true,
    description:
      "The account's e-mail address (a new one replaces it once confirmed); shown to the account itself and admins only.",
  })
  email: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether the address is confirmed; shown to the account itself and admins only.',
  })
  emailVerified: boolean | null;

  @MaxItems({ max: ROLES.length })
  @Field(() => [String], { description: `Some of: ${ROLES.join(', ')}` })
  roles: string[];
}

/**
 * A user as `viewer` may see it: its address and whether it is confirmed only for the account itself or an
 * admin (null for anyone else), so that no query can list other people's addresses.
 */
export function toUserFor(
  viewer: { sub: number; roles: readonly string[] },
  user: Omit<User, 'email' | 'emailVerified'> & { email: string | null; emailVerified: boolean },
): User {
  const maySee = viewer.sub === user.id || viewer.roles.includes('admin');
  return {
    id: user.id,
    username: user.username,
    roles: user.roles,
    email: maySee ? user.email : null,
    emailVerified: maySee ? user.emailVerified : null,
  };
}

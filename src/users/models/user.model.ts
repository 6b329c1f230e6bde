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
  @Field(() => [String], {
    description: `Some of: ${ROLES.join(', ')}; shown to the account itself and admins only (empty for anyone else).`,
  })
  roles: string[];
}

/**
 * A user as `viewer` may see it: all of it for the account itself or an admin; for anyone else (an owner shown on
 * a record, to anyone or nobody signed in) its id and username only, so that no query lists other people's
 * addresses or finds the admins.
 */
export function toUserFor(
  viewer: { sub: number; roles: readonly string[] } | undefined,
  user: Omit<User, 'email' | 'emailVerified'> & { email: string | null; emailVerified: boolean },
): User {
  const maySee = viewer !== undefined && (viewer.sub === user.id || viewer.roles.includes('admin'));
  if (!maySee) return { id: user.id, username: user.username, roles: [], email: null, emailVerified: null };
  return {
    id: user.id,
    username: user.username,
    roles: user.roles,
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

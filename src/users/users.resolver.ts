import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { Roles } from '../auth/decorators/roles.decorator';
import type { TokenPayload } from '../auth/token-payload';
import { Authenticated } from '../common/decorators/public.decorator';
import { toUserFor, User } from './models/user.model';
import { UsersService } from './users.service';

// Unlike the other queries, these need a token: they are about accounts.
@Authenticated()
@Resolver(() => User)
export class UsersResolver {
  constructor(private readonly usersService: UsersService) {}

  @Query(() => User, {
    name: 'me',
    description: "The token's user, with its current roles. Needs a bearer token.",
  })
  async getMe(@CurrentUser() user: TokenPayload): Promise<User> {
    return toUserFor(user, await this.usersService.getById(user.sub));
  }

  @Roles('admin')
  @Query(() => User, {
    name: 'user',
    nullable: true,
    description: 'A user by id, null when there is none. Admins only (others: FORBIDDEN).',
  })
  async getUser(
    @CurrentUser() admin: TokenPayload,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<User | undefined> {
    const user = await this.usersService.findById(id);
    return user && toUserFor(admin, user);
  }
}

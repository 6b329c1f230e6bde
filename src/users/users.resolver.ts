import { Query, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import type { TokenPayload } from '../auth/token-payload';
import { Authenticated } from '../common/decorators/public.decorator';
import { User } from './models/user.model';
import { UsersService } from './users.service';

@Resolver(() => User)
export class UsersResolver {
  constructor(private readonly usersService: UsersService) {}

  // Unlike the other queries, this one needs a token: it answers who the token names.
  @Authenticated()
  @Query(() => User, {
    name: 'me',
    description: "The token's user, with its current roles. Needs a bearer token.",
  })
  getMe(@CurrentUser() user: TokenPayload): Promise<User> {
    return this.usersService.getById(user.sub);
  }
}

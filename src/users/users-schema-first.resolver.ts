import { Query, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import type { TokenPayload } from '../auth/token-payload';
import { Authenticated } from '../common/decorators/public.decorator';
import { toUserFor, type User } from './models/user.model';
import { UsersService } from './users.service';

/** `me` of users.graphql, bound by name; like the code-first `me`, it needs a token. */
@Authenticated()
@Resolver('User')
export class UsersSchemaFirstResolver {
  constructor(private readonly usersService: UsersService) {}

  @Query('me')
  async getMe(@CurrentUser() user: TokenPayload): Promise<User> {
    return toUserFor(user, await this.usersService.getById(user.sub));
  }
}

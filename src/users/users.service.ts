import { Injectable } from '@nestjs/common';
import { type HashCaller, PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';

export interface AuthenticatedUser {
  id: number;
  username: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * The user when the password matches; undefined otherwise, with the same hashing work either way.
   * `caller`: the client's address (its share of the hash queue) and its signal (gone: not hashed).
   */
  async verifyCredentials(
    username: string,
    password: string,
    caller: HashCaller = {},
  ): Promise<AuthenticatedUser | undefined> {
    // The lookup waits for the hashing slot too: a login the hasher refuses costs no database work.
    return this.hasher.withSlot(caller, async (check) => {
      const user = await this.repository.getByUsername(username);
      const matches = await check(password, user?.passwordHash);
      return user && matches ? { id: user.id, username: user.username } : undefined;
    });
  }
}

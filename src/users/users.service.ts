import { Injectable } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';
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

  /** The user when the password matches; undefined otherwise, with the same hashing work either way. */
  async verifyCredentials(username: string, password: string): Promise<AuthenticatedUser | undefined> {
    const user = await this.repository.getByUsername(username);
    const matches = await this.hasher.verify(password, user?.passwordHash);
    return user && matches ? { id: user.id, username: user.username } : undefined;
  }
}

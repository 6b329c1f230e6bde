import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { BatchLoadFn } from 'dataloader';
import { length } from 'class-validator';
import { plainHttpError } from '../common/errors/plain-http-error';
import { alignWithIds } from '../graphql/request-loaders';
import type { PaginationArgs } from '../common/pagination/pagination.args';
import { toUserResponse, type UserResponseDto } from './dto/user-response.dto';
import { type HashCaller, PasswordHasher } from './password-hasher';
import { PASSWORD_MAX_LENGTH, sameName } from './password-policy';
import type { Role } from './roles';
import { UsersRepository } from './users.repository';

/** One answer for a taken username and a taken address: it does not tell which. */
export const emailOrUsernameTaken = () => plainHttpError(HttpStatus.CONFLICT, 'username or email is taken');

export interface AuthenticatedUser {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  roles: Role[];
}

/** A login's user, with the password hash its password was checked against (what its login is tied to). */
export interface VerifiedUser extends AuthenticatedUser {
  passwordHash: string;
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
  ): Promise<VerifiedUser | undefined> {
    // Longer than sign-up and a password change allow (counted as their @Length counts: an emoji is one): no
    // account has it, and no hash is spent on it.
    if (!length(password, 0, PASSWORD_MAX_LENGTH)) return undefined;
    // The lookup waits for the hashing slot too: a login the hasher refuses costs no database work.
    return this.hasher.withSlot(caller, async (check) => {
      const user = await this.repository.getByUsername(username);
      const matches = await check(password, user?.passwordHash);
      return user && matches ? { ...toUserResponse(user), passwordHash: user.passwordHash } : undefined;
    });
  }

  /**
   * A new account with the role `user`. The DTO has checked the rules; the password gets the login's scrypt
   * settings, in the hasher's queue for `caller` like a login. A taken username or e-mail (in any case) is 409 with
   * one message for both (it does not tell which), whether found before hashing (no hash spent on it) or by a
   * unique index when two sign-ups race.
   */
  async create(
    username: string,
    email: string,
    password: string,
    caller: HashCaller = {},
  ): Promise<UserResponseDto> {
    const taken = emailOrUsernameTaken;
    if ((await this.repository.getByUsername(username)) || (await this.repository.getByEmail(email))) {
      throw taken();
    }
    const passwordHash = await this.hasher.hash(password, caller);
    const row = await this.repository.create({ username, email, passwordHash });
    if (!row) throw taken();
    return toUserResponse(row);
  }

  /** The account of an address (in any case), for a reset link. */
  async findByEmail(email: string): Promise<AuthenticatedUser | undefined> {
    const row = await this.repository.getByEmail(email);
    return row && toUserResponse(row);
  }

  /** Whether `email` is the address of an account other than `id`'s. */
  async isEmailTaken(email: string, id?: number): Promise<boolean> {
    const owner = await this.repository.getByEmail(email);
    return owner !== undefined && owner.id !== id;
  }

  /** `email`, confirmed by its link, becomes user `id`'s address: 409 when another account has it meanwhile. */
  async confirmEmail(id: number, email: string): Promise<UserResponseDto | undefined> {
    if (await this.isEmailTaken(email, id)) throw emailOrUsernameTaken();
    const row = await this.repository.confirmEmail(id, email);
    return row && toUserResponse(row);
  }

  /** A new name for user `id`, at once: 409 when taken (in any case). The DTO has checked the rules. */
  async rename(id: number, username: string): Promise<UserResponseDto> {
    const owner = await this.repository.getByUsername(username);
    if (owner && owner.id !== id) throw plainHttpError(HttpStatus.CONFLICT, 'username is taken');
    const row = await this.repository.rename(id, username);
    if (!row) throw new NotFoundException(`No user with id ${id}`);
    return toUserResponse(row);
  }

  /**
   * The first half of a reset: the hash of user `id`'s new password, after the rule that needs the user (not the
   * username: 400); undefined when the user is gone. Nothing is written yet (applyReset), so that the caller spends
   * its link between the two: a 400 here keeps the link, and of two resets racing with one link only one writes.
   */
  async hashForReset(id: number, next: string, caller: HashCaller = {}): Promise<string | undefined> {
    const user = await this.repository.getById(id);
    if (!user) return undefined;
    if (sameName(next, user.username))
      throw new BadRequestException(['new_password must not be the username']);
    return this.hasher.hash(next, caller);
  }

  /** The second half: the new hash, whatever the old one; the address counts as confirmed (the link reached it). */
  async applyReset(id: number, passwordHash: string): Promise<void> {
    await this.repository.resetPasswordHash(id, passwordHash);
  }

  /**
   * Deletes user `id` after checking its password (403 when wrong). The last admin stays (409): the app would
   * have no one left to manage roles.
   */
  async deleteAccount(id: number, password: string, caller: HashCaller = {}): Promise<void> {
    const matches = await this.hasher.withSlot(caller, async (check) => {
      const row = await this.repository.getById(id);
      return check(password, row?.passwordHash);
    });
    if (!matches) throw new ForbiddenException('password is not the password of this account');
    if (!(await this.repository.deleteUnlessLastAdmin(id))) {
      throw new ConflictException(
        'The last admin cannot delete its account: make another user an admin first',
      );
    }
  }

  /**
   * Replaces the password of user `id` after checking the current one (403 when wrong): two hashes, each in its own
   * slot of the hasher. The new password's length and commonness are the DTO's rules; not being the username is
   * checked here, where the username is known.
   */
  async changePassword(id: number, current: string, next: string, caller: HashCaller = {}): Promise<void> {
    const user = await this.hasher.withSlot(caller, async (check) => {
      const row = await this.repository.getById(id);
      return (await check(current, row?.passwordHash)) ? row : undefined;
    });
    const wrongPassword = () =>
      new ForbiddenException('current_password is not the password of this account');
    if (!user) throw wrongPassword();
    if (sameName(next, user.username))
      throw new BadRequestException(['new_password must not be the username']);
    const replaced = await this.repository.replacePasswordHash(
      id,
      user.passwordHash,
      await this.hasher.hash(next, caller),
    );
    // Another change went first: the password checked is no longer the current one.
    if (!replaced) throw wrongPassword();
  }

  /** The user as it is now (its current roles); undefined once deleted. */
  async findById(id: number): Promise<AuthenticatedUser | undefined> {
    const row = await this.repository.getById(id);
    return row && toUserResponse(row);
  }

  /** Batch function of the request loaders (an owned feature's `owner`): one entry per id, null where none. */
  readonly loadByIds: BatchLoadFn<number, AuthenticatedUser | null> = async (ids) =>
    alignWithIds(ids, (await this.repository.getByIds(ids)).map(toUserResponse));

  async getById(id: number): Promise<UserResponseDto> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException(`No user with id ${id}`);
    return user;
  }

  async getList({ offset, limit }: PaginationArgs): Promise<UserResponseDto[]> {
    return (await this.repository.getPage(offset, limit)).map(toUserResponse);
  }

  /**
   * Replaces user `id`'s roles on behalf of admin `actorId`, as the database has it now: a token signed before its
   * demotion does not make it an admin here (403), and the last admin keeps the role (409). Takes effect at the
   * user's next refresh: access tokens already signed keep their roles until they expire.
   */
  async updateRoles(actorId: number, id: number, roles: Role[]): Promise<UserResponseDto> {
    const row = await this.repository.updateRolesAsAdmin(actorId, id, roles);
    if (row) return toUserResponse(row);
    // Why nothing changed, read after the statement: only the message depends on it.
    if (!(await this.repository.getById(actorId))?.roles.includes('admin'))
      throw new ForbiddenException('You are no longer an admin');
    if (!(await this.repository.getById(id))) throw new NotFoundException(`No user with id ${id}`);
    throw new ConflictException(
      'The last admin cannot lose the admin role: make another user an admin first',
    );
  }
}

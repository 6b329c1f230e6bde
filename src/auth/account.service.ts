import { BeforeApplicationShutdown, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { plainHttpError } from '../common/errors/plain-http-error';
import type { UserResponseDto } from '../users/dto/user-response.dto';
import { foldEmail } from '../users/email';
import type { HashCaller } from '../users/password-hasher';
import { emailOrUsernameTaken, UsersService } from '../users/users.service';
import { AccountMailer } from './account-mailer';
import type { UpdateMeDto } from './dto/account.dto';
import { hashOneTimeToken, ONE_TIME_TOKEN_SHAPE } from './one-time-token';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import type { OneTimeTokenPurpose } from './one-time-tokens.table';
import { RefreshTokensService } from './refresh-tokens.service';

export const FORGOT_PASSWORD_ANSWER = { message: 'If that address has an account, a link is on its way' };

const invalidToken = () => plainHttpError(HttpStatus.BAD_REQUEST, 'Invalid or expired token');

/** Self-service on one's account: the e-mail address and its confirmation, a forgotten password, me. */
@Injectable()
export class AccountService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(AccountService.name);
  /** Reset links being made after their request was answered (forgotPassword). */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly users: UsersService,
    private readonly mailer: AccountMailer,
    private readonly tokens: OneTimeTokensRepository,
    private readonly refreshTokens: RefreshTokensService,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.background);
  }

  /** 503 "Mail is not configured" when no mail can be sent. */
  assertMailAvailable(): void {
    this.mailer.assertAvailable();
  }

  /** The link of a new account to its address. */
  sendSignupConfirmation(user: UserResponseDto): Promise<void> {
    return this.mailer.sendConfirmation(user, user.email as string);
  }

  /**
   * The token's address becomes its user's, confirmed; the token is spent, and so are the user's other
   * confirmation links: an older one (the sign-up's, say) must not bring back an address the user has replaced.
   */
  async confirmEmail(token: string): Promise<void> {
    const row = await this.consume(token, 'confirm-email');
    if (!row?.email || !(await this.users.confirmEmail(row.userId, row.email))) throw invalidToken();
    await this.tokens.deleteAllOfUser(row.userId, 'confirm-email');
  }

  /** Another link to the user's address, unless it is confirmed already (nothing to do). */
  async resendConfirmation(userId: number): Promise<void> {
    this.mailer.assertAvailable();
    const user = await this.users.getById(userId);
    if (user.email && !user.emailVerified) await this.mailer.sendConfirmation(user, user.email);
  }

  /**
   * Answers at once, the same way whether or not `email` has an account: the lookup and the mail happen after the
   * answer, so neither the body nor the time tells which addresses exist.
   */
  forgotPassword(email: string): typeof FORGOT_PASSWORD_ANSWER {
    this.mailer.assertAvailable();
    const work = this.sendResetLink(email)
      .catch((error: unknown) => this.logger.error(`A reset link was not sent: ${(error as Error).message}`))
      .finally(() => this.background.delete(work));
    this.background.add(work);
    return FORGOT_PASSWORD_ANSWER;
  }

  /**
   * A new password through a reset link: the token is spent, every other reset link of the user dies, every
   * login of the user ends (its refresh tokens), and the address counts as confirmed (the link reached it).
   */
  async resetPassword(token: string, newPassword: string, caller?: HashCaller): Promise<void> {
    const hash = ONE_TIME_TOKEN_SHAPE.test(token) ? hashOneTimeToken(token) : undefined;
    const live = hash && (await this.tokens.find(hash, 'reset-password'));
    if (!hash || !live) throw invalidToken();
    const passwordHash = await this.users.hashForReset(live.userId, newPassword, caller);
    // Spent between the check and the write: a broken rule keeps the link, and of two resets racing with one
    // link only the one that spends it writes its password.
    if (!passwordHash || !(await this.tokens.consume(hash, 'reset-password'))) throw invalidToken();
    await this.users.applyReset(live.userId, passwordHash);
    await this.tokens.deleteAllOfUser(live.userId, 'reset-password');
    await this.refreshTokens.revokeAllOfUser(live.userId);
  }

  getMe(userId: number): Promise<UserResponseDto> {
    return this.users.getById(userId);
  }

  /**
   * A new username applies at once (409 if taken); a new address only once its link is opened: until then the
   * account keeps the old one, which is told of the change.
   */
  async updateMe(userId: number, { username, email }: UpdateMeDto): Promise<UserResponseDto> {
    const user = await this.users.getById(userId);
    const newEmail =
      email !== undefined && foldEmail(email) !== foldEmail(user.email ?? '') ? email : undefined;
    if (newEmail !== undefined) {
      this.mailer.assertAvailable();
      // Refused now rather than when the link is opened: the answer says so while the user is here.
      if (await this.users.isEmailTaken(newEmail, userId)) {
        throw emailOrUsernameTaken();
      }
    }
    const renamed = username !== undefined && username !== user.username;
    const updated = renamed ? await this.users.rename(userId, username) : user;
    if (newEmail !== undefined) {
      await this.mailer.sendConfirmation(updated, newEmail);
      if (user.email) await this.mailer.sendEmailChangeNotice(updated, user.email, newEmail);
    }
    return updated;
  }

  deleteMe(userId: number, password: string, caller?: HashCaller): Promise<void> {
    return this.users.deleteAccount(userId, password, caller);
  }

  private async sendResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (user?.email) await this.mailer.sendPasswordReset({ ...user, email: user.email });
  }

  private consume(token: string, purpose: OneTimeTokenPurpose) {
    if (!ONE_TIME_TOKEN_SHAPE.test(token)) return Promise.resolve(undefined);
    return this.tokens.consume(hashOneTimeToken(token), purpose);
  }
}

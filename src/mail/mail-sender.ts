import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import type { DatabaseConnection } from '../database/database.client';
import { DATABASE_CONNECTION } from '../database/database.module';
import { MailOutboxRepository } from './mail-outbox.repository';
import type { MailOutboxRow } from './mail-outbox.table';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import { MAIL_OUTBOX_CHANNEL } from './mail.service';
import { retryDelayMs } from './retry-delay';

/** Rows claimed at a time. */
const BATCH = 10;
/** Seconds a claimed row stays this sender's: longer than an attempt can take (see smtpTransport's time-outs). */
const LEASE_SECONDS = 120;
/** The longest the sender sleeps without a NOTIFY: it still finds mail should its LISTEN connection be lost. */
const POLL_MS = 30_000;

/**
 * Sends the outbox in the background, on every instance: woken by NOTIFY when mail is queued (by any instance) and
 * by a timer for retries. A failed attempt is retried after retryDelayMs; after MAIL_MAX_ATTEMPTS the row is marked
 * failed with one error line in the log.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MailSender.name);
  private readonly from: string;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private wokenWhileRunning = false;
  private stopped = false;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly outbox: MailOutboxRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    config: ConfigService<Environment, true>,
  ) {
    this.from = config.get('MAIL_FROM', { infer: true });
    this.maxAttempts = config.get('MAIL_MAX_ATTEMPTS', { infer: true });
    this.retryBaseMs = config.get('MAIL_RETRY_BASE_MS', { infer: true });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.unlisten = await Promise.resolve()
      .then(() => this.connection.listen(MAIL_OUTBOX_CHANNEL, () => this.wake()))
      .catch((error: unknown) => {
        this.logger.warn(`Cannot LISTEN for queued mail, polling instead: ${(error as Error).message}`);
        return undefined;
      });
    // Mail queued before a restart, or while no sender ran, goes now.
    this.wake();
  }

  // Before DatabaseModule closes the connection (its onApplicationShutdown): the attempt in flight ends first.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.().catch(() => undefined);
    await this.running;
    this.transport.close();
  }

  /** Looks at the outbox now (or right after the pass in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.wokenWhileRunning) {
        this.wokenWhileRunning = false;
        this.wake();
      }
    });
  }

  /**
   * Sends what is due, then sleeps until the next row is due (or POLL_MS). Claims only when a row is due: an idle
   * sender's pass is the one uncounted look of msUntilNextDue.
   */
  private async pass(): Promise<void> {
    let sleepMs: number;
    try {
      while (!this.stopped && (await this.outbox.msUntilNextDue()) === 0) {
        if ((await this.sendBatch()) === 0) break;
      }
      sleepMs = Math.min((await this.outbox.msUntilNextDue()) ?? POLL_MS, POLL_MS);
    } catch (error) {
      // The database away: the rows stay, and the next pass finds them.
      this.logger.warn(`Cannot read the mail outbox: ${(error as Error).message}`);
      sleepMs = Math.min(this.retryBaseMs, POLL_MS);
    }
    if (this.stopped) return;
    // A little past the due time: the database's clock decides, and a timer may fire a millisecond early.
    this.timer = setTimeout(() => this.wake(), sleepMs + 20);
  }

  /** Claims a batch and attempts each row: how many it claimed (0: another instance took them first). */
  private async sendBatch(): Promise<number> {
    const claimed = await this.outbox.claimDue(BATCH, LEASE_SECONDS);
    for (const [index, row] of claimed.entries()) {
      // Stopping: the rest go back now, rather than wait out their lease on another instance or a restart.
      if (this.stopped) {
        await this.outbox.release(claimed.slice(index).map((rest) => rest.id));
        break;
      }
      await this.deliver(row);
    }
    return claimed.length;
  }

  private async deliver(row: MailOutboxRow): Promise<void> {
    const mail = { to: row.recipient, subject: row.subject, text: row.text, html: row.html ?? undefined };
    try {
      await this.transport.send(mail, this.from);
    } catch (error) {
      return this.failed(row, (error as Error).message);
    }
    await this.outbox.remove(row.id);
  }

  private async failed(row: MailOutboxRow, reason: string): Promise<void> {
    if (row.attempts >= this.maxAttempts) {
      await this.outbox.giveUp(row.id, reason);
      this.logger.error(
        `Gave up on mail #${row.id} to ${row.recipient} ("${row.subject}") after ${row.attempts} attempts: ${reason}`,
      );
      return;
    }
    await this.outbox.retryLater(row.id, retryDelayMs(row.attempts, this.retryBaseMs), reason);
  }
}

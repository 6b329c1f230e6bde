import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../database/database.client';
import { DATABASE_CONNECTION } from '../database/database.module';
import { type Database, InjectDatabase } from '../database/database.types';
import type { Mail } from './mail';
import { mailOutbox, type MailOutboxRow } from './mail-outbox.table';

/** The rows of mail_outbox a sender may take now: pending, due, and not leased by a sender (or its lease ran out). */
const due = () =>
  and(
    eq(mailOutbox.status, 'pending'),
    lte(mailOutbox.nextAttemptAt, sql`now()`),
    or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
  );

@Injectable()
export class MailOutboxRepository {
  constructor(
    @InjectDatabase() private readonly db: Database,
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
  ) {}

  async add(mail: Mail): Promise<void> {
    await this.db
      .insert(mailOutbox)
      .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  /**
   * Takes up to `limit` due rows for `leaseSeconds`, counting the attempt. One statement: the rows are locked with
   * SKIP LOCKED, so senders claiming at the same moment on other instances take other rows, never the same one.
   */
  claimDue(limit: number, leaseSeconds: number): Promise<MailOutboxRow[]> {
    const ids = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(due())
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(inArray(mailOutbox.id, ids))
      .returning();
  }

  /** Sent: the row goes (its links carry one-time tokens, which have no business staying in the database). */
  async remove(id: number): Promise<void> {
    await this.db.delete(mailOutbox).where(eq(mailOutbox.id, id));
  }

  /** A failed attempt: due again in `delayMs` (the database's clock, shared by every instance). */
  async retryLater(id: number, delayMs: number, error: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({
        nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        lockedUntil: null,
        lastError: error,
      })
      .where(eq(mailOutbox.id, id));
  }

  /** Claimed rows not attempted after all (the sender is stopping): due again at once, the attempt not counted. */
  async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, lockedUntil: null })
      .where(inArray(mailOutbox.id, ids));
  }

  async giveUp(id: number, error: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'failed', lockedUntil: null, lastError: error })
      .where(eq(mailOutbox.id, id));
  }

  /**
   * Milliseconds until the next pending row is due (0 when one is), undefined when none is pending. Through the
   * driver, not Drizzle: the sender asks this every time it wakes, on every instance, and it belongs to no request,
   * so it stays out of the statement log (LOG_LEVEL=verbose) and the query counter.
   */
  async msUntilNextDue(): Promise<number | undefined> {
    const { rows } = await this.connection.query(
      `select extract(epoch from min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now()) * 1000 as ms
       from mail_outbox where status = 'pending'`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
  }
}

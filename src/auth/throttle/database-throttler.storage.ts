import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { and, isNull, lte, or, sql } from 'drizzle-orm';
import { type Database, InjectDatabase } from '../../database/database.types';
import { throttleCounters as counters } from './throttle-counters.table';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Expired rows are deleted at most this often per instance, by the first increment after the interval. */
export const PURGE_INTERVAL_MS = 60_000;
/** Blocks remembered in process at most (see `knownBlocks`); past it, further ones are asked of the database. */
const MAX_KNOWN_BLOCKS = 10_000;

const milliseconds = (interval: ReturnType<typeof sql>) =>
  sql<number>`coalesce(extract(epoch from (${interval})) * 1000, 0)`.mapWith(Number);
const toSeconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

interface KnownBlock {
  totalHits: number;
  windowEndsAt: number;
  blockedUntil: number;
}

/**
 * @nestjs/throttler's counters in the database, so every instance on one PostgreSQL counts the same attempts (the
 * 11th bad login is 429 whichever instance served the first ten). Same drivers, same code: PGlite runs it too.
 *
 * A fixed window per key, from its first hit: an attempt past `limit` blocks the key for `blockDuration` (the
 * throttler's default: its ttl), and while blocked attempts are refused without counting. One statement per
 * attempt, an upsert whose row lock serialises concurrent attempts on one key; times come from the database's
 * clock, which all instances share.
 */
@Injectable()
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  private lastPurge = Date.now();
  // A block only ever ends with time, never earlier by another instance, so one the database reported is refused
  // here until it ends, without a statement: a flood's refused attempts then cost no database work (on PGlite
  // they queued every other request's queries behind them, `npm run bench -- login`).
  private readonly knownBlocks = new Map<string, KnownBlock>();

  constructor(@InjectDatabase() private readonly db: Database) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    _throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const known = this.knownBlocks.get(key);
    if (known && known.blockedUntil > Date.now()) return this.blockedRecord(known);
    this.knownBlocks.delete(key);
    await this.purgeWhenDue();

    const windowEnd = sql`now() + make_interval(secs => ${ttl / 1000})`;
    // blockDuration 0 means no block of its own: refused until the window ends (a new one, or the row's).
    const blockFor = sql`now() + make_interval(secs => ${blockDuration / 1000})`;
    const newWindowBlockEnd = blockDuration > 0 ? blockFor : windowEnd;
    const blockEnd = blockDuration > 0 ? blockFor : counters.windowEndsAt;
    const blocked = sql`${counters.blockedUntil} > now()`;
    const expired = sql`(${counters.windowEndsAt} <= now() or ${counters.blockedUntil} <= now())`;

    const [{ totalHits, windowMs, blockMs }] = await this.db
      .insert(counters)
      .values({
        key,
        hits: 1,
        windowEndsAt: windowEnd,
        blockedUntil: sql`case when 1 > ${limit}::int then ${newWindowBlockEnd} end`,
      })
      .onConflictDoUpdate({
        target: counters.key,
        set: {
          hits: sql`case when ${blocked} then ${counters.hits} when ${expired} then 1 else ${counters.hits} + 1 end`,
          windowEndsAt: sql`case when ${blocked} then ${counters.windowEndsAt} when ${expired} then ${windowEnd}
            else ${counters.windowEndsAt} end`,
          blockedUntil: sql`case when ${blocked} then ${counters.blockedUntil}
            when ${expired} then case when 1 > ${limit}::int then ${newWindowBlockEnd} end
            when ${counters.hits} + 1 > ${limit}::int then ${blockEnd} end`,
        },
      })
      .returning({
        totalHits: counters.hits,
        windowMs: milliseconds(sql`${counters.windowEndsAt} - now()`),
        blockMs: milliseconds(sql`${counters.blockedUntil} - now()`),
      });

    if (blockMs <= 0) {
      return { totalHits, timeToExpire: toSeconds(windowMs), isBlocked: false, timeToBlockExpire: 0 };
    }
    const now = Date.now();
    const block = { totalHits, windowEndsAt: now + windowMs, blockedUntil: now + blockMs };
    if (this.knownBlocks.size < MAX_KNOWN_BLOCKS) this.knownBlocks.set(key, block);
    return this.blockedRecord(block);
  }

  /** Deletes the rows whose window and block are both over: they would start afresh at their next attempt. */
  async purgeExpired(): Promise<number> {
    const deleted = await this.db
      .delete(counters)
      .where(
        and(
          lte(counters.windowEndsAt, sql`now()`),
          or(isNull(counters.blockedUntil), lte(counters.blockedUntil, sql`now()`)),
        ),
      )
      .returning({ key: counters.key });
    return deleted.length;
  }

  private async purgeWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    for (const [key, { blockedUntil }] of this.knownBlocks) {
      if (blockedUntil <= now) this.knownBlocks.delete(key);
    }
    await this.purgeExpired();
  }

  private blockedRecord({ totalHits, windowEndsAt, blockedUntil }: KnownBlock): ThrottlerStorageRecord {
    const now = Date.now();
    return {
      totalHits,
      timeToExpire: toSeconds(windowEndsAt - now),
      isBlocked: true,
      timeToBlockExpire: toSeconds(blockedUntil - now),
    };
  }
}

import { sql } from 'drizzle-orm';
import { DatabaseThrottlerStorage } from '../src/auth/throttle/database-throttler.storage';
import { throttleCounters } from '../src/auth/throttle/throttle-counters.table';
import { createTestDatabase } from './utils/test-database';

const MINUTE = 60_000;

/** The login throttle's counters on the real drivers (PGlite here, PostgreSQL in CI's second run). */
describe(DatabaseThrottlerStorage.name, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sut: DatabaseThrottlerStorage;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  afterEach(() => jest.restoreAllMocks());
  beforeEach(async () => {
    await database.db.delete(throttleCounters);
    sut = new DatabaseThrottlerStorage(database.db);
  });

  const hit = (key: string, limit = 3, blockDuration = MINUTE) =>
    sut.increment(key, MINUTE, limit, blockDuration, 'default');
  /** Moves a key's window (and block) into the past, as if its time had run out (in the database). */
  const expire = async (key: string) => {
    await database.db
      .update(throttleCounters)
      .set({
        windowEndsAt: sql`now() - interval '1 second'`,
        blockedUntil: sql`case when ${throttleCounters.blockedUntil} is not null then now() - interval '1 second' end`,
      })
      .where(sql`${throttleCounters.key} = ${key}`);
  };
  /** Moves this process's clock on (PGlite's too: it reads the same one), past any block it remembers. */
  const letTimePass = () => jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * MINUTE);
  /** The statements on the throttle's table that reach the driver. */
  const countStatements = () => {
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = jest.spyOn(client, 'query');
    return () =>
      query.mock.calls.filter(([text]) => JSON.stringify(text).includes('throttle_counters')).length;
  };

  it('should count hits per key within the window, with the time left', async () => {
    expect(await hit('a')).toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    expect(await hit('a')).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit('b')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('should block the hit past the limit for blockDuration, and keep it blocked without counting', async () => {
    for (let i = 0; i < 3; i += 1) await hit('a', 3, 2 * MINUTE);

    const blocked = await hit('a', 3, 2 * MINUTE);
    const again = await hit('a', 3, 2 * MINUTE);

    expect(blocked).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 120 });
    expect(again).toMatchObject({ totalHits: 4, isBlocked: true });
    expect(again.timeToBlockExpire).toBeGreaterThan(0);
  });

  it('should refuse a key it saw blocked without a statement, while another instance reads the block', async () => {
    await hit('a', 1);
    expect(await hit('a', 1)).toMatchObject({ isBlocked: true });
    const statements = countStatements();

    const again = await hit('a', 1);
    const elsewhere = await new DatabaseThrottlerStorage(database.db).increment(
      'a',
      MINUTE,
      1,
      MINUTE,
      'default',
    );

    expect(again).toMatchObject({ totalHits: 2, isBlocked: true });
    expect(again.timeToBlockExpire).toBeGreaterThan(0);
    expect(elsewhere).toMatchObject({ totalHits: 2, isBlocked: true });
    expect(statements()).toBe(1); // the other instance's, which had not seen the block
  });

  it('should block until the window ends when blockDuration is 0', async () => {
    for (let i = 0; i < 2; i += 1) await hit('a', 2, 0);

    const blocked = await hit('a', 2, 0);

    expect(blocked).toMatchObject({ totalHits: 3, isBlocked: true });
    expect(blocked.timeToBlockExpire).toBe(blocked.timeToExpire);
  });

  it('should start a new window once the window, or the block, is over', async () => {
    await hit('a');
    await expire('a');
    expect(await hit('a')).toMatchObject({ totalHits: 1, isBlocked: false });

    for (let i = 0; i < 3; i += 1) await hit('a');
    expect(await hit('a')).toMatchObject({ isBlocked: true });
    await expire('a');
    expect(await hit('a')).toMatchObject({ isBlocked: true }); // the block it saw, remembered until it ends
    letTimePass();
    expect(await hit('a')).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('should count concurrent hits on one key exactly once each (one atomic statement)', async () => {
    const records = await Promise.all(Array.from({ length: 20 }, () => hit('a', 100)));

    expect(records.map((record) => record.totalHits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('should purge the keys whose window and block are over, and only those', async () => {
    for (const key of ['done', 'running', 'blocked']) await hit(key, 1);
    await hit('blocked', 1);
    await expire('done');
    // The window of `blocked` is over, its block is not.
    await database.db
      .update(throttleCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${throttleCounters.key} = 'blocked'`);

    expect(await sut.purgeExpired()).toBe(1);

    const keys = await database.db.select({ key: throttleCounters.key }).from(throttleCounters);
    expect(keys.map(({ key }) => key).sort()).toEqual(['blocked', 'running']);
  });
});

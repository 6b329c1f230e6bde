import type { SessionData } from 'express-session';
import { BoundedMemoryStore } from './bounded-memory-store';

type Visits = SessionData & { visits?: number };

const sessionWith = (visits: number, expires?: Date): Visits =>
  ({ cookie: { originalMaxAge: null, expires }, visits }) as unknown as Visits;

const read = (store: BoundedMemoryStore, sid: string) =>
  new Promise<Visits | null | undefined>((resolve, reject) =>
    store.get(sid, (err, session) => (err ? reject(err as Error) : resolve(session as Visits | null))),
  );

describe(BoundedMemoryStore.name, () => {
  let now: number;
  const create = (maxSessions = 3) => new BoundedMemoryStore({ maxSessions, ttlMs: 1000, now: () => now });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('should give back a copy of what was stored', async () => {
    const sut = create();
    const session = sessionWith(1);
    sut.set('a', session);
    session.visits = 99;

    await expect(read(sut, 'a')).resolves.toMatchObject({ visits: 1 });
    await expect(read(sut, 'unknown')).resolves.toBeNull();
  });

  it('should never hold more than maxSessions, dropping the least recently used', async () => {
    const sut = create(2);
    sut.set('a', sessionWith(1));
    sut.set('b', sessionWith(2));
    await read(sut, 'a'); // a is now more recent than b
    sut.set('c', sessionWith(3));

    expect(sut.size).toBe(2);
    await expect(read(sut, 'b')).resolves.toBeNull();
    await expect(read(sut, 'a')).resolves.toMatchObject({ visits: 1 });
    await expect(read(sut, 'c')).resolves.toMatchObject({ visits: 3 });
  });

  it('should expire a session with its cookie', async () => {
    const sut = create();
    sut.set('a', sessionWith(1, new Date(now + 500)));

    now += 499;
    await expect(read(sut, 'a')).resolves.toMatchObject({ visits: 1 });
    now += 1;
    await expect(read(sut, 'a')).resolves.toBeNull();
    expect(sut.size).toBe(0);
  });

  it('should expire a session without cookie expiry after ttlMs, counted from its last touch', async () => {
    const sut = create();
    sut.set('a', sessionWith(1));
    now += 900;
    sut.touch('a', sessionWith(1));
    now += 900;

    await expect(read(sut, 'a')).resolves.toMatchObject({ visits: 1 });
    now += 100;
    await expect(read(sut, 'a')).resolves.toBeNull();
  });

  it('should forget a destroyed session', async () => {
    const sut = create();
    sut.set('a', sessionWith(1));
    sut.destroy('a');

    await expect(read(sut, 'a')).resolves.toBeNull();
  });

  it('should refuse a ceiling below one', () => {
    expect(() => create(0)).toThrow(RangeError);
  });
});

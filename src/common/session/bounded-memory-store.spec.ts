import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { BoundedMemoryStore, setSessionClient } from './bounded-memory-store';

type Visits = SessionData & { visits?: number };

const sessionWith = (visits: number, expires?: Date): Visits =>
  ({ cookie: { originalMaxAge: null, expires }, visits }) as unknown as Visits;

const sessionOf = (client: string, visits: number): Visits => {
  const session = sessionWith(visits);
  setSessionClient(session, client);
  return session;
};

const read = (store: BoundedMemoryStore, sid: string) =>
  new Promise<Visits | null | undefined>((resolve, reject) =>
    store.get(sid, (err, session) => (err ? reject(err as Error) : resolve(session as Visits | null))),
  );

describe(BoundedMemoryStore.name, () => {
  let now: number;
  const create = (maxSessions = 3, maxSessionsPerClient?: number) =>
    new BoundedMemoryStore({ maxSessions, maxSessionsPerClient, ttlMs: 1000, now: () => now });

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
    expect(() => create(3, 0)).toThrow(RangeError);
  });

  describe('per client', () => {
    it("should drop a client's own least recently used session past its share, not another client's", async () => {
      const sut = create(10, 2);
      sut.set('victim', sessionOf('203.0.113.1', 1));
      for (let i = 0; i < 50; i += 1) sut.set(`flood-${i}`, sessionOf('198.51.100.7', i));

      await expect(read(sut, 'victim')).resolves.toMatchObject({ visits: 1 });
      expect(sut.size).toBe(3);
      await expect(read(sut, 'flood-47')).resolves.toBeNull();
      await expect(read(sut, 'flood-48')).resolves.toMatchObject({ visits: 48 });
      await expect(read(sut, 'flood-49')).resolves.toMatchObject({ visits: 49 });
    });

    it("should count a client's sessions in the order it last used them", async () => {
      const sut = create(10, 2);
      sut.set('a', sessionOf('198.51.100.7', 1));
      sut.set('b', sessionOf('198.51.100.7', 2));
      await read(sut, 'a'); // a is now more recent than b
      sut.set('c', sessionOf('198.51.100.7', 3));

      await expect(read(sut, 'b')).resolves.toBeNull();
      await expect(read(sut, 'a')).resolves.toMatchObject({ visits: 1 });
    });

    it('should move a session to the client that saves it now', async () => {
      const sut = create(10, 1);
      sut.set('roaming', sessionOf('203.0.113.1', 1));
      sut.set('roaming', sessionOf('203.0.113.2', 2));
      sut.set('stay', sessionOf('203.0.113.1', 1));

      await expect(read(sut, 'roaming')).resolves.toMatchObject({ visits: 2 });
      sut.set('next', sessionOf('203.0.113.2', 1));
      await expect(read(sut, 'roaming')).resolves.toBeNull();
      await expect(read(sut, 'stay')).resolves.toMatchObject({ visits: 1 });
    });

    it('should keep an untagged save with the client the session had', async () => {
      const sut = create(10, 1);
      sut.set('a', sessionOf('203.0.113.1', 1));
      sut.set('a', sessionWith(2));
      sut.set('b', sessionOf('203.0.113.1', 1));

      await expect(read(sut, 'a')).resolves.toBeNull();
    });

    it('should still never hold more than maxSessions across clients', () => {
      const sut = create(3, 2);
      for (let i = 0; i < 10; i += 1) sut.set(`s${i}`, sessionOf(`203.0.113.${i}`, i));

      expect(sut.size).toBe(3);
    });

    it('should not store the client tag with the session', async () => {
      const sut = create();
      sut.set('a', sessionOf('203.0.113.1', 1));

      const stored = await read(sut, 'a');
      expect(Object.getOwnPropertySymbols(stored)).toEqual([]);
      expect(JSON.stringify(stored)).not.toContain('203.0.113.1');
    });

    it('should give a regenerated session the client of the one it replaces', async () => {
      const sut = create(10, 1);
      const request = { sessionID: 'old', session: sessionOf('203.0.113.1', 1) } as unknown as Request;
      sut.set('old', request.session as Visits);
      sut.set('other', sessionOf('203.0.113.2', 1));
      // express-session gives the store its `generate` (a new id and session object on the request).
      Object.assign(sut, {
        generate: (req: Request) => {
          req.sessionID = 'new';
          req.session = sessionWith(0) as unknown as Request['session'];
        },
      });

      await new Promise((resolve) => sut.regenerate(request, resolve));
      sut.set('new', request.session as Visits);
      sut.set('third', sessionOf('203.0.113.1', 1));

      await expect(read(sut, 'old')).resolves.toBeNull();
      await expect(read(sut, 'new')).resolves.toBeNull(); // the client's share (1) went to 'third'
      await expect(read(sut, 'other')).resolves.toMatchObject({ visits: 1 });
    });
  });
});

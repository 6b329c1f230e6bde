import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { types } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread';

describe(PgliteThread.name, () => {
  let sut: PgliteThread;

  beforeAll(async () => {
    sut = await PgliteThread.open(); // in memory
    await sut.query('create table notes (id serial primary key, text text not null unique, at timestamptz)');
  });
  afterAll(() => sut.close());

  beforeEach(() => sut.query('truncate notes restart identity'));

  it('should run a statement with parameters and answer rows, fields and affected rows', async () => {
    const inserted = await sut.query('insert into notes (text) values ($1), ($2) returning id, text', [
      'a',
      'b',
    ]);

    expect(inserted.rows).toEqual([
      { id: 1, text: 'a' },
      { id: 2, text: 'b' },
    ]);
    expect(inserted.fields.map((field) => field.name)).toEqual(['id', 'text']);
    expect(inserted.affectedRows).toBe(2);
  });

  it("should answer rows as arrays with rowMode 'array'", async () => {
    await sut.query("insert into notes (text) values ('a')");

    const { rows } = await sut.query('select id, text from notes', [], { rowMode: 'array' });

    expect(rows).toEqual([[1, 'a']]);
  });

  it("should run the caller's parsers on the columns of their types, in either row mode", async () => {
    await sut.query("insert into notes (text, at) values ('a', '2026-01-02T03:04:05Z')");
    const parsers = {
      [types.TIMESTAMPTZ]: (value: string) => `text:${value}`,
      [types.INT4]: (value: string, type: number) => `${type}:${value}`,
    };

    const objects = await sut.query('select id, text, at from notes', [], { parsers });
    const arrays = await sut.query('select id, text, at from notes', [], { rowMode: 'array', parsers });

    expect(objects.rows).toEqual([{ id: `${types.INT4}:1`, text: 'a', at: 'text:2026-01-02 03:04:05+00' }]);
    expect(arrays.rows).toEqual([[`${types.INT4}:1`, 'a', 'text:2026-01-02 03:04:05+00']]);
  });

  it('should parse the other types as PGlite does (a timestamp without parser is a Date)', async () => {
    await sut.query("insert into notes (text, at) values ('a', '2026-01-02T03:04:05Z')");

    const { rows } = await sut.query<{ at: unknown }>('select at from notes');

    expect(rows[0].at).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it("should reject with PostgreSQL's error and its fields (code, constraint, detail)", async () => {
    await sut.query("insert into notes (text) values ('a')");

    // With parsers, as Drizzle sends every statement: PGlite attaches them to its error, and they cannot cross.
    const failure = sut.query("insert into notes (text) values ('a')", [], {
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });

    await expect(failure).rejects.toThrow('duplicate key value violates unique constraint "notes_text_key"');
    await expect(failure).rejects.toMatchObject({
      code: '23505',
      constraint: 'notes_text_key',
      table: 'notes',
      detail: 'Key (text)=(a) already exists.',
    });
    expect((await sut.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('should send an object parameter as PGlite would: its toString for text, its JSON (toJSON included) for json', async () => {
    class Money {
      constructor(readonly cents: number) {}
      toString() {
        return `${this.cents / 100} EUR`;
      }
    }
    class Cookie {
      constructor(private readonly expiresAt: number) {}
      toJSON() {
        return { expires: new Date(this.expiresAt).toISOString() };
      }
    }
    const session = { visits: 2, cookie: new Cookie(0) };

    const { rows } = await sut.query<{ price: string; session: unknown }>(
      'select $1::text as price, $2::json as session',
      [new Money(700), session],
    );

    expect(rows).toEqual([{ price: '7 EUR', session: JSON.parse(JSON.stringify(session)) }]);
    expect(rows[0].session).toEqual({ visits: 2, cookie: { expires: '1970-01-01T00:00:00.000Z' } });
    await expect(sut.query('select $1::text', [() => 'x'])).rejects.toThrow('could not be cloned');
  });

  describe('transaction', () => {
    it('should commit what the callback wrote and answer what it returned', async () => {
      const result = await sut.transaction(async (transaction) => {
        await transaction.query("insert into notes (text) values ('a')");
        return (await transaction.query('select count(*)::int as n from notes')).rows[0];
      });

      expect(result).toEqual({ n: 1 });
      expect((await sut.query('select text from notes')).rows).toEqual([{ text: 'a' }]);
    });

    it('should roll back and rethrow when the callback throws', async () => {
      const failure = sut.transaction(async (transaction) => {
        await transaction.query("insert into notes (text) values ('a')");
        throw new Error('changed my mind');
      });

      await expect(failure).rejects.toThrow('changed my mind');
      expect((await sut.query('select text from notes')).rows).toEqual([]);
    });

    it("should refuse a transaction's client once the transaction has ended, in PGlite's words", async () => {
      let leaked!: Parameters<Parameters<PgliteThread['transaction']>[0]>[0];
      await sut.transaction(async (client) => {
        leaked = client;
        await client.query('select 1');
      });

      await expect(leaked.query('select 1')).rejects.toThrow('Transaction is closed');
    });

    it('should run a statement from outside the transaction after it, not inside it', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = sut.transaction(async (client) => {
        await client.query("insert into notes (text) values ('inside')");
        await held;
        throw new Error('rolled back');
      });
      const outside = sut.query("insert into notes (text) values ('outside')");

      release();
      await expect(transaction).rejects.toThrow('rolled back');
      await outside;
      expect((await sut.query('select text from notes')).rows).toEqual([{ text: 'outside' }]);
    });
  });

  it('should deliver NOTIFY payloads to a listener until it stops', async () => {
    const payloads: string[] = [];
    let delivered!: () => void;
    const first = new Promise<void>((resolve) => (delivered = resolve));
    const stop = await sut.listen('news', (payload) => {
      payloads.push(payload);
      delivered();
    });

    await sut.query("select pg_notify('news', 'first')");
    await first;
    await stop();
    // A notification is sent before the reply of the statement that raised it: none can arrive after this.
    await sut.query("select pg_notify('news', 'second')");

    expect(payloads).toEqual(['first']);
  });

  it("should reject the opening with PGlite's error when the folder cannot be a database", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    try {
      await expect(PgliteThread.open(file)).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Last: it closes the thread the tests above share (afterAll's close then shows a second close is harmless).
  it("should refuse statements once closed, in PGlite's own words", async () => {
    await Promise.all([sut.close(), sut.close()]);

    expect(sut.closed).toBe(true);
    await expect(sut.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});

import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from 'pg';
import type { DatabaseConnection } from '../src/database/database.client';
import { DatabasePubSub, NOTIFY_PAYLOAD_LIMIT } from '../src/database/database-pubsub';
import { PostgresListener } from '../src/database/postgres-listener';
import { nextWithin } from './utils/next-within';
import { TcpProxy } from './utils/tcp-proxy';
import { createSuiteDatabase } from './utils/postgres';

interface Note {
  id: number;
  text: string;
}

// CI's PostgreSQL run: two "instances" (each its own listener connection) on one database. PGlite's side is in
// src/database/database-pubsub.spec.ts.
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres(`${DatabasePubSub.name} on PostgreSQL, between two instances`, () => {
  let url: string;
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  const listeners: PostgresListener[] = [];
  let publisher: Client;

  const instance = () => {
    const listener = new PostgresListener(url, () => undefined, 100);
    listeners.push(listener);
    const connection = {
      query: (text: string, values?: unknown[]) => publisher.query(text, values),
      listen: (channel: string, onPayload: (payload: string) => void) => listener.listen(channel, onPayload),
    } as unknown as DatabaseConnection;
    return new DatabasePubSub(connection);
  };

  beforeAll(async () => {
    database = await createSuiteDatabase(process.env.TEST_DATABASE_URL!, { empty: true });
    url = database.url;
    publisher = new Client({ connectionString: url });
    await publisher.connect();
  });
  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.close()));
    await publisher.end();
    await database?.drop();
  });

  it('should deliver to a subscriber of the other instance, a large message by reference', async () => {
    const big = { id: 3, text: 'y'.repeat(NOTIFY_PAYLOAD_LIMIT) };
    const load = jest.fn(() => Promise.resolve(big));
    const events = await instance().topic<Note>('notes_across', load).subscribe();
    const other = instance().topic<Note>('notes_across', load);

    await other.publish({ id: 1, text: 'small' }, 1);
    await other.publish(big, 3);

    await expect(nextWithin(events)).resolves.toEqual({ value: { id: 1, text: 'small' }, done: false });
    await expect(nextWithin(events)).resolves.toEqual({ value: big, done: false });
    expect(load.mock.calls).toEqual([[3]]);
  });

  it('should replace a connection the network lost without a word, and close at once meanwhile', async () => {
    const proxy = await TcpProxy.start({
      host: new URL(url).hostname,
      port: Number(new URL(url).port || 5432),
    });
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const listener = new PostgresListener(proxied.toString(), () => undefined, 100, 200);
    try {
      const received: string[] = [];
      await listener.listen('notes_partition', (payload) => received.push(payload));
      proxy.freeze(); // the LISTEN connection stays open and carries nothing: no FIN, no RST
      await new Promise((resolve) => setTimeout(resolve, 300));
      await proxy.up();

      const deadline = Date.now() + 5_000;
      while (received.length === 0 && Date.now() < deadline) {
        await publisher.query("select pg_notify('notes_partition', 'after')");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(received[0]).toBe('after');

      proxy.freeze();
      const closing = Date.now();
      await listener.close(); // end() alone would wait for the lost server's goodbye
      expect(Date.now() - closing).toBeLessThan(3_000);
    } finally {
      await listener.close();
      await proxy.close();
    }
  });

  it('should listen again after its connection drops', async () => {
    const events = await instance()
      .topic<Note>('notes_reconnect', () => Promise.resolve(undefined))
      .subscribe();
    const terminated = await publisher.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN notes_reconnect' and datname = current_database()",
    );
    expect(terminated.rowCount).toBe(1);

    const deadline = Date.now() + 5_000;
    const next = events.next();
    let delivered = false;
    void next.then(() => (delivered = true));
    while (!delivered && Date.now() < deadline) {
      await publisher.query('select pg_notify($1, $2)', [
        'notes_reconnect',
        JSON.stringify({ message: { id: 4, text: 'back' } }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await expect(next).resolves.toEqual({ value: { id: 4, text: 'back' }, done: false });
  });

  it('should report a lost connection outside the request that first listened (no request id in its log lines)', async () => {
    const requestContext = new AsyncLocalStorage<string>();
    const contexts: Array<string | undefined> = [];
    const listener = new PostgresListener(url, () => contexts.push(requestContext.getStore()), 100);
    listeners.push(listener);
    await requestContext.run('request 7', () => listener.listen('notes_context', () => undefined));

    await publisher.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN notes_context' and datname = current_database()",
    );
    const deadline = Date.now() + 5_000;
    while (contexts.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));

    expect(contexts).toEqual([undefined]);
  });
});

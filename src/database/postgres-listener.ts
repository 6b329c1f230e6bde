import { AsyncResource } from 'node:async_hooks';
import { Client } from 'pg';
import { postgresConnection } from './postgres-connection';

/** Channel names are written into LISTEN statements: only plain identifiers, never user input. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

type Handler = (payload: string) => void;

/**
 * PostgreSQL LISTEN on one dedicated connection (a pooled one would be handed to other queries and lose its
 * LISTENs), reconnected `retryMs` after it drops, every channel listened to again. Notifications sent while it
 * is away are lost: LISTEN/NOTIFY delivers at most once, which is what a live feed promises.
 *
 * `pg` directly rather than pg-listen or graphql-postgres-subscriptions: the first pins an old `pg` and a
 * callback API of its own, the second brings graphql-subscriptions' PubSub and its iterator types for what is
 * ~100 lines here, and neither knows PGlite, whose `listen` the app uses through the same interface.
 */
export class PostgresListener {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly listening = new Map<string, Promise<void>>();
  private client?: Client;
  private connecting?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  private closed = false;
  // The connections, their events and timers run in the context the listener was made in (the app's start), not
  // in that of the request that first listened: their log lines would carry that request's id for good.
  private readonly scope = new AsyncResource('PostgresListener');

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly retryMs = 1_000,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** Resolves once the channel is listened to (or, the server being away, will be on reconnection). */
  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      // A connection opened from here on listens to every known channel; one already open is told now.
      const ready = this.connect().then(() => this.client?.query(`LISTEN ${channel}`));
      this.listening.set(
        channel,
        ready.then(
          () => undefined,
          (error: Error) => this.scope.runInAsyncScope(() => this.onError(error)),
        ),
      );
    }
    handlers.add(handler);
    await this.listening.get(channel);
    const own = handlers;
    return async () => {
      own.delete(handler);
      if (own.size > 0 || this.handlers.get(channel) !== own) return;
      this.handlers.delete(channel);
      this.listening.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (client) await endWithin(client, END_GRACE_MS);
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.scope
      .runInAsyncScope(() => this.open())
      .finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new Client(postgresConnection(this.url));
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(payload ?? '');
    });
    let dropped = false;
    let heartbeat: NodeJS.Timeout | undefined = undefined; // set once connected
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      clearInterval(heartbeat);
      if (this.client === client) this.client = undefined;
      void endWithin(client, END_GRACE_MS);
      if (this.closed) return;
      if (error) this.onError(error);
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (this.closed) {
      await endWithin(client, END_GRACE_MS);
      return;
    }
    this.client = client;
    // A connection the network lost without a word (a failover, a partition: no FIN, no RST) would stay "open",
    // its notifications gone, for the two hours TCP keepalive takes: a query each beat, and a beat that finds the
    // last one unanswered replaces it.
    let answered = true;
    heartbeat = setInterval(() => {
      if (!answered)
        return drop(new Error(`no answer from the LISTEN connection within ${this.heartbeatMs} ms`));
      answered = false;
      client.query('select 1').then(
        () => (answered = true),
        (error: Error) => drop(error),
      );
    }, this.heartbeatMs);
    heartbeat.unref();
  }
}

/** How often the LISTEN connection is checked; a lost one is replaced within two beats. */
export const HEARTBEAT_MS = 10_000;
/** How long a closing connection may take to say goodbye before its socket is destroyed. */
const END_GRACE_MS = 1_000;

/**
 * Ends `client`, destroying its socket if the server has not closed it within `ms`: end() waits for the server's
 * side, which a lost network never sends, and a shutdown would wait with it.
 */
async function endWithin(client: Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = client.end().catch(() => undefined);
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  if ((await Promise.race([ended, late])) === 'late') {
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
  clearTimeout(timer);
}

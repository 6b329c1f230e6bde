import { Client } from 'pg';

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

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly retryMs = 1_000,
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
          (error: Error) => this.onError(error),
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
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new Client({
      connectionString: this.url,
      connectionTimeoutMillis: 2_000,
      keepAlive: true,
    });
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(payload ?? '');
    });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
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
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }
}

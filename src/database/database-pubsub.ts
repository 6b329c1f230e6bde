import { Logger } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseConnection } from './database.client';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 8000;

/**
 * Events a subscriber may have waiting: past MAX_QUEUED_EVENTS it is ended (its client sees the subscription
 * complete) rather than buffered without bound, and so is one with STALLED_QUEUE waiting that has taken none for
 * STALLED_AFTER_MS (it stopped reading). A burst (one transaction's notifications arrive together) is taken in
 * stride by a subscriber that keeps reading.
 */
export const MAX_QUEUED_EVENTS = 1_000;
export const STALLED_QUEUE = 100;
export const STALLED_AFTER_MS = 1_000;

/** What travels in a NOTIFY: the message itself, or, when that would not fit, a reference to load it by. */
type Envelope<T> = { message: T } | { reference: string | number };

/** One subscriber's view of a topic: the events that pass its filter, in the order they were published. */
class Subscription<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  /** When it last took an event, or when events began to wait for it. */
  private progressAt = performance.now();
  private wake?: () => void;
  private ended = false;

  constructor(
    private readonly filter: (event: T) => boolean,
    private readonly onEnd: () => void,
  ) {}

  offer(event: T): void {
    if (this.ended || !this.filter(event)) return;
    if (this.queue.length === 0) this.progressAt = performance.now();
    else if (this.isOverwhelmed()) return this.end();
    this.queue.push(event);
    this.wake?.();
  }

  async next(): Promise<IteratorResult<T>> {
    for (;;) {
      if (this.queue.length > 0) {
        this.progressAt = performance.now();
        return { value: this.queue.shift() as T, done: false };
      }
      if (this.ended) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    this.end();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.onEnd();
    this.wake?.();
  }

  private isOverwhelmed(): boolean {
    const waiting = this.queue.length;
    return (
      waiting >= MAX_QUEUED_EVENTS ||
      (waiting >= STALLED_QUEUE && performance.now() - this.progressAt > STALLED_AFTER_MS)
    );
  }
}

/**
 * A channel of events of one kind (e.g. posts added). `load` finds the event again from its reference when the
 * message was too large for NOTIFY; it runs once per notification in this process, whatever the subscribers.
 */
export class Topic<T> {
  private readonly subscribers = new Set<Subscription<T>>();
  private listening?: Promise<() => Promise<void>>;
  /** The delivery of events loaded by reference, in order; undefined when none is loading. */
  private loading?: Promise<void>;

  constructor(
    private readonly connection: DatabaseConnection,
    readonly channel: string,
    private readonly load: (reference: string | number) => Promise<T | undefined>,
    private readonly logger: Logger,
  ) {}

  /** Sends the event to every subscriber of every instance; `reference` stands in for a message too large. */
  async publish(message: T, reference: string | number): Promise<void> {
    await this.connection.query('select pg_notify($1, $2)', [
      this.channel,
      this.payloadOf(message, reference),
    ]);
  }

  /**
   * The statement that publishes the event, for the transaction that stores what it announces: PostgreSQL sends
   * a NOTIFY when its transaction commits, so the event goes out if and only if the change is stored.
   */
  notification(message: T, reference: string | number): SQL {
    return sql`select pg_notify(${this.channel}, ${this.payloadOf(message, reference)})`;
  }

  /** The events that pass `filter`, from the moment this resolves (the channel is listened to) on. */
  async subscribe(filter: (event: T) => boolean = () => true): Promise<AsyncIterableIterator<T>> {
    // A failed LISTEN is not kept: the next subscriber tries again.
    this.listening ??= this.connection
      .listen(this.channel, (payload) => this.deliver(payload))
      .catch((error: unknown) => {
        this.listening = undefined;
        throw error;
      });
    await this.listening;
    const subscription = new Subscription<T>(filter, () => this.subscribers.delete(subscription));
    this.subscribers.add(subscription);
    return subscription;
  }

  /** Subscribers in this process (what the tests wait for before publishing). */
  get subscriberCount(): number {
    return this.subscribers.size;
  }

  async close(): Promise<void> {
    for (const subscriber of this.subscribers) subscriber.end();
    const stop = await this.listening?.catch(() => undefined);
    this.listening = undefined;
    await stop?.().catch(() => undefined);
  }

  private deliver(payload: string): void {
    if (this.subscribers.size === 0) return;
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(payload) as Envelope<T>;
    } catch (error) {
      return this.dropped(error);
    }
    if ('message' in envelope && !this.loading) return this.fanOut(envelope.message);
    // An event loaded by reference, or one behind it: each waits for the one before, so none overtakes another.
    const event =
      'message' in envelope
        ? Promise.resolve(envelope.message)
        : this.load(envelope.reference).catch((error: unknown) => this.dropped(error));
    const loading: Promise<void> = (this.loading ?? Promise.resolve())
      .then(() => event)
      .then((value) => {
        if (value !== undefined) this.fanOut(value);
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
  }

  private payloadOf(message: T, reference: string | number): string {
    const payload = JSON.stringify({ message } satisfies Envelope<T>);
    return Buffer.byteLength(payload) < NOTIFY_PAYLOAD_LIMIT ? payload : JSON.stringify({ reference });
  }

  private fanOut(event: T): void {
    for (const subscriber of this.subscribers) subscriber.offer(event);
  }

  private dropped(error: unknown): undefined {
    this.logger.warn(`${this.channel}: an event was dropped: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * Publish/subscribe across every instance that shares the database: PostgreSQL LISTEN/NOTIFY with DATABASE_URL
 * (a dedicated listening connection per instance), PGlite's own LISTEN/NOTIFY otherwise (in process, through
 * the same code). Delivery is at most once: a live feed, not a queue.
 */
export class DatabasePubSub {
  private readonly logger = new Logger(DatabasePubSub.name);
  private readonly topics = new Map<string, Topic<unknown>>();

  constructor(private readonly connection: DatabaseConnection) {}

  /** The topic on `channel` (a lower-case identifier); one per channel and process. */
  topic<T>(channel: string, load: (reference: string | number) => Promise<T | undefined>): Topic<T> {
    let topic = this.topics.get(channel) as Topic<T> | undefined;
    if (!topic) {
      topic = new Topic<T>(this.connection, channel, load, this.logger);
      this.topics.set(channel, topic as Topic<unknown>);
    }
    return topic;
  }

  /** Subscribers of `channel` in this process, each listening (what the tests wait for before publishing). */
  subscriberCount(channel: string): number {
    return this.topics.get(channel)?.subscriberCount ?? 0;
  }

  /** Ends every subscription and stops listening; DatabaseModule calls it before it closes the connection. */
  async close(): Promise<void> {
    await Promise.all([...this.topics.values()].map((topic) => topic.close()));
  }
}

/** The events of `source` through `map`; ending the result ends the source (its subscription). */
export function mapEvents<T, R>(
  source: AsyncIterableIterator<T>,
  map: (event: T) => R,
): AsyncIterableIterator<R> {
  return {
    next: async () => {
      const result = await source.next();
      return result.done ? { value: undefined, done: true } : { value: map(result.value), done: false };
    },
    return: async () => {
      await source.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

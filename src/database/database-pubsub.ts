import { Logger } from '@nestjs/common';
import type { DatabaseConnection } from './database.client';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 8000;

/**
 * Events a subscriber may have waiting: one that reads slower than events arrive is ended (its client sees the
 * subscription complete) rather than buffered without bound.
 */
export const MAX_QUEUED_EVENTS = 100;

/** What travels in a NOTIFY: the message itself, or, when that would not fit, a reference to load it by. */
type Envelope<T> = { message: T } | { reference: string | number };

/** One subscriber's view of a topic: the events that pass its filter, in the order they were published. */
class Subscription<T> implements AsyncIterableIterator<T> {
  private readonly queue: Array<Promise<T | undefined>> = [];
  private wake?: () => void;
  private ended = false;

  constructor(
    private readonly filter: (event: T) => boolean,
    private readonly onEnd: () => void,
  ) {}

  push(event: Promise<T | undefined>): void {
    if (this.ended) return;
    if (this.queue.length >= MAX_QUEUED_EVENTS) return this.end();
    this.queue.push(event.then((value) => (value !== undefined && this.filter(value) ? value : undefined)));
    this.wake?.();
  }

  async next(): Promise<IteratorResult<T>> {
    for (;;) {
      const head = this.queue.shift();
      if (head) {
        const value = await head;
        if (value !== undefined) return { value, done: false };
      } else if (this.ended) {
        return { value: undefined, done: true };
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
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
}

/**
 * A channel of events of one kind (e.g. posts added). `load` finds the event again from its reference when the
 * message was too large for NOTIFY; it runs once per notification in this process, whatever the subscribers.
 */
export class Topic<T> {
  private readonly subscribers = new Set<Subscription<T>>();
  private listening?: Promise<() => Promise<void>>;

  constructor(
    private readonly connection: DatabaseConnection,
    readonly channel: string,
    private readonly load: (reference: string | number) => Promise<T | undefined>,
    private readonly logger: Logger,
  ) {}

  /** Sends the event to every subscriber of every instance; `reference` stands in for a message too large. */
  async publish(message: T, reference: string | number): Promise<void> {
    let payload = JSON.stringify({ message } satisfies Envelope<T>);
    if (Buffer.byteLength(payload) >= NOTIFY_PAYLOAD_LIMIT) payload = JSON.stringify({ reference });
    await this.connection.query('select pg_notify($1, $2)', [this.channel, payload]);
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
    const event = this.decode(payload).catch((error: unknown) => {
      this.logger.warn(`${this.channel}: an event was dropped: ${(error as Error).message}`);
      return undefined;
    });
    for (const subscriber of this.subscribers) subscriber.push(event);
  }

  private async decode(payload: string): Promise<T | undefined> {
    const envelope = JSON.parse(payload) as Envelope<T>;
    return 'message' in envelope ? envelope.message : this.load(envelope.reference);
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

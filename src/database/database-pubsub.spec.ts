import { PGlite } from '@electric-sql/pglite';
import { nextWithin } from '../../test/utils/next-within';
import type { DatabaseConnection } from './database.client';
import {
  DatabasePubSub,
  MAX_QUEUED_EVENTS,
  NOTIFY_PAYLOAD_LIMIT,
  STALLED_AFTER_MS,
  STALLED_QUEUE,
  type Topic,
} from './database-pubsub';

interface Note {
  id: number;
  text: string;
}

describe(DatabasePubSub.name, () => {
  describe('on PGlite', () => {
    let pglite: PGlite;
    let sut: DatabasePubSub;
    let topic: Topic<Note>;
    let stored: Map<number, Note>;
    let load: jest.Mock<Promise<Note | undefined>, [string | number]>;

    beforeAll(async () => {
      pglite = await PGlite.create();
    });
    afterAll(() => pglite.close());

    beforeEach(() => {
      stored = new Map();
      load = jest.fn((reference) => Promise.resolve(stored.get(Number(reference))));
      const connection = {
        query: (text: string, values?: unknown[]) => pglite.query(text, values),
        listen: (channel: string, onPayload: (payload: string) => void) => pglite.listen(channel, onPayload),
      } as unknown as DatabaseConnection;
      sut = new DatabasePubSub(connection);
      topic = sut.topic<Note>('notes', load);
    });
    afterEach(() => sut.close());

    it('should deliver a published event to every subscriber, in order', async () => {
      const first = await topic.subscribe();
      const second = await topic.subscribe();

      await topic.publish({ id: 1, text: 'one' }, 1);
      await topic.publish({ id: 2, text: 'two' }, 2);

      for (const events of [first, second]) {
        await expect(nextWithin(events)).resolves.toEqual({ value: { id: 1, text: 'one' }, done: false });
        await expect(nextWithin(events)).resolves.toEqual({ value: { id: 2, text: 'two' }, done: false });
      }
      expect(load).not.toHaveBeenCalled();
    });

    it("should deliver only the events that pass a subscriber's filter", async () => {
      const even = await topic.subscribe((note) => note.id % 2 === 0);

      await topic.publish({ id: 1, text: 'odd' }, 1);
      await topic.publish({ id: 2, text: 'even' }, 2);

      await expect(nextWithin(even)).resolves.toEqual({ value: { id: 2, text: 'even' }, done: false });
    });

    it(`should send a message of ${NOTIFY_PAYLOAD_LIMIT} bytes or more as its reference, loaded once per notification`, async () => {
      const big = { id: 7, text: 'é'.repeat(NOTIFY_PAYLOAD_LIMIT / 2) };
      stored.set(7, big);
      const first = await topic.subscribe();
      const second = await topic.subscribe();

      await topic.publish(big, 7);

      await expect(nextWithin(first)).resolves.toEqual({ value: big, done: false });
      await expect(nextWithin(second)).resolves.toEqual({ value: big, done: false });
      expect(load.mock.calls).toEqual([[7]]);
    });

    it('should skip an event whose reference no longer loads (the row is gone)', async () => {
      const events = await topic.subscribe();

      await topic.publish({ id: 8, text: 'x'.repeat(NOTIFY_PAYLOAD_LIMIT) }, 8);
      await topic.publish({ id: 9, text: 'small' }, 9);

      await expect(nextWithin(events)).resolves.toEqual({ value: { id: 9, text: 'small' }, done: false });
    });

    it('should stop delivering to a subscriber that returned', async () => {
      const events = await topic.subscribe();
      expect(sut.subscriberCount('notes')).toBe(1);

      await events.return!();

      expect(sut.subscriberCount('notes')).toBe(0);
      await expect(events.next()).resolves.toEqual({ value: undefined, done: true });
    });

    /** `count` notes (ids from `first`) notified in one statement: delivered together, as a transaction's are. */
    const burst = (count: number, first = 0) =>
      pglite.query(
        `select pg_notify('notes', json_build_object('message', json_build_object('id', g, 'text', 'burst'))::text)
           from generate_series($1::int, $1::int + $2::int - 1) as g`,
        [first, count],
      );

    const drain = async (events: AsyncIterableIterator<Note>, count: number) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await nextWithin(events)).value.id);
      return ids;
    };

    it('should keep a subscriber that reads through a burst, and one whose filter passes none of it', async () => {
      const reader = await topic.subscribe();
      const filtered = await topic.subscribe((note) => note.id < 0);
      const count = STALLED_QUEUE * 3;

      await burst(count);

      await expect(drain(reader, count)).resolves.toEqual([...Array(count).keys()]);
      expect(sut.subscriberCount('notes')).toBe(2);
      await topic.publish({ id: -1, text: 'for the filter' }, -1);
      await expect(nextWithin(filtered)).resolves.toEqual({
        value: { id: -1, text: 'for the filter' },
        done: false,
      });
    });

    it(`should end a subscriber with ${MAX_QUEUED_EVENTS} events waiting, however recently it read`, async () => {
      const events = await topic.subscribe();

      await burst(MAX_QUEUED_EVENTS + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));

      expect(sut.subscriberCount('notes')).toBe(0);
      await expect(events.next()).resolves.toEqual({ value: undefined, done: true });
    });

    it(`should end a subscriber with ${STALLED_QUEUE} events waiting that took none for ${STALLED_AFTER_MS} ms`, async () => {
      const events = await topic.subscribe();
      await burst(STALLED_QUEUE);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sut.subscriberCount('notes')).toBe(1);

      const later = performance.now() + STALLED_AFTER_MS + 1;
      jest.spyOn(performance, 'now').mockReturnValue(later);
      try {
        await topic.publish({ id: STALLED_QUEUE, text: 'one more' }, STALLED_QUEUE);
      } finally {
        jest.restoreAllMocks();
      }

      expect(sut.subscriberCount('notes')).toBe(0);
      await expect(events.next()).resolves.toEqual({ value: undefined, done: true });
    });

    it('should deliver a message after one sent by reference in the order published', async () => {
      const big = { id: 1, text: 'x'.repeat(NOTIFY_PAYLOAD_LIMIT) };
      stored.set(1, big);
      const events = await topic.subscribe();

      await topic.publish(big, 1);
      await topic.publish({ id: 2, text: 'small' }, 2);

      await expect(nextWithin(events)).resolves.toEqual({ value: big, done: false });
      await expect(nextWithin(events)).resolves.toEqual({ value: { id: 2, text: 'small' }, done: false });
    });

    it('should end every subscription on close', async () => {
      const events = await topic.subscribe();

      await sut.close();

      await expect(events.next()).resolves.toEqual({ value: undefined, done: true });
    });
  });
});

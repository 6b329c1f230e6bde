/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { login, startApp } from '../lib/app.mjs';
import { DURATION } from '../lib/load.mjs';

const SUBSCRIBERS = 100;
// Mutations in flight at once: enough to keep the app busy, few enough that each event's latency is its own.
const WRITERS = 4;
const P99_GOAL_MS = 250;

const CREATE_POST = 'mutation ($title: String!) { createPost(authorId: 1, input: { title: $title }) { id } }';

/**
 * Events per second from `createPost` (HTTP) to SUBSCRIBERS graphql-ws clients of `postAdded`, all on one
 * instance (PGlite: LISTEN/NOTIFY in process), and the latency from sending the mutation to each delivery.
 */
async function measure(url, token, seconds) {
  const wsUrl = `${url.replace(/^http/, 'ws')}/graphql`;
  const sentAt = new Map();
  const latencies = [];
  const received = new Map(); // title → deliveries
  const clients = [];
  let failure;
  const subscribed = [];
  for (let index = 0; index < SUBSCRIBERS; index += 1) {
    const client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    clients.push(client);
    subscribed.push(
      new Promise((resolve) => {
        client.subscribe(
          { query: 'subscription { postAdded(authorId: 1) { title } }' },
          {
            next: ({ data }) => {
              const title = data.postAdded.title;
              if (title === 'warm-up') return resolve();
              latencies.push(performance.now() - sentAt.get(title));
              received.set(title, (received.get(title) ?? 0) + 1);
            },
            error: (error) => (failure ??= error),
            complete: () => undefined,
          },
        );
      }),
    );
  }
  const create = async (title) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: CREATE_POST, variables: { title } }),
    });
    const body = await response.json();
    if (body.errors) throw new Error(`createPost: ${JSON.stringify(body.errors)}`);
  };

  try {
    // Every subscriber listens once it has seen the warm-up post (subscriptions start asynchronously).
    const warmUp = setInterval(() => void create('warm-up').catch(() => undefined), 200);
    await Promise.all(subscribed).finally(() => clearInterval(warmUp));

    let sequence = 0;
    let errors = 0;
    const startedAt = performance.now();
    const until = startedAt + seconds * 1_000;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (performance.now() < until) {
          const title = `bench ${(sequence += 1)}`;
          sentAt.set(title, performance.now());
          await create(title).catch(() => (errors += 1));
        }
      }),
    );
    // Stragglers: the last events' deliveries, for at most 5 s.
    const expected = (sequence - errors) * SUBSCRIBERS;
    const drainUntil = performance.now() + 5_000;
    while (latencies.length < expected && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsed = (performance.now() - startedAt) / 1_000;
    latencies.sort((a, b) => a - b);
    const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))];
    return {
      target: `app createPost → postAdded × ${SUBSCRIBERS} subscribers (events/s)`,
      rps: Math.round(latencies.length / elapsed),
      unit: 'events/s',
      p50: Math.round(at(0.5) * 10) / 10,
      p99: Math.round(at(0.99) * 10) / 10,
      errors: errors + (failure ? 1 : 0),
      delivered: latencies.length,
      expected,
      posts: sequence - errors,
      note: `${sequence - errors} posts, ${WRITERS} writers; latency from sending the mutation to each delivery`,
    };
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
}

export default {
  name: 'subscriptions',
  async run() {
    const app = await startApp({
      name: 'app-subscriptions',
      // Every post is alice's: a per-user write limit (WRITE_THROTTLE_LIMIT, where the app has one) is lifted.
      env: { WS_MAX_CONNECTIONS_PER_USER: String(SUBSCRIBERS), WRITE_THROTTLE_LIMIT: '1000000' },
    });
    try {
      const token = await login(app.url);
      const row = await measure(app.url, token, DURATION);
      return {
        rows: [row],
        checks: [
          {
            bar: 'every event reaches every subscriber',
            measured: `${row.delivered} of ${row.expected}`,
            pass: row.delivered === row.expected && row.errors === 0,
          },
          {
            bar: `p99 mutation → delivery < ${P99_GOAL_MS} ms`,
            measured: `${row.p99} ms`,
            pass: row.p99 < P99_GOAL_MS,
          },
        ],
      };
    } finally {
      await app.stop();
    }
  },
};

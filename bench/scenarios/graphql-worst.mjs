/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { freshDataDir, startApp } from '../lib/app.mjs';
import { DURATION, load } from '../lib/load.mjs';
import { unlessQuick } from '../lib/mode.mjs';
import { memoryOf, peakRssDuring } from '../lib/process.mjs';

/** Every list full: each of the benchmark's 100 authors gets 100 posts, titles at their 50-character maximum. */
const POSTS_PER_AUTHOR = 100;
const RUNS = unlessQuick(20, 3);
const WARMUP_RUNS = unlessQuick(3, 1);
const CONNECTIONS = 4;

// The worst documents under the default limits (GRAPHQL_MAX_COST 5000): titles only, since a post's title is
// the largest value per unit of cost. 49 authors × (1 + 100 titles) + 2 = 4 951.
const WORST = '{ authors(limit: 49) { nodes { posts(limit: 100) { title } } } }';
const WORST_COST = 1 + 1 + 49 * (1 + POSTS_PER_AUTHOR);
// The review's query: one author 100 times under three aliases, with every post (refused by the cost limit).
const reported = () => {
  const ids = Array.from({ length: 100 }, () => 4).join(', ');
  return `{ ${['a', 'b', 'c'].map((name) => `${name}: authorsByIds(ids: [${ids}]) { posts { id title votes } }`).join(' ')} }`;
};
// The same values as WORST under an alias: one over the app's 64-character cap (src/graphql/graphql-limits.ts),
// refused before it runs, and one at the cap, the largest response the default limits admit.
const ALIAS_CAP = 64;
const aliased = (length) =>
  `{ authors(limit: 49) { nodes { posts(limit: 100) { ${'t'.repeat(length)}: title } } } }`;
const LONG_ALIASES = aliased(1_000);
const LONGEST_ACCEPTED_ALIASES = aliased(ALIAS_CAP);

const graphqlRequest = (url, query) => ({
  url: `${url}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query }),
});

/** A copy of the benchmark database with every author's posts topped up to POSTS_PER_AUTHOR. */
async function fullDataDir() {
  const dir = await freshDataDir('graphql-worst-full');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dir, 'pglite'));
  await db.exec(`
    insert into posts (title, votes, author_id)
      select rpad('Post ' || p || ' of author ' || a.id || ' ', 50, '.'), p, a.id
      from authors a, generate_series((select count(*) + 1 from posts where author_id = a.id), ${POSTS_PER_AUTHOR}) as p;`);
  await db.close();
  return dir;
}

/** Status, body bytes and the median and slowest of RUNS sequential requests (after a warm-up). */
async function timeOne(url, query) {
  const send = async () => {
    const startedAt = performance.now();
    const response = await fetch(`${url}/graphql`, graphqlRequest(url, query));
    const body = Buffer.from(await response.arrayBuffer());
    return { ms: performance.now() - startedAt, status: response.status, bytes: body.length, body };
  };
  for (let i = 0; i < WARMUP_RUNS; i += 1) await send();
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await send());
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const { status, bytes, body } = runs[0];
  return { status, bytes, body: JSON.parse(body), ms: times[Math.floor(RUNS / 2)], maxMs: times.at(-1) };
}

/** /health answer times sampled while `work` runs: the median and slowest, in ms. */
async function healthDuring(url, work) {
  const samples = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const startedAt = performance.now();
      await (await fetch(`${url}/health`)).arrayBuffer();
      samples.push(performance.now() - startedAt);
      await setTimeout(50);
    }
  })();
  try {
    return { result: await work(), ...spread(samples) };
  } finally {
    running = false;
    await sampler;
  }
}

function spread(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { healthP50: sorted[Math.floor(sorted.length / 2)] ?? 0, healthMax: sorted.at(-1) ?? 0 };
}

const codeOf = (answer) => answer.body.errors?.[0]?.extensions?.code;
const kb = (bytes) => `${Math.round(bytes / 1024)} KiB`;
const ms = (value) => `${Math.round(value)} ms`;

/**
 * The worst a client may ask for under the default limits, on a database where every list is full: the most
 * costly accepted document (its bytes and time, one at a time and on CONNECTIONS connections, with /health and
 * memory meanwhile), the review's query (refused before running) and the bytes the cost cannot see: long aliases,
 * refused before running past the alias cap, answered at it. Reports figures; no bar on time.
 */
export default {
  name: 'graphql-worst',
  async run() {
    const dataDir = await fullDataDir();
    const app = await startApp({ name: 'app-graphql-worst', dataDir });
    try {
      const worst = await timeOne(app.url, WORST);
      if (worst.status !== 200 || worst.body.errors) {
        throw new Error(`the worst accepted query failed: ${JSON.stringify(worst.body).slice(0, 300)}`);
      }
      const titles = worst.body.data.authors.nodes.reduce((sum, node) => sum + node.posts.length, 0);
      const refused = await timeOne(app.url, reported());
      const tooLong = await timeOne(app.url, LONG_ALIASES);
      const atTheCap = await timeOne(app.url, LONGEST_ACCEPTED_ALIASES);

      const idle = memoryOf(app.pid)?.rss ?? 0;
      const { result: loaded, peak } = await peakRssDuring(app.pid, () =>
        healthDuring(app.url, () =>
          load(graphqlRequest(app.url, WORST), { connections: CONNECTIONS, duration: DURATION / 2 }),
        ),
      );
      const { result: concurrent, healthP50, healthMax } = loaded;

      return {
        rows: [
          {
            target: 'worst accepted query, one at a time',
            ms: worst.ms,
            note: `${kb(worst.bytes)} (${titles} titles, cost ${WORST_COST}); slowest of ${RUNS}: ${ms(worst.maxMs)}`,
          },
          {
            ...concurrent,
            target: `worst accepted query, ${CONNECTIONS} connections`,
            note: `/health p50 ${ms(healthP50)}, max ${ms(healthMax)}; RSS ${Math.round(idle)} → ${Math.round(peak)} MiB`,
          },
          {
            target: "review's query (3 aliases × 100 ids)",
            ms: refused.ms,
            note: `${refused.status}: ${refused.body.errors?.[0]?.message}`,
          },
          {
            target: 'worst values under 1 000-character aliases',
            ms: tooLong.ms,
            note: `${tooLong.status} ${codeOf(tooLong)}: ${tooLong.body.errors?.[0]?.message}`,
          },
          {
            target: `worst values under ${ALIAS_CAP}-character aliases (the longest accepted)`,
            ms: atTheCap.ms,
            note: `${atTheCap.status} ${codeOf(atTheCap) ?? 'answered'}, ${kb(atTheCap.bytes)}`,
          },
        ],
        worst: {
          query: WORST,
          cost: WORST_COST,
          bytes: worst.bytes,
          titles,
          ms: worst.ms,
          maxMs: worst.maxMs,
        },
        checks: [
          {
            bar: 'worst accepted query answered in full',
            measured: `${titles} titles, ${kb(worst.bytes)}`,
            pass: titles === 49 * POSTS_PER_AUTHOR,
          },
          {
            bar: "review's query refused before running (400)",
            measured: String(refused.status),
            pass: refused.status === 400,
          },
          {
            bar: `aliases over ${ALIAS_CAP} characters refused before running (400 GRAPHQL_VALIDATION_FAILED)`,
            measured: `${tooLong.status} ${codeOf(tooLong) ?? 'answered'}`,
            pass: tooLong.status === 400 && codeOf(tooLong) === 'GRAPHQL_VALIDATION_FAILED',
          },
        ],
      };
    } finally {
      await app.stop();
    }
  },
};

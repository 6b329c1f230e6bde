/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { join } from 'node:path';
import { startApp } from '../lib/app.mjs';
import { compare, http } from '../lib/load.mjs';
import { BENCH } from '../lib/paths.mjs';
import { ask } from '../lib/process.mjs';
import { percent } from '../lib/report.mjs';

const PAGE_SIZES = [1, 2, 10, 100];
const graphqlQuery = (limit) => `{ authors(limit: ${limit}) { nodes { id firstName posts { id title } } } }`;
const graphqlRequest = (url, limit) => ({
  url: `${url}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: graphqlQuery(limit) }),
});
const restRequest = (url, limit) => ({ url: `${url}/authors?limit=${limit}` });

async function send({ url, method = 'GET', headers, body }) {
  const response = await fetch(url, { method, headers, body });
  if (response.status !== 200)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The SQL statements the app runs for one request (the query probe counts what QueryCounter sees). */
async function statementsFor(app, request) {
  const before = (await ask(app.child, 'count')).queries;
  const body = await send(request);
  const after = (await ask(app.child, 'count')).queries;
  return { statements: after - before, body };
}

const project = (nodes) =>
  nodes.map(({ id, firstName, posts }) => ({
    id,
    firstName,
    posts: posts.map(({ id, title }) => ({ id, title })),
  }));

/**
 * `{ authors(limit: 10) { nodes { id firstName posts { id title } } } }` on /graphql against GET /authors?limit=10
 * (the same data from a plain REST route of the same app); first checks both answers agree and that a page costs
 * two SQL statements (authors, then the posts of all of them in one batch) whatever its size.
 */
export default {
  name: 'graphql',
  async run() {
    const app = await startApp({
      name: 'app-graphql',
      nodeArgs: ['--require', join(BENCH, 'lib', 'query-probe.cjs')],
    });
    try {
      const statements = {};
      for (const limit of PAGE_SIZES) {
        const graphql = await statementsFor(app, graphqlRequest(app.url, limit));
        const rest = await statementsFor(app, restRequest(app.url, limit));
        if (graphql.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(graphql.body.errors)}`);
        const same =
          JSON.stringify(project(graphql.body.data.authors.nodes)) ===
          JSON.stringify(project(rest.body.nodes));
        if (!same) throw new Error(`GraphQL and REST disagree for limit ${limit}`);
        statements[limit] = { graphql: graphql.statements, rest: rest.statements };
      }
      const [rest, graphql] = await compare([
        http('REST GET /authors?limit=10', restRequest(app.url, 10)),
        http('GraphQL authors(limit: 10)', graphqlRequest(app.url, 10)),
      ]);
      const ratio = graphql.rps / rest.rps;
      const perPage = Object.entries(statements)
        .map(([limit, s]) => `${limit}→${s.graphql}`)
        .join(', ');
      const batched = Object.values(statements).every((s) => s.graphql === 2);
      return {
        rows: [rest, { ...graphql, baseline: 'REST', ratio }],
        statements,
        checks: [
          {
            bar: 'GraphQL ≥ 50 % of REST',
            measured: percent(ratio),
            pass: ratio >= 0.5 && graphql.errors === 0,
          },
          {
            bar: '2 SQL statements per request, any page size',
            measured: `limit→statements: ${perPage}`,
            pass: batched,
          },
        ],
      };
    } finally {
      await app.stop();
    }
  },
};

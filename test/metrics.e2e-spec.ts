import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { MAX_OPERATION_NAMES } from '../src/metrics/graphql-metrics.plugin';
import { PROBE_HTTP } from './fixtures/probe/http/probe-http.module';
import { graphqlClient } from './utils/graphql';
import { createTestApp, TestApp } from './utils/test-app';

/** The label sets of one metric's series, as Prometheus would store them: `{method="GET",route="…",status="200"}`. */
function seriesOf(text: string, metric: string): Set<string> {
  const series = new Set<string>();
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${metric}(?:_bucket|_sum|_count)?(\\{[^}]*\\})? `).exec(line);
    if (match) series.add((match[1] ?? '').replace(/,?le="[^"]*"/, ''));
  }
  return series;
}

const countOf = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}()[\]|.*+?^$\\/]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

describe('GET /metrics (development: open)', () => {
  let sut: TestApp;
  const gql = graphqlClient(
    {
      get http() {
        return sut.http;
      },
    },
    '/graphql',
  );
  const scrape = async () => {
    const response = await request(sut.http).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text;
  };

  beforeAll(async () => {
    // The test-only probe (test/fixtures/probe): routes and operations to time, with no demo feature.
    sut = await createTestApp({}, PROBE_HTTP);
  });

  afterAll(() => sut.close());

  it("should expose Node's default process metrics", async () => {
    const text = await scrape();

    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('should time HTTP requests by method, route pattern and status, never by URL', async () => {
    await request(sut.http).get('/probe/http/items/7').expect(200);
    await request(sut.http).get('/probe/http/items/8?limit=3').expect(200);
    await request(sut.http).delete('/probe/http/items/7').expect(401);

    const text = await scrape();

    expect(
      countOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/probe/http/items/:id",status="200"}',
      ),
    ).toBe(2);
    expect(
      countOf(
        text,
        'http_request_duration_seconds_count{method="DELETE",route="/probe/http/items/:id",status="401"}',
      ),
    ).toBe(1);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/probe\/http\/items\/:id",status="200"\} /m,
    );
    expect(text).not.toMatch(/\/probe\/http\/items\/[78]/);
  });

  it('should count a request its client abandoned as 499, not as the 200 Express presets', async () => {
    await sut.app.listen(0, '127.0.0.1');
    const { port } = sut.http.address() as AddressInfo;
    const slow = '{method="GET",route="/probe/wait",status=';
    const before = await scrape();

    await expect(
      fetch(`http://127.0.0.1:${port}/probe/wait?ms=2000`, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    // The app notices the closed connection at once; the handler then ends on its own.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const after = await scrape();
    const count = (text: string, status: number) =>
      countOf(text, `http_request_duration_seconds_count${slow}"${status}"}`);
    expect(count(after, 499) - count(before, 499)).toBe(1);
    expect(count(after, 200) - count(before, 200)).toBe(0);
  });

  it('should add no series for 1 000 random unknown paths: they share the route "unmatched"', async () => {
    await request(sut.http).get('/no-such-page').expect(404);
    const before = await scrape();
    const paths = Array.from(
      { length: 1000 },
      () =>
        `/${randomBytes(6).toString('hex')}/${randomBytes(4).toString('hex')}?q=${randomBytes(3).toString('hex')}`,
    );

    for (let start = 0; start < paths.length; start += 50) {
      const batch = paths.slice(start, start + 50);
      const statuses = await Promise.all(
        batch.map(async (path) => (await request(sut.http).get(path)).status),
      );
      expect(new Set(statuses)).toEqual(new Set([404]));
    }
    const after = await scrape();

    expect(seriesOf(after, 'http_request_duration_seconds')).toEqual(
      seriesOf(before, 'http_request_duration_seconds'),
    );
    const unmatched = 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}';
    expect(countOf(after, unmatched) - countOf(before, unmatched)).toBe(1000);
    expect(paths.filter((path) => after.includes(path.split('/')[1]))).toEqual([]);
  });

  it('should count GraphQL operations by name, type and outcome', async () => {
    await gql('query ProbeNotes { probeNotes { id } }');
    await gql('mutation CreateProbeNote { createProbeNote(input: { text: "Hello there" }) { id } }');
    await gql('query Broken { nope }');

    const text = await scrape();

    expect(
      countOf(
        text,
        'graphql_operations_total{operation_name="ProbeNotes",operation_type="query",outcome="success"}',
      ),
    ).toBe(1);
    // No token: the mutation ran and answered UNAUTHENTICATED.
    expect(
      countOf(
        text,
        'graphql_operations_total{operation_name="CreateProbeNote",operation_type="mutation",outcome="error"}',
      ),
    ).toBe(1);
    expect(
      countOf(
        text,
        'graphql_operations_total{operation_name="unknown",operation_type="unknown",outcome="rejected"}',
      ),
    ).toBe(1);
    expect(seriesOf(text, 'http_request_duration_seconds')).toContain(
      '{method="POST",route="/graphql",status="200"}',
    );
  });

  it('should bound the operation names a client can add', async () => {
    for (let index = 0; index < 150; index += 1)
      await gql(`query Name${randomBytes(4).toString('hex')} { __typename }`);

    const text = await scrape();
    const names = new Set(
      [...seriesOf(text, 'graphql_operations_total')].map(
        (labels) => /operation_name="([^"]*)"/.exec(labels)![1],
      ),
    );

    // The first MAX_OPERATION_NAMES names seen, `other` for the rest, `unknown` for documents that never ran.
    expect(names).toContain('other');
    expect(names).toContain('unknown');
    expect(names.size).toBe(MAX_OPERATION_NAMES + 2);
    const other = 'graphql_operations_total{operation_name="other",operation_type="query",outcome="success"}';
    expect(countOf(text, other)).toBe(150 + 2 - MAX_OPERATION_NAMES); // ProbeNotes and CreateProbeNote came first
  });
});

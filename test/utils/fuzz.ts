import fc from 'fast-check';
import type request from 'supertest';

// The fuzz suites' shared vocabulary (test/fuzz.e2e-spec.ts on the probe, test/demo/fuzz.e2e-spec.ts on the demo).
// Bounded runs keep a suite short; a failure prints the seed and the shrunk counterexample to replay it.
export const FUZZ_RUNS = { numRuns: 100 };

/** The app that is fuzzed: writes and one token for a whole suite (over a minute on a busy machine). */
export const FUZZ_ENV = { WRITE_THROTTLE_LIMIT: '1000000', JWT_EXPIRES_IN: '3600' };

/** Any JSON value, and objects shaped like the one an endpoint expects with anything in its fields. */
export const shaped = (...keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((key) => [key, fc.jsonValue()])), { requiredKeys: [] });
export const bodyFor = (...keys: string[]) =>
  fc.oneof(
    fc.jsonValue(),
    shaped(...keys),
    fc.record(Object.fromEntries(keys.map((key) => [key, fc.string({ unit: 'binary', maxLength: 120 })]))),
  );

// Query values of every kind: strings, numbers at the edges, repeated keys (arrays) and nested keys (objects).
export const queryValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '-1', '0', '1e3', '0x10', '1.5', 'NaN', 'Infinity', '٣', '00050', '9'.repeat(30)),
  fc.integer().map(String),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Whatever was sent, an answer below 500 with no stack trace in it. */
export function expectHandled(response: request.Response): void {
  expect(response.status).toBeLessThan(500);
  expect(response.text).not.toMatch(/\n\s+at |node_modules|stacktrace/);
}

/** `body` as JSON text, whatever it is (`undefined` is sent as `null`). */
export const sendJson = (call: request.Test, body: unknown) =>
  call.set('Content-Type', 'application/json').send(JSON.stringify(body) ?? 'null');

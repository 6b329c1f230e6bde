import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { ENV_FILE } from '../src/config/environment';
import { runUntilExit } from './utils/server-process';

describe('configuration at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nest-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['a PORT that is not a number', { PORT: 'abc' }, /PORT must be an integer between 0 and 65535/],
    ['a PORT out of range', { PORT: '70000' }, /PORT must be an integer between 0 and 65535/],
    ['a short JWT_SECRET', { JWT_SECRET: 'too-short' }, /JWT_SECRET must be at least 32 characters long/],
    ['production without JWT_SECRET', { NODE_ENV: 'production' }, /JWT_SECRET is required in production/],
    [
      'production with a short JWT_SECRET',
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) },
      /JWT_SECRET must be at least 32 characters long/,
    ],
    [
      'production with a long JWT_SECRET of one repeated character',
      { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32) },
      /JWT_SECRET must have at least 16 distinct characters in production \(it has 1\)/,
    ],
    [
      'production with an empty JWT_SECRET',
      { NODE_ENV: 'production', JWT_SECRET: '' },
      /JWT_SECRET must be at least 32 characters long/,
    ],
    [
      'a GRAPHQL_MAX_DEPTH of zero',
      { GRAPHQL_MAX_DEPTH: '0' },
      /GRAPHQL_MAX_DEPTH must be a positive integer/,
    ],
    [
      'a GRAPHQL_MAX_COST that is not a number',
      { GRAPHQL_MAX_COST: 'lots' },
      /GRAPHQL_MAX_COST must be a positive integer/,
    ],
    [
      'a GRAPHQL_MAX_RESPONSE_BYTES of zero',
      { GRAPHQL_MAX_RESPONSE_BYTES: '0' },
      /GRAPHQL_MAX_RESPONSE_BYTES must be a positive integer/,
    ],
    [
      'a DATABASE_URL of another scheme',
      { DATABASE_URL: 'mysql://db:3306/app' },
      /DATABASE_URL must start with postgres:\/\//,
    ],
    ['a DATABASE_URL that is not a URL', { DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [
      'a DATABASE_POOL_MAX of zero',
      { DATABASE_POOL_MAX: '0' },
      /DATABASE_POOL_MAX must be an integer between 1 and 1000/,
    ],
    [
      'a DATABASE_STATEMENT_TIMEOUT_MS that is not a number',
      { DATABASE_STATEMENT_TIMEOUT_MS: 'soon' },
      /DATABASE_STATEMENT_TIMEOUT_MS must be an integer between 100 and 600000/,
    ],
    [
      'a METRICS_TOKEN shorter than 16 characters',
      { METRICS_TOKEN: 'too-short' },
      /METRICS_TOKEN must be at least 16 characters long/,
    ],
    [
      'a negative SHUTDOWN_DELAY_SECONDS',
      { SHUTDOWN_DELAY_SECONDS: '-1' },
      /SHUTDOWN_DELAY_SECONDS must be an integer between 0 and 300/,
    ],
    ['a JWT_EXPIRES_IN of zero', { JWT_EXPIRES_IN: '0' }, /JWT_EXPIRES_IN must be at least 1 second/],
    ['a SEED_DEMO that is not a boolean', { SEED_DEMO: 'maybe' }, /SEED_DEMO must be true or false/],
    ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, /NODE_ENV must be one of/],
    [
      'a TRUST_PROXY that is no setting',
      { TRUST_PROXY: 'yes' },
      /TRUST_PROXY must be false, true, .*\(got "yes"\)/,
    ],
    [
      'a TRUST_PROXY with a bad CIDR range',
      { TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' },
      /TRUST_PROXY must be false, true, .*\(got "10\.0\.0\.1, 10\.0\.0\.0\/33"\)/,
    ],
    [
      'an unknown LOG_LEVEL',
      { LOG_LEVEL: 'info' },
      /LOG_LEVEL must be one of: verbose, debug, log, warn, error, fatal/,
    ],
  ];

  it.each(cases)('should refuse to start with %s, naming the variable', async (_case, env, message) => {
    const { code, output } = await runUntilExit({ DATA_DIR: dataDir, ...env });

    expect(code).toBe(1);
    expect(output).toMatch(message);
    expect(output).not.toMatch(/Listening on/);
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('should say in one line that the database cannot be reached, without a stack trace', async () => {
    const closed = createServer().listen(0);
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there now

    const { code, output } = await runUntilExit({ DATABASE_URL: `postgres://app@127.0.0.1:${port}/app` });

    expect(code).toBe(1);
    expect(output).toContain(`Could not migrate the database: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('should refuse to start on a PORT another process listens on, saying so in one line', async () => {
    const other = createServer().listen(0);
    await once(other, 'listening');
    const { port } = other.address() as AddressInfo;
    try {
      const { code, output } = await runUntilExit({ DATA_DIR: dataDir, PORT: String(port) });

      expect(code).toBe(1);
      expect(output).toContain(
        `PORT ${port} is in use by another process: stop it, or set PORT to a free port`,
      );
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      other.close();
    }
  });

  // A .env file adds what process.env lacks: the check that main.ts runs before loading the app stands aside,
  // and ConfigModule, which reads the file, judges both together.
  it('should take the values of a .env file in the working directory into account', async () => {
    const project = mkdtempSync(join(dataDir, 'with-env-file-'));
    writeFileSync(join(project, ENV_FILE), 'JWT_SECRET=env-file-secret-0123456789abcdefghijklmnop\n');

    const { code, output } = await runUntilExit(
      { DATA_DIR: dataDir, NODE_ENV: 'production', GRAPHQL_MAX_DEPTH: '0' },
      { cwd: project },
    );

    expect(code).toBe(1);
    expect(output).toMatch(/GRAPHQL_MAX_DEPTH must be a positive integer/);
    expect(output).not.toMatch(/JWT_SECRET/);
  });

  describe('DATA_DIR', () => {
    const expectRefusedInOneLine = (
      { code, output }: { code: number | null; output: string },
      line: RegExp,
    ) => {
      expect(code).toBe(1);
      expect(output.split('\n').filter((text) => text.includes('DATA_DIR'))).toEqual([
        expect.stringMatching(line),
      ]);
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toMatch(/Listening on/);
    };

    it('should refuse to start when DATA_DIR cannot be created, naming it and the reason', async () => {
      const file = join(dataDir, 'a-file');
      writeFileSync(file, '');
      const missing = join(file, 'data');

      const result = await runUntilExit({ DATA_DIR: missing });

      expectRefusedInOneLine(
        result,
        new RegExp(`FATAL .*DATA_DIR ${missing} is not a usable folder: ENOTDIR`),
      );
    });

    // root writes into a read-only folder regardless of its mode: the case above is the one that fails as root.
    const itUnlessRoot = process.getuid?.() === 0 ? it.skip : it;
    itUnlessRoot(
      'should refuse to start when DATA_DIR is not writable, naming it and the reason',
      async () => {
        const readOnly = join(dataDir, 'read-only');
        mkdirSync(readOnly, { mode: 0o555 });

        const result = await runUntilExit({ DATA_DIR: readOnly });

        expectRefusedInOneLine(result, new RegExp(`FATAL .*DATA_DIR ${readOnly} is not writable: EACCES`));
      },
    );
  });
});

import { checkEnvironment, InvalidEnvironmentError, validateEnvironment } from './environment';

describe(validateEnvironment.name, () => {
  const base = { JWT_SECRET: 'a-jwt-secret-that-is-at-least-32-characters' };

  it('should seed the demo data unless production, or as the caller says, an explicit SEED_DEMO winning', () => {
    expect(validateEnvironment(base).SEED_DEMO).toBe(true);
    expect(
      validateEnvironment({ ...base, NODE_ENV: 'production', JWT_SECRET: 'abcdefghijklmnop'.repeat(2) })
        .SEED_DEMO,
    ).toBe(false);
    // npm run db:migrate: only on request.
    expect(validateEnvironment(base, { seedDemo: false }).SEED_DEMO).toBe(false);
    expect(validateEnvironment({ ...base, SEED_DEMO: 'true' }, { seedDemo: false }).SEED_DEMO).toBe(true);
  });

  it('should default the flood limits', () => {
    expect(validateEnvironment(base)).toMatchObject({
      LOGIN_THROTTLE_ADDRESS_LIMIT: 30,
      PASSWORD_HASH_QUEUE_LIMIT: 8,
      PASSWORD_HASH_CLIENT_LIMIT: 2,
      SESSION_MAX_COUNT: 10_000,
      SESSION_MAX_PER_CLIENT: 100,
    });
  });

  it('should keep refresh tokens 30 days unless REFRESH_TOKEN_TTL says otherwise', () => {
    expect(validateEnvironment(base).REFRESH_TOKEN_TTL).toBe(2_592_000);
    expect(validateEnvironment({ ...base, REFRESH_TOKEN_TTL: '3600' }).REFRESH_TOKEN_TTL).toBe(3600);
  });

  it('should default the PostgreSQL pool and statement time-out, and read them from the environment', () => {
    expect(validateEnvironment(base)).toMatchObject({
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
    });
    expect(
      validateEnvironment({ ...base, DATABASE_POOL_MAX: '3', DATABASE_STATEMENT_TIMEOUT_MS: '250' }),
    ).toMatchObject({ DATABASE_POOL_MAX: 3, DATABASE_STATEMENT_TIMEOUT_MS: 250 });
  });

  it('should read them from the environment', () => {
    expect(
      validateEnvironment({
        ...base,
        LOGIN_THROTTLE_ADDRESS_LIMIT: '5',
        PASSWORD_HASH_QUEUE_LIMIT: '0',
        PASSWORD_HASH_CLIENT_LIMIT: '1',
        SESSION_MAX_COUNT: '20',
        SESSION_MAX_PER_CLIENT: '4',
      }),
    ).toMatchObject({
      LOGIN_THROTTLE_ADDRESS_LIMIT: 5,
      PASSWORD_HASH_QUEUE_LIMIT: 0,
      PASSWORD_HASH_CLIENT_LIMIT: 1,
      SESSION_MAX_COUNT: 20,
      SESSION_MAX_PER_CLIENT: 4,
    });
  });

  it.each([
    ['LOGIN_THROTTLE_ADDRESS_LIMIT', '0', 'LOGIN_THROTTLE_ADDRESS_LIMIT must be a positive integer'],
    ['PASSWORD_HASH_QUEUE_LIMIT', '-1', 'PASSWORD_HASH_QUEUE_LIMIT must be an integer between 0 and 1000'],
    ['PASSWORD_HASH_QUEUE_LIMIT', '1001', 'PASSWORD_HASH_QUEUE_LIMIT must be an integer between 0 and 1000'],
    ['PASSWORD_HASH_QUEUE_LIMIT', 'many', 'PASSWORD_HASH_QUEUE_LIMIT must be an integer between 0 and 1000'],
    ['PASSWORD_HASH_CLIENT_LIMIT', '0', 'PASSWORD_HASH_CLIENT_LIMIT must be a positive integer'],
    ['SESSION_MAX_COUNT', '0', 'SESSION_MAX_COUNT must be a positive integer'],
    ['SESSION_MAX_PER_CLIENT', '1.5', 'SESSION_MAX_PER_CLIENT must be a positive integer'],
    ['REFRESH_TOKEN_TTL', '0', 'REFRESH_TOKEN_TTL must be a positive whole number of seconds'],
    ['REFRESH_TOKEN_TTL', '30d', 'REFRESH_TOKEN_TTL must be a positive whole number of seconds'],
    ['DATABASE_POOL_MAX', '0', 'DATABASE_POOL_MAX must be an integer between 1 and 1000'],
    ['DATABASE_POOL_MAX', 'ten', 'DATABASE_POOL_MAX must be an integer between 1 and 1000'],
    // Number() reads '' as 0 (a random port) and '0x0DB2' as 3506: only decimal digits are a number here.
    ['PORT', '', 'PORT must be an integer between 0 and 65535'],
    ['PORT', '0x0DB2', 'PORT must be an integer between 0 and 65535'],
    ['PORT', '1e3', 'PORT must be an integer between 0 and 65535'],
    [
      'DATABASE_STATEMENT_TIMEOUT_MS',
      '0',
      'DATABASE_STATEMENT_TIMEOUT_MS must be an integer between 100 and 600000',
    ],
    [
      'DATABASE_STATEMENT_TIMEOUT_MS',
      '2.5',
      'DATABASE_STATEMENT_TIMEOUT_MS must be an integer between 100 and 600000',
    ],
  ])('should refuse %s=%s, naming it', (name, value, message) => {
    const validate = () => validateEnvironment({ ...base, [name]: value });

    expect(validate).toThrow(InvalidEnvironmentError);
    expect(validate).toThrow(message);
  });
});

// main.ts runs it before it loads the app: the same rules and message as validateEnvironment, and no side effect.
describe(checkEnvironment.name, () => {
  it('should refuse what validateEnvironment refuses, with the same message', () => {
    const raw = { PORT: 'abc', NODE_ENV: 'production' };

    expect(() => checkEnvironment(raw)).toThrow(InvalidEnvironmentError);
    expect(() => checkEnvironment(raw)).toThrow(
      (() => {
        try {
          validateEnvironment(raw);
        } catch (error) {
          return (error as Error).message;
        }
        throw new Error('validateEnvironment accepted it');
      })(),
    );
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'JWT_SECRET is required in production (at least 32 characters)'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
  ])('should say one thing about a bad JWT_SECRET (%p)', (raw, message) => {
    expect(() => checkEnvironment(raw)).toThrow(`Invalid configuration:\n  - ${message}`);
    expect(() => checkEnvironment(raw)).not.toThrow(/\n {2}- .*\n {2}- /); // one line, not two
  });

  it.each([
    ['one character repeated', 'a'.repeat(32), 1],
    ['a word repeated', 'password'.repeat(4), 7],
    ['15 distinct characters', 'abcdefghijklmno'.repeat(3), 15],
  ])('should refuse a production JWT_SECRET of %s, however long', (_, secret, distinct) => {
    expect(() => checkEnvironment({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
      `JWT_SECRET must have at least 16 distinct characters in production (it has ${distinct})`,
    );
  });

  it('should take a production JWT_SECRET of 16 distinct characters, and any long one elsewhere', () => {
    const sixteen = 'abcdefghijklmnop'.repeat(2);
    expect(checkEnvironment({ NODE_ENV: 'production', JWT_SECRET: sixteen }).JWT_SECRET).toBe(sixteen);
    expect(checkEnvironment({ JWT_SECRET: 'a'.repeat(32) }).JWT_SECRET).toBe('a'.repeat(32));
  });

  it('should leave the defaults that validateEnvironment fills in (no random JWT_SECRET, no warning)', () => {
    const env = checkEnvironment({});

    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
  });
});

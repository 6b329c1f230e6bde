import { checkEnvironment } from '../config/environment';
import { retryDelayMs, retrySpanMs } from './retry-delay';

describe(retryDelayMs.name, () => {
  it('should wait the base after the first failure, then twice as long each time', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, 5_000))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000,
    ]);
  });

  it('should never wait more than an hour', () => {
    expect(retryDelayMs(40, 5_000)).toBe(3_600_000);
  });
});

describe('the default retry policy', () => {
  const { MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_MS } = checkEnvironment({});

  it('should make at least 5 attempts over at least 2 minutes before it gives a mail up', () => {
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThanOrEqual(5);
    expect(retrySpanMs(MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_MS)).toBeGreaterThanOrEqual(120_000);
  });
});

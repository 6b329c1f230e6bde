import { NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { executionContext } from '../../test/utils/execution-context';
import { MetricsTokenGuard } from './metrics-token.guard';

const TOKEN = 'metrics-token-0123456789';

function guard(env: Partial<Environment>) {
  const config = { get: (key: keyof Environment) => env[key] } as unknown as ConfigService<Environment, true>;
  return new MetricsTokenGuard(config);
}

const scrape = (authorization?: string) =>
  executionContext('http', [
    { method: 'GET', path: '/metrics', headers: { authorization } },
    {},
    () => undefined,
  ]);

describe(MetricsTokenGuard.name, () => {
  it('should let anyone scrape in development, token or not', () => {
    expect(guard({ NODE_ENV: 'development' }).canActivate(scrape())).toBe(true);
    expect(guard({ METRICS_TOKEN: TOKEN }).canActivate(scrape('Bearer wrong'))).toBe(true);
  });

  describe('in production', () => {
    const production = guard({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });

    it('should let the bearer of METRICS_TOKEN scrape', () => {
      expect(production.canActivate(scrape(`Bearer ${TOKEN}`))).toBe(true);
    });

    it.each([
      ['no Authorization header', undefined],
      ['another token', 'Bearer metrics-token-0123456780'],
      ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
      ['the token without the scheme', TOKEN],
      ['another scheme', `Basic ${TOKEN}`],
    ])('should refuse %s with 401', (_case, authorization) => {
      expect(() => production.canActivate(scrape(authorization))).toThrow(UnauthorizedException);
    });

    it('should answer 404, as for any unknown path, when METRICS_TOKEN is unset', () => {
      expect(() => guard({ NODE_ENV: 'production' }).canActivate(scrape(`Bearer ${TOKEN}`))).toThrow(
        new NotFoundException('Cannot GET /metrics'),
      );
    });
  });
});

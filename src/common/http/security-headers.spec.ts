import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { securityHeaders } from './security-headers';

/** The headers of `GET /` on an Express app whose only middleware is `middleware`. */
async function headersWith(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express().disable('x-powered-by').disable('etag');
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.end();
  });
  const { headers } = await request(app).get('/').expect(200);
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest as Record<string, string>;
}

describe(securityHeaders.name, () => {
  it("should send exactly helmet's headers", async () => {
    const expected = await headersWith(helmet());

    expect(await headersWith(securityHeaders())).toEqual(expected);
    expect(expected).toMatchObject({
      'content-security-policy': expect.stringContaining("script-src 'self'"),
      'strict-transport-security': expect.any(String),
      'x-content-type-options': 'nosniff',
    });
  });
});

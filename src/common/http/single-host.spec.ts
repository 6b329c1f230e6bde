import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { sendRawHttp } from '../../../test/utils/raw-http';
import { refuseRepeatedHost } from './single-host';

/** The status line of a GET with these headers (a client library would not send two Host headers). */
const statusOf = async (port: number, headers: string) =>
  (await sendRawHttp(port, `GET / HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`)).split('\r\n')[0];

describe('refuseRepeatedHost', () => {
  const app = express()
    .use(refuseRepeatedHost())
    .use((_request, response) => response.sendStatus(204))
    .use(((error, _request, response, _next) =>
      response.status(error.status).send(error.message)) as express.ErrorRequestHandler);
  let server: Server;
  const port = () => (server.address() as AddressInfo).port;

  beforeAll(() => new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve()))));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('should let a request with one Host header through', async () => {
    await expect(statusOf(port(), 'Host: acme.example.com\r\n')).resolves.toBe('HTTP/1.1 204 No Content');
  });

  it.each([
    ['the same case', 'Host: acme.example.com\r\nHost: evil.example.com\r\n'],
    ['another case', 'host: acme.example.com\r\nHOST: acme.example.com\r\n'],
  ])('should refuse two Host headers (%s) with 400', async (_case, headers) => {
    await expect(statusOf(port(), headers)).resolves.toBe('HTTP/1.1 400 Bad Request');
  });
});

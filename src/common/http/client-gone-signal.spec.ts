import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpException } from '@nestjs/common';
import type { Request } from 'express';
import { CLIENT_CLOSED_REQUEST, clientGoneSignal } from './client-gone-signal';

describe(clientGoneSignal.name, () => {
  let server: Server;
  let arrived: Promise<{ signal: AbortSignal; response: ServerResponse }>;

  beforeEach(async () => {
    arrived = new Promise((resolve) => {
      server = createServer((req: IncomingMessage, response: ServerResponse) => {
        // Express links the two; a bare Node server does not.
        const request = Object.assign(req, { res: response }) as unknown as Request;
        resolve({ signal: clientGoneSignal(request), response });
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });

  afterEach(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  const send = () => {
    const client = httpRequest({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' });
    client.on('error', () => undefined); // destroyed on purpose
    client.end();
    return client;
  };

  it('should fire with a 499 HttpException when the client closes the connection before the answer', async () => {
    const client = send();
    const { signal } = await arrived;
    expect(signal.aborted).toBe(false);

    client.destroy();
    await once(signal, 'abort');

    expect(signal.reason).toBeInstanceOf(HttpException);
    expect((signal.reason as HttpException).getStatus()).toBe(CLIENT_CLOSED_REQUEST);
  });

  it('should not fire once the answer has been sent', async () => {
    const client = send();
    const { signal, response } = await arrived;
    const closed = once(response, 'close');

    response.end('done');
    const [answer] = (await once(client, 'response')) as [IncomingMessage];
    answer.resume();
    await once(answer, 'end');
    client.destroy();
    await closed;

    expect(signal.aborted).toBe(false);
  });
});

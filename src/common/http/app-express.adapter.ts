import type { Server } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** How long a client may take to send a request, and how often Node looks (its own `checkEveryMs` is 30 s). */
export interface RequestTimeouts {
  headersMs: number;
  requestMs: number;
  checkEveryMs: number;
}

/**
 * Node's defaults (60 s for the headers, 300 s for the whole request) let a client that sends a byte now and then
 * hold a connection for five minutes; a few hundred such clients hold the server's sockets. The app's bodies are
 * small (see Hardening): a request that has not arrived in 30 s gets 408 and its connection closes. The time a
 * handler takes is not counted.
 */
export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkEveryMs: 1_000,
};

/**
 * The Express adapter every instance of the app runs on (main.ts and the tests), with REQUEST_TIMEOUTS. A
 * handler's string (or other primitive) answer goes out as `text/plain; charset=utf-8` unless the handler chose a
 * Content-Type itself (`@Header()`, the response object). Express would send it as text/html, so a text that
 * echoes the request (`GET /cats/<img src=x onerror=alert(1)>`) would be markup to a browser. Objects stay JSON.
 *
 * Decided where Nest sends the answer, once every interceptor has had its say, rather than in a global
 * interceptor: that costs each request an RxJS stage for a `typeof` check.
 */
export class AppExpressAdapter extends ExpressAdapter {
  constructor(private readonly timeouts: RequestTimeouts = REQUEST_TIMEOUTS) {
    super();
  }

  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer(options);
    const server = this.getHttpServer() as Server & { connectionsCheckingInterval: number };
    server.headersTimeout = this.timeouts.headersMs;
    server.requestTimeout = this.timeouts.requestMs;
    // Read when the server starts listening.
    server.connectionsCheckingInterval = this.timeouts.checkEveryMs;
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (isSentAsText(body) && !response.headersSent && !response.getHeader('Content-Type')) {
      response.setHeader('Content-Type', PLAIN_TEXT);
    }
    return super.reply(response, body, statusCode);
  }
}

/** What Nest's Express adapter sends with `String(body)` rather than as JSON. */
function isSentAsText(value: unknown): boolean {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint';
}

import { BadRequestException } from '@nestjs/common';
import type { RequestHandler } from 'express';

export const REPEATED_HOST_MESSAGE = 'A request must have one Host header';

/** Whether the request has more than one Host header (rawHeaders: [name, value, …], names as sent, any case). */
export function hasRepeatedHost(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') hosts += 1;
  }
  return hosts > 1;
}

/**
 * A request with two Host headers is 400 (RFC 9112 §3.2). Node keeps the first for `req.headers.host`, and a proxy
 * in front may route by another: the app and the proxy would disagree on the host (host routing, the tenants).
 * WebSocket upgrades, which no middleware sees, are checked where they are routed (subscriptions-apollo.driver.ts).
 */
export function refuseRepeatedHost(): RequestHandler {
  return (req, _res, next) => {
    next(hasRepeatedHost(req.rawHeaders) ? new BadRequestException(REPEATED_HOST_MESSAGE) : undefined);
  };
}

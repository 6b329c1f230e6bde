import { BadRequestException } from '@nestjs/common';
import type { RequestHandler } from 'express';

export const REPEATED_HOST_MESSAGE = 'A request must have one Host header';

/**
 * A request with two Host headers is 400 (RFC 9112 §3.2). Node keeps the first for `req.headers.host`, and a proxy
 * in front may route by another: the app and the proxy would disagree on the host (host routing, the tenants).
 */
export function refuseRepeatedHost(): RequestHandler {
  return (req, _res, next) => {
    const raw = req.rawHeaders;
    let hosts = 0;
    // rawHeaders is [name, value, name, value, …], names as sent (any case).
    for (let i = 0; i < raw.length; i += 2) {
      if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts += 1;
    }
    next(hosts > 1 ? new BadRequestException(REPEATED_HOST_MESSAGE) : undefined);
  };
}

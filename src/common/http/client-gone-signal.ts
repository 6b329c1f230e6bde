import { HttpException } from '@nestjs/common';
import type { Request } from 'express';

/** nginx's status for a request whose client closed the connection first; nobody receives it. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * An AbortSignal that fires when the client closes its connection before its answer is sent, so that costly work
 * for it (a password hash) can be dropped. Its reason is an HttpException, so whatever rethrows it ends as an
 * ordinary error answer to a closed socket, not as a logged 500.
 */
export function clientGoneSignal(request: Request): AbortSignal {
  const controller = new AbortController();
  const abort = () =>
    controller.abort(new HttpException('Client closed the connection', CLIENT_CLOSED_REQUEST));
  const response = request.res;
  // A request's own 'close' only means its body was read; the response's means the connection ended.
  if (request.socket.destroyed || response?.closed) abort();
  else
    response?.once('close', () => {
      if (!response.writableFinished) abort();
    });
  return controller.signal;
}

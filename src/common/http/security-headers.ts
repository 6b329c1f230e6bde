import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet's response headers, worked out once. With its defaults helmet sets the same headers on every response
 * (no nonce, nothing read from the request), yet builds each of them again per request through a chain of twelve
 * middleware; this one sets the finished list. The unit test holds it to helmet's own output. Express's
 * `X-Powered-By`, which helmet removes per request, is turned off on the app instead (configureApp).
 */
export function securityHeaders(): RequestHandler {
  const headers = headersSetBy(helmet());
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The headers a synchronous, request-independent middleware sets, in order. */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let called = false;
  middleware({} as never, response as never, () => (called = true));
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return [...headers];
}

import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { RequestHandler } from 'express';

/** The body type the app's parser reads (configureApp). */
const PARSED_TYPES = ['application/json'];

/** The methods whose handlers read a body. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Refuses a POST, PUT or PATCH body the parsers would not read (415) rather than hand the handler no body: a JSON
 * document sent as text/plain was answered with a 400 that listed every field as missing. The GraphQL endpoints
 * (`exemptPaths`, matched as Express routes them: any case, a trailing slash) keep Apollo's own answer, a 400 from
 * its CSRF prevention that says why.
 */
export function refuseUnparsedBodies(exemptPaths: readonly string[]): RequestHandler {
  const escaped = exemptPaths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const exempt = new RegExp(`^(?:${escaped.join('|')})/?$`, 'i');
  return (request, _response, next) => {
    // `is` is false for a body of another type or of none named, an empty one (Content-Length: 0) too: let through.
    if (
      WITH_BODY.has(request.method) &&
      request.headers['content-length'] !== '0' &&
      request.is(PARSED_TYPES) === false &&
      !exempt.test(request.path)
    ) {
      next(new UnsupportedMediaTypeException('A request body must be sent as application/json'));
      return;
    }
    next();
  };
}

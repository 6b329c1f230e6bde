import { createHmac } from 'node:crypto';
import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { clientAddressOf } from '../common/http/client-address';
import type { Environment } from '../config/environment';
import { type DatabaseSessionStore, setSessionClient } from './database-session.store';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_STORE = Symbol('SESSION_STORE');

/**
 * The cookie-signing key, derived from JWT_SECRET with an HMAC under its own label: one secret to manage,
 * and neither key can be computed from the other.
 */
export function deriveSessionSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('express-session cookie signature').digest('base64url');
}

/**
 * A cookie-backed session (`@Session()`), applied per route by the modules that need one (import SessionModule,
 * then `consumer.apply(SessionMiddleware).forRoutes(...)`), so other routes never load or set a session.
 * Sessions live in the database (DatabaseSessionStore), so any instance reads a session another one wrote.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;

  constructor(config: ConfigService<Environment, true>, @Inject(SESSION_STORE) store: DatabaseSessionStore) {
    this.handler = session({
      name: SESSION_COOKIE, // not the default "connect.sid", which names the library
      secret: deriveSessionSecret(config.get('JWT_SECRET', { infer: true })),
      store,
      resave: false,
      saveUninitialized: false, // no cookie and no row until a handler writes to the session
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // Secure whenever the request came over TLS; behind a TLS-terminating proxy set TRUST_PROXY.
        secure: 'auto',
        maxAge: SESSION_TTL_MS,
      },
    });
  }

  use(request: Request, response: Response, next: NextFunction): void {
    this.handler(request, response, (error?: unknown) => {
      if (request.session) setSessionClient(request.session, clientAddressOf(request));
      next(error);
    });
  }
}

import { HttpRedirectResponse, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Session, SessionData } from 'express-session';
import type { DatabaseSessionStore } from '../session/database-session.store';
import { SESSION_STORE } from '../session/session.middleware';
import { Express4PathPattern } from './express4-path-pattern';

declare module 'express-session' {
  interface SessionData {
    visits?: number;
  }
}

/** The patterns under /routing/patterns, written in Express 4 syntax and tried in this order. */
export const ROUTING_PATTERNS = ['ab*cd', 'ef?gh', 'ij+kl', 'mn(op)?q'].map((pattern) =>
  Express4PathPattern.compile(pattern),
);

export const REDIRECT_TARGETS: Record<string, HttpRedirectResponse> = {
  docs: { url: 'https://docs.nestjs.com', statusCode: HttpStatus.MOVED_PERMANENTLY },
};

@Injectable()
export class RoutingService {
  constructor(@Inject(SESSION_STORE) private readonly sessions: DatabaseSessionStore) {}

  /**
   * The pattern that matches a path under /routing/patterns, as its text; 404 when none does, exactly as if
   * no route had matched. `segments` is what the `*path` wildcard captured (undefined for the bare prefix).
   */
  matchPattern(segments: string[] | undefined): string {
    const path = (segments ?? []).join('/');
    const pattern = ROUTING_PATTERNS.find((candidate) => candidate.matches(path));
    if (!pattern) throw new NotFoundException(`No route pattern matches "${path}"`);
    return pattern.source;
  }

  /** A known target overrides the @Redirect() defaults; undefined keeps them. */
  redirectFor(target: string | undefined): HttpRedirectResponse | undefined {
    return target !== undefined && Object.hasOwn(REDIRECT_TARGETS, target)
      ? REDIRECT_TARGETS[target]
      : undefined;
  }

  /**
   * Counts this session's visits. A stored session's count goes up in the store, in one statement, so that
   * concurrent visits all count; the session object is left unchanged, so express-session does not write its older
   * copy back over it. A new session's first visit is written to it, which is what makes express-session store
   * the session and set its cookie.
   */
  async countVisit(session: Session & Partial<SessionData>): Promise<{ visits: number }> {
    const visits = await this.sessions.increment(session.id, 'visits');
    if (visits !== undefined) return { visits };
    session.visits = 1;
    return { visits: 1 };
  }
}

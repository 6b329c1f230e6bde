import { HttpRedirectResponse, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import type { Session, SessionData } from 'express-session';
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

  /** Counts this session's visits; writing to the session is what makes express-session set its cookie. */
  countVisit(session: Session & Partial<SessionData>): { visits: number } {
    session.visits = (session.visits ?? 0) + 1;
    return { visits: session.visits };
  }
}

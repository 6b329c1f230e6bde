import { NotFoundException } from '@nestjs/common';
import type { Session, SessionData } from 'express-session';
import type { DatabaseSessionStore } from '../session/database-session.store';
import { RoutingService } from './routing.service';

describe(RoutingService.name, () => {
  /** Stored sessions' visits, by id, as DatabaseSessionStore.increment counts them. */
  const stored = new Map<string, number>();
  const store = {
    increment: (sid: string) => {
      const visits = stored.get(sid);
      if (visits === undefined) return Promise.resolve(undefined);
      stored.set(sid, visits + 1);
      return Promise.resolve(visits + 1);
    },
  } as unknown as DatabaseSessionStore;
  const sut = new RoutingService(store);

  describe('matchPattern', () => {
    it.each([
      ['ab*cd', ['abcd', 'abxcd', 'ab123cd', 'abRANDOMcd']],
      ['ef?gh', ['egh', 'efgh']],
      ['ij+kl', ['ijkl', 'ijjkl', 'ijjjjkl']],
      ['mn(op)?q', ['mnq', 'mnopq']],
    ])('should answer %s for the paths it matches', (pattern, paths) => {
      for (const path of paths) expect(sut.matchPattern([path])).toBe(pattern);
    });

    it.each([['acd'], ['abc'], ['effgh'], ['ikl'], ['mnoq'], ['']])('should answer 404 for "%s"', (path) => {
      expect(() => sut.matchPattern([path])).toThrow(
        new NotFoundException(`No route pattern matches "${path}"`),
      );
    });

    it('should answer 404 for the bare prefix', () => {
      expect(() => sut.matchPattern(undefined)).toThrow(NotFoundException);
    });
  });

  describe('redirectFor', () => {
    it('should override the decorator for a known target only', () => {
      expect(sut.redirectFor('docs')).toEqual({ url: 'https://docs.nestjs.com', statusCode: 301 });
      expect(sut.redirectFor(undefined)).toBeUndefined();
      expect(sut.redirectFor('elsewhere')).toBeUndefined();
      expect(sut.redirectFor('constructor')).toBeUndefined();
    });
  });

  describe('countVisit', () => {
    it("should write a new session's first visit to it, so that express-session stores it", async () => {
      const session = { id: 'new' } as Session & Partial<SessionData>;

      await expect(sut.countVisit(session)).resolves.toEqual({ visits: 1 });
      expect(session.visits).toBe(1);
    });

    it("should count a stored session's visits in the store, leaving the session object as it is", async () => {
      stored.set('known', 4);
      const session = { id: 'known', visits: 4 } as Session & Partial<SessionData>;

      await expect(sut.countVisit(session)).resolves.toEqual({ visits: 5 });
      expect(session.visits).toBe(4);
      expect(stored.get('known')).toBe(5);
    });
  });
});

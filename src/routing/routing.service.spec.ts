import { NotFoundException } from '@nestjs/common';
import type { Session, SessionData } from 'express-session';
import { RoutingService } from './routing.service';

describe(RoutingService.name, () => {
  const sut = new RoutingService();

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
    it('should count visits in the session', () => {
      const session = {} as Session & Partial<SessionData>;

      expect(sut.countVisit(session)).toEqual({ visits: 1 });
      expect(sut.countVisit(session)).toEqual({ visits: 2 });
      expect(session.visits).toBe(2);
    });
  });
});

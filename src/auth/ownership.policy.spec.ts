import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { type Actor, assertCanChange, canChange, listOwnerOf, ownerIdOf } from './ownership.policy';

describe('ownership policy', () => {
  const bob: Actor = { sub: 2, roles: ['user'] };
  const alice: Actor = { sub: 1, roles: ['admin'] };
  const both: Actor = { sub: 3, roles: ['user', 'admin'] };
  const nobody: Actor = { sub: 4, roles: [] };

  it.each<[string, Actor, number | null | undefined, boolean]>([
    ['the owner', bob, 2, true],
    ['another user', bob, 1, false],
    ['a user without roles, on their own record', nobody, 4, true],
    ['a user without roles, on another record', nobody, 2, false],
    ['an admin, on a record of someone else', alice, 2, true],
    ['a user who is also an admin', both, 2, true],
    ['a user, on a record without an owner', bob, null, false],
    ['a user, when the owner is unknown', bob, undefined, false],
    ['an admin, on a record without an owner', alice, null, true],
  ])('should answer whether %s may change it', (_case, actor, ownerId, allowed) => {
    expect(canChange(actor, ownerId)).toBe(allowed);
  });

  it('should throw 403 Forbidden for someone who may not change the record', () => {
    const refusal = (() => {
      try {
        assertCanChange(bob, 1);
      } catch (error) {
        return error;
      }
    })();

    expect(refusal).toBeInstanceOf(ForbiddenException);
    expect((refusal as ForbiddenException).getResponse()).toEqual({ statusCode: 403, message: 'Forbidden' });
  });

  it('should let the owner and an admin through', () => {
    expect(() => assertCanChange(bob, 2)).not.toThrow();
    expect(() => assertCanChange(alice, 2)).not.toThrow();
  });

  it("should make the token's user the owner of a new record", () => {
    expect(ownerIdOf(bob)).toBe(2);
  });

  it.each<[string, Actor | undefined, { mine?: boolean | null; isPrivate?: boolean }, number | undefined]>([
    ['anyone, on a list of every record', undefined, {}, undefined],
    ['anyone, with mine=false', undefined, { mine: false }, undefined],
    ['a user asking for their own', bob, { mine: true }, 2],
    ['an admin asking for their own', alice, { mine: true }, 1],
    ['a user, on a private feature', bob, { isPrivate: true }, 2],
    ['an admin, on a private feature', alice, { isPrivate: true }, undefined],
    ['an admin asking for their own of a private feature', alice, { mine: true, isPrivate: true }, 1],
  ])('should limit the list of %s', (_case, actor, scope, ownerId) => {
    expect(listOwnerOf(actor, scope)).toBe(ownerId);
  });

  it('should answer 401 to mine=true or a private list without a token, saying why', () => {
    expect(() => listOwnerOf(undefined, { mine: true })).toThrow(UnauthorizedException);
    expect(() => listOwnerOf(undefined, { mine: true })).toThrow('mine=true needs a bearer token');
    expect(() => listOwnerOf(undefined, { isPrivate: true })).toThrow(UnauthorizedException);
  });
});

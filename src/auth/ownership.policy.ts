import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import type { TokenPayload } from './token-payload';

/** Who acts: the verified access token's user (`@CurrentUser()`), or anything with its id and roles. */
export type Actor = Pick<TokenPayload, 'sub' | 'roles'>;

/**
 * True when `actor` may change or delete a record owned by `ownerId`: its owner, or an admin. A record without an
 * owner (null: its owner was deleted, or it predates ownership) is an admin's to change.
 */
export function canChange(actor: Actor, ownerId: number | null | undefined): boolean {
  if (actor.roles.includes('admin')) return true;
  return ownerId !== null && ownerId !== undefined && ownerId === actor.sub;
}

/**
 * For services, before an update or delete: throws 403 (`{"statusCode":403,"message":"Forbidden"}`, GraphQL
 * `FORBIDDEN`) unless `canChange`. Look the record up first and answer 404 for a missing one, so a 403 never
 * stands for "no such record".
 */
export function assertCanChange(actor: Actor, ownerId: number | null | undefined): void {
  if (!canChange(actor, ownerId)) throw new ForbiddenException();
}

/** The owner a new record gets: always the token's user, never a value from the request's input. */
export const ownerIdOf = (actor: Actor): number => actor.sub;

/** True when `actor` may read a record of a private feature owned by `ownerId`: the same people who may change it. */
export const canRead = canChange;

/**
 * The owner a page of an owned feature is limited to, or undefined for every record. `mine`: the actor's own
 * (401 without a token: nobody to be). A private feature: the actor's own, every record for an admin.
 */
export function listOwnerOf(
  actor: Actor | undefined,
  { mine = false, isPrivate = false }: { mine?: boolean | null; isPrivate?: boolean },
): number | undefined {
  if (!mine && !isPrivate) return undefined;
  if (!actor) throw new UnauthorizedException(mine ? 'mine=true needs a bearer token' : undefined);
  if (mine) return actor.sub;
  return actor.roles.includes('admin') ? undefined : actor.sub;
}

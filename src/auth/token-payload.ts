import { isRole, type Role, ROLES } from '../users/roles';

const ROLE_COUNT = ROLES.length;

/** What a verified access token carries; the guard attaches it to the request as `user`. */
export interface TokenPayload {
  sub: number;
  username: string;
  /** The user's roles when the token was signed: a change takes effect at the next login or refresh. */
  roles: Role[];
  iat: number;
  exp: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: TokenPayload;
  }
}

/** Injection token: the lifetime, in seconds, of the tokens the app signs (JWT_EXPIRES_IN). */
export const ACCESS_TOKEN_LIFETIME = Symbol('ACCESS_TOKEN_LIFETIME');

/** Tolerated difference between the clock that signed a token and the one that checks it. */
export const CLOCK_SKEW_SECONDS = 5;

/**
 * The claims of a token whose signature is valid, when they have the shape the app signs: a positive integer
 * `sub`, a non-empty `username`, `roles` a list of known roles, numeric `iat` and `exp`, issued no later than now,
 * and living no longer than `maxLifetimeSeconds`. Anything else (a token signed by hand with the secret, or by
 * another version of the app) is refused: undefined. Only these five claims are kept. Plain checks, no class-validator: the guard calls this
 * on every request and every guarded field resolver.
 */
export function toTokenPayload(
  claims: unknown,
  { maxLifetimeSeconds, nowSeconds }: { maxLifetimeSeconds: number; nowSeconds: number },
): TokenPayload | undefined {
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { sub, username, roles, iat, exp } = claims as Partial<Record<keyof TokenPayload, unknown>>;
  if (typeof sub !== 'number' || !Number.isSafeInteger(sub) || sub < 1) return undefined;
  if (typeof username !== 'string' || username.length === 0) return undefined;
  if (!Array.isArray(roles) || roles.length > ROLE_COUNT || !roles.every(isRole)) return undefined;
  if (new Set(roles).size !== roles.length) return undefined;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) {
    return undefined;
  }
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return undefined;
  if (exp <= iat || exp - iat > maxLifetimeSeconds + CLOCK_SKEW_SECONDS) return undefined;
  return { sub, username, roles: [...roles], iat, exp };
}

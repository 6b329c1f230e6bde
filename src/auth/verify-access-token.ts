import type { JwtService } from '@nestjs/jwt';
import { toTokenPayload, type TokenPayload } from './token-payload';

/** Only exactly `Bearer <token>` is read; another scheme, `bearer` or extra parts count as no token. */
export function extractBearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const [scheme, token, ...rest] = header.split(' ');
  return scheme === 'Bearer' && token && rest.length === 0 ? token : undefined;
}

/** Whether the header names the Bearer scheme at all, in any case (RFC 9110), however the rest is written. */
export function namesBearerScheme(header: unknown): boolean {
  return typeof header === 'string' && /^\s*bearer(\s|$)/i.test(header);
}

/**
 * The one check of an access token, for HTTP (the global guard) and WebSocket (`connection_init`) alike: HS256
 * only (so `alg: none` and other algorithms fail), a valid signature, `exp` present and not passed, then the
 * claims' shape and lifetime (`toTokenPayload`). Undefined for anything else; the caller decides how to refuse.
 * `ignoreExpiration` is for binding a request to the user of an expired token (`/auth/refresh`), never for access.
 */
export async function verifyAccessToken(
  jwt: JwtService,
  token: string,
  maxLifetimeSeconds: number,
  { ignoreExpiration = false }: { ignoreExpiration?: boolean } = {},
): Promise<TokenPayload | undefined> {
  let claims: unknown;
  try {
    claims = await jwt.verifyAsync<object>(token, { algorithms: ['HS256'], ignoreExpiration });
  } catch {
    return undefined;
  }
  // A valid signature is not enough: a token without exp, or with claims of another shape, is not one we issued.
  return toTokenPayload(claims, { maxLifetimeSeconds, nowSeconds: Math.floor(Date.now() / 1000) });
}

import { createHmac } from 'node:crypto';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Hand-made JWTs, so tests can forge exactly the tokens the server must refuse. */
export function forgeJwt(
  payload: Record<string, unknown>,
  { secret, alg = 'HS256' }: { secret: string; alg?: 'HS256' | 'HS512' | 'none' },
): string {
  const head = `${encode({ alg, typ: 'JWT' })}.${encode(payload)}`;
  if (alg === 'none') return `${head}.`;
  const hash = alg === 'HS256' ? 'sha256' : 'sha512';
  return `${head}.${createHmac(hash, secret).update(head).digest('base64url')}`;
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}

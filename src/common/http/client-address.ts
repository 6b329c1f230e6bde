import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * The address a client is counted by, for per-client limits: `request.ip` (behind a proxy, set TRUST_PROXY
 * so that it is the client's, not the proxy's), an IPv4-mapped IPv6 address as IPv4, and any
 * other IPv6 address by its /64, since one host is commonly given a whole /64 and could rotate through it.
 */
export function clientAddressOf(request: Pick<Request, 'ip'>): string {
  return request.ip ? normalizeIp(request.ip) : 'unknown';
}

import { isIP } from 'node:net';

/** Express's `trust proxy` setting: off, everyone, a number of proxies in front, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

// The ranges Express names (proxy-addr): 127.0.0.1/8 and ::1; 169.254.0.0/16 and fe80::/10; private networks.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_RULE =
  'TRUST_PROXY must be false, true, a number of proxies, or comma-separated proxy addresses or CIDR ranges ' +
  '(loopback, linklocal and uniquelocal name their ranges)';

/**
 * The setting TRUST_PROXY describes (`false`, `true`, `1`, `10.0.0.0/8, 192.168.1.7`), or undefined when it
 * describes none: Express would take a bad address at start and fail on the first request instead.
 */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8` or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

import type { ClientConfig } from 'pg';

/**
 * How every connection of the app reaches PostgreSQL (the pool's, the migrations', the LISTEN one): at most 2 s to
 * connect, so a server that is away fails fast; TCP keepalive on; and the session in UTC, so that timestamps read
 * back as the API wrote them (in another zone PostgreSQL prints an old instant with a local mean time offset in
 * seconds, `+00:53:28`, which Date cannot parse; PGlite's sessions are in UTC already).
 */
export function postgresConnection(url: string): ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: 2_000,
    keepAlive: true,
    options: '-c TimeZone=UTC',
  };
}

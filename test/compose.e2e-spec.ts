import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { parseTrustProxy } from '../src/config/trust-proxy';
import { ROOT } from './utils/paths';

// No container engine here: compose.yaml is read as Docker Compose reads it (YAML with merge keys) and held to
// the rules a deployment needs (README, Deploying).

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string | number>;
  ports?: unknown[];
  networks?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  restart?: string;
}

interface Compose {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean; ipam?: { config: { subnet: string }[] } }>;
}

const compose = load(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), {
  schema: CORE_SCHEMA.withTags(mergeTag),
}) as Compose;
const services = Object.entries(compose.services);
/** The services that run this project's image. */
const appServices = services.filter(([, service]) => service.build === '.');
const appNames = appServices.map(([name]) => name);
const [proxyName, proxy] = services.find(([, service]) => service.image?.startsWith('caddy:'))!;

/** `${NAME:?message}`: Compose refuses to start while NAME is unset or empty. */
const REQUIRED_VARIABLE = /^\$\{([A-Z_]+):\?[^}]+\}$/;

describe('compose.yaml', () => {
  it('should run two instances of the app, PostgreSQL and a proxy', () => {
    expect(appNames).toHaveLength(2);
    expect(Object.keys(compose.services).sort()).toEqual([...appNames, 'postgres', proxyName].sort());
  });

  it('should publish only the proxy: the instances and PostgreSQL are reached through it or not at all', () => {
    for (const [name, service] of services) {
      expect([name, service.ports ?? []]).toEqual([name, name === proxyName ? ['8080:8080'] : []]);
    }
  });

  it('should give every service a restart policy and a health check', () => {
    for (const [name, service] of services) {
      expect([name, service.restart]).toEqual([
        name,
        expect.stringMatching(/^(always|unless-stopped|on-failure)/),
      ]);
      expect([name, service.healthcheck?.test]).toEqual([name, expect.anything()]);
    }
  });

  it("should check the instances' health as the image does (liveness)", async () => {
    const recipe = await import('../scripts/ci/deployment.mjs');
    for (const [, service] of appServices) {
      expect(service.healthcheck!.test).toEqual(['CMD', ...recipe.HEALTHCHECK_COMMAND]);
    }
  });

  it('should start the proxy once every instance is healthy, and the instances once PostgreSQL is', () => {
    expect(proxy.depends_on).toEqual(
      Object.fromEntries(appNames.map((name) => [name, { condition: 'service_healthy' }])),
    );
    for (const [, service] of appServices) {
      expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    }
  });

  it("should trust X-Forwarded-For from the proxy's network only, a network PostgreSQL is not on", () => {
    const proxyNetworks = proxy.networks ?? [];
    const subnets = proxyNetworks.flatMap(
      (network) => compose.networks[network]?.ipam?.config.map((config) => config.subnet) ?? [],
    );
    expect(subnets).toHaveLength(1);
    for (const [name, service] of appServices) {
      const trustProxy = parseTrustProxy(String(service.environment?.TRUST_PROXY ?? ''));
      expect([name, trustProxy]).toEqual([name, subnets]);
      expect(service.networks).toEqual(expect.arrayContaining(proxyNetworks));
    }
    const postgresNetworks = compose.services.postgres.networks ?? [];
    expect(postgresNetworks.filter((network) => proxyNetworks.includes(network))).toEqual([]);
    for (const network of postgresNetworks) expect(compose.networks[network].internal).toBe(true);
  });

  it('should take every secret from the environment, required, with no default', () => {
    const secretNames = /PASSWORD|SECRET/;
    for (const [name, service] of services) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (secretNames.test(variable)) {
          expect([name, variable, value]).toEqual([name, variable, expect.stringMatching(REQUIRED_VARIABLE)]);
        }
        // A default after `:-` or `-` would stand in for a secret nobody set (an empty one means "unset").
        for (const [, used, fallback] of String(value).matchAll(/\$\{([A-Z_]+):?-([^}]*)\}/g)) {
          if (/PASSWORD|SECRET|TOKEN/.test(used)) expect([name, used, fallback]).toEqual([name, used, '']);
        }
      }
    }
    for (const [, service] of appServices) {
      const url = new URL(String(service.environment?.DATABASE_URL).replace(/\$\{[^}]+\}/, 'password'));
      expect(url.password).toBe('password');
      expect(service.environment?.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    }
  });

  it('should have the proxy spread requests over exactly the instances, by their readiness', () => {
    const caddyfile = readFileSync(join(ROOT, 'deploy', 'Caddyfile'), 'utf8');
    const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(caddyfile)![1].trim().split(/\s+/);
    expect(upstreams.sort()).toEqual(appNames.map((name) => `${name}:3000`).sort());
    expect(caddyfile).toMatch(/^\s*health_uri \/health\/ready$/m);
  });
});

import { dirname } from 'node:path';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';

// The only GraphiQL file a production start loads: the IDE's own code (graphiql.module, the landing-page
// plugin, the asset map) is required from here only where the IDE is enabled.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on demand, see above */

type ApolloPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

/** The packages whose bundles make up the IDE page: devDependencies, absent from a production install. */
export const GRAPHIQL_PACKAGES = ['graphiql', 'react', 'react-dom'] as const;
export type GraphiqlPackage = (typeof GRAPHIQL_PACKAGES)[number];

/** The folder of an installed package (through package.json: the `exports` maps do not list the UMD files). */
export function packageDir(pkg: GraphiqlPackage): string {
  return dirname(require.resolve(`${pkg}/package.json`));
}

/** False on a production install (`npm ci --omit=dev`). */
export function isGraphiqlInstalled(): boolean {
  try {
    GRAPHIQL_PACKAGES.forEach(packageDir);
    return true;
  } catch {
    return false;
  }
}

/** The development IDE: never in production (where its packages are not even looked for), and only if installed. */
export const isGraphqlIdeEnabled = (nodeEnv: string | undefined): boolean =>
  nodeEnv !== 'production' && isGraphiqlInstalled();

/** Apollo's landing page for `endpoint`: our GraphiQL page. Call only where the IDE is enabled. */
export function graphiqlLandingPage(endpoint: string): ApolloPlugin {
  const plugin = require('./graphiql-landing-page.plugin') as typeof import('./graphiql-landing-page.plugin');
  return plugin.graphiqlLandingPage(endpoint);
}

/** Stands in for GraphiqlModule where there is no IDE: no route, nothing loaded. */
@Module({})
class NoGraphiqlModule {}

/**
 * GraphiqlModule (the IDE's files under /graphiql) where the IDE is enabled, an empty module elsewhere.
 * Decided once ConfigModule has validated the environment and copied it to process.env (the app module imports
 * the configuration first). Not ConditionalModule: it arms a 5 s timer at import that throws in any process that
 * loads this file without loading the configuration (a test that only reads a path constant, for one).
 */
export const GraphiqlIdeModule: Promise<DynamicModule> = ConfigModule.envVariablesLoaded.then(() =>
  isGraphqlIdeEnabled(process.env.NODE_ENV)
    ? { module: (require('./graphiql.module') as typeof import('./graphiql.module')).GraphiqlModule }
    : { module: NoGraphiqlModule },
);

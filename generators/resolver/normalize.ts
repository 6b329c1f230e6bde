import { namesOf, type Names } from '../utils/names';
import type { Answers } from '../utils/options';

export const RESOLVER_STYLES = ['code-first', 'schema-first'] as const;
export type ResolverStyle = (typeof RESOLVER_STYLES)[number];

/** Where each style's endpoint lists its features, and where it answers. */
export const ENDPOINTS: Record<ResolverStyle, { path: string; module: string; features: string }> = {
  'code-first': {
    path: '/graphql',
    module: 'src/graphql/code-first-graphql.module.ts',
    features: 'CODE_FIRST_FEATURES',
  },
  'schema-first': {
    path: '/schema-first/graphql',
    module: 'src/schema-first/schema-first-graphql.module.ts',
    features: 'SCHEMA_FIRST_FEATURES',
  },
};

export interface ResolverOptions extends Names {
  style: ResolverStyle;
  endpoint: string;
  dryRun: boolean;
}

export function normalizeResolverOptions(answers: Answers): ResolverOptions {
  const style = answers.style as ResolverStyle;
  return {
    ...namesOf(String(answers.name)),
    style,
    endpoint: ENDPOINTS[style].path,
    dryRun: answers.dryRun === true,
  };
}

import { APP_LAYOUT, GRAPHQL_STYLES, type GraphqlStyle } from '../app-layout';
import { namesOf, type Names } from '../utils/names';
import type { Answers } from '../utils/options';

export const RESOLVER_STYLES = GRAPHQL_STYLES;
export type ResolverStyle = GraphqlStyle;

export interface ResolverOptions extends Names {
  style: ResolverStyle;
  endpoint: string;
}

export function normalizeResolverOptions(answers: Answers): ResolverOptions {
  const style = answers.style as ResolverStyle;
  return { ...namesOf(String(answers.name)), style, endpoint: APP_LAYOUT.endpoints[style].path };
}

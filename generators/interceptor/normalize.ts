import { APP_LAYOUT } from '../app-layout';
import { kebabCase, pascalCase } from '../utils/names';
import { type Answers, GeneratorInputError } from '../utils/options';

export const INTERCEPTOR_KINDS = [
  'logging',
  'transform',
  'exclude-null',
  'errors',
  'cache',
  'timeout',
] as const;
export type InterceptorKind = (typeof INTERCEPTOR_KINDS)[number];

export interface InterceptorOptions {
  /** `Audit` for the class `AuditInterceptor` */
  Name: string;
  /** `audit` for the file `audit.interceptor.ts` */
  kebabName: string;
  kind: InterceptorKind;
  global: boolean;
}

/** `audit`, `Audit`, `AuditInterceptor` and `audit-interceptor` all name the class `AuditInterceptor`. */
export function interceptorBaseName(raw: string): string {
  return pascalCase(raw.replace(/[-_]?interceptor$/i, ''));
}

export function interceptorPath(Name: string): string {
  return `${APP_LAYOUT.interceptors}/${kebabCase(Name)}.interceptor.ts`;
}

export function normalizeInterceptorOptions(answers: Answers): InterceptorOptions {
  const Name = interceptorBaseName(String(answers.name));
  const kind = answers.kind as InterceptorKind;
  const global = answers.global === true;
  if (kind === 'cache' && global) {
    throw new GeneratorInputError(
      'a cache interceptor answers [] without running the handler: for every route (login and /health included) ' +
        'it would answer [] to everything. Generate it without --global and apply it with @UseInterceptors() ' +
        'to the handlers whose answer it stands for',
    );
  }
  return { Name, kebabName: kebabCase(Name), kind, global };
}

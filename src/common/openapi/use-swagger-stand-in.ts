import nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';

type ResolveHook = (
  specifier: string,
  context: object,
  next: (specifier: string, context: object) => { url: string },
) => { url: string; shortCircuit?: boolean };
/** `module.registerHooks` (Node >= 22.15; @types/node follows Node 20, which has none). */
type RegisterHooks = (hooks: { resolve: ResolveHook }) => unknown;

const STAND_IN = pathToFileURL(require.resolve('./swagger-stand-in')).href;

/**
 * From here on, `@nestjs/swagger` resolves to swagger-stand-in.ts: for a start that builds no API document
 * (production), whose controllers and DTOs still import the package's decorators. Spares loading it (~100 ms of a
 * start on Node 26). Returns false, changing nothing, where Node has no module hooks (Node 20).
 */
export function useSwaggerStandIn(
  // null where Node has no module hooks (Node 20).
  register: RegisterHooks | null = (nodeModule as { registerHooks?: RegisterHooks }).registerHooks ?? null,
): boolean {
  if (typeof register !== 'function') return false;
  register({
    resolve: (specifier, context, next) =>
      specifier === '@nestjs/swagger' ? { url: STAND_IN, shortCircuit: true } : next(specifier, context),
  });
  return true;
}

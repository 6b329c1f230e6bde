import { accessSync, constants, mkdirSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';

/** `module.enableCompileCache` (Node ≥ 22.1; @types/node follows Node 20, which has none). */
type EnableCompileCache = (directory?: string) => { status: number; directory?: string };

/** module.constants.compileCacheStatus: the cache is on, by this call or an earlier one (NODE_COMPILE_CACHE). */
const ON = new Set([1, 2]); // ENABLED, ALREADY_ENABLED

function isWritable(directory: string): boolean {
  try {
    mkdirSync(directory, { recursive: true });
    accessSync(directory, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the cache may go, in order of preference (see enableCompileCache). */
export function compileCacheFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_COMPILE_CACHE) return [env.NODE_COMPILE_CACHE];
  return [
    join(PROJECT_ROOT, 'node_modules', '.cache', 'nest-starter-kit'),
    join(tmpdir(), 'nest-starter-kit-compile-cache'),
  ];
}

/**
 * Turns on Node's module compile cache (V8 code cache on disk, Node >= 22): a start after the first reads the
 * compiled code of every module loaded after this call instead of compiling it again. NODE_COMPILE_CACHE names the
 * folder; otherwise node_modules/.cache/nest-starter-kit, or the system's temporary folder when that cannot be
 * written (a deployment whose files belong to root). Off, silently, on Node 20, with NODE_DISABLE_COMPILE_CACHE,
 * or when no folder can be written: it only ever makes a start faster. Returns the folder in use, if any.
 */
export function enableCompileCache(
  env: NodeJS.ProcessEnv = process.env,
  // null where Node has no compile cache (Node 20).
  enable: EnableCompileCache | null = (nodeModule as { enableCompileCache?: EnableCompileCache })
    .enableCompileCache ?? null,
  folders = compileCacheFolders(env),
): string | undefined {
  if (typeof enable !== 'function' || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  for (const folder of folders) {
    if (!isWritable(folder)) continue;
    try {
      const result = enable(folder);
      if (ON.has(result.status)) return result.directory ?? folder;
    } catch {
      // A cache that cannot be set up costs nothing but its speed.
    }
  }
  return undefined;
}

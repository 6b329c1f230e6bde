import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './utils/paths';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

/** `v22.12.0` or `22.12` → [22, 12, 0]. */
function versionParts(version: string): number[] {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  return [0, 1, 2].map((index) => parts[index] ?? 0);
}

/** Whether `version` is at least `minimum`, both of the form major.minor[.patch]. */
function isAtLeast(version: string, minimum: string): boolean {
  const [a, b] = [versionParts(version), versionParts(minimum)];
  const firstDifference = a.findIndex((part, index) => part !== b[index]);
  return firstDifference === -1 || a[firstDifference] > b[firstDifference];
}

const MINIMUM = /^>=(\d+\.\d+)$/.exec(packageJson.engines.node)?.[1];

describe('the Node.js the project runs on', () => {
  it('should support the maintained LTS lines from 22.12 on', () => {
    expect(packageJson.engines.node).toBe('>=22.12');
  });

  it('should pin an exact Node 22 release as a dev dependency, its install script approved', () => {
    // npm scripts and npx put node_modules/.bin first in PATH: on a machine whose system Node is older, the
    // README's commands still run on this one. Its install script fetches the binary, so npm must be allowed to run it.
    const pinned = packageJson.devDependencies.node;
    expect(pinned).toMatch(/^22\.\d+\.\d+$/);
    expect(isAtLeast(pinned, MINIMUM!)).toBe(true);
    expect(packageJson.allowScripts.node).toBe(true);
  });

  it('should find a supported Node first in node_modules/.bin', () => {
    const version = execFileSync(join(ROOT, 'node_modules/.bin/node'), ['--version']).toString().trim();
    expect(isAtLeast(version, MINIMUM!)).toBe(true);
  });

  it('should run the tests themselves on a supported Node (npm test puts node_modules/.bin first in PATH)', () => {
    expect(isAtLeast(process.version, MINIMUM!)).toBe(true);
  });
});

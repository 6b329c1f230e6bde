import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './process.mjs';

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** `node --version` of a binary; undefined when it does not run. */
async function versionOf(binary) {
  try {
    const { code, output } = await run(binary, ['--version'], { timeoutMs: 10_000 });
    return code === 0 ? output.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `npm install node@<major>` into a new folder: the npm package `node` fetches the binary from the npm registry
 * (its install script, which npm 11.19 and later run only for a package the project's allowScripts lists).
 */
async function installNode(major) {
  const folder = mkdtempSync(join(tmpdir(), `nest-bench-node${major}-`));
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ private: true, allowScripts: { node: true } }),
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--no-save', '--no-audit', '--no-fund', `node@${major}`];
  const { code, output } = await run(npm, args, { cwd: folder, timeoutMs: 300_000 });
  if (code !== 0) throw new Error(`npm install node@${major} failed (${code}):\n${output.slice(-2_000)}`);
  return folder;
}

/**
 * A Node `major` binary and its version: this process's when it is that version, otherwise one fetched once and
 * kept in the system's temporary folder for later runs.
 */
export async function nodeBinary(major, log) {
  if (majorOf(process.version) === major) return { binary: process.execPath, version: process.version };
  const kept = join(tmpdir(), `nest-bench-node${major}`);
  const binaryIn = (folder) => join(folder, 'node_modules', '.bin', 'node');
  const keptVersion = await versionOf(binaryIn(kept));
  if (keptVersion && majorOf(keptVersion) === major) return { binary: binaryIn(kept), version: keptVersion };

  log(`fetching Node ${major} (npm install node@${major})…`);
  let folder = await installNode(major);
  try {
    renameSync(folder, kept);
    folder = kept;
  } catch {
    // Another run kept one meanwhile (or an unusable one is in the way): use the one just installed.
  }
  const version = await versionOf(binaryIn(folder));
  if (!version || majorOf(version) !== major) throw new Error(`npm's node@${major} answered ${version}`);
  return { binary: binaryIn(folder), version };
}

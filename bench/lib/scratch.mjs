import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.mjs';

const GIT = ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost'];

/**
 * A copy of the project (tracked and unignored files, as the working tree has them) in a temporary git
 * repository sharing this checkout's node_modules, so that generators can write without touching the tree.
 */
export function createScratchProject() {
  const root = mkdtempSync(join(tmpdir(), 'nest-bench-scratch-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
  })
    .toString()
    .split('\0')
    .filter((file) => file && !file.startsWith('bench/'));
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    try {
      copyFileSync(join(ROOT, file), join(root, file));
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', [...GIT, 'add', '-A'], { cwd: root });
  execFileSync('git', [...GIT, 'commit', '-qm', 'scratch', '--no-verify'], { cwd: root });
  const remove = () => rmSync(root, { recursive: true, force: true });
  // Also when the run is stopped in the middle (its deadline, a signal), which skips the scenario's own clean-up.
  process.once('exit', remove);
  return {
    root,
    /** Paths that differ from the committed copy (new files listed one by one). */
    changedFiles: () =>
      execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root })
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(3)),
    remove,
  };
}

import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Result } from 'execa';
import { ROOT } from '../utils/paths';

const GIT = ['-c', 'user.name=generator-test', '-c', 'user.email=generator-test@localhost'];

/**
 * A copy of the project (its tracked and unignored files) in a temporary git repository, sharing this
 * checkout's node_modules: one copy and no install for the whole generator suite.
 */
export class ScratchProject {
  private constructor(readonly root: string) {}

  static create(): ScratchProject {
    const root = mkdtempSync(join(tmpdir(), 'nest-generators-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
    })
      .toString()
      .split('\0')
      .filter(Boolean);
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
    execFileSync('git', [...GIT, 'commit', '-qm', 'scratch'], { cwd: root });
    return new ScratchProject(root);
  }

  /** `npx plop <generator> -- <args>`, as a user runs it; never throws, the result says how it went. */
  async plop(generator: string, args: string[]): Promise<Result> {
    const { execa } = await import('execa');
    return execa('node', ['node_modules/plop/bin/plop.js', generator, '--', ...args], {
      cwd: this.root,
      reject: false,
      all: true,
      stdin: 'ignore',
      env: { NODE_ENV: 'test', FORCE_COLOR: '0' },
    });
  }

  async run(command: string, args: string[], env: Record<string, string> = {}): Promise<Result> {
    const { execa } = await import('execa');
    return execa(command, args, { cwd: this.root, reject: false, all: true, stdin: 'ignore', env });
  }

  /** `git status --porcelain`: empty when the tree is exactly as committed. */
  status(): string {
    return execFileSync('git', ['status', '--porcelain'], { cwd: this.root }).toString();
  }

  head(): string {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: this.root }).toString().trim();
  }

  /** Back to an earlier commit, dropping every later commit and change. */
  resetTo(commit: string): void {
    execFileSync('git', ['reset', '-q', '--hard', commit], { cwd: this.root });
    execFileSync('git', ['clean', '-qfd'], { cwd: this.root });
  }

  commitAll(message: string): void {
    execFileSync('git', [...GIT, 'add', '-A'], { cwd: this.root });
    execFileSync('git', [...GIT, 'commit', '-qm', message], { cwd: this.root });
  }

  /** A file of the copy as it was last committed. */
  committed(path: string): string {
    return execFileSync('git', ['show', `HEAD:${path}`], { cwd: this.root }).toString();
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  write(path: string, text: string): void {
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ROOT } from './utils/paths';

/** One Dockerfile instruction: `RUN npm ci` → { keyword: 'RUN', args: 'npm ci' }, continuation lines joined. */
interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result: { args: Instruction[]; stages: Stage[] } = { args: [], stages: [] };
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line)!;
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args)!;
      result.stages.push({ from, name, instructions: [] });
    } else if (result.stages.length === 0) {
      result.args.push(instruction);
    } else {
      result.stages.at(-1)!.instructions.push(instruction);
    }
  }
  return result;
}

const argsOf = (stage: Stage, keyword: string) =>
  stage.instructions
    .filter((instruction) => instruction.keyword === keyword)
    .map((instruction) => instruction.args);

/** Every .graphql file under the project's `dir`, as a path from the project's root, sorted. */
const graphqlFilesUnder = (dir: string) =>
  (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.graphql'))
    .map((file) => `${dir}/${file.split(sep).join('/')}`)
    .sort();

/** `CMD ["node", "dist/main.js"]` → ['node', 'dist/main.js']; the exec form only (no shell in between). */
const execForm = (args: string) => JSON.parse(args) as string[];

describe('Dockerfile, in step with scripts/ci/deployment.mjs (what production-install.mjs performs)', () => {
  let recipe: typeof import('../scripts/ci/deployment.mjs');
  const { args, stages } = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  const [build, runtime] = stages;

  beforeAll(async () => {
    recipe = await import('../scripts/ci/deployment.mjs');
  });

  it('should have a build stage and a runtime stage on the same Node image', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    expect(runtime.from).toBe(build.from);
    expect(build.from).toMatch(/^node:\$\{NODE_VERSION\}-slim$/);
    expect(args).toEqual([{ keyword: 'ARG', args: expect.stringMatching(/^NODE_VERSION=\d+$/) }]);
  });

  it('should build with the recipe’s commands, then assemble the deployment with its script', () => {
    expect(argsOf(build, 'RUN')).toEqual([...recipe.BUILD_COMMANDS, recipe.ASSEMBLE_COMMAND]);
    // The lockfile first (so the install is cached while only sources change), then the rest of the context.
    expect(argsOf(build, 'COPY')).toEqual(['package.json package-lock.json ./', '. .']);
    expect(argsOf(build, 'WORKDIR')).toEqual(['/app']);
  });

  it('should run the assembled files with production dependencies only, as an unprivileged user', () => {
    expect(argsOf(runtime, 'COPY')).toEqual([`--from=build ${recipe.ASSEMBLE_FOLDER} ./`]);
    const [install] = argsOf(runtime, 'RUN');
    expect(install.split(' && ')[0]).toBe(recipe.RUNTIME_INSTALL);
    expect(argsOf(runtime, 'RUN')).toHaveLength(1);
    const user = argsOf(runtime, 'USER');
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)(:|$)/);
    // The data folder (PGlite) is the only thing the user may write to.
    expect(install).toContain(`chown ${user[0]}:${user[0]} ${recipe.RUNTIME_ENV.DATA_DIR}`);
  });

  it("should set the recipe's environment, command, stop signal and health check", () => {
    const env = Object.fromEntries(
      argsOf(runtime, 'ENV')
        .flatMap((line) => line.split(/\s+/))
        .map((pair) => pair.split('=')),
    );
    expect(env).toEqual(recipe.RUNTIME_ENV);
    expect(argsOf(runtime, 'EXPOSE')).toEqual([recipe.RUNTIME_ENV.PORT]);
    expect(argsOf(runtime, 'CMD').map(execForm)).toEqual([recipe.START_COMMAND]);
    expect(argsOf(runtime, 'STOPSIGNAL')).toEqual([recipe.STOP_SIGNAL]);
    const [healthcheck] = argsOf(runtime, 'HEALTHCHECK');
    const [, options, command] = /^(.*?)\s*CMD\s+(\[.*\])$/.exec(healthcheck)!;
    expect(execForm(command)).toEqual(recipe.HEALTHCHECK_COMMAND);
    expect(recipe.HEALTHCHECK_COMMAND.join(' ')).toContain(`'${recipe.LIVENESS_PATH}'`);
    expect(options).toMatch(/--interval=\d+s/);
  });

  it('should only use instructions the recipe describes', () => {
    const known = ['WORKDIR', 'COPY', 'RUN', 'ENV', 'USER', 'EXPOSE', 'STOPSIGNAL', 'HEALTHCHECK', 'CMD'];
    for (const stage of stages) {
      for (const { keyword } of stage.instructions) expect(known).toContain(keyword);
    }
  });

  it('should ship what the built app reads at run time', () => {
    const shipped = recipe.shippedPaths(ROOT);

    expect(shipped).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'dist', 'drizzle']));
    expect(existsSync(join(ROOT, 'dist', 'main.js'))).toBe(true);
    // The schema-first schema: every .graphql file under src/, from where the built app reads it, a feature's
    // (users/) as well as the endpoint's own (graphql/), whichever features the app has.
    const graphqlFiles = shipped.filter((path) => path.endsWith('.graphql'));
    expect(graphqlFiles).toEqual(
      expect.arrayContaining(['src/graphql/max-items.graphql', 'src/users/users.graphql']),
    );
    expect(graphqlFiles.sort()).toEqual(graphqlFilesUnder('src'));
    // The data files the app reads from src/: the common-password list (and its licence).
    expect(shipped).toEqual(expect.arrayContaining(['src/users/common-passwords/common-passwords.txt']));
    expect(
      shipped.every((path) => path === 'dist' || !path.startsWith('src/') || /\.(graphql|txt)$/.test(path)),
    ).toBe(true);
  });

  it('should keep out of the build context what is local or generated, and nothing the build needs', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const isIgnored = (path: string) =>
      ignored.some((pattern) =>
        pattern.startsWith('*')
          ? path.endsWith(pattern.slice(1))
          : path === pattern || path.startsWith(`${pattern}/`),
      );

    for (const path of ['.git', 'node_modules', 'dist', 'data', 'tmp', '.env'])
      expect([path, isIgnored(path)]).toEqual([path, true]);
    const needed = [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'src/main.ts',
      'drizzle/meta/_journal.json',
      'scripts/ci/deployment.mjs',
      ...recipe.shippedPaths(ROOT).filter((path) => path.startsWith('src/')),
    ];
    for (const path of needed) expect([path, isIgnored(path)]).toEqual([path, false]);
  });

  it('should be what production-install.mjs performs: it imports the same recipe', () => {
    const script = readFileSync(join(ROOT, 'scripts', 'ci', 'production-install.mjs'), 'utf8');
    const [, imported] = /import \{([^}]*)\} from '\.\/deployment\.mjs'/.exec(script)!;

    expect(
      imported
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .sort(),
    ).toEqual(
      [
        'assemble',
        'BUILD_COMMANDS',
        'DEVELOPMENT_TOOLS',
        'HEALTHCHECK_COMMAND',
        'RUNTIME_ENV',
        'RUNTIME_INSTALL',
        'START_COMMAND',
        'STOP_SIGNAL',
      ].sort(),
    );
  });
});

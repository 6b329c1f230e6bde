import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { namesOf } from '../../generators/utils/names';
import { featureExistsProblem } from '../../generators/utils/validate-name';
import { ROOT } from '../utils/paths';
import { ScratchProject } from './scratch-project';
import { shellBlocks } from './tutorial/tutorial-blocks';
import { tutorialScript } from './tutorial/tutorial-script';

const MINUTE = 60_000;
const TUTORIAL = readFileSync(join(ROOT, 'docs', 'tutorial.md'), 'utf8');
const blocks = shellBlocks(TUTORIAL);

/** The features the tutorial generates; in a project that already has one, the tutorial cannot be followed. */
const generated = blocks.flatMap((block) =>
  [...block.commands.matchAll(/npx plop resource -- --name (\w+)/g)].map((match) => match[1]),
);
const clashes = generated.flatMap(
  (name) => featureExistsProblem(ROOT, `src/${namesOf(name).kebabNames}`) ?? [],
);

async function freePort(): Promise<number> {
  const server = createServer().listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The user's shell, not Jest's: no NODE_ENV=test, no Jest worker variables, no VM-modules flag. */
function userEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !['NODE_ENV', 'NODE_OPTIONS', 'JEST_WORKER_ID'].includes(key))
      env[key] = value;
  }
  return { ...env, FORCE_COLOR: '0' };
}

describe('docs/tutorial.md', () => {
  it('should start the app before its first request and stop it before the tests run', () => {
    const kinds = blocks.map((block) =>
      block.background
        ? 'start'
        : block.stopsApp
          ? 'stop'
          : block.commands.includes('curl ')
            ? 'request'
            : 'command',
    );

    expect(generated).toEqual(['Publisher', 'Magazine', 'Review']);
    expect(kinds.indexOf('start')).toBeLessThan(kinds.indexOf('request'));
    expect(kinds.lastIndexOf('request')).toBeLessThan(kinds.indexOf('stop'));
  });

  it('should check each request: a 2xx, the status a block expects, and no GraphQL errors', async () => {
    const server = createHttpServer((request, response) => {
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end(request.url === '/graphql' ? '{"errors":[{"message":"no"}]}' : '{}');
    }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const run = async (info: string, command: string) => {
      const page = [
        '```' + info,
        command.replaceAll('PORT', String(port)),
        '```',
        '```sh',
        'echo after',
        '```',
      ];
      const script = tutorialScript(shellBlocks(page.join('\n')), {
        port,
        appLog: join(ROOT, 'tmp', 'unused.log'),
      });
      const { execa } = await import('execa');
      const result = await execa('bash', ['-c', script], { reject: false, all: true, stdin: 'ignore' });
      return { exitCode: result.exitCode, ranNext: result.all.includes('after') };
    };
    try {
      expect(await run('sh', 'curl -s localhost:PORT/')).toEqual({ exitCode: 0, ranNext: true });
      expect(await run('sh', 'curl -s localhost:PORT/missing')).toEqual({ exitCode: 1, ranNext: false });
      expect(await run('sh expect=404', 'curl -s localhost:PORT/missing')).toEqual({
        exitCode: 0,
        ranNext: true,
      });
      expect(await run('sh', 'curl -s -X POST localhost:PORT/graphql')).toEqual({
        exitCode: 1,
        ranNext: false,
      });
    } finally {
      server.close();
    }
  });

  // In a project that already has one of the tutorial's features, the tutorial is history: say so, do not fail.
  const followable = clashes.length === 0 ? it : it.skip;
  if (clashes.length > 0) console.warn(`docs/tutorial.md is not followed here: ${clashes.join('; ')}`);

  followable(
    'should run every command and request of the page in order, in a fresh copy of the project',
    async () => {
      const scratch = ScratchProject.create();
      try {
        const script = tutorialScript(blocks, {
          port: await freePort(),
          appLog: join(scratch.root, 'tutorial-app.log'),
        });
        const { execa } = await import('execa');
        const result = await execa('bash', ['-c', script], {
          cwd: scratch.root,
          reject: false,
          all: true,
          stdin: 'ignore',
          env: userEnvironment(),
          extendEnv: false,
        });

        // On failure the output's last `====` line names the block, and what follows says why.
        if (result.exitCode !== 0)
          throw new Error(`exit code ${result.exitCode}:\n${result.all.slice(-12_000)}`);
        const ran = result.all.split('\n').filter((line) => line.startsWith('==== docs/tutorial.md:'));
        console.log(ran.join('\n'));
        expect(ran).toHaveLength(blocks.length);
        expect(result.all).toMatch(/^==== done/m);
      } finally {
        scratch.remove();
      }
    },
    20 * MINUTE,
  );
});

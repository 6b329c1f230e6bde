import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildArgv } from 'jest-cli';

const { scripts } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Jest's reading of `npm run <script> -- <extra>`: the script's own arguments after `jest`, then the extra ones. */
async function jestArgvOf(script: string, extra: string[]) {
  const words = scripts[script].split(' ');
  return buildArgv([...words.slice(words.indexOf('jest') + 1), ...extra]);
}

// How a generated feature's tests are run alone (`npm run test:unit -- src/novels`): the path must reach Jest as a
// path. An array flag at the end of the script (`--selectProjects unit`) would take it as a second project, and
// every unit suite would run.
describe('npm run test:unit', () => {
  it('should take a path after -- as the tests to run, in the unit project only', async () => {
    const argv = await jestArgvOf('test:unit', ['src/novels']);

    expect(argv.selectProjects).toEqual(['unit']);
    expect(argv._).toEqual(['src/novels']);
  });

  it('should take flags after -- as flags', async () => {
    const argv = await jestArgvOf('test:unit', ['-t', 'should create', 'src/novels']);

    expect(argv.testNamePattern).toBe('should create');
    expect(argv._).toEqual(['src/novels']);
  });
});

describe('npm run test:e2e', () => {
  it('should take a path after -- as the suite to run, in the e2e project only', async () => {
    const argv = await jestArgvOf('test:e2e', ['test/novels.e2e-spec.ts']);

    expect(argv.selectProjects).toEqual(['e2e']);
    expect(argv._).toEqual(['test/novels.e2e-spec.ts']);
  });
});

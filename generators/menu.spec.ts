import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { registerGenerators } from '../plopfile';
import { menuProblem } from './menu';

/** The generators as `npx plop` registers them, through a stand-in for plop. */
function registered(): Map<string, Partial<PlopGeneratorConfig>> {
  const generators = new Map<string, Partial<PlopGeneratorConfig>>();
  const plop = {
    setWelcomeMessage: () => undefined,
    setGenerator: (name: string, config: Partial<PlopGeneratorConfig>) => generators.set(name, config),
    getDestBasePath: () => __dirname,
    renderString: (template: string) => template,
    getGeneratorList: () =>
      [...generators].map(([name, config]) => ({ name, description: config.description ?? '' })),
  } as unknown as NodePlopAPI;
  registerGenerators(plop);
  return generators;
}

const standIn = (generators: Map<string, Partial<PlopGeneratorConfig>>) =>
  ({
    getGeneratorList: () =>
      [...generators].map(([name, config]) => ({ name, description: config.description ?? '' })),
  }) as unknown as NodePlopAPI;

describe('the npx plop menu', () => {
  it('should describe each generator in its own words', () => {
    const descriptions = [...registered().values()].map((config) => config.description);

    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('should refuse to draw without a terminal, with a usage line naming every generator', () => {
    const problem = menuProblem(standIn(registered()), ['node', 'plop'], false);

    expect(problem).toContain(
      'usage: npx plop <resource|resolver|controller|field|paginated|interceptor|destroy> -- [flags]',
    );
    expect(problem).toMatch(/^ {2}resolver +a feature on the database served over GraphQL only/m);
  });

  it.each([
    ['on a terminal', ['node', 'plop'], true],
    ['with a generator named', ['node', 'plop', 'resource', '--', '--name', 'Book'], false],
    ["with plop's own flag", ['node', 'plop', '--version'], false],
  ])('should leave the menu to plop %s', (_case, argv, isTerminal) => {
    expect(menuProblem(standIn(registered()), argv, isTerminal)).toBeUndefined();
  });
});

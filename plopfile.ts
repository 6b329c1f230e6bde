import type { NodePlopAPI } from 'plop';
import { destroyGenerator } from './generators/destroy';
import { fieldGenerator } from './generators/field';
import { interceptorGenerator } from './generators/interceptor';
import { menuProblem } from './generators/menu';
import { paginatedGenerator } from './generators/paginated';
import { resourceGenerator } from './generators/resource';

/**
 * `npx plop` lists the generators on a terminal (without one it prints the usage and fails); `npx plop <name> --
 * --flag value …` runs one without prompts.
 */
export default function plopfile(plop: NodePlopAPI): void {
  registerGenerators(plop);
  const problem = menuProblem(plop);
  if (problem) {
    process.stderr.write(problem);
    process.exit(2);
  }
}

export function registerGenerators(plop: NodePlopAPI): void {
  plop.setWelcomeMessage('What do you want to add to the app?');
  plop.setGenerator('resource', resourceGenerator(plop));
  plop.setGenerator('resolver', resourceGenerator(plop, 'graphql'));
  plop.setGenerator('controller', resourceGenerator(plop, 'rest'));
  plop.setGenerator('field', fieldGenerator(plop));
  plop.setGenerator('paginated', paginatedGenerator(plop));
  plop.setGenerator('interceptor', interceptorGenerator(plop));
  plop.setGenerator('destroy', destroyGenerator(plop));
}

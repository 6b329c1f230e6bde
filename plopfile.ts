import type { NodePlopAPI } from 'plop';
import { controllerGenerator } from './generators/controller';
import { destroyGenerator } from './generators/destroy';
import { interceptorGenerator } from './generators/interceptor';
import { paginatedGenerator } from './generators/paginated';
import { resolverGenerator } from './generators/resolver';

/** `npx plop` lists the generators; `npx plop <name> -- --flag value …` runs one without prompts. */
export default function plopfile(plop: NodePlopAPI): void {
  plop.setWelcomeMessage('What do you want to add to the app?');
  plop.setGenerator('resolver', resolverGenerator(plop));
  plop.setGenerator('paginated', paginatedGenerator(plop));
  plop.setGenerator('controller', controllerGenerator(plop));
  plop.setGenerator('interceptor', interceptorGenerator(plop));
  plop.setGenerator('destroy', destroyGenerator(plop));
}

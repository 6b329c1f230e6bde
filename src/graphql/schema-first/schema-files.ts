import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphQLError, parse, Source } from 'graphql';
import { StartupError } from '../../common/errors/startup-error';

/**
 * Parses each `.graphql` file under the project's src/ on its own, so that a syntax error names its file, line
 * and column (`src/posts/posts.graphql:3:8: Syntax Error: Expected ":", found Name "String".`). Nest joins the
 * files' text before it parses them, and its error names neither.
 */
export function assertSchemaFilesParse(root: string): void {
  const src = join(root, 'src');
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.graphql')) continue;
    const name = join('src', file);
    const text = readFileSync(join(src, file), 'utf8');
    if (text.trim() === '') continue; // Nest leaves an empty file out too
    try {
      parse(new Source(text, name), { noLocation: true });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const [at] = error.locations ?? [];
      throw new StartupError(`${name}${at ? `:${at.line}:${at.column}` : ''}: ${error.message}`);
    }
  }
}

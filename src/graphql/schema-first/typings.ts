import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLDefinitionsFactory } from '@nestjs/graphql';
import { assertSchemaFilesParse } from './schema-files';

/** The generated classes, relative to the project root: committed, never edited by hand. */
export const SCHEMA_FIRST_TYPINGS_FILE = join('src', 'graphql', 'schema-first', 'graphql.generated.ts');

const TYPINGS_HEADER = `// Source: every src/**/*.graphql file. Regenerate with \`npm run graphql:typings\` (src/graphql/schema-first/typings.ts);
// a test fails while this file is stale. Validation goes in a subclass (e.g. src/posts/dto/create-post.dto.ts).`;

/**
 * Every schema-first `.graphql` file of the project at `root`: the endpoint's schema and the typings both read
 * them from src/ (tsc does not copy them to dist/).
 */
export function schemaFirstTypePaths(root: string): string[] {
  return [join(root, 'src', '**', '*.graphql')];
}

/** The text of the typings file for the project at `root`; writes nothing there. */
export async function renderSchemaFirstTypings(root: string): Promise<string> {
  assertSchemaFilesParse(root);
  // The factory only writes files: it writes into a scratch directory, and the text is read back.
  const scratch = await mkdtemp(join(tmpdir(), 'schema-first-typings-'));
  try {
    const path = join(scratch, 'graphql.generated.ts');
    await new GraphQLDefinitionsFactory().generate({
      typePaths: schemaFirstTypePaths(root),
      path,
      outputAs: 'class',
      additionalHeader: TYPINGS_HEADER,
      defaultScalarType: 'unknown',
      debug: false,
    });
    const text = await readFile(path, 'utf8');
    // The factory ends without a newline; editors and git expect one.
    return text.endsWith('\n') ? text : `${text}\n`;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Regenerates `src/graphql/schema-first/graphql.generated.ts` of the project at `root` from its `.graphql` files and
 * returns the text. Used by `npm run graphql:typings` and, in-process, by the generators.
 */
export async function generateSchemaFirstTypings(root: string): Promise<string> {
  const text = await renderSchemaFirstTypings(root);
  await writeFile(join(root, SCHEMA_FIRST_TYPINGS_FILE), text);
  return text;
}

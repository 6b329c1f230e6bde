import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import { namesOf } from '../utils/names';

/**
 * A small project of its own for the generators' unit specs, written to a temporary folder: only what the
 * generators read (registration points, schema artefacts, migration snapshot, a few features laid out as parents).
 * The specs plan against it instead of the live app, whose set of features changes with every `npx plop`: a user's
 * `Novel` must not make a spec's `novel` taken, nor a destroyed `Book` make one skip.
 */
export function createFixtureProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'generator-fixture-'));
  for (const [path, text] of Object.entries(FIXTURE_FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

export function removeFixtureProject(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** The parents of the fixture: `references` may point at them, on both GraphQL endpoints. */
export const FIXTURE_PARENTS = ['Author', 'Book', 'Post'];

/** Every file a feature needs to be a parent (parents.ts): table, data module, loading service, model, SDL. */
function parentFeature(Name: string): Record<string, string> {
  const { Names, names, kebabName, kebabNames } = namesOf(Name);
  const folder = `src/${kebabNames}`;
  return {
    [`${folder}/${kebabNames}.table.ts`]: `export const ${names} = pgTable('${namesOf(Name).snakeNames}', {});\n`,
    [`${folder}/${kebabNames}-data.module.ts`]: `@Module({ providers: [${Names}Service], exports: [${Names}Service] })\nexport class ${Names}DataModule {}\n`,
    [`${folder}/${kebabNames}.service.ts`]: `export class ${Names}Service {\n  readonly loadByIds: BatchLoadFn<number, ${Name} | null> = (ids) => this.getByIds([...ids]);\n}\n`,
    [`${folder}/models/${kebabName}.model.ts`]: `@ObjectType()\nexport class ${Name} {}\n`,
    [`${folder}/${kebabNames}.graphql`]: `type ${Name} {\n  id: Int!\n}\n`,
  };
}

/** drizzle-kit's latest snapshot, as far as the generators read it: table and enum names. */
const SNAPSHOT = {
  tables: Object.fromEntries(
    ['authors', 'books', 'posts', 'users', 'throttle_counters'].map((name) => [`public.${name}`, { name }]),
  ),
  enums: { 'public.book_genre': { name: 'book_genre' } },
};

const CODE_FIRST = APP_LAYOUT.endpoints['code-first'];
const SCHEMA_FIRST = APP_LAYOUT.endpoints['schema-first'];

const FIXTURE_FILES: Record<string, string> = {
  ...parentFeature('Author'),
  ...parentFeature('Book'),
  ...parentFeature('Post'),
  // A feature of the app that is not laid out as a parent.
  'src/users/users.module.ts': 'export class UsersModule {}\n',
  'src/books/books.table.ts':
    "export const bookGenre = pgEnum('book_genre', BookGenre);\nexport const books = pgTable('books', {});\n",
  'src/books/book-genre.enum.ts': "export enum BookGenre {\n  FICTION = 'FICTION',\n}\n",
  'src/auth/throttle/throttle-counters.table.ts':
    "export const throttleCounters = pgTable('throttle_counters', {});\n",
  'src/common/pagination/sort-direction.ts': "export enum SortDirection {\n  ASC = 'ASC',\n}\n",
  'src/authors/models/paginated-author.model.ts': '@ObjectType()\nexport class PaginatedAuthor {}\n',
  'src/warriors/models/warrior.model.ts': '@ObjectType()\nexport class Warrior {}\n',
  // Abstract: never a schema type of its own.
  'src/warriors/models/character.model.ts': '@ObjectType()\nexport abstract class Character {}\n',
  [`${APP_LAYOUT.migrations}/meta/0000_snapshot.json`]: `${JSON.stringify(SNAPSHOT, null, 2)}\n`,
  [APP_LAYOUT.rootModule.file]:
    "import { Module } from '@nestjs/common';\n\n@Module({ imports: [], providers: [] })\nexport class AppModule {}\n",
  [CODE_FIRST.file]: `import { AuthorsModule } from '../../authors/authors.module';\n\nexport const ${CODE_FIRST.features} = [AuthorsModule];\n`,
  [SCHEMA_FIRST.file]: `import { AuthorsSchemaFirstModule } from '../../authors/authors-schema-first.module';\n\nexport const ${SCHEMA_FIRST.features} = [AuthorsSchemaFirstModule];\n`,
  [CODE_FIRST.artefact]: [
    'scalar DateTime',
    'type User {\n  id: Int!\n}',
    'type Author {\n  id: Int!\n}',
    'type Post {\n  id: Int!\n}',
    // pages and pagesAsVolume: what the has-many side of a Page's `book` or `volume?:references{Book}` would be.
    'type Book {\n  id: Int!\n  pages: Int!\n  pagesAsVolume: Int!\n}',
    'type Query {\n  me: User!\n  author(id: Int!): Author\n}',
    '',
  ].join('\n\n'),
  [SCHEMA_FIRST.artefact]: '/* generated */\n',
  'src/graphql/schema-first/shared-types.graphql': 'scalar Decimal\n\nscalar DateTime\n\nscalar JSON\n',
};

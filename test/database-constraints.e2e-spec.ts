import { eq } from 'drizzle-orm';
import { integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { toHttpException } from '../src/common/errors/to-http-exception';
import { users } from '../src/users/users.table';
import { createTestDatabase } from './utils/test-database';

/**
 * The suite's own tables, in a schema of its own: a generated feature makes its tables in `public` (a `Shelf`
 * feature makes `shelves`), and none can take these. A parent whose children restrict its deletion, as generated
 * `references` columns do (ON DELETE RESTRICT), and a required column.
 */
const SCHEMA = 'constraints_test';
const schema = pgSchema(SCHEMA);
const shelves = schema.table('shelves', { id: integer('id').primaryKey() });
const volumes = schema.table('volumes', {
  id: integer('id').primaryKey(),
  shelfId: integer('shelf_id').references(() => shelves.id, { onDelete: 'restrict' }),
  title: text('title').notNull(),
});
const CREATE_TABLES = [
  `create schema ${SCHEMA}`,
  `create table ${SCHEMA}.shelves (id integer primary key)`,
  `create table ${SCHEMA}.volumes (
    id integer primary key,
    shelf_id integer references ${SCHEMA}.shelves (id) on delete restrict,
    title text not null
  )`,
];

/**
 * The errors that constraints raise, as the real driver reports them (PGlite here; PostgreSQL in CI's second run),
 * turned into answers by the one mapping: never a 500 for what the client sent.
 */
describe('constraint violations from the database driver', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const answerTo = async (write: Promise<unknown>) => {
    const error: unknown = await write.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const mapped = toHttpException(error);
    return mapped && { status: mapped.getStatus(), message: mapped.message };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const statement of CREATE_TABLES) await database.db.execute(statement);
    await database.db.insert(shelves).values({ id: 1 });
    await database.db.insert(volumes).values({ id: 1, shelfId: 1, title: 'Kept' });
  });

  afterAll(() => database?.dispose());

  it('should answer 409 naming the field for a duplicate unique value', async () => {
    const write = database.db.insert(users).values({ username: 'alice', passwordHash: 'x' });

    await expect(answerTo(write)).resolves.toEqual({
      status: 409,
      message: 'username must be unique: another record already has this value',
    });
  });

  it('should answer 400 naming the field for a parent that does not exist', async () => {
    const write = database.db.insert(volumes).values({ id: 2, shelfId: 999, title: 'Orphan' });

    await expect(answerTo(write)).resolves.toEqual({
      status: 400,
      message: 'shelfId must refer to an existing record',
    });
  });

  it('should answer 409 naming the children when a parent still has some, and delete nothing', async () => {
    const write = database.db.delete(shelves).where(eq(shelves.id, 1));

    await expect(answerTo(write)).resolves.toEqual({
      status: 409,
      message: 'Still referenced by volumes: delete or move those first',
    });
    await expect(database.db.select().from(shelves)).resolves.toEqual([{ id: 1 }]);
  });

  it('should answer 400 naming the field for a null in a required column, and keep the row', async () => {
    const write = database.db
      .update(volumes)
      .set({ title: null as unknown as string })
      .where(eq(volumes.id, 1));

    await expect(answerTo(write)).resolves.toEqual({ status: 400, message: 'title must not be null' });
    await expect(database.db.select().from(volumes)).resolves.toEqual([{ id: 1, shelfId: 1, title: 'Kept' }]);
  });
});

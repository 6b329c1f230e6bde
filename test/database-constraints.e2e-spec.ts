import { eq } from 'drizzle-orm';
import { pgTable, integer, text } from 'drizzle-orm/pg-core';
import { authors } from '../src/authors/authors.table';
import { toHttpException } from '../src/common/errors/to-http-exception';
import { posts } from '../src/posts/posts.table';
import { users } from '../src/users/users.table';
import { createTestDatabase } from './utils/test-database';

// A parent whose children restrict its deletion, as generated `references` columns do (ON DELETE RESTRICT).
const shelves = pgTable('shelves', { id: integer('id').primaryKey() });
const volumes = pgTable('volumes', {
  id: integer('id').primaryKey(),
  shelfId: integer('shelf_id').references(() => shelves.id, { onDelete: 'restrict' }),
  title: text('title'),
});

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
    await database.db.execute('create table shelves (id integer primary key)');
    await database.db.execute(
      'create table volumes (id integer primary key, shelf_id integer references shelves (id) on delete restrict, title text)',
    );
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
    const write = database.db.insert(posts).values({ title: 'Orphan', authorId: 999 });

    await expect(answerTo(write)).resolves.toEqual({
      status: 400,
      message: 'authorId must refer to an existing record',
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
      .update(authors)
      .set({ id: null as unknown as number })
      .where(eq(authors.id, 1));

    await expect(answerTo(write)).resolves.toEqual({ status: 400, message: 'id must not be null' });
    await expect(database.db.select().from(authors).where(eq(authors.id, 1))).resolves.toHaveLength(1);
  });
});

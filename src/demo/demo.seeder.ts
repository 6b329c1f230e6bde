import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { and, eq, getTableName, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Environment } from '../config/environment';
import { authors } from '../authors/authors.table';
import { type Database, DATABASE } from '../database/database.types';
import { posts } from '../posts/posts.table';
import { PasswordHasher } from '../users/password-hasher';
import { users } from '../users/users.table';
import { warriors } from '../warriors/warriors.table';
import { DEMO_AUTHORS, DEMO_POSTS, DEMO_USERS, DEMO_WARRIORS } from './demo-data';

/** Inserts the demo rows that are missing (by id), so a restart never duplicates them. */
@Injectable()
export class DemoSeeder implements OnModuleInit {
  private readonly logger = new Logger(DemoSeeder.name);

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly config: ConfigService<Environment, true>,
    private readonly hasher: PasswordHasher,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.get('SEED_DEMO', { infer: true })) await this.seed();
  }

  async seed(): Promise<void> {
    const existing = await this.db
      .select({ username: users.username })
      .from(users)
      .where(
        inArray(
          users.username,
          DEMO_USERS.map((user) => user.username),
        ),
      );
    const missing = DEMO_USERS.filter((user) => !existing.some((row) => row.username === user.username));
    // Hash only what is missing: scrypt is deliberately slow.
    const newUsers = await Promise.all(
      missing.map(async ({ id, username, email, password, roles }) => ({
        id,
        username,
        email,
        emailVerified: true,
        roles,
        passwordHash: await this.hasher.hash(password),
      })),
    );

    await this.db.transaction(async (tx) => {
      if (newUsers.length > 0) await tx.insert(users).values(newUsers).onConflictDoNothing();
      // Demo users seeded before accounts had addresses get theirs (never replacing one they have).
      for (const { username, email } of DEMO_USERS) {
        await tx
          .update(users)
          .set({ email, emailVerified: true })
          .where(and(eq(users.username, username), isNull(users.email)));
      }
      await tx.insert(authors).values(DEMO_AUTHORS).onConflictDoNothing();
      await tx.insert(posts).values(DEMO_POSTS).onConflictDoNothing();
      await tx.insert(warriors).values(DEMO_WARRIORS).onConflictDoNothing();
      // Explicit ids do not move the identity sequences: move them past the demo rows.
      for (const table of [users, authors, posts, warriors] as PgTable[]) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), greatest((select max(id) from ${table}), 1))`,
        );
      }
    });
    if (newUsers.length > 0) this.logger.log(`Seeded demo data (${newUsers.length} users)`);
  }
}

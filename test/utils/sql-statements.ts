import type { INestApplication } from '@nestjs/common';
import { QueryCounter } from '../../src/database/query-counter';

/** What `run` answered and how many SQL statements the app sent meanwhile (tests prove batching with it). */
export async function countSqlStatements<T>(
  app: INestApplication,
  run: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const counter = app.get(QueryCounter);
  const before = counter.count;
  const result = await run();
  return { result, statements: counter.count - before };
}

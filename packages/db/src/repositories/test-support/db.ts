import { createDb } from '../../index';
import type { Db } from '../../types';

/**
 * The run's migrated Postgres database (DATABASE_URL, set by Jest's global setup) for one test file:
 * opened before its first test, closed after its last. Call it at the top of the file; the answer
 * gives the open database inside tests and hooks.
 */
export function useTestDb(poolSize = 4): () => Db {
  let db: Db | undefined;
  beforeAll(() => {
    db = createDb(process.env.DATABASE_URL!, poolSize);
  });
  afterAll(async () => {
    await db?.destroy();
  });
  return () => {
    if (!db) throw new Error('useTestDb: the database opens in beforeAll; use it inside a test or hook');
    return db;
  };
}

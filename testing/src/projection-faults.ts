import { sql } from 'kysely';
import type { Stack } from './stack';

/**
 * A projection write that fails on every retry: once a participant is named here, every write that
 * would mark it `captured` in `split_participants` raises, as a database refusing the capture's write
 * would, while the processor call before it goes through. The split workflow's capture then
 * succeeds at the processor and fails in the projection on every attempt, and the split waits for
 * support (docs/runbook.md). Test and chaos scaffolding only: a trigger and a table of its own,
 * created in the run's database on first use. Returns the release (writes go through again).
 */
export async function refuseCaptureWrites(stack: Pick<Stack, 'db'>, participantId: string) {
  await installCaptureWriteFault(stack);
  await stack.db
    .insertInto('test_refused_capture_writes' as never)
    .values({ participant_id: participantId } as never)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return async () => {
    await sql`DELETE FROM test_refused_capture_writes WHERE participant_id = ${participantId}`.execute(stack.db);
  };
}

/** The message every refused write fails with (it reaches the split's `stuck.error`). */
export const REFUSED_CAPTURE_WRITE = 'injected fault: the projection refuses this capture write';

let installed: Promise<void> | null = null;

/** Idempotent; one advisory lock so concurrent first uses (several test files, chaos scripts) do not race. */
export function installCaptureWriteFault(stack: Pick<Stack, 'db'>): Promise<void> {
  installed ??= stack.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('test_refused_capture_writes'))`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS test_refused_capture_writes (participant_id uuid PRIMARY KEY)`.execute(trx);
    await sql
      .raw(`CREATE OR REPLACE FUNCTION test_refuse_capture_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM test_refused_capture_writes WHERE participant_id = NEW.id) THEN
    RAISE EXCEPTION '${REFUSED_CAPTURE_WRITE}';
  END IF;
  RETURN NEW;
END;
$$`)
      .execute(trx);
    await sql`DROP TRIGGER IF EXISTS test_refuse_capture_write ON split_participants`.execute(trx);
    await sql`CREATE TRIGGER test_refuse_capture_write BEFORE UPDATE ON split_participants
      FOR EACH ROW WHEN (NEW.status = 'captured' AND OLD.status IS DISTINCT FROM 'captured')
      EXECUTE FUNCTION test_refuse_capture_write()`.execute(trx);
  });
  return installed;
}

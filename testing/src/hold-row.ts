import type { Stack } from './stack';

/**
 * Takes a row lock on a split participant, so the next write to that row waits. Holding it
 * catches the split workflow mid-step: its processor call has happened, its projection write
 * has not. The lock is the one an UPDATE takes, so rows that merely reference the participant
 * (history, findings) can still be written. Returns the release (safe to call twice).
 */
export async function holdParticipantRow(stack: Pick<Stack, 'db'>, participantId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const transaction = stack.db.transaction().execute(async (trx) => {
    await trx.selectFrom('split_participants').select('id').where('id', '=', participantId).forNoKeyUpdate().execute();
    locked();
    await released;
  });
  await Promise.race([isLocked, transaction]);
  return async () => {
    release();
    await transaction;
  };
}

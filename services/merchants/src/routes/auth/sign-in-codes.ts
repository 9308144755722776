import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Db, SignInCodesRepository } from '@groupsplit/shared';
import type { SignInAddress } from './email-address';

export const CODE_VALID_MINUTES = 10;
export const MAX_WRONG_CODES = 5;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'too_many_attempts';

// Keyed, so a leaked table does not give the codes away to a million-guess brute force.
const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`sign-in:${email}:${code}`).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Issues a fresh code for the address, replacing any earlier one (and its wrong-try count), and
 * records which connection asked for it: while the address is under guard only it may enter a code
 * (sign-in-limits.ts).
 */
export async function issueSignInCode(
  db: Db,
  secret: string,
  email: SignInAddress,
  requestedIp: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await new SignInCodesRepository(db).issue(email, {
    codeHash: hashCode(secret, email, code),
    expiresAt: new Date(Date.now() + CODE_VALID_MINUTES * 60_000),
    requestedIp,
    createdAt: new Date(),
  });
  return code;
}

/**
 * Checks and, when right, uses up the address's code. Run it in the transaction that creates
 * the session, and let that transaction commit on a wrong code too so the try is counted.
 * Only wrong tries from the connection that asked for the code use up its five: anyone else's are
 * counted against them and the address instead (sign-in-limits.ts), so a code the owner asks for
 * keeps its five tries for the owner, whatever others guess meanwhile.
 */
export async function checkSignInCode(
  trx: Db,
  secret: string,
  email: SignInAddress,
  code: string,
  clientIp: string,
): Promise<CodeCheck> {
  const codes = new SignInCodesRepository(trx);
  const row = await codes.lock(email);
  if (!row) return 'wrong';
  if (row.consumed_at || row.expires_at.getTime() <= Date.now()) return 'expired';
  if (row.failed_attempts >= MAX_WRONG_CODES) return 'too_many_attempts';
  if (!sameHash(row.code_hash, hashCode(secret, email, code))) {
    // A code made before the connection was recorded counts every wrong try, as all codes used to.
    if (row.requested_ip !== null && row.requested_ip !== clientIp) return 'wrong';
    await codes.countWrongTry(row.id);
    return 'wrong';
  }
  await codes.consume(row.id);
  return 'ok';
}

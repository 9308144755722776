import { sql } from 'kysely';
import type { Db } from '../types';

/**
 * Every query of `sign_in_codes` (one live code per address, written by the merchants service's
 * e-mail sign-in) and `sign_in_attacks` (the append-only record of an address put under guard).
 * Only codes' keyed hashes are stored.
 */
export class SignInCodesRepository {
  constructor(private readonly db: Db) {}

  /** Stores the address's new code, replacing any earlier one (and its wrong-try count). */
  async issue(
    email: string,
    code: { codeHash: string; expiresAt: Date; requestedIp: string; createdAt: Date },
  ): Promise<void> {
    const values = {
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      failed_attempts: 0,
      consumed_at: null,
      created_at: code.createdAt,
      requested_ip: code.requestedIp,
    };
    await this.db
      .insertInto('sign_in_codes')
      .values({ email, ...values })
      .onConflict((oc) => oc.column('email').doUpdateSet(values))
      .execute();
  }

  /** The address's code, locked FOR UPDATE while it is checked. */
  async lock(email: string) {
    return this.db.selectFrom('sign_in_codes').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
  }

  /** The connection that asked for the address's current code (null for old codes), or undefined with no code. */
  async requestedIp(email: string): Promise<{ requested_ip: string | null } | undefined> {
    return this.db.selectFrom('sign_in_codes').select('requested_ip').where('email', '=', email).executeTakeFirst();
  }

  /** Counts one wrong try against the code. */
  async countWrongTry(id: string): Promise<void> {
    await this.db
      .updateTable('sign_in_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Uses the code up. */
  async consume(id: string): Promise<void> {
    await this.db.updateTable('sign_in_codes').set({ consumed_at: new Date() }).where('id', '=', id).execute();
  }

  /**
   * Records an attack on the address unless one is recorded whose guard has not ended yet, in one
   * statement; whether this call recorded it.
   */
  async recordAttack(attack: {
    email: string;
    wrongCodes: number;
    guardedUntil: Date;
    clientIp: string;
  }): Promise<boolean> {
    const { email } = attack;
    const { rows } = await sql<{ id: string }>`
      INSERT INTO sign_in_attacks (email, wrong_codes, guarded_until, client_ip)
      SELECT ${email}, ${attack.wrongCodes}, ${attack.guardedUntil}, ${attack.clientIp}
      WHERE NOT EXISTS (SELECT 1 FROM sign_in_attacks WHERE email = ${email} AND guarded_until > now())
      RETURNING id`.execute(this.db);
    return rows.length > 0;
  }
}

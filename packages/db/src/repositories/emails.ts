import { sql, type UpdateObject } from 'kysely';
import type { Database, Db } from '../types';

/** A first attempt's claim: `sending` is the caller's to send, `suppressed` goes nowhere. */
export type ClaimedFirstAttempt = { id: string; status: 'sending' | 'suppressed' };

/** How one first attempt ended. */
export type FirstAttemptOutcome = { id: string; status: 'sent' | 'handed_over'; error: string | null };

/** One e-mail to claim a first attempt for; `request` is the e-mail workflow's input, stored as it is. */
export type FirstAttemptClaim = { id: string; to: string; request: unknown; participant: boolean };

/**
 * Every query of `emails` (written by the worker's e-mail workflow) and `email_first_attempts`
 * (written by checkout, which makes the first attempt at an e-mail itself; read by the worker's sweep
 * and its `deliverEmail`), docs/emails.md.
 */
export class EmailsRepository {
  constructor(private readonly db: Db) {}

  /** The e-mail's row, `sending`, unless one is there already (an earlier run of the activity). */
  async insertSending(row: {
    id: string;
    recipient: string;
    template: string;
    subject: string;
    merchantId: string | null;
  }): Promise<void> {
    await this.db
      .insertInto('emails')
      .values({
        id: row.id,
        recipient: row.recipient,
        template: row.template,
        subject: row.subject,
        merchant_id: row.merchantId,
        status: 'sending',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** The e-mail's status, and its first attempt's (checkout's own send) if it had one. */
  async findStatus(
    id: string,
  ): Promise<{ status: Database['emails']['status']; first_attempt: string | null } | undefined> {
    return this.db
      .selectFrom('emails')
      .select((eb) => [
        'status',
        eb
          .selectFrom('email_first_attempts')
          .select('email_first_attempts.status')
          .whereRef('email_first_attempts.id', '=', 'emails.id')
          .as('first_attempt'),
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Changes one e-mail's row, with its updated_at; its template, or undefined when there is no row. */
  async update(id: string, changes: UpdateObject<Database, 'emails'>): Promise<{ template: string } | undefined> {
    return this.db
      .updateTable('emails')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returning('template')
      .executeTakeFirst();
  }

  /**
   * First attempts left `sending` for `olderThanMs` or more whose e-mail no workflow has taken up yet
   * (no `emails` row), oldest first: their stored requests.
   */
  async staleFirstAttempts(olderThanMs: number, limit: number): Promise<unknown[]> {
    const { rows } = await sql<{ request: unknown }>`
      SELECT f.request FROM email_first_attempts f
       WHERE f.status = 'sending'
         AND f.created_at <= now() - make_interval(secs => ${olderThanMs / 1000})
         AND NOT EXISTS (SELECT 1 FROM emails e WHERE e.id = f.id)
       ORDER BY f.created_at
       LIMIT ${limit}
    `.execute(this.db);
    return rows.map((row) => row.request);
  }

  /**
   * Claims each e-mail id for a first attempt, in one statement: a row per id not seen before (here or
   * by the e-mail workflow), `suppressed` at once for participant mail to an address that unsubscribed.
   * Only ids returned as `sending` are the caller's to send, so an id is attempted once.
   */
  async claimFirstAttempts(claims: FirstAttemptClaim[]): Promise<ClaimedFirstAttempt[]> {
    const { rows } = await sql<ClaimedFirstAttempt>`
      INSERT INTO email_first_attempts (id, recipient, request, status)
      SELECT r.id, r.recipient, r.request,
             CASE WHEN r.participant AND EXISTS (
               SELECT 1 FROM email_suppressions s WHERE lower(s.email) = lower(r.recipient)
             ) THEN 'suppressed' ELSE 'sending' END
        FROM unnest(${claims.map((c) => c.id)}::uuid[], ${claims.map((c) => c.to)}::text[],
                    ${claims.map((c) => JSON.stringify(c.request))}::jsonb[],
                    ${claims.map((c) => c.participant)}::boolean[])
             AS r(id, recipient, request, participant)
       WHERE NOT EXISTS (SELECT 1 FROM emails e WHERE e.id = r.id)
      ON CONFLICT (id) DO NOTHING
      RETURNING id, status
    `.execute(this.db);
    return rows;
  }

  /** Records how each first attempt still `sending` ended, in one statement. */
  async recordFirstAttempts(outcomes: FirstAttemptOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await sql`
      UPDATE email_first_attempts f
         SET status = o.status, error = o.error, updated_at = now()
        FROM unnest(${outcomes.map((o) => o.id)}::uuid[], ${outcomes.map((o) => o.status)}::text[],
                    ${outcomes.map((o) => o.error)}::text[]) AS o(id, status, error)
       WHERE f.id = o.id AND f.status = 'sending'
    `.execute(this.db);
  }
}

/**
 * Every query of `email_suppressions` (written by the merchants service's one-click unsubscribe;
 * read wherever participant mail is planned). Addresses compare case-insensitively.
 */
export class EmailSuppressionsRepository {
  constructor(private readonly db: Db) {}

  /** Unsubscribes the address; a repeated click changes nothing. */
  async suppress(email: string): Promise<void> {
    await this.db
      .insertInto('email_suppressions')
      .values({ email })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  /** Whether the address unsubscribed. */
  async isSuppressed(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('email_suppressions')
      .select('email')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The addresses among `emails` that unsubscribed, lower-cased. */
  async suppressedAmong(emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('email_suppressions')
      .select(sql<string>`lower(email)`.as('email'))
      .where(
        sql<string>`lower(email)`,
        'in',
        emails.map((e) => e.toLowerCase()),
      )
      .execute();
    return new Set(rows.map((r) => r.email));
  }
}

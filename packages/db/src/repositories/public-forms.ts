import type { Insertable } from 'kysely';
import type { PublicFormSubmissionsTable } from '../schema/credentials';
import type { Db } from '../types';

/** Every query of `public_form_submissions` (the website's anonymous forms; written by the merchants service). */
export class PublicFormsRepository {
  constructor(private readonly db: Db) {}

  /** Stores one submission; its id and when it was received. */
  async submit(submission: Insertable<PublicFormSubmissionsTable>): Promise<{ id: string; created_at: Date }> {
    return this.db
      .insertInto('public_form_submissions')
      .values(submission)
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }
}

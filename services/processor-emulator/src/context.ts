import type { Config, Database, Db, Logger } from '@groupsplit/shared';
import type { Kysely } from 'kysely';
import type { Deliverer } from './deliverer';
import type { Faults } from './faults';

export type Mode = 'test' | 'live';
export const PLATFORM = 'platform';

/** Where an object lives: the key's mode and the connected account (or the platform). */
export type Scope = { mode: Mode; account: string };

/** The emulator instance: its database, settings and background machinery. */
export type Emu = {
  db: Db;
  config: Config;
  logger: Logger;
  deliverer: Deliverer;
  faults: Faults;
  /** `captureBefore`: holds authorised later get this capture_before (control API) instead of now + 7 days. */
  settings: { latencyMs: number; captureBefore: Map<string, Date> };
};

/** Either the database or an open transaction. */
export type Tx = Kysely<Database>;

/** What one operation records about itself: which request caused it and the events it emitted. */
export type OpContext = { requestId: string | null; idempotencyKey: string | null; emitted: string[] };

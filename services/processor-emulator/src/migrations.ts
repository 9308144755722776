import { join } from 'node:path';

/**
 * The emulator's own tables (emulator_*), kept out of the production migrations: production
 * talks to the real processor and never needs them. The emulator applies this set at start-up;
 * `npm start` and the test infrastructure apply it with the production set.
 */
export const EMULATOR_MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

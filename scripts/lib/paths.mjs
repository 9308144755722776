import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS_BIN = join(ROOT, '.tools', 'bin');
export const DATA_DIR = join(ROOT, '.data');
/** The processor emulator's migration set; `npm start` and the tests apply it after the production one. */
export const EMULATOR_MIGRATIONS = join(ROOT, 'services', 'processor-emulator', 'migrations');

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS_BIN = join(ROOT, '.tools', 'bin');
export const DATA_DIR = join(ROOT, '.data');

import { join } from 'node:path';

/**
 * Where the built dashboard lives: `dashboard/dist` beside the sources, and `dist/dashboard/dist` in the
 * compiled build (scripts/build.mjs), so the same relative path serves both. The gateway serves it at
 * /dashboard; scripts/lib/dashboard.mjs builds it.
 */
export const DASHBOARD_DIST_DIR = join(__dirname, '..', 'dist');

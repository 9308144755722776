// What every Jest run of the whole stack needs first (`npm test`, `npm run test:soak`).
import { ensureNodeModules } from './deps.mjs';

/** Installs what is missing: npm dependencies, the Temporal CLI, stripe-mock, Chromium, promtool; builds the dashboard. */
export async function prepareForJest() {
  ensureNodeModules();
  // Imported after the install: they use installed packages.
  const { ensureStripeMock, ensureTemporalCli } = await import('./tools.mjs');
  const { ensureDashboardBuilt } = await import('./dashboard.mjs');
  const { ensureChromium } = await import('./chromium.mjs');
  const { ensurePromtool } = await import('./promtool.mjs');
  ensureTemporalCli();
  ensureStripeMock();
  // Before Jest, not in a browser suite's setup: an apt install on a busy machine outlasts any hook's timeout.
  ensureChromium();
  // The alert-rule tests run it (testing/src/alerts.test.ts).
  process.env.PROMTOOL_PATH = ensurePromtool();
  // The gateway serves the dashboard (skipped when its sources are unchanged).
  await ensureDashboardBuilt();
}

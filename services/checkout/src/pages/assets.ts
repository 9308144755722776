import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pages' static files, served at /checkout/assets/<name> (hosted-checkout routes): read once
 * at start-up. Scripts are files, never inline, so the pages' CSP allows only our own origin.
 * `progress.js` is an ES module both pages' scripts import.
 */
const file = (path: string, type: string) => ({ type, body: readFileSync(join(__dirname, path)) });
const JS = 'text/javascript; charset=utf-8';

export const PAGE_ASSETS: Record<string, { type: string; body: Buffer }> = {
  'page.css': file('shared/page.css', 'text/css; charset=utf-8'),
  'progress.js': file('shared/progress.js', JS),
  'checkout.js': file('checkout/checkout.js', JS),
  'pay.js': file('pay/pay.js', JS),
};

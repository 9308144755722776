import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pages' static files, served at /checkout/assets/<name> (hosted-checkout routes): read once
 * at start-up. Scripts are files, never inline, so the pages' CSP allows only our own origin.
 * `progress.js` is an ES module every page's script imports; it imports `wording.js`. `sign-in.js`
 * (calling the API, the steps, signing in by code) is what the checkout and join pages' scripts share.
 */
const file = (path: string, type: string) => ({ type, body: readFileSync(join(__dirname, path)) });
const JS = 'text/javascript; charset=utf-8';

/**
 * `wording.js` is CommonJS, which the server requires as it is; browsers get the same text run as
 * an ES module whose default export is its `module.exports`.
 */
function wordingModule() {
  const source = readFileSync(join(__dirname, 'shared/wording.js'), 'utf8');
  const body = `const module = { exports: {} };\n${source}\nexport default module.exports;\n`;
  return { type: JS, body: Buffer.from(body) };
}

/** page.css after the rule the dashboard shares (`.visually-hidden`, @groupsplit/shared/visually-hidden.css). */
function pageCss() {
  const shared = readFileSync(require.resolve('@groupsplit/shared/visually-hidden.css'));
  return {
    type: 'text/css; charset=utf-8',
    body: Buffer.concat([shared, readFileSync(join(__dirname, 'shared/page.css'))]),
  };
}

export const PAGE_ASSETS: Record<string, { type: string; body: Buffer }> = {
  'page.css': pageCss(),
  'progress.js': file('shared/progress.js', JS),
  'wording.js': wordingModule(),
  'sign-in.js': file('shared/sign-in.js', JS),
  'checkout.js': file('checkout/checkout.js', JS),
  'join.js': file('join/join.js', JS),
  'pay.js': file('pay/pay.js', JS),
};

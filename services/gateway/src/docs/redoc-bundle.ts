import { readFile } from 'node:fs/promises';

/**
 * Redoc's standalone bundle (the `redoc` package), as /docs serves it, with two changes:
 * - its sidebar credit loads a logo from Redocly's CDN, which the page's CSP refuses and which would
 *   make the page reach outside our origin; an empty inline image takes its place (the text stays);
 * - the bundle injects stylesheets as soon as it loads, before Redoc.init() can hand it the CSP
 *   nonce, and the CSP refuses those; the bundle's nonce (webpack's `__webpack_nonce__`) is taken
 *   from its own script element instead, which the page gives the per-request nonce.
 */
const PATCHES: [string, string][] = [
  [
    'src:"https://cdn.redoc.ly/redoc/logo-mini.svg"',
    `src:"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"`,
  ],
  ['r.nc=void 0;', 'r.nc=document.currentScript&&document.currentScript.nonce||void 0;'],
];

let bundle: Promise<string> | undefined;

export function redocBundle(): Promise<string> {
  bundle ??= readFile(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').then((source) =>
    PATCHES.reduce((patched, [from, to]) => {
      // Exactly once, or a Redoc upgrade moved what is patched: fail loudly rather than serve it unpatched.
      if (patched.split(from).length !== 2) throw new Error(`redoc.standalone.js changed: ${from} is not there once`);
      return patched.replace(from, to);
    }, source),
  );
  return bundle;
}

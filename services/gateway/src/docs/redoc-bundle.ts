import { readFile } from 'node:fs/promises';

/**
 * Redoc's standalone bundle (the `redoc` package), as /docs serves it. One change: its sidebar
 * credit loads a logo from Redocly's CDN, which the page's CSP refuses and which would make the
 * page reach outside our origin; an empty inline image takes its place (the credit's text stays).
 */
const CDN_LOGO = 'src:"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const EMPTY_IMAGE = `src:"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"`;

let bundle: Promise<string> | undefined;

export function redocBundle(): Promise<string> {
  bundle ??= readFile(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').then((source) => {
    if (!source.includes(CDN_LOGO)) {
      throw new Error('redoc.standalone.js changed: its CDN logo is no longer where docs/redoc-bundle.ts patches it');
    }
    return source.replace(CDN_LOGO, EMPTY_IMAGE);
  });
  return bundle;
}

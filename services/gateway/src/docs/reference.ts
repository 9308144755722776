import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml, html, notFound, SafeHtml } from '@groupsplit/shared';
import type { Context, Next } from 'koa';
import { marked } from 'marked';
import { OPENAPI_PATH } from '../openapi/serve';
import { redocBundle } from './redoc-bundle';

/**
 * The API reference at /docs: Redoc renders /api/openapi.json, with every asset served from here
 * (no CDN; the page works offline), and the guides of docs/ rendered as pages of their own.
 * The CSP allows scripts and stylesheets from our origin only, plus the stylesheets Redoc
 * injects, which carry the per-request nonce.
 */

export const DOCS_PATH = '/docs';

/** The guides published beside the reference: docs/<file> at /docs/<name>. */
export const GUIDES = [
  { name: 'quickstart', file: 'quickstart.md', title: 'Quickstart' },
  { name: 'webhooks', file: 'webhooks.md', title: 'Webhooks guide' },
  // What the dashboard's consent step asks every team member to accept (docs/dashboard.md, "Terms").
  { name: 'terms', file: 'terms.md', title: 'Terms of service' },
  { name: 'privacy', file: 'privacy.md', title: 'Privacy notice' },
  // Every error body's doc_url points here (packages/core/src/errors/error-answer.ts, ERRORS_DOC_PATH).
  { name: 'errors', file: 'errors.md', title: 'Errors' },
] as const;

/** docs/ of the repository; the build copies it beside dist/ (scripts/build.mjs). */
const DOCS_DIR = join(__dirname, '..', '..', '..', '..', 'docs');

export const docsCsp = (nonce?: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const ASSETS: Record<string, { file: string; type: string }> = {
  'docs.js': { file: 'docs.js', type: 'text/javascript; charset=utf-8' },
  'docs.css': { file: 'docs.css', type: 'text/css; charset=utf-8' },
};

function bar(current: string) {
  const link = (href: string, label: string) =>
    html`<a href="${href}"${current === href ? new SafeHtml(' aria-current="page"') : ''}>${label}</a>`;
  return html`<header class="docs-bar">
<a class="brand" href="${DOCS_PATH}">groupsplit API</a>
<nav aria-label="Documentation">${link(DOCS_PATH, 'API reference')}${GUIDES.map((g) => link(`${DOCS_PATH}/${g.name}`, g.title))}${link(OPENAPI_PATH, 'OpenAPI document')}</nav>
</header>`;
}

function page(title: string, current: string, body: SafeHtml, scripts: string[] = [], nonce?: string) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · groupsplit</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_PATH}/assets/docs.css">
</head>
<body>
${bar(current)}
${body}
${scripts.map((src) => (nonce ? html`<script src="${src}" nonce="${nonce}"></script>` : html`<script src="${src}"></script>`))}
</body>
</html>
`.value;
}

function referencePage(nonce: string) {
  const root = html`<main id="redoc" data-spec-url="${OPENAPI_PATH}"><p class="loading">Loading the API reference…</p></main>`;
  // The scripts carry the nonce for the stylesheets they inject (script-src itself is 'self' only).
  const scripts = [`${DOCS_PATH}/assets/redoc.standalone.js`, `${DOCS_PATH}/assets/docs.js`];
  return page('API reference', DOCS_PATH, root, scripts, nonce);
}

/** Markdown to HTML; links to a published guide go to its page, tables may scroll sideways on a phone. */
/** GitHub's anchor for a heading, so links written for GitHub (`#retry-schedule`) work here too. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** Markdown to HTML; links to a published guide go to its page, headings get GitHub's anchors. */
const renderer = new marked.Renderer();
renderer.heading = (text, level, raw) => `<h${level} id="${escapeHtml(slug(raw))}">${text}</h${level}>\n`;
renderer.link = (href, _title, text) => {
  const target = href ?? '';
  const guide = GUIDES.find((g) => target === g.file || target.startsWith(`${g.file}#`));
  if (guide) return `<a href="${DOCS_PATH}/${guide.name}${target.slice(guide.file.length)}">${text}</a>`;
  // Other files of the repository are not published here: keep the words, drop the dead link.
  if (!/^(https?:|mailto:|#|\/)/.test(target)) return text;
  return `<a href="${escapeHtml(target)}">${text}</a>`;
};

async function guidePage(guide: (typeof GUIDES)[number]): Promise<string | null> {
  let source: string;
  try {
    source = await readFile(join(DOCS_DIR, guide.file), 'utf8');
  } catch {
    return null;
  }
  const body = new SafeHtml(
    marked
      .parse(source, { renderer, headerIds: false, mangle: false })
      .replace(/<table>/g, '<div class="table-wrap"><table>')
      .replace(/<\/table>/g, '</table></div>'),
  );
  return page(guide.title, `${DOCS_PATH}/${guide.name}`, html`<main class="guide">${body}</main>`);
}

function securityHeaders(ctx: Context, csp: string) {
  ctx.set('content-security-policy', csp);
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('referrer-policy', 'no-referrer');
  ctx.set('x-frame-options', 'DENY');
}

/** GET /docs, /docs/<guide> and /docs/assets/<name>; anything else goes on. */
export function docsRoutes(assetsDir: string = join(__dirname, 'assets')) {
  return async (ctx: Context, next: Next) => {
    const inDocs = ctx.path === DOCS_PATH || ctx.path.startsWith(`${DOCS_PATH}/`);
    if (!inDocs || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const rest = ctx.path.slice(DOCS_PATH.length).replace(/\/$/, '');

    if (rest.startsWith('/assets/')) {
      const name = rest.slice('/assets/'.length);
      securityHeaders(ctx, docsCsp());
      ctx.set('cache-control', 'public, max-age=300');
      if (name === 'redoc.standalone.js') {
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.body = await redocBundle();
        return;
      }
      const asset = ASSETS[name];
      if (!asset) throw notFound();
      ctx.type = asset.type;
      ctx.body = await readFile(join(assetsDir, asset.file));
      return;
    }

    ctx.set('cache-control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    if (rest === '') {
      const nonce = randomBytes(16).toString('base64');
      securityHeaders(ctx, docsCsp(nonce));
      ctx.body = referencePage(nonce);
      return;
    }
    const guide = GUIDES.find((g) => rest === `/${g.name}`);
    const body = guide ? await guidePage(guide) : null;
    if (!body) throw notFound();
    securityHeaders(ctx, docsCsp());
    ctx.body = body;
  };
}

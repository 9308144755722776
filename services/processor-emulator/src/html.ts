import type { Context } from 'koa';

/** The emulator's own pages (hosted onboarding, the 3-D Secure test challenge): plain HTML, no script. */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(ctx: Context, status: number, title: string, body: string) {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('cache-control', 'no-store');
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1a2e}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:.3rem;background:#fde68a;font-size:.8rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font-size:1rem;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#4f46e5;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a2e;border:1px solid #4b5563}
form.fields{display:grid;gap:1rem}label{display:block;font-weight:600;margin-bottom:.25rem}
input{font-size:1rem;padding:.5rem;border:1px solid #4b5563;border-radius:.4rem;width:100%;box-sizing:border-box}
.hint{color:#374151;font-size:.9rem}.error{color:#b91c1c;font-weight:600}.actions a{align-self:center}</style>
</head><body><main>${body}</main></body></html>`;
}

import type Router from '@koa/router';
import type { Emu, OpContext } from './context';
import { updateAccountFlags } from './domain';
import { escapeHtml, page } from './html';

/** How long after opening the link the form may still be submitted. */
const FORM_VALIDITY_MS = 60 * 60 * 1000;

/**
 * The processor's hosted onboarding, emulated: the account link opens a page once (a second
 * visit, or one after expiry, goes to refresh_url as Stripe does); "Complete onboarding"
 * activates the account and returns to return_url.
 */
export function onboardingRoutes(emu: Emu, router: Router) {
  const findLink = (token: string) =>
    emu.db.selectFrom('emulator_account_links').selectAll().where('token', '=', token).executeTakeFirst();

  router.get('/onboarding/:token', async (ctx) => {
    const link = await findLink(ctx.params.token!);
    if (!link) return page(ctx, 404, 'Link not found', '<h1>This onboarding link is not valid.</h1>');
    const claimed = await emu.db
      .updateTable('emulator_account_links')
      .set({ visited_at: new Date() })
      .where('token', '=', link.token)
      .where('visited_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      ctx.status = 302;
      ctx.redirect(link.refresh_url);
      return;
    }
    const account = await emu.db
      .selectFrom('emulator_accounts')
      .selectAll()
      .where('id', '=', link.account_id)
      .executeTakeFirstOrThrow();
    page(
      ctx,
      200,
      'Set up payments',
      `<p><span class="badge">${escapeHtml(link.mode)} mode</span> Processor emulator</p>
<h1>Set up payments for ${escapeHtml(account.business_name ?? account.id)}</h1>
<p>Account <code>${escapeHtml(account.id)}</code> (${escapeHtml(account.country)}, ${escapeHtml(account.default_currency.toUpperCase())}).
Completing onboarding submits the business details, verifies the owner's identity and enables charges and payouts.</p>
<form method="post" action="/_emulator/onboarding/${encodeURIComponent(link.token)}/complete">
<button type="submit">Complete onboarding</button></form>`,
    );
  });

  router.post('/onboarding/:token/complete', async (ctx) => {
    const link = await findLink(ctx.params.token!);
    if (!link) return page(ctx, 404, 'Link not found', '<h1>This onboarding link is not valid.</h1>');
    const usable =
      link.visited_at !== null &&
      link.completed_at === null &&
      Date.now() - link.visited_at.getTime() < FORM_VALIDITY_MS;
    if (!usable) {
      ctx.status = 303;
      ctx.redirect(link.refresh_url);
      return;
    }
    const op: OpContext = { requestId: null, idempotencyKey: null, emitted: [] };
    await emu.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('emulator_account_links')
        .set({ completed_at: new Date() })
        .where('token', '=', link.token)
        .execute();
      await updateAccountFlags(emu, trx, op, link.account_id, {
        charges_enabled: true,
        details_submitted: true,
        payouts_enabled: true,
        owner_identity_verified: true,
      });
    });
    emu.deliverer.schedule(op.emitted);
    ctx.status = 303;
    ctx.redirect(link.return_url);
  });
}

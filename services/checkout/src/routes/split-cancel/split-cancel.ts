import { conflict, MESSAGES, notFound, type SplitRow, validate } from '@groupsplit/shared';
import { type CancelOutcome, cancelSplitUpdate, splitWorkflowId } from '@groupsplit/workflows';
import Router from '@koa/router';
import type { Context } from 'koa';
import { apiKeyPrincipal, auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { callSplitWorkflow } from '../../splits/changed-since-read';
import { loadSplitFor } from '../../splits/load-split';
import { emailPayers } from './cancel-notice';
import { notPendingMessage, SplitIdParams } from './schema';

/** Both routes answer this body when the split is (or already was) cancelled. */
const CANCELED = { status: 'canceled' } as const;

/** The API-key route's refusal of anything but a pending split (spec: 409 `not_pending` naming the status). */
const notPending = (status: string) => conflict(notPendingMessage(status), 'not_pending', { status });

/**
 * Asks the split workflow to cancel a split read as pending. If the workflow moved on in between
 * (closed, or left `pending`), the answer is where the split is now, with nothing changed.
 */
async function requestCancel({ db, temporal }: CheckoutDeps, split: SplitRow, actor: string): Promise<CancelOutcome> {
  const handle = temporal.client.workflow.getHandle(splitWorkflowId(split.id));
  const result = await callSplitWorkflow(
    db,
    split.id,
    () => handle.executeUpdate(cancelSplitUpdate, { args: [{ actor }] }),
    // Still pending after a failed call: the failure was not the race, so it stands.
    (_error, now) => now !== 'pending',
  );
  if (!result.changed) return result.value;
  if (result.status === null) throw notFound(MESSAGES.notFound);
  return { status: result.status, changed: false };
}

/**
 * Cancel, from both callers (spec: Splits; Hosted checkout, "Cancel from the server"):
 * - POST /api/checkout-splits/:id/cancel (dashboard session): Owner, Admin, Member or the creating
 *   account; 200 `{ status: canceled }` on any status, acting only on `pending`.
 * - POST /api/merchants/checkout/splits/:id/cancel (API key): acts only on `pending`, e-mails the
 *   payers; a repeat on a cancelled split is 200 again, any other status 409 `not_pending`.
 */
export function splitCancelRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();
  const unknownSplit = () => notFound(MESSAGES.notFound);

  router.post(
    '/api/checkout-splits/:id/cancel',
    auth('session'),
    validate('params', SplitIdParams, unknownSplit),
    async (ctx: Context) => {
      const principal = sessionPrincipal(ctx.state.principal);
      const split = await loadSplitFor(db, principal, ctx.params.id as string, 'split.cancel');
      // The spec: on any status other than pending this answers 200 canceled and does nothing.
      if (split.status === 'pending') await requestCancel(deps, split, `user:${principal.userId}`);
      ctx.body = CANCELED;
    },
  );

  router.post(
    '/api/merchants/checkout/splits/:id/cancel',
    auth('api_key'),
    validate('params', SplitIdParams, unknownSplit),
    async (ctx: Context) => {
      const principal = apiKeyPrincipal(ctx.state.principal);
      const split = await loadSplitFor(db, principal, ctx.params.id as string, 'split.cancel');
      if (split.status === 'canceled') {
        ctx.body = CANCELED;
        return;
      }
      if (split.status !== 'pending') throw notPending(split.status);
      const outcome = await requestCancel(deps, split, `api_key:${principal.apiKeyId}`);
      // `changed` means the workflow took this cancel while pending: it is in the workflow's history
      // and nothing can capture the split any more. The workflow answers after 30 s even if its
      // releases are still running (a slow processor, a worker restarting), still `pending` or
      // `canceling`; that is a cancel under way, not a split that cannot be cancelled.
      if (!outcome.changed && outcome.status !== 'canceled') throw notPending(outcome.status);
      if (outcome.changed) await emailPayers(deps, split.id);
      ctx.body = CANCELED;
    },
  );

  return router;
}

import {
  type BackgroundWork,
  createServiceApp,
  databaseAndTemporalReadiness,
  openApiPartRoutes,
} from '@groupsplit/shared';
import type Koa from 'koa';
import type { CheckoutDeps, CheckoutRuntime } from './deps';
import { checkoutOpenApi } from './openapi';
import { checkoutSessionRoutes } from './routes/checkout-sessions/checkout-sessions';
import { checkoutSplitRoutes } from './routes/checkout-splits/checkout-splits';
import { signalHoldAuthorised } from './routes/checkout-splits/hold-authorised';
import { serverSplitRoutes } from './routes/checkout-splits/server-splits';
import { exportRoutes } from './routes/exports/exports';
import { hostedCheckoutRoutes } from './routes/hosted-checkout/hosted-checkout';
import { insightsRoutes } from './routes/insights/insights';
import { partialRefundRoutes } from './routes/partial-refund/partial-refund';
import { participantCoverRoutes } from './routes/participant-cover/participant-cover';
import { participantReplaceRoutes } from './routes/participant-replace/participant-replace';
import { payRoutes } from './routes/pay/pay';
import { processorWebhookRoutes } from './routes/processor-webhooks/processor-webhooks';
import { signalProcessorRefund, startDisputeWorkflow } from './routes/refunds/processor-events';
import { refundRoutes } from './routes/refunds/refunds';
import { remindRoutes } from './routes/remind/remind';
import { seatRoutes } from './routes/seats/seats';
import { splitAcceptRoutes } from './routes/split-accept/split-accept';
import { splitCancelRoutes } from './routes/split-cancel/split-cancel';
import { splitTimelineRoutes } from './routes/split-timeline/split-timeline';
import { testSessionRoutes } from './routes/test-sessions/test-sessions';
import { authorisationFeed } from './splits/authorisation-feed';
import { startInvitationSweep } from './splits/invitation-plans';

/**
 * The checkout service's app; `close()` ends what it holds open beside the database (the authorisation
 * feed). `startBackground()` is what a running checkout process does besides (runService): the sweep
 * that sends invitations whose creating request died (docs/splits.md, "Invitations").
 */
export function createCheckoutApp(
  runtime: CheckoutRuntime,
): Koa & { close(): Promise<void>; startBackground(): BackgroundWork } {
  const deps: CheckoutDeps = {
    ...runtime,
    authorisations: authorisationFeed(runtime.config.DATABASE_URL, runtime.logger),
  };
  const app = createServiceApp({
    name: 'checkout',
    logger: deps.logger,
    internalSigningSecret: deps.config.INTERNAL_SIGNING_SECRET,
    publicBaseUrl: deps.config.PUBLIC_BASE_URL,
    readiness: databaseAndTemporalReadiness(deps),
    routers: [
      payRoutes(deps),
      // Before the splits router: its GET /api/checkout-splits/:id would take `insights` for an id.
      insightsRoutes(deps),
      seatRoutes(deps),
      checkoutSplitRoutes(deps),
      serverSplitRoutes(deps),
      checkoutSessionRoutes(deps),
      testSessionRoutes(deps),
      hostedCheckoutRoutes(deps),
      splitCancelRoutes(deps),
      splitAcceptRoutes(deps),
      participantReplaceRoutes(deps),
      participantCoverRoutes(deps),
      refundRoutes(deps),
      partialRefundRoutes(deps),
      splitTimelineRoutes(deps),
      remindRoutes(deps),
      exportRoutes(deps),
      processorWebhookRoutes(deps, {
        onHoldAuthorised: signalHoldAuthorised,
        onChargeRefunded: signalProcessorRefund,
        onDisputeCreated: startDisputeWorkflow,
      }),
      openApiPartRoutes(checkoutOpenApi),
    ],
  });
  return Object.assign(app, {
    close: () => deps.authorisations.close(),
    startBackground: () => startInvitationSweep(deps),
  });
}

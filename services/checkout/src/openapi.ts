import { type OpenApiDocument, openApiPart } from '@groupsplit/shared';
import { checkoutSessionsPaths } from './routes/checkout-sessions/openapi';
import { checkoutSplitsPaths } from './routes/checkout-splits/openapi';
import { serverSplitsPaths } from './routes/checkout-splits/server-openapi';
import { exportsPaths } from './routes/exports/openapi';
import { hostedCheckoutPaths } from './routes/hosted-checkout/openapi';
import { insightsPaths } from './routes/insights/openapi';
import { partialRefundPaths } from './routes/partial-refund/openapi';
import { participantCoverPaths } from './routes/participant-cover/openapi';
import { participantReplacePaths } from './routes/participant-replace/openapi';
import { payPaths } from './routes/pay/openapi';
import { refundsPaths } from './routes/refunds/openapi';
import { remindPaths } from './routes/remind/openapi';
import { seatsPaths } from './routes/seats/openapi';
import { splitAcceptPaths } from './routes/split-accept/openapi';
import { splitCancelPaths } from './routes/split-cancel/openapi';
import { splitTimelinePaths } from './routes/split-timeline/openapi';
import { testSessionsPaths } from './routes/test-sessions/openapi';

/**
 * The checkout service's operations, one `openapi.ts` per route folder (the gateway merges the
 * parts). The hosted pages (/checkout/…, /pay/…) and the processor's own webhook are not API
 * operations; the gateway's OpenAPI test lists them as excluded.
 */
export function checkoutOpenApi(): OpenApiDocument {
  return openApiPart('checkout', [
    checkoutSessionsPaths,
    testSessionsPaths,
    hostedCheckoutPaths,
    participantReplacePaths,
    participantCoverPaths,
    remindPaths,
    seatsPaths,
    refundsPaths,
    partialRefundPaths,
    splitTimelinePaths,
    splitCancelPaths,
    splitAcceptPaths,
    serverSplitsPaths,
    checkoutSplitsPaths,
    exportsPaths,
    insightsPaths,
    payPaths,
  ]);
}

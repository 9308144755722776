import {
  badRequest,
  createProcessors,
  internalError,
  MESSAGES,
  notFound,
  PROCESSOR_MODES,
  PROCESSOR_SIGNATURE_HEADER,
  type ProcessorEvent,
  type ProcessorEventRow,
  ProcessorEventsRepository,
  type ProcessorMode,
  REQUEST_ID_HEADER,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { CheckoutDeps } from '../../deps';
import {
  defaultProcessorEventHandlers,
  dispatchProcessorEvent,
  newRequestId,
  type ProcessorEventHandlers,
} from '../../processor-events/handlers';

export * from '../../processor-events/handlers';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid processor signature';

/**
 * POST /api/processor/webhooks/:mode — processor (Stripe Connect) events. The gateway forwards
 * it unauthenticated; the Stripe-Signature over the raw body, checked with the mode's webhook
 * secret, is the credential. Each event is recorded once in processor_events (deduplicated on
 * its id) and dispatched to a handler; see handlers.ts for the hook points.
 */
export function processorWebhookRoutes(deps: CheckoutDeps, overrides: Partial<ProcessorEventHandlers> = {}): Router {
  const { db } = deps;
  const processors = createProcessors(deps.config, { logger: deps.logger });
  const handlers: ProcessorEventHandlers = { ...defaultProcessorEventHandlers(), ...overrides };
  const router = new Router();

  router.post('/api/processor/webhooks/:mode', async (ctx) => {
    const mode = ctx.params.mode as ProcessorMode;
    if (!PROCESSOR_MODES.includes(mode)) throw notFound(MESSAGES.notFound, 'route_not_found');

    let event: ProcessorEvent;
    try {
      event = processors
        .forMode(mode)
        .parseWebhook(ctx.request.rawBody ?? Buffer.alloc(0), ctx.get(PROCESSOR_SIGNATURE_HEADER) || undefined);
    } catch (error) {
      ctx.log.warn({ mode, reason: (error as Error).message }, 'processor webhook refused: bad signature');
      throw badRequest(INVALID_SIGNATURE_MESSAGE, 'invalid_signature');
    }
    if (event.livemode !== (mode === 'live')) {
      throw badRequest('Event mode does not match this endpoint', 'mode_mismatch');
    }

    const log = ctx.log.child({ processorEventId: event.id, processorEventType: event.type, mode });
    const requestId = ctx.get(REQUEST_ID_HEADER) || newRequestId();
    const row: ProcessorEventRow = {
      id: event.id,
      mode,
      type: event.type,
      account_id: event.accountId,
      payload: JSON.stringify(event),
    };

    const events = new ProcessorEventsRepository(db);
    let duplicate = false;
    let recordedDelivery = false;
    try {
      // No transaction is held while the handler runs: handlers use the pool themselves, and one
      // connection held per event in flight starved the pool (as many events at once as it has
      // connections, and every one waited for another). Handlers are idempotent instead (each records
      // its effect under a dedupe key; the workflow re-checks a hold it is told about), so a
      // redelivery racing the first delivery is harmless.
      const recorded = await events.recordDelivery(row);
      recordedDelivery = true;
      if (recorded.processed_at) duplicate = true;
      else {
        await dispatchProcessorEvent(handlers, { mode, event, deps, log, requestId });
        await events.markProcessed(event.id);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error }, 'processor event handler failed; the processor will redeliver');
      // This delivery is already counted when its row was recorded before the handler failed.
      await events
        .recordFailure(row, message, recordedDelivery)
        .catch((e) => log.error({ err: e }, 'could not record the processor event failure'));
      throw internalError('Processor event could not be processed', 'processor_event_failed');
    }
    if (duplicate) log.info('processor event already processed');
    ctx.body = { received: true, ...(duplicate ? { duplicate: true } : {}) };
  });

  return router;
}

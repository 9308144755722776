import { Readable } from 'node:stream';
import {
  type ExportScope,
  ExportsRepository,
  merchantContext,
  type OrderExportRow,
  permit,
  type RefundExportRow,
  serviceMode,
  tooManyRequests,
  validate,
  validQuery,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { type Column, ORDER_COLUMNS, REFUND_COLUMNS } from './columns';
import { csvLine } from './csv';
import { EXPORT_MESSAGES, ExportQuerySchema } from './schema';
import { EXPORT_RETRY_AFTER_SECONDS, ExportSlots } from './slots';

type Export<Row> = {
  name: 'orders' | 'refunds';
  columns: readonly Column<Row>[];
  rows: (repository: ExportsRepository, scope: ExportScope) => AsyncGenerator<Row[]>;
};

const ORDERS: Export<OrderExportRow> = {
  name: 'orders',
  columns: ORDER_COLUMNS,
  rows: (repository, scope) => repository.orderRows(scope),
};
const REFUNDS: Export<RefundExportRow> = {
  name: 'refunds',
  columns: REFUND_COLUMNS,
  rows: (repository, scope) => repository.refundRows(scope),
};

/** A batch of rows as CSV text, one write per batch rather than per row. */
function csvBatch<Row>(columns: readonly Column<Row>[], rows: Row[]): string {
  let text = '';
  for (const row of rows) text += csvLine(columns.map(([, value]) => value(row)));
  return text;
}

/**
 * The CSV text of the export, produced as the response is read: the header, then each batch the
 * cursor gives. The first batch is read before the answer starts, so a failure to read at all is
 * still an error answer; a failure later ends the transfer early (the client sees it cut short).
 */
async function csvStream<Row>(spec: Export<Row>, batches: AsyncGenerator<Row[]>): Promise<Readable> {
  const first = await batches.next();
  async function* text() {
    yield csvLine(spec.columns.map(([header]) => header));
    if (first.done) return;
    yield csvBatch(spec.columns, first.value);
    for await (const rows of batches) yield csvBatch(spec.columns, rows);
  }
  const stream = Readable.from(text(), { objectMode: false });
  // Finished, failed or the client went away mid-file: the cursor's transaction ends now, not when
  // the pool notices (a generator that never started reading would otherwise keep it open).
  stream.once('close', () => void batches.return(undefined).catch(() => undefined));
  return stream;
}

/** One export's route: session, business, `split.export`, the period; then the CSV, streamed. */
function exportRoute<Row>(
  router: Router,
  deps: CheckoutDeps,
  { repository, slots }: { repository: ExportsRepository; slots: ExportSlots },
  spec: Export<Row>,
) {
  router.get(
    `/api/merchants/exports/${spec.name}.csv`,
    auth('session'),
    merchantContext(deps.db),
    permit('split.export'),
    validate('query', ExportQuerySchema),
    async (ctx: Context) => {
      const { from, to } = validQuery(ctx, ExportQuerySchema);
      const mode = serviceMode(ctx);
      const scope: ExportScope = { merchantId: ctx.state.merchantContext.merchant.id, mode, from, to };
      const release = slots.take();
      if (!release) {
        ctx.set('Retry-After', String(EXPORT_RETRY_AFTER_SECONDS));
        throw tooManyRequests(EXPORT_MESSAGES.busy, 'exports_busy');
      }
      let body: Readable;
      try {
        body = await csvStream(spec, spec.rows(repository, scope));
      } catch (error) {
        release();
        throw error;
      }
      // Finished, failed or abandoned: the slot is free again when the stream closes.
      body.once('close', release);
      body.on('error', (error) => deps.logger.error({ err: error, export: spec.name }, 'export stopped'));
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="groupsplit-${spec.name}-${mode}-${from}-to-${to}.csv"`);
      // Finance data: never kept by a browser or a proxy.
      ctx.set('Cache-Control', 'no-store');
      ctx.body = body;
    },
  );
}

/**
 * Finance exports (docs/exports.md): the business's orders or refunds of one mode and period as CSV,
 * streamed from a cursor. Served by checkout, the reader of the split tables' data (the gateway routes
 * these /api/merchants paths here). Owner, Admin and Finance; the mode is X-Service-Mode's (absent:
 * live), never both modes in one file.
 */
export function exportRoutes(deps: CheckoutDeps): Router {
  const shared = { repository: new ExportsRepository(deps.db), slots: new ExportSlots() };
  const router = new Router();
  exportRoute(router, deps, shared, ORDERS);
  exportRoute(router, deps, shared, REFUNDS);
  return router;
}

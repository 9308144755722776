import { Readable } from 'node:stream';
import {
  type ExportScope,
  ExportsRepository,
  merchantContext,
  type OrderExportRow,
  permit,
  type RefundExportRow,
  serviceMode,
  validate,
  validQuery,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { type Column, ORDER_COLUMNS, REFUND_COLUMNS } from './columns';
import { csvLine } from './csv';
import { ExportQuerySchema } from './schema';

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
function exportRoute<Row>(router: Router, deps: CheckoutDeps, repository: ExportsRepository, spec: Export<Row>) {
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
      const body = await csvStream(spec, spec.rows(repository, scope));
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
  const repository = new ExportsRepository(deps.db);
  const router = new Router();
  exportRoute(router, deps, repository, ORDERS);
  exportRoute(router, deps, repository, REFUNDS);
  return router;
}

import { createHash } from 'node:crypto';
import { STRIPE_API_VERSION } from '@groupsplit/shared';
import type { Context } from 'koa';
import type { Emu, Mode, OpContext, Scope, Tx } from './context';
import { EmulatorError, invalidRequest } from './errors';
import { applyFault, type FaultOperation, type FaultTarget } from './faults';
import { type FormParams, parseForm } from './form';
import { newId } from './ids';
import { accountScope } from './scoped';

export type ApiRequest = {
  emu: Emu;
  scope: Scope;
  params: FormParams;
  path: Record<string, string>;
  requestId: string;
  idempotencyKey: string | null;
  /** Base address of this emulator as the caller reached it (for account-link URLs). */
  origin: string;
  op: OpContext;
};

export type ApiResult = { status?: number; body: unknown };
export type Handler = (req: ApiRequest, tx: Tx) => Promise<ApiResult>;

export type Route = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: string;
  handler: Handler;
  /** Fault-injection hook: which operation this is and what a fault may match on. */
  fault?: { operation: FaultOperation; target: (req: ApiRequest) => Promise<FaultTarget> };
};

/**
 * One route from its `METHOD /path` line, as Stripe's API reference writes it, and its handler
 * (with the fault hook, where it has one, between the two).
 */
export function route(
  line: `${Route['method']} /${string}`,
  ...rest: [Handler] | [Pick<Route, 'fault'>, Handler]
): Route {
  const [method, pattern] = line.split(' ') as [Route['method'], string];
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  return { method, pattern, handler, ...options };
}

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still "in progress" after this long belongs to a request that died; its effects were rolled back. */
const ABANDONED_MS = 60_000;

export function redactKey(key: string) {
  if (key.length <= 12) return `${key.slice(0, 3)}****`;
  return `${key.slice(0, 8)}${'*'.repeat(Math.max(4, key.length - 12))}${key.slice(-4)}`;
}

function authenticate(emu: Emu, ctx: Context): Mode {
  const header = ctx.get('authorization');
  let key = '';
  if (/^Bearer\s+/i.test(header)) key = header.replace(/^Bearer\s+/i, '').trim();
  else if (/^Basic\s+/i.test(header)) {
    key =
      Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64')
        .toString('utf8')
        .split(':')[0] ?? '';
  }
  if (!key) {
    throw new EmulatorError({
      type: 'invalid_request_error',
      status: 401,
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      replayable: false,
    });
  }
  if (key === emu.config.STRIPE_TEST_SECRET_KEY) return 'test';
  if (key === emu.config.STRIPE_LIVE_SECRET_KEY) return 'live';
  throw new EmulatorError({
    type: 'invalid_request_error',
    status: 401,
    message: `Invalid API Key provided: ${redactKey(key)}`,
    replayable: false,
  });
}

async function resolveScope(emu: Emu, mode: Mode, ctx: Context, key: string): Promise<Scope> {
  return accountScope(
    emu.db,
    mode,
    ctx.get('stripe-account'),
    (account) =>
      `The provided key '${redactKey(key)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
  );
}

function matchRoute(routes: readonly Route[], method: string, path: string) {
  const actual = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.pattern.split('/').filter(Boolean);
    if (pattern.length !== actual.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const a = decodeURIComponent(actual[i]!);
      if (p.startsWith(':')) params[p.slice(1)] = a;
      else if (p !== a) {
        ok = false;
        break;
      }
    }
    if (ok) return { route, params };
  }
  return null;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type Executed = { result: ApiResult; replayedFrom: string | null };

/** Runs a mutating handler in one transaction, remembering its answer under the Idempotency-Key. */
async function execute(req: ApiRequest, method: string, path: string, handler: Handler): Promise<Executed> {
  const { db } = req.emu;
  const key = req.idempotencyKey;
  if (!key) return { result: await db.transaction().execute((trx) => handler(req, trx)), replayedFrom: null };

  const scopeKey = { mode: req.scope.mode, account: req.scope.account, key };
  const hash = createHash('sha256').update(canonical(req.params)).digest('hex');

  for (let round = 0; ; round++) {
    if (round > 5) throw new Error(`idempotency key ${key} kept changing under us`);
    const inserted = await db
      .insertInto('emulator_idempotency')
      .values({ ...scopeKey, method, path, params_hash: hash, request_id: req.requestId })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) break;
    const existing = await db
      .selectFrom('emulator_idempotency')
      .selectAll()
      .where((eb) => eb.and(scopeKey))
      .executeTakeFirst();
    if (!existing) continue;
    const age = Date.now() - existing.created_at.getTime();
    if (round < 3 && (age > IDEMPOTENCY_TTL_MS || (existing.status === null && age > ABANDONED_MS))) {
      await db
        .deleteFrom('emulator_idempotency')
        .where((eb) => eb.and(scopeKey))
        .where('created_at', '=', existing.created_at)
        .execute();
      continue;
    }
    if (existing.method !== method || existing.path !== path || existing.params_hash !== hash) {
      throw new EmulatorError({
        // Stripe answers a reused key with different parameters with 400 idempotency_error (stripe-node
        // only classifies it as StripeIdempotencyError on 400/404); 409 is for a key still in use.
        type: 'idempotency_error',
        status: 400,
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        replayable: false,
        shouldRetry: false,
      });
    }
    if (existing.status === null) {
      throw new EmulatorError({
        type: 'invalid_request_error',
        status: 409,
        code: 'idempotency_key_in_use',
        message:
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
          `${key}. Please try again later.`,
        replayable: false,
        shouldRetry: true,
      });
    }
    return { result: { status: existing.status, body: existing.response }, replayedFrom: existing.request_id };
  }

  try {
    const result = await db.transaction().execute(async (trx) => {
      const r = await handler(req, trx);
      await trx
        .updateTable('emulator_idempotency')
        .set({ status: r.status ?? 200, response: JSON.stringify(r.body), completed_at: new Date() })
        .where((eb) => eb.and(scopeKey))
        .execute();
      return r;
    });
    return { result, replayedFrom: null };
  } catch (error) {
    if (error instanceof EmulatorError && error.replayable) {
      await db
        .updateTable('emulator_idempotency')
        .set({ status: error.status, response: JSON.stringify(error.toBody()), completed_at: new Date() })
        .where((eb) => eb.and(scopeKey))
        .execute();
    } else {
      await db
        .deleteFrom('emulator_idempotency')
        .where((eb) => eb.and(scopeKey))
        .execute();
    }
    throw error;
  }
}

/**
 * Koa middleware serving Stripe's /v1 wire protocol from the route table.
 *
 * `latency_ms` (POST /_emulator/config) is the processor's response time: the answer leaves no
 * sooner than `latency_ms` after the request arrived. The emulator's own work (its SQL) runs
 * during that time rather than after it, so a call answers at max(latency, own work), as a
 * remote processor whose quoted response time includes its processing would. The state change
 * is therefore made (and its events queued) before the answer leaves, as at a real processor.
 */
export function stripeApi(emu: Emu, routes: readonly Route[]) {
  const serve = serveApi(emu, routes);
  return async (ctx: Context) => {
    const latencyMs = emu.settings.latencyMs;
    if (latencyMs <= 0) return serve(ctx);
    const answerAt = new Promise((resolve) => setTimeout(resolve, latencyMs));
    try {
      await serve(ctx);
    } finally {
      await answerAt;
    }
  };
}

function serveApi(emu: Emu, routes: readonly Route[]) {
  return async (ctx: Context) => {
    const requestId = newId('req', 14);
    ctx.set('request-id', requestId);
    ctx.set('stripe-version', ctx.get('stripe-version') || STRIPE_API_VERSION);
    const op: OpContext = { requestId, idempotencyKey: null, emitted: [] };
    try {
      const mode = authenticate(emu, ctx);
      const found = matchRoute(routes, ctx.method, ctx.path);
      if (!found) {
        throw new EmulatorError({
          type: 'invalid_request_error',
          status: 404,
          message: `Unrecognized request URL (${ctx.method}: ${ctx.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          replayable: false,
        });
      }
      const key = ctx.get('idempotency-key') || null;
      if (key && key.length > 255) {
        throw invalidRequest('Idempotency keys can be at most 255 characters long.', {
          code: 'idempotency_key_too_long',
        });
      }
      op.idempotencyKey = key;
      const params =
        ctx.method === 'GET' || ctx.method === 'DELETE'
          ? parseForm(ctx.querystring)
          : parseForm((ctx.request.rawBody ?? Buffer.alloc(0)).toString('utf8'));
      const bearer = ctx.get('authorization').replace(/^\w+\s+/, '');
      const scope = await resolveScope(emu, mode, ctx, bearer);
      const req: ApiRequest = {
        emu,
        scope,
        params,
        path: found.params,
        requestId,
        idempotencyKey: key,
        origin: `${ctx.protocol}://${ctx.host}`,
        op,
      };
      const fault = found.route.fault
        ? emu.faults.take(found.route.fault.operation, await found.route.fault.target(req))
        : null;
      await applyFault(fault);
      if (ctx.method === 'GET') {
        const result = await found.route.handler(req, emu.db);
        ctx.status = result.status ?? 200;
        ctx.body = result.body;
        return;
      }
      const { result, replayedFrom } = await execute(req, ctx.method, ctx.path, found.route.handler);
      if (fault?.lose_answer) {
        // Done and remembered under its key; only the answer is lost on the way back.
        if (!replayedFrom) emu.deliverer.schedule(op.emitted);
        ctx.req.socket.destroy();
        ctx.respond = false;
        return;
      }
      if (key) ctx.set('idempotency-key', key);
      if (replayedFrom) {
        ctx.set('idempotent-replayed', 'true');
        ctx.set('original-request', replayedFrom);
      } else {
        emu.deliverer.schedule(op.emitted);
      }
      ctx.status = result.status ?? 200;
      ctx.body = result.body;
    } catch (error) {
      if (error instanceof EmulatorError) {
        ctx.status = error.status;
        ctx.body = error.toBody();
        if (error.shouldRetry !== undefined) ctx.set('stripe-should-retry', String(error.shouldRetry));
        return;
      }
      ctx.log.error({ err: error, method: ctx.method, path: ctx.path }, 'emulator request failed');
      ctx.status = 500;
      ctx.body = { error: { type: 'api_error', message: 'An unknown error occurred' } };
    }
  };
}

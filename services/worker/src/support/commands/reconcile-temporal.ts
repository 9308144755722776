import type { TemporalHandle } from '@groupsplit/shared';
import {
  type BeginRefundOutcome,
  type ClaimSeatInput,
  type ClaimSeatResult,
  type EmailRequest,
  type RefundSliceOutcome,
  type RefundWorkflowInput,
  type RefundWorkflowResult,
  type ReplaceParticipantInput,
  type ReplaceParticipantResult,
  refundWorkflowId,
  type SplitCreation,
  type SplitWorkflowInput,
  splitWorkflowId,
} from '@groupsplit/workflows';
import { emailWorkflowId } from '@groupsplit/workflows/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { optionalTsToDate } from '@temporalio/common/lib/time';
import type { ReplacementRun, SeatClaimRun } from './reconcile-plan';
import type { RefundRun, RefundSlicesRun } from './reconcile-refunds';

/**
 * What reconcile reads from Temporal besides the `state` query: workflow histories (the inputs and
 * answers of the activities, child workflows and e-mails a workflow started), each payload decoded
 * through the client's codecs. One reader per kind of event, shared by every rebuilt thing.
 */

type TemporalClient = TemporalHandle['client'];
type History = Awaited<ReturnType<ReturnType<TemporalClient['workflow']['getHandle']>['fetchHistory']>>;
type HistoryEvent = NonNullable<History['events']>[number];
type Payload = NonNullable<NonNullable<HistoryEvent['activityTaskCompletedEventAttributes']>['result']>['payloads'];

/** A workflow Temporal no longer has (never started, or deleted past its namespace's retention). */
function isNotFound(error: unknown): boolean {
  if (error instanceof WorkflowNotFoundError) return true;
  // fetchHistory passes the server's gRPC error on as it is: NOT_FOUND is code 5.
  return (error as { code?: unknown } | null)?.code === 5;
}

/** A payload decoded through the client's codecs (payload encryption), last codec first. */
async function decoded<T>(client: TemporalClient, payloads: Payload | null | undefined): Promise<T | null> {
  const payload = payloads?.[0];
  if (!payload) return null;
  const { payloadCodecs, payloadConverter } = client.options.loadedDataConverter;
  let list = [payload];
  for (const codec of [...payloadCodecs].reverse()) list = await codec.decode(list);
  return payloadConverter.fromPayload<T>(list[0]!) ?? null;
}

const eventTime = (event: HistoryEvent): Date | null => optionalTsToDate(event.eventTime) ?? null;

/** A run's input, from its history's first event. */
function startInputOf<T>(client: TemporalClient, history: History): Promise<T | null> {
  return decoded<T>(client, history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads);
}

/** A workflow's input (its latest run's, or the run named), read from its history; null when Temporal has none. */
async function inputOf<T>(client: TemporalClient, workflowId: string, runId?: string): Promise<T | null> {
  try {
    return await startInputOf<T>(client, await client.workflow.getHandle(workflowId, runId).fetchHistory());
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** One activity a workflow ran: its input and, once it closed, its answer (null when it failed or timed out). */
type ActivityRun = { type: string; input: unknown; result: unknown; closedAt: Date | null };

/** The activities of the given types in a history, in the order they were scheduled. */
async function activityRunsOf(client: TemporalClient, history: History, types: readonly string[]) {
  const runs = new Map<string, ActivityRun>();
  for (const event of history.events ?? []) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const type = scheduled.activityType?.name ?? '';
      if (!types.includes(type)) continue;
      const input = await decoded<unknown>(client, scheduled.input?.payloads);
      runs.set(String(event.eventId), { type, input, result: null, closedAt: null });
      continue;
    }
    const done = event.activityTaskCompletedEventAttributes;
    const failed = event.activityTaskFailedEventAttributes ?? event.activityTaskTimedOutEventAttributes;
    const run = runs.get(String((done ?? failed)?.scheduledEventId ?? ''));
    if (!run) continue;
    run.closedAt = eventTime(event) ?? new Date(0);
    if (done) run.result = await decoded<unknown>(client, done.result?.payloads);
  }
  return [...runs.values()];
}

/**
 * What a refund workflow's history says of its slices (RefundSlicesRun): beginRefund's answer and each
 * refundSlice's, matched to the participant it was scheduled for. Null when it never sliced anything.
 */
async function slicesOf(client: TemporalClient, history: History): Promise<RefundSlicesRun | null> {
  let participantIds: string[] | null = null;
  const outcomes: RefundSlicesRun['outcomes'] = new Map();
  for (const run of await activityRunsOf(client, history, ['beginRefund', 'refundSlice'])) {
    if (!run.closedAt) continue;
    if (run.type === 'beginRefund') {
      const begun = run.result as BeginRefundOutcome | null;
      if (begun?.kind === 'started') participantIds = begun.participantIds;
      continue;
    }
    const participantId = (run.input as { participantId?: string } | null)?.participantId;
    if (!participantId) continue;
    const answer = run.result as RefundSliceOutcome | null;
    outcomes.set(participantId, {
      outcome: answer ? answer.outcome : 'lost',
      error: answer?.error ?? null,
      // Histories written before the refund workflow kept the code have none: unknown, as null.
      code: answer?.code ?? null,
    });
  }
  return participantIds ? { participantIds, outcomes } : null;
}

/** The split workflow's runs Temporal still has (a run that continued as new: until its retention ends), oldest first. */
async function splitRunsOf(client: TemporalClient, splitId: string) {
  const runs: { runId: string; startTime: Date }[] = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId="${splitWorkflowId(splitId)}"` })) {
    runs.push({ runId: execution.runId, startTime: execution.startTime });
  }
  return runs.sort((a, b) => +a.startTime - +b.startTime);
}

/** The split workflow's first run's input (its `creation`). */
export async function creationOf(client: TemporalClient, splitId: string): Promise<SplitCreation | null> {
  const [first] = await splitRunsOf(client, splitId);
  if (!first) return null;
  const input = await inputOf<SplitWorkflowInput>(client, splitWorkflowId(splitId), first.runId);
  return input?.creation ?? null;
}

/**
 * The histories of every run of the split workflow Temporal still has, oldest first, the running one
 * always among them (visibility may not list a run that has just started). Read once per split, and only
 * when something needs them.
 */
export function splitHistories(client: TemporalClient, splitId: string): () => Promise<History[]> {
  let read: Promise<History[]> | null = null;
  const load = async () => {
    const workflowId = splitWorkflowId(splitId);
    const runIds = (await splitRunsOf(client, splitId)).map((r) => r.runId);
    const latest = await client.workflow
      .getHandle(workflowId)
      .describe()
      .then((d) => d.runId)
      .catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
    if (latest && !runIds.includes(latest)) runIds.push(latest);
    const histories: History[] = [];
    for (const runId of runIds) {
      try {
        histories.push(await client.workflow.getHandle(workflowId, runId).fetchHistory());
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return histories;
  };
  return () => {
    read ??= load();
    return read;
  };
}

/** A refund child workflow (`refund:<splitId>:<refundId>`): its request, its answer once closed, and when; null when Temporal has none. */
export async function refundRunOf(
  client: TemporalClient,
  splitId: string,
  refundId: string,
): Promise<RefundRun | null> {
  const workflowId = refundWorkflowId(splitId, refundId);
  try {
    const handle = client.workflow.getHandle(workflowId);
    const described = await handle.describe();
    const history = await handle.fetchHistory();
    const input = await startInputOf<RefundWorkflowInput>(client, history);
    if (!input) return null;
    const closed = described.status.name !== 'RUNNING';
    let result: RefundWorkflowResult | null = null;
    if (described.status.name === 'COMPLETED') result = await handle.result();
    else if (closed) result = { kind: 'failed', refundId, message: described.status.name };
    const slices = closed ? await slicesOf(client, history) : null;
    return { input, result, startedAt: described.startTime, closedAt: described.closeTime ?? null, slices };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The refunds the split workflow started as child workflows, from its own histories, by refund id: the
 * child's input (who asked, the amount asked for, the reason, the idempotency key), its answer once it
 * closed, and when. What a refund whose child workflow is past Temporal's retention is rebuilt from; its
 * slices' answers were in the child's history only (`slices: null`).
 */
export async function refundsStartedBy(client: TemporalClient, histories: History[]): Promise<Map<string, RefundRun>> {
  const runs = new Map<string, RefundRun>();
  for (const history of histories) {
    const started = new Map<string, { input: RefundWorkflowInput; startedAt: Date }>();
    for (const event of history.events ?? []) {
      const initiated = event.startChildWorkflowExecutionInitiatedEventAttributes;
      if (initiated) {
        if (initiated.workflowType?.name !== 'refundWorkflow') continue;
        const input = await decoded<RefundWorkflowInput>(client, initiated.input?.payloads);
        if (input) started.set(String(event.eventId), { input, startedAt: eventTime(event) ?? new Date(0) });
        continue;
      }
      const completed = event.childWorkflowExecutionCompletedEventAttributes;
      const ended =
        completed ??
        event.childWorkflowExecutionFailedEventAttributes ??
        event.childWorkflowExecutionTimedOutEventAttributes ??
        event.childWorkflowExecutionCanceledEventAttributes ??
        event.childWorkflowExecutionTerminatedEventAttributes;
      const of = ended ? started.get(String(ended.initiatedEventId ?? '')) : undefined;
      if (!of) continue;
      const { refundId } = of.input;
      const result = completed
        ? await decoded<RefundWorkflowResult>(client, completed.result?.payloads)
        : ({ kind: 'failed', refundId, message: 'the refund workflow did not complete' } as const);
      runs.set(refundId, {
        input: of.input,
        result,
        startedAt: of.startedAt,
        closedAt: eventTime(event),
        slices: null,
        from: 'split_workflow',
      });
    }
  }
  return runs;
}

/** Every run of one activity, over the histories in order, that completed with `outcome`: its input, answer and end. */
async function runsAnswered<Input, Result extends { outcome: string }, Outcome extends Result['outcome']>(
  client: TemporalClient,
  histories: History[],
  type: string,
  outcome: Outcome,
): Promise<{ input: Input; result: Extract<Result, { outcome: Outcome }>; at: Date }[]> {
  const answered: { input: Input; result: Extract<Result, { outcome: Outcome }>; at: Date }[] = [];
  for (const history of histories) {
    for (const run of await activityRunsOf(client, history, [type])) {
      const input = run.input as Input | null;
      const result = run.result as Result | null;
      if (input && run.closedAt && result?.outcome === outcome) {
        answered.push({ input, result: result as Extract<Result, { outcome: Outcome }>, at: run.closedAt });
      }
    }
  }
  return answered;
}

/**
 * The replacements (and covers) the split workflow made, from its histories, oldest first: each
 * `replaceParticipant` activity that answered `replaced`, with the request the workflow passed on from
 * the replaceParticipant (or coverShare) Update, the replacement's number and its new hold.
 */
export async function replacementsIn(client: TemporalClient, histories: History[]): Promise<ReplacementRun[]> {
  const runs = await runsAnswered<ReplaceParticipantInput, ReplaceParticipantResult, 'replaced'>(
    client,
    histories,
    'replaceParticipant',
    'replaced',
  );
  return runs.map(({ input, result, at }) => ({
    participantId: input.participantId,
    replacement: input.replacement,
    email: input.email,
    // As the activity writes the row: a cover puts the organiser's name on it.
    name: input.cover ? input.cover.name : (input.name ?? null),
    cover: !!input.cover,
    actor: input.actor,
    previousPaymentIntentId: input.previousPaymentIntentId,
    paymentIntentId: result.paymentIntentId,
    at,
    payToken: null,
  }));
}

/** The seats claimed (or covered) in the split workflow, from its histories: each `claimSeat` activity that answered `claimed`. */
export async function seatClaimsIn(client: TemporalClient, histories: History[]): Promise<SeatClaimRun[]> {
  const runs = await runsAnswered<ClaimSeatInput, ClaimSeatResult, 'claimed'>(
    client,
    histories,
    'claimSeat',
    'claimed',
  );
  return runs.map(({ input, result, at }) => ({
    seatId: input.seatId,
    participantId: input.participantId,
    position: input.position,
    email: input.email,
    // As the activity writes the row: a cover puts the organiser's name on it.
    name: input.cover ? input.cover.name : (input.name ?? null),
    cover: !!input.cover,
    paymentIntentId: result.paymentIntentId,
    at,
    payToken: null,
  }));
}

/**
 * The pay token in the pay link an e-mail workflow (`email:<id>`) was given for `to`, or null: the e-mail
 * is past Temporal's retention, went to someone else, or has no pay link.
 */
export async function payTokenMailed(client: TemporalClient, emailId: string, to: string): Promise<string | null> {
  const email = await inputOf<EmailRequest>(client, emailWorkflowId(emailId));
  if (!email || email.to.trim().toLowerCase() !== to.trim().toLowerCase()) return null;
  const url = email.data?.pay_url;
  if (typeof url !== 'string') return null;
  try {
    return /^\/pay\/([^/]+)$/.exec(new URL(url).pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

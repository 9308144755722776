import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { timeMs } from '../lib/history';

/**
 * Where a workflow's time went under the chaos load, read from its history after the run: waiting for
 * a worker to take its tasks, tasks held by a worker that was killed (or too slow) until they timed out,
 * the server's backoff before such a task's next attempt, or the work itself. A slow refund or a split
 * slow to capture is cut this way in the report. Only event types and times are read (payloads are
 * encrypted and not needed).
 */

const EventType = temporal.api.enums.v1.EventType;
const TimeoutType = temporal.api.enums.v1.TimeoutType;
type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** Milliseconds per part of one workflow's life; they add up to about its whole life (activities overlap tasks). */
export type TimeParts = {
  /** Workflow tasks scheduled and not yet taken by a worker (none polling, or no free slot). */
  taskWait: number;
  /** Workflow tasks taken by a worker that died or stalled, until they timed out. */
  taskLost: number;
  /** From a lost task to its next attempt being scheduled: further attempts lost unrecorded, and their backoff. */
  retryGap: number;
  /** Workflow tasks being run: replay of the history and the new decisions (local activities included). */
  taskRun: number;
  /** An activity's first attempt scheduled and not yet taken. */
  activityWait: number;
  /** An activity's time before its final attempt: attempts lost or failed, their timeouts and backoff. */
  activityRetry: number;
  /** The final attempt of each activity, running. */
  activityRun: number;
};

export type Timeline = {
  workflowId: string;
  totalMs: number;
  parts: TimeParts;
  /** Tasks a worker took and did not finish in time (killed with it, or too slow). */
  tasksLostHeld: number;
  /** Tasks left on a dead worker's sticky queue until they moved to the shared one. */
  tasksLostSticky: number;
  /** For a refund child, in the split workflow: from the refund's update being accepted to this child being asked for. */
  beforeChildMs: number;
};

const noParts = (): TimeParts => ({
  taskWait: 0,
  taskLost: 0,
  retryGap: 0,
  taskRun: 0,
  activityWait: 0,
  activityRetry: 0,
  activityRun: 0,
});

/** An activity's closing event (completed, failed or timed out), which names the attempt's start. */
const closedActivityOf = (event: HistoryEvent) =>
  event.activityTaskCompletedEventAttributes ??
  event.activityTaskFailedEventAttributes ??
  event.activityTaskTimedOutEventAttributes;

/** One workflow's history cut into its parts. */
export function timelineOf(workflowId: string, events: HistoryEvent[]): Timeline {
  const parts = noParts();
  const at = new Map<number, number>();
  let tasksLostHeld = 0;
  let tasksLostSticky = 0;
  let lostAt: number | null = null;
  for (const event of events) {
    const time = timeMs(event);
    at.set(Number(event.eventId), time);
    const since = (eventId: unknown) => time - (at.get(Number(eventId)) ?? time);
    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED:
        // A task lost more than once is retried without a record until an attempt is taken and kept.
        if (lostAt !== null && (event.workflowTaskScheduledEventAttributes?.attempt ?? 1) > 1)
          parts.retryGap += time - lostAt;
        lostAt = null;
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
        parts.taskWait += since(event.workflowTaskStartedEventAttributes?.scheduledEventId);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
        parts.taskRun += since(event.workflowTaskCompletedEventAttributes?.startedEventId);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT: {
        const attrs = event.workflowTaskTimedOutEventAttributes;
        if (attrs?.timeoutType === TimeoutType.TIMEOUT_TYPE_SCHEDULE_TO_START) {
          tasksLostSticky += 1;
          parts.taskWait += since(attrs.scheduledEventId);
        } else {
          tasksLostHeld += 1;
          parts.taskLost += since(attrs?.startedEventId);
          lostAt = time;
        }
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED:
        tasksLostHeld += 1;
        parts.taskLost += since(event.workflowTaskFailedEventAttributes?.startedEventId);
        lostAt = time;
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED: {
        const attrs = event.activityTaskStartedEventAttributes;
        if ((attrs?.attempt ?? 1) > 1) parts.activityRetry += since(attrs?.scheduledEventId);
        else parts.activityWait += since(attrs?.scheduledEventId);
        break;
      }
      default: {
        const closed = closedActivityOf(event);
        if (closed) parts.activityRun += since(closed.startedEventId);
      }
    }
  }
  const [first, last] = [events[0], events.at(-1)];
  const totalMs = first && last ? timeMs(last) - timeMs(first) : 0;
  return { workflowId, totalMs, parts, tasksLostHeld, tasksLostSticky, beforeChildMs: 0 };
}

/** Timelines summed part by part. */
function sum(list: Timeline[]) {
  const parts = noParts();
  for (const t of list) for (const key of Object.keys(parts) as (keyof TimeParts)[]) parts[key] += t.parts[key];
  const total = (pick: (t: Timeline) => number) => list.reduce((s, t) => s + pick(t), 0);
  return {
    n: list.length,
    totalMs: total((t) => t.totalMs),
    tasksLostHeld: total((t) => t.tasksLostHeld),
    tasksLostSticky: total((t) => t.tasksLostSticky),
    beforeChildMs: total((t) => t.beforeChildMs),
    parts,
  };
}

/**
 * Every workflow of one type in this run, each cut into its parts, summed over all of them and over
 * those slower than `slowerThanMs`. A refund child's wait in its split workflow is measured too.
 */
export async function timelinesOf(client: Client, workflowType: string, slowerThanMs: number) {
  const timelines: Timeline[] = [];
  // A split with several refunds is the parent of each: its history is read once.
  const parentHistories = new Map<string, Promise<HistoryEvent[]>>();
  for await (const execution of client.workflow.list({ query: `WorkflowType = '${workflowType}'` })) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    const timeline = timelineOf(execution.workflowId, history.events ?? []);
    const parent = history.events?.[0]?.workflowExecutionStartedEventAttributes?.parentWorkflowExecution;
    if (parent?.workflowId) {
      const key = `${parent.workflowId}/${parent.runId ?? ''}`;
      if (!parentHistories.has(key))
        parentHistories.set(
          key,
          client.workflow
            .getHandle(parent.workflowId, parent.runId ?? undefined)
            .fetchHistory()
            .then((h) => h.events ?? []),
        );
      timeline.beforeChildMs = waitBeforeChild(await parentHistories.get(key)!, execution.workflowId);
    }
    timelines.push(timeline);
  }
  const slow = timelines.filter((t) => t.totalMs > slowerThanMs).sort((a, b) => b.totalMs - a.totalMs);
  return { all: sum(timelines), slow: sum(slow), slowest: slow.slice(0, 5) };
}

/** One line of the report: the parts in seconds. */
export function describeTimelines(
  name: string,
  summary: Awaited<ReturnType<typeof timelinesOf>>,
  slowerThanMs: number,
) {
  const seconds = (value: number) => `${Math.round(value / 1000)} s`;
  const line = (s: ReturnType<typeof sum>) =>
    `${s.n} in ${seconds(s.totalMs)}: ${Object.entries(s.parts)
      .map(([part, value]) => `${part} ${seconds(value)}`)
      .join(', ')}; tasks lost held ${s.tasksLostHeld}, sticky ${s.tasksLostSticky}` +
    (s.beforeChildMs ? `; before the child, in the split workflow, ${seconds(s.beforeChildMs)}` : '');
  return `${name}: all ${line(summary.all)}\n    over ${slowerThanMs / 1000} s ${line(summary.slow)}`;
}

/** In a split's history: the last refund update accepted before the child was asked for, to that request. */
function waitBeforeChild(events: HistoryEvent[], childId: string): number {
  let acceptedAt = 0;
  for (const event of events) {
    if (
      event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED &&
      event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'requestRefund'
    )
      acceptedAt = timeMs(event);
    if (
      event.eventType === EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED &&
      event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId === childId
    )
      return acceptedAt ? timeMs(event) - acceptedAt : 0;
  }
  return 0;
}

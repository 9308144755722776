import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

/**
 * Where a refund's time went under the chaos load, read from the refund children's own histories
 * after the run: a slow refund is slow because its tasks waited for a worker, because attempts were
 * lost with a killed worker and waited out their timeouts, or because the work itself was slow.
 * Only event types and times are read (payloads are encrypted and not needed).
 */

const EventType = temporal.api.enums.v1.EventType;
type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** Milliseconds per part of one refund child's life; they add up to its whole life, give or take overlaps. */
export type RefundTimeParts = {
  /** Workflow tasks scheduled and not yet taken by a worker (none polling, or no free slot). */
  taskWait: number;
  /** Workflow tasks taken by a worker that died or stalled, until they timed out. */
  taskLost: number;
  /** Workflow tasks being run: replay of the history and the new decisions. */
  taskRun: number;
  /** An activity's first attempt scheduled and not yet taken. */
  activityWait: number;
  /** An activity's time before its final attempt: attempts lost or failed, their timeouts and backoff. */
  activityRetry: number;
  /** The final attempt of each activity, running. */
  activityRun: number;
};

export type RefundTimeline = {
  workflowId: string;
  totalMs: number;
  parts: RefundTimeParts;
  lostTasks: number;
  activityAttempts: number;
  /** In the split workflow: from the refund's update being accepted to this child being asked for. */
  beforeChildMs: number;
};

const ms = (time: HistoryEvent['eventTime']) =>
  time ? Number(time.seconds ?? 0) * 1000 + Math.round((time.nanos ?? 0) / 1e6) : 0;

/** One refund child's history cut into its parts. */
export function timelineOf(workflowId: string, events: HistoryEvent[]): RefundTimeline {
  const parts: RefundTimeParts = {
    taskWait: 0,
    taskLost: 0,
    taskRun: 0,
    activityWait: 0,
    activityRetry: 0,
    activityRun: 0,
  };
  const at = new Map<number, number>();
  let lostTasks = 0;
  let activityAttempts = 0;
  for (const event of events) {
    const id = Number(event.eventId);
    const time = ms(event.eventTime);
    at.set(id, time);
    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
        parts.taskWait += time - (at.get(Number(event.workflowTaskStartedEventAttributes?.scheduledEventId)) ?? time);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
        parts.taskRun += time - (at.get(Number(event.workflowTaskCompletedEventAttributes?.startedEventId)) ?? time);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT:
      case EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED: {
        const attrs = event.workflowTaskTimedOutEventAttributes ?? event.workflowTaskFailedEventAttributes;
        lostTasks += 1;
        parts.taskLost += time - (at.get(Number(attrs?.startedEventId)) ?? time);
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED: {
        const attrs = event.activityTaskStartedEventAttributes;
        const waited = time - (at.get(Number(attrs?.scheduledEventId)) ?? time);
        const attempt = attrs?.attempt ?? 1;
        activityAttempts += attempt;
        if (attempt > 1) parts.activityRetry += waited;
        else parts.activityWait += waited;
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
      case EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED:
      case EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT: {
        const attrs =
          event.activityTaskCompletedEventAttributes ??
          event.activityTaskFailedEventAttributes ??
          event.activityTaskTimedOutEventAttributes;
        parts.activityRun += time - (at.get(Number(attrs?.startedEventId)) ?? time);
        break;
      }
    }
  }
  const totalMs = ms(events.at(-1)?.eventTime) - ms(events[0]?.eventTime);
  return { workflowId, totalMs, parts, lostTasks, activityAttempts, beforeChildMs: 0 };
}

/** The refund children of this run, each cut into its parts; the slow ones summed part by part. */
export async function refundTimelines(client: Client, slowerThanMs: number) {
  const timelines: RefundTimeline[] = [];
  for await (const execution of client.workflow.list({ query: `WorkflowType = 'refundWorkflow'` })) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    const timeline = timelineOf(execution.workflowId, history.events ?? []);
    const parent = history.events?.[0]?.workflowExecutionStartedEventAttributes?.parentWorkflowExecution;
    if (parent?.workflowId) {
      const parentHistory = await client.workflow
        .getHandle(parent.workflowId, parent.runId ?? undefined)
        .fetchHistory();
      timeline.beforeChildMs = waitBeforeChild(parentHistory.events ?? [], execution.workflowId);
    }
    timelines.push(timeline);
  }
  const slow = timelines.filter((t) => t.totalMs > slowerThanMs).sort((a, b) => b.totalMs - a.totalMs);
  const sum = (list: RefundTimeline[]) => {
    const parts: RefundTimeParts = {
      taskWait: 0,
      taskLost: 0,
      taskRun: 0,
      activityWait: 0,
      activityRetry: 0,
      activityRun: 0,
    };
    for (const t of list) for (const key of Object.keys(parts) as (keyof RefundTimeParts)[]) parts[key] += t.parts[key];
    return {
      n: list.length,
      beforeChildMs: list.reduce((s, t) => s + t.beforeChildMs, 0),
      totalMs: list.reduce((s, t) => s + t.totalMs, 0),
      lostTasks: list.reduce((s, t) => s + t.lostTasks, 0),
      parts,
    };
  };
  return { all: sum(timelines), slow: sum(slow), slowest: slow.slice(0, 5) };
}

/** In a split's history: the last refund update accepted before the child was asked for, to that request. */
function waitBeforeChild(events: HistoryEvent[], childId: string): number {
  let acceptedAt = 0;
  for (const event of events) {
    if (
      event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED &&
      event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'requestRefund'
    )
      acceptedAt = ms(event.eventTime);
    if (
      event.eventType === EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED &&
      event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId === childId
    )
      return acceptedAt ? ms(event.eventTime) - acceptedAt : 0;
  }
  return 0;
}

import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const EventType = temporal.api.enums.v1.EventType;
type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** An event's time in epoch milliseconds (0 when it has none). */
export const timeMs = (event: HistoryEvent) => {
  const t = event.eventTime;
  return t ? Number(t.seconds ?? 0) * 1000 + Math.round((t.nanos ?? 0) / 1e6) : 0;
};

/** What one workflow spent between two moments, read from its history. */
export type HistoryProfile = {
  /** Workflow tasks completed in the window: each is a round trip worker ↔ server. */
  workflowTasks: number;
  /** Activities scheduled in the window (each a task queue round trip of its own). */
  activities: number;
  /** Local activities recorded in the window (run inside a workflow task, no round trip of their own). */
  localActivities: number;
  /** Sum of activity run time (started → completed) in the window. */
  activityRunMs: number;
  /** Sum of activity queue time (scheduled → started). */
  activityQueueMs: number;
  /** Sum of workflow task queue + run time (scheduled → completed). */
  workflowTaskMs: number;
  /** Every event in the window, by type, for the record. */
  events: Record<string, number>;
};

/**
 * Profiles the events of `workflowId`'s history that happened within [fromMs, toMs]: how many
 * round trips to the Temporal server the window cost, and how much of it was activity run time.
 */
export async function profileHistory(
  client: Client,
  workflowId: string,
  window: { fromMs: number; toMs: number },
): Promise<HistoryProfile> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const byId = new Map(events.map((e) => [Number(e.eventId), e]));
  const inWindow = events.filter((e) => timeMs(e) >= window.fromMs && timeMs(e) <= window.toMs + 1);
  const profile: HistoryProfile = {
    workflowTasks: 0,
    activities: 0,
    localActivities: 0,
    activityRunMs: 0,
    activityQueueMs: 0,
    workflowTaskMs: 0,
    events: {},
  };
  for (const event of inWindow) {
    const name = EventType[event.eventType ?? 0] ?? String(event.eventType);
    profile.events[name.replace('EVENT_TYPE_', '')] = (profile.events[name.replace('EVENT_TYPE_', '')] ?? 0) + 1;
    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED: {
        profile.workflowTasks += 1;
        const scheduled = byId.get(Number(event.workflowTaskCompletedEventAttributes?.scheduledEventId));
        if (scheduled) profile.workflowTaskMs += timeMs(event) - timeMs(scheduled);
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
        profile.activities += 1;
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED: {
        const attributes = event.activityTaskCompletedEventAttributes;
        const started = byId.get(Number(attributes?.startedEventId));
        const scheduled = byId.get(Number(attributes?.scheduledEventId));
        if (started) profile.activityRunMs += timeMs(event) - timeMs(started);
        if (started && scheduled) profile.activityQueueMs += timeMs(started) - timeMs(scheduled);
        break;
      }
      case EventType.EVENT_TYPE_MARKER_RECORDED:
        if (event.markerRecordedEventAttributes?.markerName === 'core_local_activity') profile.localActivities += 1;
        break;
    }
  }
  return profile;
}

/** Mean of each numeric field over several profiles (events summed). */
export function meanProfile(profiles: HistoryProfile[]): HistoryProfile | null {
  if (profiles.length === 0) return null;
  const mean = (pick: (p: HistoryProfile) => number) =>
    Math.round((profiles.reduce((sum, p) => sum + pick(p), 0) / profiles.length) * 10) / 10;
  const events: Record<string, number> = {};
  for (const p of profiles) for (const [k, v] of Object.entries(p.events)) events[k] = (events[k] ?? 0) + v;
  for (const k of Object.keys(events)) events[k] = Math.round(((events[k] ?? 0) / profiles.length) * 10) / 10;
  return {
    workflowTasks: mean((p) => p.workflowTasks),
    activities: mean((p) => p.activities),
    localActivities: mean((p) => p.localActivities),
    activityRunMs: mean((p) => p.activityRunMs),
    activityQueueMs: mean((p) => p.activityQueueMs),
    workflowTaskMs: mean((p) => p.workflowTaskMs),
    events,
  };
}

export const describeProfile = (p: HistoryProfile) =>
  `${p.workflowTasks} workflow tasks (${p.workflowTaskMs} ms scheduled→completed), ${p.activities} activities ` +
  `(${p.activityQueueMs} ms queued, ${p.activityRunMs} ms running), ${p.localActivities} local activities`;

/** Where one expiry's lateness went, read from its workflow's history (times from the expiry on). */
export type ExpiryDelay = {
  /** The expiry timer's TimerFired against the split's expiry: the server's timer queue. */
  timerLateMs: number;
  /** Workflow tasks after the timer fired: scheduled → started (waiting for a worker poll). */
  taskQueueMs: number;
  /** … and started → completed or timed out (the worker's run, local activities included). */
  taskRunMs: number;
  /** Workflow tasks that timed out or failed after the timer fired, each retried by the server. */
  taskTimeouts: number;
  taskFailures: number;
  /** The history's last event (the workflow closing) against the expiry: the whole lateness, as Temporal saw it. */
  closedLateMs: number;
};

/**
 * Splits one expiry's lateness into its parts: the timer firing late (the server), workflow tasks
 * waiting to be picked up (the worker had no free slot or poll), running long, or timing out.
 */
export async function expiryDelay(client: Client, workflowId: string, expiresAtMs: number): Promise<ExpiryDelay> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const byId = new Map(events.map((e) => [Number(e.eventId), e]));
  // The expiry timer is the first to fire at or after the expiry (the hold's own timer; a 1 ms decision timer follows).
  const fired = events.find(
    (e) => e.eventType === EventType.EVENT_TYPE_TIMER_FIRED && timeMs(e) >= expiresAtMs - 1_000,
  );
  const from = fired ? timeMs(fired) : expiresAtMs;
  const delay: ExpiryDelay = {
    timerLateMs: fired ? from - expiresAtMs : Number.NaN,
    taskQueueMs: 0,
    taskRunMs: 0,
    taskTimeouts: 0,
    taskFailures: 0,
    closedLateMs: events.length > 0 ? timeMs(events[events.length - 1]!) - expiresAtMs : Number.NaN,
  };
  for (const event of events) {
    if (timeMs(event) < from) continue;
    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED: {
        const scheduled = byId.get(Number(event.workflowTaskStartedEventAttributes?.scheduledEventId));
        if (scheduled) delay.taskQueueMs += timeMs(event) - timeMs(scheduled);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
      case EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT:
      case EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED: {
        const attributes =
          event.workflowTaskCompletedEventAttributes ??
          event.workflowTaskTimedOutEventAttributes ??
          event.workflowTaskFailedEventAttributes;
        const started = byId.get(Number(attributes?.startedEventId));
        if (started) delay.taskRunMs += timeMs(event) - timeMs(started);
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT) delay.taskTimeouts += 1;
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED) delay.taskFailures += 1;
        break;
      }
    }
  }
  return delay;
}

/** Means over several expiries, for one line of a bench's notes. */
export function describeExpiryDelays(delays: ExpiryDelay[]): string {
  const mean = (pick: (d: ExpiryDelay) => number) =>
    (delays.reduce((sum, d) => sum + pick(d), 0) / Math.max(1, delays.length) / 1000).toFixed(1);
  const sum = (pick: (d: ExpiryDelay) => number) => delays.reduce((total, d) => total + pick(d), 0);
  return (
    `closed ${mean((d) => d.closedLateMs)} s after the expiry: timer fired ${mean((d) => d.timerLateMs)} s after it; workflow tasks waited ${mean((d) => d.taskQueueMs)} s ` +
    `to start and ran ${mean((d) => d.taskRunMs)} s (means); ${sum((d) => d.taskTimeouts)} task timeouts, ` +
    `${sum((d) => d.taskFailures)} task failures in all`
  );
}

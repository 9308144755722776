import {
  type Logger,
  listenForNotifications,
  type NotificationFeed,
  PARTICIPANT_AUTHORISED_CHANNEL,
} from '@groupsplit/shared';

/**
 * How the pay step hears that the split workflow recorded an authorisation: the projection's write
 * NOTIFYs the participant id as it commits (ParticipantsRepository.writeAuthorised), and one LISTEN
 * connection per checkout process wakes the request waiting for it. The request then reads the
 * projection once, instead of polling it every 100 ms while the worker works (bench figure 8: that polling
 * was most of checkout's CPU per authorisation). While the feed is down, or before it is up, the
 * request polls as before; a notification missed in a reconnect costs at most one slow look.
 */

/** Without the feed: the old polling pace. */
const POLL_MS = 100;
/**
 * With it: a safety net for a connection that died without saying so (a lost connection wakes every
 * waiter itself), not the way the answer comes; under load a shorter look was most of the reads.
 */
const SAFETY_LOOK_MS = 2_500;

export type AuthorisationFeed = {
  /** Whether the LISTEN connection is up (false until the first payment starts it). */
  listening(): boolean;
  /** Starts listening for `participantId` (call before signalling the workflow, so nothing is missed). */
  expect(participantId: string): AuthorisationWait;
  close(): Promise<void>;
};

export type AuthorisationWait = {
  /**
   * Resolves true when the participant's authorisation was heard since the last call (or the feed was
   * lost: anything may have been missed), false when it is only time to look anyway.
   */
  next(maxMs: number): Promise<boolean>;
  done(): void;
};

export function authorisationFeed(databaseUrl: string, logger: Logger): AuthorisationFeed {
  let feed: NotificationFeed | null = null;
  const waits = new Map<string, Set<{ heard: boolean; wake: (() => void) | null }>>();

  const hear = (payload: string | null) => {
    const wakes = payload === null ? [...waits.values()].flatMap((set) => [...set]) : [...(waits.get(payload) ?? [])];
    for (const wait of wakes) {
      wait.heard = true;
      wait.wake?.();
    }
  };
  // Started by the first payment, so a process (or a test's app) that never takes one holds no connection.
  const started = () => {
    if (!feed) {
      feed = listenForNotifications(databaseUrl, PARTICIPANT_AUTHORISED_CHANNEL, logger, 'Authorisation feed');
      feed.on(hear);
    }
    return feed;
  };

  return {
    listening: () => feed?.listening() ?? false,
    expect(participantId) {
      const listening = started();
      const wait = { heard: false, wake: null as (() => void) | null };
      const set = waits.get(participantId) ?? new Set();
      set.add(wait);
      waits.set(participantId, set);
      return {
        next(maxMs) {
          if (wait.heard) {
            wait.heard = false;
            return Promise.resolve(true);
          }
          const ms = Math.min(maxMs, listening.listening() ? SAFETY_LOOK_MS : POLL_MS);
          return new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => finish(false), ms);
            function finish(heard: boolean) {
              clearTimeout(timer);
              wait.wake = null;
              wait.heard = false;
              resolve(heard);
            }
            wait.wake = () => finish(true);
          });
        },
        done() {
          set.delete(wait);
          if (set.size === 0) waits.delete(participantId);
        },
      };
    },
    async close() {
      await feed?.close();
      feed = null;
    },
  };
}

import { ApplicationFailure } from '@temporalio/common';
import type { SplitStatus, SplitTrigger } from './statuses';
import { ILLEGAL_TRANSITION, SPLIT_TRANSITIONS, transition } from './transitions';

/**
 * The spec's "Transition table (split)", its rows that change the status, as the spec writes them
 * (state, trigger, next state; "(none)" is our `creating`). `via` is how the workflow gets there:
 * the trigger of transitions.ts and the statuses it passes through.
 */
const SPEC_ROWS: { state: string; trigger: string; next: string; via: SplitTrigger[]; path: SplitStatus[][] }[] = [
  {
    state: '(none)',
    trigger: 'Split created (hosted page by the buyer, or `POST /api/checkout-splits`)',
    next: '`pending`',
    via: ['create'],
    path: [['creating', 'pending']],
  },
  {
    state: '(none)',
    trigger: 'Creation',
    next: '`creation_failed`',
    via: ['create'],
    path: [['creating', 'creation_failed']],
  },
  {
    state: '`pending`',
    trigger: 'All participants authorised',
    next: '`capturing`, then `captured`',
    via: ['all_authorised'],
    path: [['pending', 'capturing', 'captured']],
  },
  {
    state: '`capturing`',
    trigger: 'Capture breaks part-way',
    next: '`capture_failed`',
    via: ['capture_breaks'],
    path: [['capturing', 'capture_failed']],
  },
  {
    state: '`pending`',
    trigger: 'Cancel (dashboard, API-key route)',
    next: '`canceling`, then `canceled`',
    via: ['cancel'],
    path: [['pending', 'canceling', 'canceled']],
  },
  {
    state: '`pending`',
    trigger: 'Expiry job',
    next: '`canceled`',
    via: ['expiry'],
    path: [['pending', 'canceling', 'canceled']],
  },
  {
    state: '`captured`',
    trigger: 'Whole-split refund (dashboard route)',
    next: '`refunded`',
    via: ['refund_dashboard'],
    path: [['captured', 'refunded']],
  },
  {
    state: '`captured`',
    trigger: 'Refund from API key',
    next: '`partially_refunded`, or `refunded` once everything is refunded',
    via: ['refund_api'],
    path: [
      ['captured', 'partially_refunded', 'refunded'],
      ['captured', 'refunded'],
    ],
  },
  {
    state: '`captured`',
    trigger: "Refund made in the merchant's own processor dashboard",
    next: '`partially_refunded`, or `refunded` once every share is back',
    via: ['processor_refund'],
    path: [
      ['captured', 'partially_refunded', 'refunded'],
      ['captured', 'refunded'],
    ],
  },
];

/** Ours, where the spec says only "Support must intervene" (docs/runbook.md), and a dashboard refund stopped part-way. */
const BEYOND_THE_SPEC: [SplitStatus, SplitTrigger, SplitStatus][] = [
  ['capturing', 'support_compensate', 'capture_failed'],
  ['capturing', 'support_resolve', 'captured'],
  ['capturing', 'support_resolve', 'capture_failed'],
  ['canceling', 'support_resolve', 'canceled'],
  ['captured', 'refund_dashboard', 'partially_refunded'],
];

const moves = SPLIT_TRANSITIONS.map((t) => [t.from, t.trigger, t.to] as const);

describe('the split transition table', () => {
  it.each(SPEC_ROWS)('has the spec row "$state | $trigger | $next"', ({ via, path }) => {
    for (const statuses of path) {
      for (let i = 0; i + 1 < statuses.length; i++) {
        expect(moves).toContainEqual([statuses[i], via[0], statuses[i + 1]]);
      }
    }
  });

  it('has nothing else than the spec rows and the documented additions', () => {
    const fromSpec = SPEC_ROWS.flatMap(({ via, path }) =>
      path.flatMap((statuses) => statuses.slice(1).map((to, i) => `${statuses[i]} ${via[0]} ${to}`)),
    );
    const allowed = new Set([...fromSpec, ...BEYOND_THE_SPEC.map((m) => m.join(' '))]);
    expect(moves.map((m) => m.join(' ')).filter((m) => !allowed.has(m))).toEqual([]);
    expect(new Set(moves.map((m) => m.join(' '))).size).toBe(moves.length);
  });

  it('never leaves a final status, and leaves captured only through refunds', () => {
    for (const t of SPLIT_TRANSITIONS) {
      expect(['canceled', 'refunded', 'creation_failed', 'capture_failed']).not.toContain(t.from);
    }
    const fromCaptured = new Set(SPLIT_TRANSITIONS.filter((t) => t.from === 'captured').map((t) => t.trigger));
    expect([...fromCaptured].sort()).toEqual(['processor_refund', 'refund_api', 'refund_dashboard']);
  });

  it('lets a listed move through and returns its row', () => {
    expect(transition('pending', 'cancel', 'canceling')).toMatchObject({ condition: 'caller permitted' });
  });

  it.each([
    ['captured', 'cancel', 'canceled'],
    ['pending', 'all_authorised', 'captured'],
    ['canceling', 'support_resolve', 'captured'],
    ['refunded', 'refund_api', 'partially_refunded'],
    ['partially_refunded', 'refund_dashboard', 'refunded'],
    ['creating', 'expiry', 'canceling'],
  ] as [SplitStatus, SplitTrigger, SplitStatus][])(
    'refuses %s on %s → %s, loudly and for good',
    (from, trigger, to) => {
      let thrown: unknown;
      try {
        transition(from, trigger, to);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApplicationFailure);
      expect(thrown).toMatchObject({ type: ILLEGAL_TRANSITION, nonRetryable: true });
      expect((thrown as Error).message).toBe(
        `Illegal split transition: ${from} → ${to} on ${trigger} is not in the transition table`,
      );
    },
  );
});

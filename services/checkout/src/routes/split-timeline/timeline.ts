import {
  cardBrandName,
  type Db,
  formatPounds,
  MembershipsRepository,
  type SplitParticipantRow,
  type SplitRow,
  SplitsRepository,
  SplitTimelineRepository,
  walletName,
} from '@groupsplit/shared';
import type { TimelineKind } from './schema';

export type TimelineEntry = {
  at: string;
  kind: TimelineKind;
  participant_id: string | null;
  actor: string;
  summary: string;
};

/** A remind call's e-mails go out within this long of the call; a reminder e-mail outside it is the daily job's. */
const REMIND_CALL_WINDOW_MS = 5 * 60_000;

const pounds = (pence: number) => `£${formatPounds(pence)}`;

/**
 * The public actor of a stored one (docs/dashboard.md, "The order's timeline"): the split history writes
 * `user:<id>` for a signed-in caller, which is the buyer on a hosted order they created and a dashboard user
 * otherwise; `api_key:<id>` is shown as `api_key` (the key's id is the business's own secret to keep);
 * the pay step is the participant; timers (`expiry`) and the worker are `system`.
 */
function publicActor(stored: string, split: SplitRow, creatorIsBuyer: boolean): string {
  if (stored.startsWith('user:') || stored.startsWith('dashboard:')) {
    const userId = stored.slice(stored.indexOf(':') + 1);
    if (creatorIsBuyer && userId === split.created_by) return 'buyer';
    return `dashboard:${userId}`;
  }
  if (stored === 'api_key' || stored.startsWith('api_key:')) return 'api_key';
  if (stored === 'processor') return 'processor';
  if (stored === 'pay_step' || stored === 'participant') return 'participant';
  if (stored.startsWith('support:')) return stored;
  return 'system';
}

/** What a hold was placed with, from its history row: " with Apple Pay (Visa ending 4242)", " on a Visa ending 4242". */
function held(detail: Record<string, unknown>): string {
  const last4 = typeof detail.card_last4 === 'string' ? detail.card_last4 : null;
  if (!last4) return '';
  // Names from the one place every surface takes them (packages/email/src/cards).
  const brand = typeof detail.card_brand === 'string' ? cardBrandName(detail.card_brand) : 'card';
  const wallet = walletName(detail.wallet);
  return wallet ? ` with ${wallet} (${brand} ending ${last4})` : ` on a ${brand} ending ${last4}`;
}

/** How an e-mail's template is named in a sentence. */
const EMAIL_WORDS: Record<string, string> = {
  'splits.invitation': 'invitation',
  'splits.organiser_share': 'invitation',
  'splits.covered': '"you don\'t need to pay" notice',
  'checkout.reminder': 'reminder',
  'checkout.open_seats': 'open seats reminder',
  'checkout.order_canceled': 'cancellation notice',
  'receipts.hold_placed': 'hold receipt',
  'receipts.charged': 'payment receipt',
  'receipts.refunded': 'refund receipt',
  'receipts.released': 'release notice',
  'organiser.everyone_paid': '"everyone has paid" notice',
  'organiser.one_left': '"one left to pay" notice',
};

/** A support action (`resolve`, `compensate_refused`, …) in words, with its reason. */
function supportSummary(action: string, reason: unknown): string {
  const refused = action.endsWith('_refused');
  const what = action.replace(/_refused$/, '').replace(/_/g, ' ');
  const why = typeof reason === 'string' && reason ? ` (${reason})` : '';
  return `Support ${refused ? 'was refused' : 'acted'}: ${what}${why}.`;
}

type Email = {
  recipient: string;
  template: string;
  status: string;
  error: string | null;
  at: Date;
};

/**
 * Everything that happened to one order, newest first, from the split history, the refunds, the pay
 * page views, the remind calls, the e-mail log and the audit log (SplitTimelineRepository), as
 * `{ at, kind, participant_id, actor, summary }`. Internal bookkeeping rows of the history (a hold's
 * PaymentIntent being made, the workflow's own retries) are left out: the page is for people.
 */
export async function splitTimeline(db: Db, split: SplitRow) {
  const timeline = new SplitTimelineRepository(db);
  const splits = new SplitsRepository(db);
  const [participants, history, views, refunds, creatorRole, audit, session, creatorEmail] = await Promise.all([
    splits.participantsOf(split.id),
    timeline.history(split.id),
    timeline.payPageViews(split.id),
    splits.refundHistory(split.id),
    split.created_by ? new MembershipsRepository(db).roleOf(split.merchant_id, split.created_by) : null,
    timeline.audit(split.merchant_id, split.id),
    split.session_token ? timeline.session(split.session_token) : undefined,
    split.created_by ? timeline.creatorEmail(split.created_by) : null,
  ]);
  // The creator outside the business is the hosted order's buyer; anyone else signed in is the team.
  const creatorIsBuyer = split.created_by !== null && creatorRole === null;
  const actor = (stored: string) => publicActor(stored, split, creatorIsBuyer);
  const byId = new Map(participants.map((p) => [p.id, p]));
  const byEmail = new Map(participants.map((p) => [p.email.trim().toLowerCase(), p]));
  // Addresses a share had before it was replaced or covered still received this order's e-mails.
  const formerEmails = history
    .map((h) => (h.detail as Record<string, unknown> | null)?.previous_email)
    .filter((e): e is string => typeof e === 'string');
  const coveredEmails = participants.map((p) => p.covered_email).filter((e): e is string => e !== null);
  const recipients = [...new Set([...byEmail.keys(), ...formerEmails, ...coveredEmails].map((e) => e.toLowerCase()))];
  const [emails, remindCalls, suppressions] = await Promise.all([
    timeline.emails({ merchantId: split.merchant_id, recipients, since: split.created_at }),
    split.session_token ? timeline.remindCalls(split.session_token) : [],
    timeline.suppressions(recipients),
  ]);

  const entries: TimelineEntry[] = [];
  const add = (at: Date, kind: TimelineKind, who: string, summary: string, participantId: string | null = null) =>
    entries.push({ at: at.toISOString(), kind, participant_id: participantId, actor: who, summary });
  const nameOf = (p: SplitParticipantRow | undefined) =>
    p ? (p.name ? `${p.name} (${p.email})` : p.email) : 'a payer';
  const charge = (p: SplitParticipantRow) => pounds(p.amount + p.customer_fee);

  // Created: by the hosted order's buyer, a dashboard user, or an API key.
  const createdBy = split.created_by ? (creatorIsBuyer ? 'buyer' : `dashboard:${split.created_by}`) : 'api_key';
  add(
    split.created_at,
    'created',
    createdBy,
    `Order created: ${pounds(split.total_amount)} split between ${participants.length} ${participants.length === 1 ? 'person' : 'people'}` +
      (split.session_token && creatorEmail ? `, organised by ${creatorEmail}.` : '.'),
  );

  for (const h of history) {
    const p = h.participant_id ? byId.get(h.participant_id) : undefined;
    const detail = (h.detail ?? {}) as Record<string, unknown>;
    const who = actor(h.actor);
    const pid = h.participant_id;
    switch (h.kind) {
      case 'authorised':
        if (p)
          add(
            h.created_at,
            'hold_placed',
            'participant',
            `Hold placed: ${charge(p)} by ${nameOf(p)}${held(detail)}.`,
            pid,
          );
        break;
      case 'hold_failed':
        add(
          h.created_at,
          'hold_failed',
          'processor',
          `The payment processor refused ${nameOf(p)}'s hold${typeof detail.error === 'string' ? `: ${detail.error}` : '.'}`,
          pid,
        );
        break;
      case 'captured':
        if (p) add(h.created_at, 'captured', 'system', `Captured ${charge(p)} from ${nameOf(p)}.`, pid);
        break;
      case 'capture_failed':
        add(h.created_at, 'capture_failed', 'system', `Capture failed for ${nameOf(p)}.`, pid);
        break;
      case 'awaiting_merchant':
        add(
          h.created_at,
          'awaiting_acceptance',
          'system',
          'Everyone has placed their hold: the order waits for you to accept it.',
        );
        break;
      case 'merchant_accepted':
        add(h.created_at, 'accepted', who, 'Order accepted: every hold is being captured.');
        break;
      case 'participant_replaced':
        add(
          h.created_at,
          'participant_replaced',
          who,
          `Share handed to ${nameOf(p)}` +
            (typeof detail.previous_email === 'string' ? ` instead of ${detail.previous_email}.` : '.'),
          pid,
        );
        break;
      case 'participant_covered':
        add(
          h.created_at,
          'share_covered',
          who,
          `${nameOf(p)} covered ${typeof detail.covered_email === 'string' ? `${detail.covered_email}'s share` : 'an open seat'}.`,
          pid,
        );
        break;
      case 'claimed':
      case 'seat_claimed':
        add(h.created_at, 'seat_claimed', 'participant', `${nameOf(p)} took an open seat.`, pid);
        break;
      case 'disputed':
        add(
          h.created_at,
          'disputed',
          'processor',
          `${nameOf(p)} disputed their charge` +
            (typeof detail.amount === 'number' ? ` of ${pounds(detail.amount)}` : '') +
            (typeof detail.reason === 'string' ? ` (${detail.reason.replace(/_/g, ' ')}).` : '.'),
          pid,
        );
        break;
      case 'status':
        if (pid) {
          if (h.to_status === 'canceled' || h.to_status === 'released')
            add(h.created_at, 'hold_released', who, `${nameOf(p)}'s hold was released: nothing was taken.`, pid);
          break;
        }
        if (h.to_status === 'captured')
          add(h.created_at, 'paid', 'system', 'Everyone has paid: the order is complete.');
        else if (h.to_status === 'capture_failed')
          add(h.created_at, 'capture_failed', 'system', 'The order could not be captured.');
        // A cancel is told once, when it starts (`canceling`, with its reason); a split cancelled in one step too.
        else if (h.to_status === 'canceling' || (h.to_status === 'canceled' && h.from_status !== 'canceling')) {
          if (detail.reason === 'expired' || h.actor === 'expiry')
            add(h.created_at, 'expired', 'system', 'The time ran out before everyone paid: every hold is released.');
          else add(h.created_at, 'canceled', who, 'Order cancelled: every hold is released and nobody is charged.');
        }
        break;
      default:
        if (h.kind.startsWith('support_'))
          add(h.created_at, 'support_action', who, supportSummary(h.kind.replace(/^support_/, ''), detail.reason));
    }
  }

  for (const view of views) {
    const p = byId.get(view.participant_id);
    add(
      view.first_viewed_at,
      'opened',
      'participant',
      `${p ? nameOf(p) : view.email} opened their pay page.`,
      view.participant_id,
    );
  }

  for (const r of refunds) {
    const reason = r.reason ? ` Reason: ${r.reason}` : '';
    const who = actor(r.actor);
    if (r.status === 'partial')
      add(
        r.created_at,
        'refund_failed',
        who,
        `Refund stopped part-way: ${pounds(r.refunded)} of ${pounds(r.amount)} refunded.${reason}`,
      );
    else if (r.status === 'in_progress')
      add(r.created_at, 'refunded', who, `Refund of ${pounds(r.amount)} being processed.${reason}`);
    else add(r.created_at, 'refunded', who, `Refunded ${pounds(r.refunded)}.${reason}`);
  }

  for (const call of remindCalls) {
    add(
      call.created_at,
      'reminder_sent',
      actor(call.actor),
      `Reminder sent to ${call.reminded} ${call.reminded === 1 ? 'person' : 'people'} still to pay` +
        (call.skipped > 0 ? ` (${call.skipped} skipped: reminded in the last 12 hours or unsubscribed).` : '.'),
    );
  }

  // The e-mail log: the subject names the order, so another order's e-mail to the same person is left out.
  const ofThisOrder: Email[] = [
    ...emails.logged
      .filter((e) => e.subject.includes(split.order_reference))
      .map((e) => ({
        recipient: e.recipient,
        template: e.template,
        status: e.status,
        error: e.error,
        at: e.sent_at ?? e.updated_at,
      })),
    ...emails.firstAttempts
      .filter((e) => e.order_reference === split.order_reference && (e.status === 'sent' || e.status === 'suppressed'))
      .map((e) => ({
        recipient: e.recipient,
        template: e.template,
        status: e.status,
        error: e.error,
        at: e.updated_at,
      })),
  ];
  const calls = remindCalls.map((c) => c.created_at.getTime());
  for (const email of ofThisOrder) {
    const p = byEmail.get(email.recipient.trim().toLowerCase());
    const pid = p?.id ?? null;
    const what = EMAIL_WORDS[email.template] ?? 'e-mail';
    if (email.status === 'failed') {
      add(
        email.at,
        'email_failed',
        'system',
        `The ${what} to ${email.recipient} could not be delivered${email.error ? `: ${email.error}` : '.'}`,
        pid,
      );
      continue;
    }
    if (email.status === 'suppressed') {
      add(
        email.at,
        'email_suppressed',
        'system',
        `The ${what} to ${email.recipient} was not sent: they unsubscribed from these e-mails.`,
        pid,
      );
      continue;
    }
    if (email.status !== 'sent') continue;
    if (email.template === 'splits.invitation' || email.template === 'splits.organiser_share') {
      add(email.at, 'invitation_sent', 'system', `Invitation e-mailed to ${email.recipient}.`, pid);
    } else if (email.template === 'checkout.reminder') {
      const t = email.at.getTime();
      // A remind call's e-mails are told by its own entry; this one is the daily job's.
      if (!calls.some((c) => t >= c && t - c <= REMIND_CALL_WINDOW_MS))
        add(email.at, 'reminder_sent', 'system', `Automatic reminder e-mailed to ${email.recipient}.`, pid);
    } else {
      add(
        email.at,
        'email_sent',
        'system',
        `${what[0]!.toUpperCase()}${what.slice(1)} e-mailed to ${email.recipient}.`,
        pid,
      );
    }
  }
  for (const s of suppressions) {
    const p = byEmail.get(s.email);
    if (p && s.created_at >= split.created_at)
      add(s.created_at, 'email_suppressed', 'participant', `${p.email} unsubscribed from payers' e-mails.`, p.id);
  }

  // Support's actions that wrote no history row of their own (the CLI's), from the audit log.
  const seen = new Set(entries.filter((e) => e.kind === 'support_action').map((e) => e.at));
  for (const row of audit) {
    if (seen.has(row.created_at.toISOString())) continue;
    const after = (row.after ?? {}) as Record<string, unknown>;
    const action = row.action.replace(/^split\.support_/, '') + (row.outcome === 'refused' ? '_refused' : '');
    const by = typeof after.actor === 'string' ? `support:${after.actor.replace(/^support:/, '')}` : 'system';
    add(row.created_at, 'support_action', by, supportSummary(action, after.reason));
  }

  // Newest first; at the same instant, the order the sources were read in, reversed.
  const data = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.at === b.entry.at ? b.index - a.index : a.entry.at < b.entry.at ? 1 : -1))
    .map(({ entry }) => entry);

  const organiser =
    split.session_token && creatorEmail
      ? participants.find(
          (p) => p.user_id === split.created_by || p.email.trim().toLowerCase() === creatorEmail.trim().toLowerCase(),
        )
      : undefined;
  return {
    data,
    order: {
      line_items: (session?.line_items ?? []).map((line) => ({
        description: line.description,
        quantity: line.quantity,
        amount: line.amount < 0 ? `-${formatPounds(-line.amount)}` : formatPounds(line.amount),
      })),
      metadata: session?.metadata ?? null,
      session_token: split.session_token,
      organiser_participant_id: organiser?.id ?? null,
    },
  };
}

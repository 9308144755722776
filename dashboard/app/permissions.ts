import { type Action, AppError, authorize, MESSAGES, POLICY, type Role } from '@groupsplit/shared/browser';
import { roleLabel } from './format';

/**
 * What the caller may do, decided by the same permission table and pause rule the services enforce
 * (packages/core/src/policy.ts, the spec's permission table), bundled into the app.
 */
export type Permission = {
  allowed: boolean;
  /** A role the table refuses: the control is left out, and `reason` says why. */
  hidden: boolean;
  /** Why it is not allowed (null when it is). */
  reason: string | null;
};

const ACTION_WORDS: Partial<Record<Action, string>> = {
  'split.cancel': 'cancel orders',
  'split.accept': 'accept orders',
  'split.refund': 'refund orders',
  'split.partial_refund': 'refund orders',
  'split.timeline': "see an order's timeline",
  'split.export': 'export orders and refunds',
  'api_key.view': 'see API keys',
  'api_key.manage': 'create or revoke API keys',
  'checkout.test_session': 'open a test checkout',
  'credentials.view': 'reveal the webhook secret',
  'webhook_secret.manage': 'reveal or rotate the webhook secret',
  'integration.update': 'change the webhook URL or the allowed return domain',
  'webhook.test': 'send test events',
  'webhook.resend': 'resend deliveries',
  'processor.manage': 'connect the payment processor',
  'billing.manage': 'change billing',
  'team.manage': 'invite, re-role or remove team members',
  'ownership.transfer': 'transfer ownership',
};

function list(roles: readonly Role[]): string {
  const names = roles.map(roleLabel);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Why `role` may not do `action`: "Finance can't cancel orders: only Owner, Admin and Member can." */
export function roleReason(role: Role, action: Action): string {
  const what = ACTION_WORDS[action] ?? 'do this';
  return `${roleLabel(role)} can't ${what}: only ${list(POLICY[action])} can.`;
}

export function permission(
  role: Role,
  action: Action,
  context: { paused: boolean; userId?: string; createdBy?: string | null },
): Permission {
  try {
    authorize({ role, userId: context.userId }, action, {
      paused_at: context.paused ? new Date(0) : null,
      created_by: context.createdBy ?? null,
    });
    return { allowed: true, hidden: false, reason: null };
  } catch (error) {
    if (error instanceof AppError && error.message === MESSAGES.paused) {
      return { allowed: false, hidden: false, reason: error.message };
    }
    return { allowed: false, hidden: true, reason: roleReason(role, action) };
  }
}

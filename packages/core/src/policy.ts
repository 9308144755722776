import { businessForbidden, forbidden, MESSAGES } from './errors';

export const ROLES = ['owner', 'admin', 'finance', 'member'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;
const OWNER_ADMIN: readonly Role[] = ['owner', 'admin'];

/**
 * The spec's permission table, one row per action. Every permission check in the
 * code base goes through authorize() with one of these names.
 */
export const POLICY = {
  'merchant.view': ALL,
  'split.view': ALL,
  'webhook_log.view': ALL,
  'team.view': ALL,
  /** Ours (the spec has no insights): the Insights page's figures; everyone who may see the orders they come from. */
  'insights.view': ALL,
  'split.create': ['owner', 'admin', 'member'],
  'split.cancel': ['owner', 'admin', 'member'],
  /**
   * Ours (merchant accept): capture an order waiting for the merchant; the roles that may cancel.
   * Not the creator rule: a hosted order's creator is the buyer, who must not accept their own order.
   */
  'split.accept': ['owner', 'admin', 'member'],
  'split.refund': ['owner', 'admin', 'finance'],
  /**
   * Ours (the order page): a refund of part of an order from the dashboard
   * (`POST /api/checkout-splits/:id/partial-refund`); the roles that may refund, but not the creator rule: a hosted
   * order's creator is the buyer, who must not refund their own order.
   */
  'split.partial_refund': ['owner', 'admin', 'finance'],
  /**
   * Ours (the order page): an order's timeline (`GET /api/checkout-splits/:id/timeline`): the business's team only, never
   * the hosted buyer (no creator rule), since it names every participant and e-mail.
   */
  'split.timeline': ALL,
  /** Ours (the spec has no replace): hand a pending participant's share to someone else; as cancel. */
  'split.replace': ['owner', 'admin', 'member'],
  /** Ours (the spec has no exports): the finance CSVs of orders and refunds (docs/exports.md); as refund. */
  'split.export': ['owner', 'admin', 'finance'],
  /** Ours (docs/dashboard.md, "Get started"): open a sample test-mode checkout from the dashboard; as API keys. */
  'checkout.test_session': OWNER_ADMIN,
  'webhook_secret.manage': OWNER_ADMIN,
  'api_key.manage': OWNER_ADMIN,
  /** Listing key records (never the keys): Owner and Admin, and still allowed while paused. */
  'api_key.view': OWNER_ADMIN,
  'credentials.view': OWNER_ADMIN,
  'integration.update': OWNER_ADMIN,
  'webhook.test': OWNER_ADMIN,
  'webhook.resend': OWNER_ADMIN,
  'processor.manage': OWNER_ADMIN,
  'billing.manage': OWNER_ADMIN,
  'team.manage': OWNER_ADMIN,
  'ownership.transfer': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

/** Actions that only read; the only ones a paused workspace still allows. */
const VIEW_ACTIONS = new Set<Action>([
  'merchant.view',
  'split.view',
  'split.timeline',
  'split.export',
  'insights.view',
  'webhook_log.view',
  'team.view',
  'credentials.view',
  'api_key.view',
]);

export const PAUSED_MESSAGE = MESSAGES.paused;
export const FORBIDDEN_MESSAGE = MESSAGES.roleForbidden;

/**
 * The spec's "or the creating account" (Splits table: detail, cancel, refund): the login that
 * created a split may do these to it with any role, or with none.
 */
const CREATOR_MAY = new Set<Action>(['split.view', 'split.cancel', 'split.refund', 'split.replace']);

/**
 * A pause binds the business's members. Of those outside it, it binds only refunds (money leaves
 * the merchant's account) and replacements (a new hold is placed on it), and is then checked
 * first: a creator who is not a member (the hosted-checkout buyer) may still cancel, which only
 * releases their own holds, but not refund or replace.
 */
const PAUSE_BINDS_NON_MEMBERS = new Set<Action>(['split.refund', 'split.replace']);

/** Who acts: their role in the business (null when they are not in it) and their login. */
export type PolicyActor = { role: Role | null; userId?: string };

/** What they act on: the business, or one of its splits (its creator, and the business's pause). */
export type PolicyResource = { paused_at: Date | null; created_by?: string | null };

export function isAllowed(role: Role, action: Action): boolean {
  return (POLICY[action] as readonly Role[]).includes(role);
}

const isCreator = (actor: PolicyActor, action: Action, resource: PolicyResource) =>
  CREATOR_MAY.has(action) && actor.userId !== undefined && resource.created_by === actor.userId;

/**
 * Throws 403 unless the actor may do the action: the paused message (`business_forbidden`) when
 * the pause binds them; `message` with `business_forbidden` for a role the table refuses; `message`
 * with the plain `forbidden` code for someone outside the business (spec, Errors: not a role question;
 * docs/errors.md). The creator
 * of a split passes the role check for the actions in CREATOR_MAY.
 */
export function authorize(
  actor: PolicyActor,
  action: Action,
  resource: PolicyResource,
  message: string = FORBIDDEN_MESSAGE,
): void {
  const pauseBinds = actor.role !== null || PAUSE_BINDS_NON_MEMBERS.has(action);
  if (resource.paused_at && !VIEW_ACTIONS.has(action) && pauseBinds) throw businessForbidden(PAUSED_MESSAGE);
  if (isCreator(actor, action, resource)) return;
  if (actor.role === null) throw forbidden(message);
  if (!isAllowed(actor.role, action)) throw businessForbidden(message);
}

/** Roles a given role may invite, re-role or remove: an Owner manages everyone but the Owner; an Admin only Finance and Member. */
const MANAGEABLE: Record<Role, readonly Role[]> = {
  owner: ['admin', 'finance', 'member'],
  admin: ['finance', 'member'],
  finance: [],
  member: [],
};

export function canManageRole(actorRole: Role, targetRole: Role): boolean {
  return MANAGEABLE[actorRole].includes(targetRole);
}

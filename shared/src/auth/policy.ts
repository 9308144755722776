import { AppError } from '../errors';

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
  'split.create': ['owner', 'admin', 'member'],
  'split.cancel': ['owner', 'admin', 'member'],
  'split.refund': ['owner', 'admin', 'finance'],
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
  'webhook_log.view',
  'team.view',
  'credentials.view',
  'api_key.view',
]);

export const PAUSED_MESSAGE = 'This business is paused: the workspace is read-only until it is unpaused.';
export const FORBIDDEN_MESSAGE = 'Your role does not allow this action.';

export function isAllowed(role: Role, action: Action): boolean {
  return (POLICY[action] as readonly Role[]).includes(role);
}

/** Throws 403 `business_forbidden` unless the actor's role may do the action on this merchant. */
export function authorize(
  actor: { role: Role },
  action: Action,
  merchant: { paused_at: Date | null },
  message = FORBIDDEN_MESSAGE,
): void {
  if (merchant.paused_at && !VIEW_ACTIONS.has(action)) throw new AppError(403, PAUSED_MESSAGE, 'business_forbidden');
  if (!isAllowed(actor.role, action)) throw new AppError(403, message, 'business_forbidden');
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

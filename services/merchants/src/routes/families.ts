import type { OperationFamily } from '@groupsplit/shared';

/**
 * The merchants service's route families in the API reference, one tag each, for the route folders'
 * `openapi.ts` (`operations(FAMILIES.account, { … })`). A family's own common parts (business options,
 * shared answers) are added where its operations are declared.
 */
export const FAMILIES = {
  account: { tag: 'Account' },
  signIn: { tag: 'Sign-in' },
  team: { tag: 'Team' },
  webhooks: { tag: 'Webhooks' },
} as const satisfies Record<string, OperationFamily>;

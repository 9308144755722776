/**
 * Team messages for cases the spec leaves open; the spec's own team messages are in MESSAGES
 * (`@groupsplit/shared`, docs/spec.md, Errors).
 */
export const TEAM_MESSAGES = {
  cannotRemoveMember: 'You cannot remove this team member.',
  memberNotFound: 'Team member not found.',
  invalidRole: 'Enter a valid role.',
} as const;

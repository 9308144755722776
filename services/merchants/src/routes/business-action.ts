import { type Action, type Db, merchantContext, permit } from '@groupsplit/shared';

/**
 * The first steps of a business route: find the caller's business, then check that its role allows `action`
 * (refused with `refusal`, or the policy's own message), before anything else is read from the request.
 */
export const businessAction = (db: Db, action: Action, refusal?: string) =>
  [merchantContext(db), permit(action, refusal)] as const;

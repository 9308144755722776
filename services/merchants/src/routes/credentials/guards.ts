import { type Action, authorize } from '@groupsplit/shared';
import type { Context, Next } from 'koa';

/** Route step after merchantContext(): the role check answers before the body is looked at. */
export const requirePermission =
  (action: Action) =>
  (ctx: Context, next: Next): Promise<unknown> => {
    const context = ctx.state.merchantContext;
    authorize(context, action, context.merchant);
    return next();
  };

import { type Action, authorize } from '@groupsplit/core';
import type { Context, Next } from 'koa';

/**
 * Route step after merchantContext(): the role (and pause) check answers before the body
 * is validated, so a refused caller learns nothing from validation errors.
 */
export const permit =
  (action: Action, message?: string) =>
  (ctx: Context, next: Next): Promise<unknown> => {
    const context = ctx.state.merchantContext;
    authorize(context, action, context.merchant, message);
    return next();
  };

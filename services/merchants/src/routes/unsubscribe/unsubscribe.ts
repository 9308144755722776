import {
  badRequest,
  EmailSuppressionsRepository,
  validate,
  validQuery,
  verifyUnsubscribeToken,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { MerchantsDeps } from '../../deps';
import { unsubscribedPage } from './page';
import { INVALID_UNSUBSCRIBE_LINK, UnsubscribeQuerySchema } from './schema';

const invalidLink = () => badRequest(INVALID_UNSUBSCRIBE_LINK, 'invalid_unsubscribe_link');

/**
 * One-click unsubscribe from participant e-mails. The signed token in the link is the
 * credential; repeating the click is harmless.
 */
export function unsubscribeRoutes({ config, db }: MerchantsDeps): Router {
  const router = new Router();

  const unsubscribe = async (ctx: Context) => {
    const { token } = validQuery(ctx, UnsubscribeQuerySchema);
    const email = verifyUnsubscribeToken(config.INTERNAL_SIGNING_SECRET, token);
    if (!email) throw invalidLink();
    await new EmailSuppressionsRepository(db).suppress(email);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = unsubscribedPage(email);
  };

  const query = validate('query', UnsubscribeQuerySchema, invalidLink);
  router.get('/api/email/unsubscribe', query, unsubscribe);
  // Mail clients' one-click button (RFC 8058) posts to the same link.
  router.post('/api/email/unsubscribe', query, unsubscribe);
  return router;
}

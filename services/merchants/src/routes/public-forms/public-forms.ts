import { PublicFormsRepository, validate, validBody } from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { FormParamsSchema, FormSchema } from './schema';

/**
 * POST /api/public/contact | waitlist | partner: anonymous forms from the website. They
 * only store the submission; the gateway's shared sensitive bucket keeps them from being
 * used to flood the table.
 */
export function publicFormRoutes({ db }: MerchantsDeps): Router {
  const router = new Router();
  router.post('/api/public/:form', validate('params', FormParamsSchema), validate('body', FormSchema), async (ctx) => {
    const { form } = ctx.params as { form: 'contact' | 'waitlist' | 'partner' };
    const body = validBody(ctx, FormSchema);
    const row = await new PublicFormsRepository(db).submit({
      form,
      email: body.email,
      name: body.name || null,
      company: body.company || null,
      message: body.message || null,
      ip: ctx.state.principal.ip,
    });
    ctx.status = 201;
    ctx.body = { id: row.id, form, received_at: row.created_at };
  });
  return router;
}

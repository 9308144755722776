import {
  type AppError,
  badRequest,
  SessionFamiliesRepository,
  sessionPrincipal,
  validate,
  validBody,
} from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { ADDRESS_WRONG_CODES, addressLocked, countCodeSend, countWrongCode, recordLockout } from './address-lockout';
import { notifyNewDevice } from './new-device';
import { SIGN_IN_MESSAGES as M, StartSignInSchema, VerifySignInSchema } from './schema';
import { sessionBody } from './session-body';
import { endSignedOutFamily, setRefreshCookie } from './session-cookie';
import { findOrCreateUser, signInSession } from './sessions';
import { CODE_VALID_MINUTES, type CodeCheck, checkSignInCode, issueSignInCode } from './sign-in-codes';

const REFUSED_CODE: Record<Exclude<CodeCheck, 'ok'>, AppError> = {
  wrong: badRequest(M.wrongCode, 'invalid_code'),
  expired: badRequest(M.expired, 'code_expired'),
  too_many_attempts: badRequest(M.tooManyAttempts, 'too_many_attempts'),
};

/** E-mail code sign-in and sign-out. The gateway lets start/verify through unauthenticated. */
export function authRoutes(deps: MerchantsDeps): Router {
  const { config, db, temporal } = deps;
  const router = new Router();

  router.post('/api/auth/email/start', validate('body', StartSignInSchema, M.invalidStart), async (ctx) => {
    const { email } = validBody(ctx, StartSignInSchema);
    // Whether the address has an account is never looked at here, so the answer cannot tell.
    const tooMany = await countCodeSend(ctx, db, email, config.SIGN_IN_CODES_PER_ADDRESS_PER_HOUR);
    if (tooMany) throw tooMany;
    const code = await issueSignInCode(db, config.INTERNAL_SIGNING_SECRET, email);
    await sendEmail(
      temporal,
      {
        to: email,
        template: 'auth.sign_in_code',
        data: { code, validMinutes: CODE_VALID_MINUTES },
        category: 'account',
      },
      { taskQueue: config.TEMPORAL_TASK_QUEUE },
    );
    ctx.status = 202;
    ctx.body = { ok: true };
  });

  router.post('/api/auth/email/verify', validate('body', VerifySignInSchema, M.invalidVerify), async (ctx) => {
    const { email, code } = validBody(ctx, VerifySignInSchema);
    // A locked address is refused even with the right code: otherwise the lock would only slow the guessing.
    const locked = await addressLocked(ctx, db, email);
    if (locked) throw locked;
    const outcome = await db.transaction().execute(async (trx) => {
      const check = await checkSignInCode(trx, config.INTERNAL_SIGNING_SECRET, email, code);
      if (check !== 'ok') return { refused: REFUSED_CODE[check], wrong: check === 'wrong' };
      const user = await findOrCreateUser(trx, email);
      const session = await signInSession(trx, config, {
        userId: user.id,
        userAgent: ctx.get('user-agent'),
        clientIp: ctx.state.principal.ip,
      });
      return { user, session };
    });
    // Thrown only after the commit, so a wrong try stays counted.
    if ('refused' in outcome) {
      if (outcome.wrong && (await countWrongCode(db, email))) {
        await recordLockout(db, email, ctx.state.principal.ip);
        await sendEmail(
          temporal,
          {
            to: email,
            template: 'auth.sign_in_locked',
            data: { wrongCodes: ADDRESS_WRONG_CODES.points, lockedMinutes: ADDRESS_WRONG_CODES.lockMs / 60_000 },
            category: 'account',
          },
          { taskQueue: config.TEMPORAL_TASK_QUEUE },
        );
      }
      throw outcome.refused;
    }
    const { user, session } = outcome;
    // The dashboard's way back after a reload; servers using the bearer API ignore it.
    setRefreshCookie(ctx, config, session.refreshToken, session.familyEndsAt);
    await notifyNewDevice(deps, { user, familyId: session.familyId, ctx });
    ctx.body = await sessionBody(deps, session, user);
  });

  router.post('/api/auth/sign-out', async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    await new SessionFamiliesRepository(db).endAccessTokens('id', principal.sessionId);
    // A dashboard sign-out also ends the refresh session of this device, and clears its cookie.
    await endSignedOutFamily(ctx, deps, principal.sessionId);
    ctx.body = { ok: true };
  });

  return router;
}

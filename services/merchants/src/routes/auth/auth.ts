import {
  type AppError,
  badRequest,
  formatUkDateTime,
  SessionFamiliesRepository,
  sessionPrincipal,
  validate,
  validBody,
} from '@groupsplit/shared';
import { sendEmail } from '@groupsplit/workflows/client';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import type { SignInAddress } from './email-address';
import { notifyNewDevice } from './new-device';
import { SIGN_IN_MESSAGES as M, StartSignInSchema, VerifySignInSchema } from './schema';
import { sessionBody } from './session-body';
import { endSignedOutFamily, setRefreshCookie } from './session-cookie';
import { findOrCreateUser, signInSession } from './sessions';
import { CODE_VALID_MINUTES, type CodeCheck, checkSignInCode, issueSignInCode } from './sign-in-codes';
import { countCodeSend, countWrongCode, recordAttack, SIGN_IN_LIMITS, signInRefusal } from './sign-in-limits';

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
    const code = await issueSignInCode(db, config.INTERNAL_SIGNING_SECRET, email, ctx.state.principal.ip);
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

  /**
   * Counts a wrong code (sign-in-limits.ts); the one that puts the address under guard records the
   * attack and tells the owner, once per guard.
   */
  const countWrong = async (email: SignInAddress, ip: string) => {
    const guardedUntil = await countWrongCode(db, email, ip);
    if (!guardedUntil || !(await recordAttack(db, email, ip, guardedUntil))) return;
    await sendEmail(
      temporal,
      {
        to: email,
        template: 'auth.sign_in_attack',
        data: {
          wrongCodes: SIGN_IN_LIMITS.perAddress.points,
          windowMinutes: SIGN_IN_LIMITS.perAddress.windowMs / 60_000,
          at: formatUkDateTime(new Date()),
          guardedUntil: formatUkDateTime(guardedUntil),
        },
        category: 'account',
      },
      { taskQueue: config.TEMPORAL_TASK_QUEUE },
    );
  };

  router.post('/api/auth/email/verify', validate('body', VerifySignInSchema, M.invalidVerify), async (ctx) => {
    const { email, code } = validBody(ctx, VerifySignInSchema);
    // Refused before the code is looked at, even when it is right: otherwise the limits would only slow the guessing.
    const refused = await signInRefusal(ctx, db, email);
    if (refused) throw refused;
    const outcome = await db.transaction().execute(async (trx) => {
      const check = await checkSignInCode(trx, config.INTERNAL_SIGNING_SECRET, email, code, ctx.state.principal.ip);
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
      if (outcome.wrong) await countWrong(email, ctx.state.principal.ip);
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

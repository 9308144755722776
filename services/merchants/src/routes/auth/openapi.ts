import { err, OkSchema, type OpenApiPaths, operation } from '@groupsplit/shared';
import { ADDRESS_LOCKED_MESSAGE } from './address-lockout';
import { SIGN_IN_MESSAGES as M, SignInSessionSchema, StartSignInSchema, VerifySignInSchema } from './schema';

const tag = 'Sign-in';

/** E-mail code sign-in and sign-out (docs/identity.md). */
export const authPaths: OpenApiPaths = {
  '/api/auth/email/start': {
    post: operation({
      id: 'startSignIn',
      tag,
      summary: 'E-mail a sign-in code',
      description:
        'Mails a 6-digit code, valid for 10 minutes, replacing any earlier one. The answer is the same whether or not ' +
        'the address has an account.',
      body: { schema: StartSignInSchema },
      responses: { 202: { description: 'The code is on its way.', schema: OkSchema } },
      errors: { 400: [err(M.invalidStart, 'validation_failed')] },
    }),
  },
  '/api/auth/email/verify': {
    post: operation({
      id: 'verifySignIn',
      tag,
      summary: 'Exchange the code for a bearer token',
      description:
        'Creates the account on first sign-in. The token lasts 12 hours. Five wrong codes use the code up; ask for a new one. ' +
        'Ten wrong codes for one address within an hour, across codes and whatever the caller, lock the address for an ' +
        'hour (429 `rate_limited` with `Retry-After`, even for the right code) and e-mail its owner.',
      body: { schema: VerifySignInSchema },
      responses: { 200: { description: 'Signed in.', schema: SignInSessionSchema } },
      errors: {
        400: [
          err(M.invalidVerify, 'validation_failed'),
          err(M.wrongCode, 'invalid_code'),
          err(M.expired, 'code_expired'),
          err(M.tooManyAttempts, 'too_many_attempts'),
        ],
        429: [
          err(
            `${ADDRESS_LOCKED_MESSAGE} Try again in 60 minutes.`,
            'rate_limited',
            'ten wrong codes for this address within an hour; the minutes follow `Retry-After`',
          ),
        ],
      },
    }),
  },
  '/api/auth/sign-out': {
    post: operation({
      id: 'signOut',
      tag,
      summary: 'Revoke this bearer token',
      description: 'Ends only this session; other devices stay signed in.',
      responses: { 200: { description: 'Signed out.', schema: OkSchema } },
    }),
  },
};

import { mailTo, type Stack } from '@groupsplit/testing';

const CODE_IN_MAIL = /sign-in code is (\d{6})/;

/** Waits until `email` has more than `seen` sign-in e-mails and returns the code in the newest. */
export async function nextCodeFromMail(email: string, seen: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await mailTo(email)).filter((mail) => CODE_IN_MAIL.test(mail.Text));
    if (mails.length > seen) return CODE_IN_MAIL.exec(mails[0]!.Text)![1] as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new sign-in e-mail to ${email}`);
}

export async function countSignInMails(email: string): Promise<number> {
  return (await mailTo(email)).filter((mail) => CODE_IN_MAIL.test(mail.Text)).length;
}

/**
 * Asks for a code through the gateway and reads it from the mail server, as a person would; from the
 * client address `ip` when given (only that connection's wrong tries use up the code's five).
 */
export async function requestCode(stack: Stack, email: string, ip?: string): Promise<string> {
  const seen = await countSignInMails(email);
  const res = await stack.api.post('/api/auth/email/start', { email }, ip ? { ip } : {});
  if (res.status !== 202) throw new Error(`start answered ${res.status}: ${res.text}`);
  return nextCodeFromMail(email, seen);
}

export type SignInBody = {
  access_token: string;
  token_type: string;
  expires_at: string;
  user: { id: string; email: string; consent_required: boolean };
};

/** Full sign-in through the gateway. */
export async function signIn(stack: Stack, email: string): Promise<SignInBody> {
  const code = await requestCode(stack, email);
  const res = await stack.api.post('/api/auth/email/verify', { email, code });
  if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${res.text}`);
  return res.body as SignInBody;
}

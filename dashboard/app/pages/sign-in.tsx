import { useState } from 'preact/hooks';
import { api } from '../api';
import { BusyButton } from '../components/busy-button';
import { Banner, ErrorNote } from '../components/feedback';
import { describedBy, Field, Form } from '../components/form';
import { PlainLayout } from '../components/layout';
import { PageHeader } from '../components/page';
import { useAction } from '../hooks';
import { navigate, usePlace } from '../router';
import { PAGES, safeNext } from '../routes';
import { updateSession } from '../session';
import { scheduleRefresh } from '../session-refresh';

/** Sign-in by e-mailed code (POST /api/auth/email/start, then /verify); then the consent screen when needed. */
export function SignInPage() {
  const { search } = usePlace();
  const next = safeNext(search.get('next'));
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const start = useAction((address: string) => api.startSignIn(address));
  const verify = useAction((address: string, typed: string) => api.verifySignIn(address, typed));

  const sendCode = async () => {
    const address = email.trim();
    if (await start.run(address)) {
      setSentTo(address);
      setCode('');
      verify.reset();
    }
  };
  const checkCode = async () => {
    if (!sentTo) return;
    const result = await verify.run(sentTo, code.trim());
    if (!result) return;
    updateSession({
      token: result.access_token,
      user: { id: result.user.id, email: result.user.email },
      workspaces: null,
      merchantId: null,
    });
    scheduleRefresh(result.expires_at);
    navigate(result.user.consent_required ? `${PAGES.consent}?next=${encodeURIComponent(next)}` : next, {
      replace: true,
    });
  };

  const emailError = start.error?.details.find((d) => d.field === 'email')?.message;
  return (
    <PlainLayout>
      <PageHeader title="Sign in to your dashboard" description="We e-mail you a 6-digit code. No password needed." />
      {search.get('expired') && (
        <Banner kind="warning" title="Your session ended">
          Sign in again to carry on where you were.
        </Banner>
      )}
      {!sentTo ? (
        <Form class="card card-body stack" onSubmit={sendCode} noValidate>
          <Field id="sign-in-email" label="E-mail address" error={emailError}>
            <input
              id="sign-in-email"
              type="email"
              autocomplete="email"
              required
              value={email}
              aria-invalid={Boolean(emailError)}
              aria-describedby={describedBy('sign-in-email', false, emailError)}
              onInput={(e) => setEmail((e.currentTarget as HTMLInputElement).value)}
            />
          </Field>
          {!emailError && <ErrorNote error={start.error} />}
          <BusyButton type="submit" busy={start.busy} busyLabel="Sending…">
            Send me a code
          </BusyButton>
        </Form>
      ) : (
        <Form class="card card-body stack" onSubmit={checkCode} noValidate>
          <p role="status">
            We sent a code to <strong>{sentTo}</strong>. It works once and expires soon.
          </p>
          <Field id="sign-in-code" label="6-digit code">
            <input
              id="sign-in-code"
              inputMode="numeric"
              autocomplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onInput={(e) => setCode((e.currentTarget as HTMLInputElement).value)}
            />
          </Field>
          <ErrorNote error={verify.error} />
          <div class="row">
            <BusyButton type="submit" busy={verify.busy} busyLabel="Checking…">
              Sign in
            </BusyButton>
            <button type="button" class="button button-link" onClick={() => setSentTo(null)}>
              Use a different e-mail
            </button>
          </div>
        </Form>
      )}
    </PlainLayout>
  );
}

import { useState } from 'preact/hooks';
import { api } from '../api';
import { BusyButton } from '../components/busy-button';
import { ErrorNote, Loadable } from '../components/feedback';
import { Form } from '../components/form';
import { PlainLayout } from '../components/layout';
import { PageHeader } from '../components/page';
import { useAction, useQuery } from '../hooks';
import { navigate, usePlace } from '../router';
import { safeNext } from '../routes';

/** Where the terms and the privacy notice are published (docs/terms.md and docs/privacy.md, served at /docs). */
export const TERMS_URL = '/docs/terms';
export const PRIVACY_URL = '/docs/privacy';

/** Accepting the terms and privacy policy in force (GET/POST /api/auth/consent); every business call needs it. */
export function ConsentPage() {
  const { search } = usePlace();
  const next = safeNext(search.get('next'));
  const consent = useQuery(() => api.consent(), []);
  const [agreed, setAgreed] = useState(false);
  const accept = useAction((terms: string, privacy: string) => api.acceptConsent(terms, privacy));
  return (
    <PlainLayout signedIn>
      <PageHeader title="Terms and privacy" description="Before you use the dashboard, accept the terms in force." />
      <Loadable query={consent} what="the terms">
        {(current) =>
          current.accepted ? (
            <div class="card card-body stack">
              <p>You have accepted the current terms and privacy policy.</p>
              <button type="button" class="button button-primary" onClick={() => navigate(next, { replace: true })}>
                Continue
              </button>
            </div>
          ) : (
            <Form
              class="card card-body stack"
              onSubmit={async () => {
                if (await accept.run(current.terms_version, current.privacy_version)) navigate(next, { replace: true });
              }}
            >
              <p>
                groupsplit's{' '}
                <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
                  terms of service<span class="visually-hidden"> (opens in a new tab)</span>
                </a>{' '}
                (version {current.terms_version}) and{' '}
                <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
                  privacy notice<span class="visually-hidden"> (opens in a new tab)</span>
                </a>{' '}
                (version {current.privacy_version}) apply to everyone who works in a business on groupsplit. Read them
                before you accept.
              </p>
              <label class="checkbox">
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(e) => setAgreed((e.currentTarget as HTMLInputElement).checked)}
                />
                I accept the terms of service {current.terms_version} and the privacy notice {current.privacy_version}
              </label>
              <ErrorNote error={accept.error} />
              <BusyButton type="submit" busy={accept.busy} disabled={!agreed}>
                Accept and continue
              </BusyButton>
            </Form>
          )
        }
      </Loadable>
    </PlainLayout>
  );
}

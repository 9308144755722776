import { useState } from 'preact/hooks';
import { api } from '../api';
import { ErrorNote, Loadable } from '../components/feedback';
import { Form } from '../components/form';
import { PlainLayout } from '../components/layout';
import { PageHeader } from '../components/page';
import { useAction, useQuery } from '../hooks';
import { navigate, usePlace } from '../router';
import { safeNext } from '../routes';

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
                groupsplit's terms of service (version {current.terms_version}) and privacy policy (version{' '}
                {current.privacy_version}) apply to everyone who works in a business on groupsplit.
              </p>
              <label class="checkbox">
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(e) => setAgreed((e.currentTarget as HTMLInputElement).checked)}
                />
                I accept the terms of service {current.terms_version} and the privacy policy {current.privacy_version}
              </label>
              <ErrorNote error={accept.error} />
              <button type="submit" class="button button-primary" disabled={!agreed || accept.busy}>
                Accept and continue
              </button>
            </Form>
          )
        }
      </Loadable>
    </PlainLayout>
  );
}

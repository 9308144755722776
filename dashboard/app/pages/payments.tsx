import { useEffect } from 'preact/hooks';
import { api } from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { Banner, ErrorNote, Refusal } from '../components/feedback';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { KeyValues } from '../components/table';
import { dateTime } from '../format';
import { useAction } from '../hooks';
import { usePlace } from '../router';
import { updateSession, useSession } from '../session';

/**
 * The payment processor connection (POST /api/merchants/connect and /connect/refresh) for the current
 * mode. The processor sends the person back here (?onboarding=complete or ?onboarding=refresh).
 */
export function PaymentsPage() {
  const { me, can, reload } = useBusiness();
  const { mode } = useSession();
  const { search } = usePlace();
  const may = can('processor.manage');
  const started = mode === 'live' ? Boolean(me.processor_account_id) : null;
  const link = useAction(async () => {
    try {
      return await api.connectProcessor();
    } finally {
      reload();
    }
  });
  const refresh = useAction(() => api.refreshProcessorLink());
  const url = link.result?.url ?? refresh.result?.url;
  const returned = search.get('onboarding');
  // Back from the processor: the session's mode is held in memory, so this new page load starts in test
  // mode; the address says which mode's account was being onboarded (connect.ts, onboardingUrls).
  const returnedMode = returned ? search.get('mode') : null;
  useEffect(() => {
    if ((returnedMode === 'live' || returnedMode === 'test') && returnedMode !== mode) {
      updateSession({ mode: returnedMode });
    }
  }, [returnedMode, mode]);

  return (
    <>
      <PageHeader
        title="Payments"
        description="Money from split orders goes straight to your own payment processor account."
      />
      <PausedBanner />
      {returned === 'complete' && (
        <Banner kind="success" title="Back from onboarding">
          The processor has your details. Charges are enabled once it has checked them; this page shows the latest.
        </Banner>
      )}
      {returned === 'refresh' && (
        <Banner kind="warning" title="That onboarding link has expired">
          Get a fresh link below to carry on.
        </Banner>
      )}
      <Section title={`Processor account (${mode} mode)`}>
        {mode === 'live' ? (
          <KeyValues
            rows={[
              ['Account', me.processor_account_id ?? 'Not connected'],
              ['Connected', dateTime(me.processor_connected_at)],
              ['Details submitted', me.processor_details_submitted ? 'Yes' : 'No'],
              ['Charges enabled', me.processor_charges_enabled ? 'Yes' : 'Not yet'],
            ]}
          />
        ) : (
          <p>
            Test mode uses a test account at the processor: test cards only, no real money. Connect or continue its
            onboarding here.
          </p>
        )}
        {me.processor_charges_enabled && mode === 'live' ? <p>Your live account can take payments.</p> : null}
        <ErrorNote error={link.error ?? refresh.error} />
        {url ? (
          <p>
            <a class="button button-primary" href={url} target="_blank" rel="noopener noreferrer">
              Open the processor's onboarding (new tab)
            </a>{' '}
            <span class="muted">The link works once and expires in about 5 minutes.</span>
          </p>
        ) : may.allowed ? (
          <div class="row">
            <BusyButton busy={link.busy} onClick={() => link.run()}>
              {started ? 'Continue onboarding' : `Connect ${mode} processor account`}
            </BusyButton>
            {started && (
              <BusyButton tone="secondary" busy={refresh.busy} onClick={() => refresh.run()}>
                Get a fresh link
              </BusyButton>
            )}
          </div>
        ) : (
          <Refusal reason={may.reason} />
        )}
        <p>
          <button type="button" class="button button-link" onClick={reload}>
            Check the status again
          </button>
        </p>
      </Section>
    </>
  );
}

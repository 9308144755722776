import { api, type Delivery, type SendResult } from '../api';
import { useBusiness } from '../business';
import { ConfirmDialog } from '../components/dialog';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { CopyButton } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { ACTIONS, DataTable, KeyValues } from '../components/table';
import { dateTime } from '../format';
import { useAction, useConfirm, useQuery } from '../hooks';
import { Link } from '../router';
import { PAGES } from '../routes';
import { useSession } from '../session';
import { PausedBanner } from './home';

const LOG_LIMIT = 100;

/** Reveal (GET /api/merchants/credentials) and rotate (POST .../credentials/rotate) the current mode's secret. */
function SigningSecret() {
  const { can } = useBusiness();
  const { mode } = useSession();
  const reveal = useAction(() => api.credentials());
  const confirmRotate = useConfirm(() => api.rotateWebhookSecret());
  const rotate = confirmRotate.action;
  const may = can('webhook_secret.manage');
  const secret = rotate.result?.value ?? reveal.result?.webhook_secret;
  const revealed = rotate.result !== null || reveal.result !== null;

  if (may.hidden) {
    return (
      <Section title="Signing secret">
        <Refusal reason={may.reason} />
      </Section>
    );
  }
  return (
    <Section title="Signing secret">
      <p>
        Verify each event's <code>X-Service-Signature</code> with this {mode}-mode secret.
      </p>
      {revealed &&
        (secret ? (
          <p class="secret">
            <code id="webhook-secret">{secret}</code> <CopyButton text={secret} />
          </p>
        ) : (
          <p>No {mode}-mode secret yet. Create one to start receiving signed events.</p>
        ))}
      {rotate.result && (
        <Banner kind="success" title="Secret rotated">
          The old secret stopped working at once.
        </Banner>
      )}
      <ErrorNote error={reveal.error ?? rotate.error} />
      <div class="row">
        {!revealed && (
          <button type="button" class="button button-secondary" disabled={reveal.busy} onClick={() => reveal.run()}>
            Reveal secret
          </button>
        )}
        <button
          type="button"
          class="button button-secondary"
          disabled={!may.allowed}
          onClick={() => confirmRotate.ask(true)}
        >
          {revealed && !secret ? 'Create secret' : 'Rotate secret'}
        </button>
      </div>
      <Refusal reason={may.allowed ? null : may.reason} />
      <ConfirmDialog
        {...confirmRotate.dialog}
        title={`Rotate the ${mode}-mode signing secret?`}
        confirmLabel="Rotate secret"
        danger
      >
        <p>
          A new secret replaces the current one, and the current one stops verifying immediately: update your server
          right after.
        </p>
      </ConfirmDialog>
    </Section>
  );
}

/** One row per event: its newest attempt (the log is newest first), and how many attempts it has had. */
type EventRow = { latest: Delivery; attempts: number };

function byEvent(deliveries: Delivery[]): EventRow[] {
  const rows = new Map<string, EventRow>();
  for (const delivery of deliveries) {
    const row = rows.get(delivery.event_id);
    if (row) row.attempts += 1;
    else rows.set(delivery.event_id, { latest: delivery, attempts: 1 });
  }
  return [...rows.values()];
}

function lastResponse(d: Delivery) {
  if (d.status_code !== null) {
    return (
      <>
        HTTP {d.status_code}
        {d.response_excerpt && <span class="muted excerpt"> {d.response_excerpt}</span>}
      </>
    );
  }
  return d.error ?? <span class="muted">No response</span>;
}

function nextRetry(d: Delivery) {
  if (d.gave_up_at) return `Gave up ${dateTime(d.gave_up_at)}`;
  if (d.next_attempt_at) return dateTime(d.next_attempt_at);
  return <span class="muted">None</span>;
}

function sentMessage(result: SendResult): string {
  if (result.outcome === 'pending') return 'Sent. The endpoint has not answered yet; the log will show the outcome.';
  if ('status_code' in result && result.outcome === 'succeeded') return `Delivered: HTTP ${result.status_code}.`;
  return `The endpoint did not accept it: ${'status_code' in result && result.status_code !== null ? `HTTP ${result.status_code}` : ('error' in result && result.error) || result.outcome}.`;
}

/** GET /api/merchants/webhooks/deliveries, newest first, with resend and "send test event". */
function DeliveryLog() {
  const { can } = useBusiness();
  const { mode } = useSession();
  const log = useQuery(() => api.deliveries(LOG_LIMIT), []);
  const test = useAction(() => api.sendTestEvent());
  const resend = useAction((id: string) => api.resendDelivery(id));
  const mayTest = can('webhook.test');
  const mayResend = can('webhook.resend');
  const outcome = test.result ?? resend.result;
  const failure = test.error ?? resend.error;
  return (
    <Section
      title="Delivery log"
      actions={
        <>
          <button type="button" class="button button-secondary button-small" onClick={log.reload}>
            Refresh
          </button>
          {!mayTest.hidden && (
            <button
              type="button"
              class="button button-primary button-small"
              disabled={!mayTest.allowed || test.busy}
              onClick={async () => {
                resend.reset();
                if (await test.run()) log.reload();
              }}
            >
              {test.busy ? 'Sending…' : 'Send test event'}
            </button>
          )}
        </>
      }
    >
      {outcome && (
        <Banner kind={outcome.outcome === 'failed' ? 'warning' : 'success'} title="Event sent">
          {sentMessage(outcome)}
        </Banner>
      )}
      <ErrorNote error={failure} />
      <Refusal reason={mayTest.hidden ? mayTest.reason : mayTest.allowed ? null : mayTest.reason} />
      <Loadable query={log} what="the delivery log" empty={<p>No {mode}-mode events have been sent yet.</p>}>
        {(list) => (
          <DataTable
            label="Webhook deliveries, newest first"
            columns={[
              'Event',
              'Status',
              { label: 'Attempts', num: true },
              'Last response',
              'Next retry',
              'Sent',
              ACTIONS,
            ]}
          >
            {byEvent(list).map(({ latest, attempts }) => (
              <tr key={latest.event_id}>
                <td class="wrap">
                  <code>
                    {latest.event_type.split('.').map((part, i) => (
                      <span key={part}>
                        {i > 0 && (
                          <>
                            .<wbr />
                          </>
                        )}
                        {part}
                      </span>
                    ))}
                  </code>
                  {latest.trigger !== 'event' && <span class="muted"> ({latest.trigger})</span>}
                </td>
                <td>
                  <StatusChip status={latest.outcome} />
                </td>
                <td class="num">{attempts}</td>
                <td class="wrap">{lastResponse(latest)}</td>
                <td>{nextRetry(latest)}</td>
                <td>{dateTime(latest.created_at)}</td>
                <td>
                  {mayResend.allowed && (
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      disabled={resend.busy}
                      aria-label={`Resend ${latest.event_type} of ${dateTime(latest.created_at)}`}
                      onClick={async () => {
                        test.reset();
                        if (await resend.run(latest.id)) log.reload();
                      }}
                    >
                      Resend
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loadable>
      {mayResend.hidden && <p class="refusal">{mayResend.reason}</p>}
    </Section>
  );
}

export function WebhooksPage() {
  const { me } = useBusiness();
  const { mode } = useSession();
  return (
    <>
      <PageHeader title="Webhooks" description={`Events groupsplit posts to your server in ${mode} mode.`} />
      <PausedBanner />
      <Section title="Endpoint" actions={<Link href={PAGES.developers}>Edit</Link>}>
        <KeyValues rows={[[`Webhook URL (${mode})`, me.webhook_url ?? <span class="muted">Not set</span>]]} />
      </Section>
      <SigningSecret />
      <DeliveryLog />
    </>
  );
}

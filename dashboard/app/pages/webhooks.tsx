import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Delivery, type SendResult, type WebhookEventType } from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { ConfirmDialog } from '../components/dialog';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { CopyButton, Field, FilterSelect, Form, fieldInputProps, Options } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { ACTIONS, DataTable, KeyValues } from '../components/table';
import { dateTime } from '../format';
import { useAction, useConfirm, useQuery } from '../hooks';
import { useSession } from '../session';

/** The log is read 50 attempts at a time (GET …/deliveries with starting_after). */
const PAGE_SIZE = 50;

const EVENT_TYPES: readonly WebhookEventType[] = [
  'checkout_split.paid',
  'checkout_split.participant_authorised',
  'checkout_split.authorised',
  'checkout_split.canceled',
  'checkout_split.refunded',
  'checkout_session.expired',
];

/** How a person reads each event type (the type itself is shown beside it for developers). */
const EVENT_WORDS: Record<WebhookEventType, string> = {
  'checkout_split.paid': 'Order paid',
  'checkout_split.participant_authorised': 'A share authorised',
  'checkout_split.authorised': 'Every share authorised',
  'checkout_split.canceled': 'Order cancelled',
  'checkout_split.refunded': 'Refund',
  'checkout_session.expired': 'Checkout expired',
};

const OUTCOMES = ['succeeded', 'failed', 'skipped'] as const;
const OUTCOME_WORDS: Record<(typeof OUTCOMES)[number], string> = {
  succeeded: 'Delivered',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** Shown once, where a save just created the mode's first secret (PATCH /api/merchants with create_webhook_secret). */
export function NewSecretNotice(props: { secret: string }) {
  return (
    <Banner kind="success" title="Copy your signing secret; you won't see it again here">
      <p class="secret">
        <code id="new-webhook-secret">{props.secret}</code> <CopyButton text={props.secret} />
      </p>
      <p>Verify each event's signature with it. Reveal shows it again on this page later.</p>
    </Banner>
  );
}

/** The current mode's endpoint: saving a URL also creates the mode's signing secret if there is none yet. */
function Endpoint(props: { onSecretCreated: () => void }) {
  const { me, can, reload } = useBusiness();
  const { mode } = useSession();
  const may = can('integration.update');
  const [url, setUrl] = useState(me.webhook_url ?? '');
  const save = useAction((webhook_url: string) =>
    api.updateIntegration({ webhook_url, create_webhook_secret: webhook_url !== '' }),
  );
  const urlError = save.error?.message.startsWith('Invalid webhook_url') ? save.error.message : null;
  if (!may.allowed) {
    return (
      <Section title="Endpoint">
        <KeyValues rows={[[`Webhook URL (${mode})`, me.webhook_url ?? <span class="muted">Not set</span>]]} />
      </Section>
    );
  }
  return (
    <Section title="Endpoint">
      <Form
        class="stack"
        noValidate
        aria-label="Webhook endpoint"
        onSubmit={async () => {
          const saved = await save.run(url.trim());
          if (!saved) return;
          reload();
          if (saved.webhook_secret) props.onSecretCreated();
        }}
      >
        <Field
          id="endpoint-url"
          label={`Webhook URL (${mode} mode)`}
          hint={`Where ${mode}-mode events are posted. Saving it creates the ${mode}-mode signing secret if there is none yet. Empty turns ${mode}-mode webhooks off.`}
          error={urlError}
        >
          <input
            {...fieldInputProps('endpoint-url', true, urlError)}
            type="url"
            value={url}
            onInput={(e) => setUrl((e.currentTarget as HTMLInputElement).value)}
          />
        </Field>
        {!urlError && <ErrorNote error={save.error} />}
        {save.result?.webhook_secret && <NewSecretNotice secret={save.result.webhook_secret} />}
        {save.result && !save.result.webhook_secret && (
          <Banner kind="success" title="Saved">
            {save.result.webhook_url ? 'Events go to this URL from now on.' : `${mode}-mode webhooks are off.`}
          </Banner>
        )}
        <div class="row">
          <BusyButton type="submit" busy={save.busy} busyLabel="Saving…">
            Save endpoint
          </BusyButton>
        </div>
      </Form>
    </Section>
  );
}

/**
 * The current mode's secret (GET /api/merchants/credentials, read when the page opens so Reveal is offered
 * only for a secret that exists; shown only on Reveal), and rotate (POST …/credentials/rotate).
 */
function SigningSecret(props: { version: number }) {
  const { can } = useBusiness();
  const { mode } = useSession();
  const may = can('webhook_secret.manage');
  const credentials = useQuery(() => (may.hidden ? Promise.resolve(null) : api.credentials()), [props.version]);
  const [shown, setShown] = useState(false);
  const confirmRotate = useConfirm(
    () => api.rotateWebhookSecret(),
    () => {
      setShown(true);
      credentials.reload();
    },
  );
  const create = useAction(() => api.rotateWebhookSecret());
  const rotate = confirmRotate.action;
  const secret = create.result?.value ?? credentials.data?.webhook_secret ?? null;

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
      <ErrorNote error={credentials.error ?? rotate.error ?? create.error} onRetry={credentials.reload} />
      {credentials.status === 'ready' && !secret && (
        <p>No {mode}-mode secret yet. Saving a webhook URL creates one, or create it here.</p>
      )}
      {secret && shown && (
        <p class="secret">
          <code id="webhook-secret">{secret}</code> <CopyButton text={secret} />
        </p>
      )}
      {rotate.result && (
        <Banner kind="success" title="Secret rotated">
          The old secret stopped working at once.
        </Banner>
      )}
      {credentials.status === 'ready' && (
        <div class="row">
          {secret && !shown && (
            <button type="button" class="button button-secondary" onClick={() => setShown(true)}>
              Reveal secret
            </button>
          )}
          {secret ? (
            <button
              type="button"
              class="button button-secondary"
              disabled={!may.allowed}
              onClick={() => confirmRotate.ask(true)}
            >
              Rotate secret
            </button>
          ) : (
            <BusyButton
              tone="secondary"
              busy={create.busy}
              disabled={!may.allowed}
              onClick={async () => {
                if (await create.run()) setShown(true);
              }}
            >
              Create secret
            </BusyButton>
          )}
        </div>
      )}
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

const eventWords = (type: string) => EVENT_WORDS[type as WebhookEventType] ?? type;

/** The event type in code, breakable at its dot so a narrow column does not cut it. */
function EventType(props: { type: string }) {
  return (
    <code>
      {props.type.split('.').map((part, i) => (
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
  );
}

const prettyJson = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** One attempt opened: the request it sent (headers, payload) and what the endpoint answered. */
function DeliveryDetails(props: { id: string }) {
  const detail = useQuery(() => api.delivery(props.id), [props.id]);
  return (
    <Loadable query={detail} what="this delivery">
      {(d) => (
        <div class="stack delivery-detail">
          <h3>Response</h3>
          <KeyValues
            rows={[
              ['Result', OUTCOME_WORDS[d.outcome]],
              ['Status', d.status_code === null ? <span class="muted">No answer</span> : `HTTP ${d.status_code}`],
              ['Took', d.duration_ms === null ? <span class="muted">Not sent</span> : `${d.duration_ms} ms`],
              ['Error', d.error ?? <span class="muted">None</span>],
              ['URL', d.url ?? <span class="muted">None</span>],
            ]}
          />
          {d.response_excerpt && <pre class="code-block">{d.response_excerpt}</pre>}
          <h3>Request headers</h3>
          {d.request_headers ? (
            <pre class="code-block">
              {Object.entries(d.request_headers)
                .map(([name, value]) => `${name}: ${value}`)
                .join('\n')}
            </pre>
          ) : (
            <p class="muted">Nothing was sent.</p>
          )}
          <h3>Payload</h3>
          <pre class="code-block">{prettyJson(d.request_body)}</pre>
        </div>
      )}
    </Loadable>
  );
}

type LogFilters = { type: WebhookEventType | ''; status: (typeof OUTCOMES)[number] | '' };

/**
 * GET /api/merchants/webhooks/deliveries: one row per attempt, newest first, 50 at a time ("Show older"
 * reads the next 50 after the last row), narrowed by type and result; each row opens to its details.
 */
function DeliveryLog() {
  const { can } = useBusiness();
  const { mode } = useSession();
  const [filters, setFilters] = useState<LogFilters>({ type: '', status: '' });
  const [testType, setTestType] = useState<WebhookEventType>('checkout_split.paid');
  const [pages, setPages] = useState<Delivery[][]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const query = (starting_after?: string) =>
    api.deliveries({
      limit: PAGE_SIZE,
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(starting_after ? { starting_after } : {}),
    });
  const log = useQuery(() => query(), [filters.type, filters.status]);
  // A new first page (reload, other filters) starts the list again.
  useEffect(() => setPages([]), [log.data]);
  const older = useAction((after: string) => query(after));
  const test = useAction(() => api.sendTestEvent(testType));
  const resend = useAction((id: string) => api.resendDelivery(id));
  const mayTest = can('webhook.test');
  const mayResend = can('webhook.resend');
  const outcome = test.result ?? resend.result;
  const failure = test.error ?? resend.error ?? older.error;
  const reload = () => {
    setOpen(null);
    log.reload();
  };
  const rows = log.data ? [log.data, ...pages].flat() : [];
  const lastPage = pages.at(-1) ?? log.data ?? [];
  return (
    <Section
      title="Delivery log"
      actions={
        <button type="button" class="button button-secondary button-small" onClick={reload}>
          Refresh
        </button>
      }
    >
      {!mayTest.hidden && (
        <Form
          class="toolbar inline-form"
          aria-label="Send a test event"
          onSubmit={async () => {
            resend.reset();
            if (await test.run()) reload();
          }}
        >
          <div class="field">
            <label for="test-event-type">Type of test event</label>
            <select
              id="test-event-type"
              value={testType}
              disabled={!mayTest.allowed}
              onChange={(e) => setTestType((e.currentTarget as HTMLSelectElement).value as WebhookEventType)}
            >
              <Options values={EVENT_TYPES} label={eventWords} />
            </select>
          </div>
          <BusyButton type="submit" busy={test.busy} busyLabel="Sending…" disabled={!mayTest.allowed}>
            Send a test event
          </BusyButton>
        </Form>
      )}
      {outcome && (
        <Banner kind={outcome.outcome === 'failed' ? 'warning' : 'success'} title="Event sent">
          {sentMessage(outcome)}
        </Banner>
      )}
      <ErrorNote error={failure} />
      <Refusal reason={mayTest.hidden ? mayTest.reason : mayTest.allowed ? null : mayTest.reason} />
      <fieldset class="toolbar inline-form">
        <legend class="visually-hidden">Filter the delivery log</legend>
        <FilterSelect
          id="log-type"
          label="Event"
          all="All events"
          value={filters.type}
          values={EVENT_TYPES}
          words={eventWords}
          onChange={(type) => setFilters({ ...filters, type })}
        />
        <FilterSelect
          id="log-status"
          label="Result"
          all="All results"
          value={filters.status}
          values={OUTCOMES}
          words={(o) => OUTCOME_WORDS[o]}
          onChange={(status) => setFilters({ ...filters, status })}
        />
      </fieldset>
      <Loadable
        query={log}
        what="the delivery log"
        empty={
          <p>
            {filters.type || filters.status
              ? 'No deliveries match these filters.'
              : `No ${mode}-mode events have been sent yet.`}
          </p>
        }
      >
        {() => (
          <>
            <DataTable
              label="Webhook deliveries, newest first"
              columns={['Event', 'Result', { label: 'Attempt', num: true }, 'Response', 'Next retry', 'Sent', ACTIONS]}
            >
              {rows.map((d) => (
                <Fragment key={d.id}>
                  <tr>
                    <td class="wrap">
                      {eventWords(d.event_type)}
                      <br />
                      <EventType type={d.event_type} />
                      {d.trigger !== 'event' && <span class="muted"> ({d.trigger})</span>}
                    </td>
                    <td>
                      <StatusChip status={d.outcome} label={OUTCOME_WORDS[d.outcome]} />
                    </td>
                    <td class="num">{d.attempt}</td>
                    <td class="wrap">{lastResponse(d)}</td>
                    <td>{nextRetry(d)}</td>
                    <td>{dateTime(d.created_at)}</td>
                    <td>
                      <div class="row row-tight">
                        <button
                          type="button"
                          class="button button-secondary button-small"
                          aria-expanded={open === d.id}
                          aria-controls={`delivery-${d.id}`}
                          aria-label={`${open === d.id ? 'Hide' : 'Show'} details of ${eventWords(d.event_type)}, attempt ${d.attempt}, ${dateTime(d.created_at)}`}
                          onClick={() => setOpen(open === d.id ? null : d.id)}
                        >
                          {open === d.id ? 'Hide' : 'Details'}
                        </button>
                        {mayResend.allowed && (
                          <BusyButton
                            tone="secondary"
                            small
                            busy={resend.busy}
                            label={`Resend ${eventWords(d.event_type)} of ${dateTime(d.created_at)}`}
                            onClick={async () => {
                              test.reset();
                              if (await resend.run(d.id)) reload();
                            }}
                          >
                            Resend
                          </BusyButton>
                        )}
                      </div>
                    </td>
                  </tr>
                  {open === d.id && (
                    <tr id={`delivery-${d.id}`}>
                      <td colSpan={7} class="wrap">
                        <DeliveryDetails id={d.id} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </DataTable>
            {lastPage.length === PAGE_SIZE && (
              <div class="row">
                <BusyButton
                  tone="secondary"
                  busy={older.busy}
                  busyLabel="Loading…"
                  onClick={async () => {
                    const next = await older.run(rows.at(-1)!.id);
                    if (next) setPages([...pages, next]);
                  }}
                >
                  Show {PAGE_SIZE} older
                </BusyButton>
              </div>
            )}
          </>
        )}
      </Loadable>
      {mayResend.hidden && <p class="refusal">{mayResend.reason}</p>}
    </Section>
  );
}

export function WebhooksPage() {
  const { mode } = useSession();
  const [secretVersion, setSecretVersion] = useState(0);
  return (
    <>
      <PageHeader title="Webhooks" description={`Events groupsplit posts to your server in ${mode} mode.`} />
      <PausedBanner />
      <Endpoint onSecretCreated={() => setSecretVersion((n) => n + 1)} />
      <SigningSecret version={secretVersion} />
      <DeliveryLog />
    </>
  );
}

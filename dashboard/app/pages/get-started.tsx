import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { Section } from '../components/page';
import { useAction, useQuery } from '../hooks';
import { Link } from '../router';
import { PAGES } from '../routes';

/** A step's state: done, skipped (the return domain only), to do, or unknown (a read the role may not make). */
type StepState = 'done' | 'skipped' | 'todo' | 'unknown';

const STATE_WORDS: Record<StepState, { chip: string; label: string }> = {
  done: { chip: 'complete', label: 'Done' },
  skipped: { chip: 'neutral', label: 'Skipped' },
  todo: { chip: 'pending', label: 'To do' },
  unknown: { chip: 'neutral', label: 'Unknown' },
};

/** What the steps read beyond the business record, in test mode; a read the role may not make is left unknown. */
async function readTestState(canSeeKeys: boolean) {
  const [keys, deliveries, orders] = await Promise.allSettled([
    // Only Owner and Admin may list keys: nobody else asks (the step stays unknown).
    canSeeKeys ? api.apiKeys() : Promise.reject(new Error('not allowed')),
    api.deliveries({ limit: 100, status: 'succeeded' }),
    // The same five Home's recent orders ask for (Home never asks for more).
    api.splitPage({ limit: 5 }),
  ]);
  const value = <T,>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : null);
  return { keys: value(keys), deliveries: value(deliveries), orders: value(orders) };
}

const known = (value: boolean | null): StepState => (value === null ? 'unknown' : value ? 'done' : 'todo');

/**
 * The businesses whose return domain was skipped, kept while the app is open: the dashboard stores nothing in
 * localStorage or sessionStorage (docs/dashboard.md, "Tests"), and a skipped step is only a reminder put aside.
 */
const skippedDomain = new Set<string>();

function Step(props: {
  number: number;
  title: string;
  state: StepState;
  detail: ComponentChildren;
  children?: ComponentChildren;
}) {
  const words = STATE_WORDS[props.state];
  return (
    <li class={`gate${props.state === 'done' ? ' gate-ready' : ' gate-blocked'}`}>
      <div>
        <p class="gate-title">
          <StatusChip status={words.chip} label={words.label} /> {props.number}. {props.title}
        </p>
        <div class="muted">{props.detail}</div>
      </div>
      {props.children && <div class="row">{props.children}</div>}
    </li>
  );
}

/** "Open a test checkout": the sample session, opened in a new tab (or linked, when the browser blocks the tab). */
function OpenTestCheckout() {
  const { me, can } = useBusiness();
  const open = useAction(() => api.openTestCheckout());
  const [blocked, setBlocked] = useState(false);
  const permission = can('checkout.test_session');
  const gate = me.gates.take_split;
  if (!permission.allowed) return <Refusal reason={permission.reason} />;
  if (gate) {
    return (
      <Link class="button button-secondary button-small" href={gate.fix.path}>
        {gate.fix.label}
      </Link>
    );
  }
  return (
    <div class="stack">
      <BusyButton
        small
        busy={open.busy}
        onClick={async () => {
          // The tab is opened in the click itself (a browser blocks one opened after a wait), then sent on.
          const tab = window.open('', '_blank');
          const made = await open.run();
          if (!made) {
            tab?.close();
            return;
          }
          if (tab) {
            tab.opener = null;
            tab.location.href = made.checkout_url;
          }
          setBlocked(!tab);
        }}
      >
        {open.busy ? 'Opening…' : 'Open a test checkout'}
        <span class="visually-hidden"> (opens in a new tab)</span>
      </BusyButton>
      <ErrorNote error={open.error} />
      {open.result && (
        <p role="status">
          {blocked ? 'Your browser kept the new tab closed: ' : 'Opened in a new tab: '}
          <a href={open.result.checkout_url} target="_blank" rel="noopener noreferrer">
            {open.result.order_reference}, £{open.result.amount}
            <span class="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </div>
  );
}

/**
 * Home in test mode: the four steps of a first integration, each with its state and the one button
 * that does it (docs/dashboard.md, "Home").
 */
export function GetStarted() {
  const { me, can } = useBusiness();
  const canSeeKeys = can('api_key.view').allowed;
  const state = useQuery(() => readTestState(canSeeKeys), [me, canSeeKeys]);
  const [skipped, setSkipped] = useState(() => skippedDomain.has(me.id));
  return (
    <Section title="Get started">
      <p>Four steps to a working test integration. Nothing here moves real money.</p>
      <Loadable query={state} what="your test set-up">
        {(read) => {
          const domain = me.test_allowed_domain ?? me.allowed_domain;
          const domainState: StepState = domain ? 'done' : skipped ? 'skipped' : 'todo';
          const testKey = read.keys ? read.keys.some((key) => key.mode === 'test' && !key.revoked) : null;
          const testOrder = read.orders ? read.orders.data.length > 0 : null;
          const delivered = read.deliveries
            ? read.deliveries.some((d) => d.mode === 'test' && d.trigger === 'test' && d.outcome === 'succeeded')
            : null;
          const webhookState: StepState = me.webhook_url ? known(delivered) : 'todo';
          return (
            <ol class="gates" aria-label="Get started">
              <Step
                number={1}
                title="Add a return domain"
                state={domainState}
                detail={
                  domain ? (
                    <>
                      Buyers come back to <code>{domain}</code>.
                    </>
                  ) : (
                    'Where buyers come back to after checkout. You can skip it for now: in test mode localhost works, and a sample checkout comes back here.'
                  )
                }
              >
                {!domain && (
                  <>
                    <Link class="button button-secondary button-small" href={PAGES.developers}>
                      Add a domain
                    </Link>
                    {!skipped && (
                      <button
                        type="button"
                        class="button button-link"
                        onClick={() => {
                          skippedDomain.add(me.id);
                          setSkipped(true);
                        }}
                      >
                        Skip for now
                      </button>
                    )}
                  </>
                )}
              </Step>
              <Step
                number={2}
                title="Create an API key"
                state={known(testKey)}
                detail={testKey ? 'Your server has a test key.' : 'Your server creates checkout sessions with it.'}
              >
                {testKey === false && (
                  <Link class="button button-secondary button-small" href={PAGES.apiKeys}>
                    Create a key
                  </Link>
                )}
              </Step>
              <Step
                number={3}
                title="Open a test checkout"
                state={known(testOrder)}
                detail={
                  me.gates.take_split
                    ? me.gates.take_split.message
                    : testOrder
                      ? 'A test order is in Orders.'
                      : 'Try the checkout as a buyer would: a £20 sample order, with test cards. It comes back to Orders.'
                }
              >
                <OpenTestCheckout />
              </Step>
              <Step
                number={4}
                title="Set a webhook URL and send a test event"
                state={webhookState}
                detail={
                  !me.webhook_url
                    ? 'Your server hears about paid orders there.'
                    : delivered
                      ? 'A test event reached your server.'
                      : 'Send a test event and check your server answered 2xx.'
                }
              >
                {webhookState !== 'done' && (
                  <Link
                    class="button button-secondary button-small"
                    href={me.webhook_url ? PAGES.webhooks : PAGES.developers}
                  >
                    {me.webhook_url ? 'Send a test event' : 'Set a webhook URL'}
                  </Link>
                )}
              </Step>
            </ol>
          );
        }}
      </Loadable>
    </Section>
  );
}

import { api } from '../api';
import { useBusiness } from '../business';
import { Banner, Loadable, StatusChip } from '../components/feedback';
import { Section } from '../components/page';
import { useQuery } from '../hooks';
import { Link } from '../router';
import { PAGES } from '../routes';

/** One step of going live: done or not, what it means, and the page that does it. */
type Step = { title: string; done: boolean | null; detail: string; href: string; action: string };

/**
 * What the live checklist reads: live mode's business record, billing and deliveries (asked in live mode
 * whatever the toggle says, so test mode shows the live state too) and the keys; a read the role may not
 * make is left unknown.
 */
async function readLiveState(canSeeKeys: boolean) {
  const [me, billing, deliveries, keys] = await Promise.allSettled([
    api.live.me(),
    api.live.billing(),
    api.live.deliveries({ limit: 100, status: 'succeeded' }),
    // Only Owner and Admin may list keys: nobody else asks (the step stays unknown).
    canSeeKeys ? api.apiKeys() : Promise.reject(new Error('not allowed')),
  ]);
  const value = <T,>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : null);
  return { me: value(me), billing: value(billing), deliveries: value(deliveries), keys: value(keys) };
}

function liveSteps(current: ReturnType<typeof useBusiness>['me'], state: Awaited<ReturnType<typeof readLiveState>>) {
  // The live record (the toggle may be on test): its webhook URL and gates are live mode's.
  const me = state.me ?? current;
  const verified = me.verification_status === 'verified' || me.verification_grandfathered;
  const testDelivered = state.deliveries
    ? state.deliveries.some((d) => d.mode === 'live' && d.trigger === 'test' && d.outcome === 'succeeded')
    : null;
  const liveKey = state.keys ? state.keys.some((key) => key.mode === 'live' && !key.revoked) : null;
  const steps: Step[] = [
    {
      title: 'Connect the payment processor',
      done: me.processor_charges_enabled,
      detail: me.processor_charges_enabled ? 'Charges are enabled.' : 'Finish the processor onboarding.',
      href: PAGES.payments,
      action: 'Payments',
    },
    {
      title: 'Add a billing card',
      done: state.billing ? state.billing.card !== null : null,
      detail: state.billing?.card
        ? `${state.billing.card.brand} ending ${state.billing.card.last4}.`
        : 'Platform fees are billed to it.',
      href: PAGES.billing,
      action: 'Billing',
    },
    {
      title: 'Verify the owner',
      done: verified,
      detail: verified ? 'Verified.' : 'Done during the processor onboarding.',
      href: PAGES.verification,
      action: 'Verification',
    },
    {
      title: 'Set the live webhook URL and send a test event',
      done: me.webhook_url ? testDelivered : false,
      detail: !me.webhook_url
        ? 'Your server hears about paid orders there.'
        : testDelivered
          ? 'A test event reached your server.'
          : 'Send a test event and check your server answered 2xx.',
      href: me.webhook_url ? PAGES.webhooks : PAGES.developers,
      action: me.webhook_url ? 'Webhooks' : 'Developers',
    },
    {
      title: 'Create a live API key',
      done: liveKey,
      detail: liveKey ? 'Your server has a key to create checkout sessions.' : 'Your server needs one for checkout.',
      href: PAGES.apiKeys,
      action: 'API keys',
    },
  ];
  return steps;
}

/**
 * Apple Pay on our pay domain, live mode's (docs/processor.md, "Wallet domains"): not a step (cards work
 * without it), a line under the steps saying it is ready or what is missing.
 */
function applePayLine(me: ReturnType<typeof useBusiness>['me']): string {
  const wallet = me.apple_pay;
  if (wallet?.status === 'active') return `Apple Pay ready on ${wallet.domain}.`;
  if (wallet) {
    return `Apple Pay not ready on ${wallet.domain}: ${wallet.error ?? 'its domain check has not passed'}. Cards still work.`;
  }
  return me.processor_charges_enabled
    ? 'Apple Pay: the pay domain is not registered on your account yet. Cards still work.'
    : 'Apple Pay: the pay domain is registered on your account once it can take charges.';
}

const STATE_LABEL = (done: boolean | null) => (done === null ? 'Unknown' : done ? 'Done' : 'To do');

/**
 * The way to live payments in order, each step with its state and the page that does it: on Home in
 * live mode as "Go live", and in test mode too, as "What you need to go live". "You can take live
 * payments" only once every step is done and the live split gate is open.
 */
export function GoLiveChecklist(props: { title?: string } = {}) {
  const { me, can } = useBusiness();
  const canSeeKeys = can('api_key.view').allowed;
  const state = useQuery(() => readLiveState(canSeeKeys), [me, canSeeKeys]);
  return (
    <Section title={props.title ?? 'Go live'}>
      <Loadable query={state} what="your live set-up">
        {(read) => {
          const steps = liveSteps(me, read);
          const liveGate = (read.me ?? me).gates.take_split;
          const live = steps.every((step) => step.done === true) && !liveGate;
          return (
            <>
              {live ? (
                <Banner kind="success" title="You can take live payments">
                  Every step is done.
                </Banner>
              ) : liveGate && steps.every((step) => step.done === true) ? (
                <Banner kind="warning" title="Live payments are blocked">
                  {liveGate.message} <Link href={liveGate.fix.path}>{liveGate.fix.label}</Link>
                </Banner>
              ) : (
                <p>Five steps to live payments. Each opens the page that does it.</p>
              )}
              <ol class="gates" aria-label="Go-live checklist">
                {steps.map((step) => (
                  <li key={step.title} class={`gate${step.done ? ' gate-ready' : ' gate-blocked'}`}>
                    <div>
                      <p class="gate-title">
                        <StatusChip status={step.done ? 'complete' : 'pending'} label={STATE_LABEL(step.done)} />{' '}
                        {step.title}
                      </p>
                      <p class="muted">{step.detail}</p>
                    </div>
                    {!step.done && (
                      <Link class="button button-secondary button-small" href={step.href}>
                        {step.action}
                      </Link>
                    )}
                  </li>
                ))}
              </ol>
              <p class="muted">{applePayLine(read.me ?? me)}</p>
            </>
          );
        }}
      </Loadable>
    </Section>
  );
}

import { useState } from 'preact/hooks';
import { api, type Bill } from '../api';
import { useBusiness } from '../business';
import { useCardSetup } from '../card-setup';
import { BusyButton } from '../components/busy-button';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { Form } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { ACTIONS, DataTable, KeyValues } from '../components/table';
import { dateTime, money, words } from '../format';
import { useAction, useQuery } from '../hooks';
import { useSession } from '../session';

/** The processor's test payment methods (test mode takes no real card). */
const TEST_CARDS = [
  ['pm_card_visa', 'Visa ending 4242'],
  ['pm_card_mastercard', 'Mastercard ending 4444'],
  ['pm_card_amex', 'American Express ending 8431'],
  ['pm_card_chargeDeclined', 'Visa that is declined (to see a refusal)'],
] as const;

/** Test mode's quick pick: the processor's test payment methods, put on file directly. */
function TestCardForm(props: { onSaved: () => void }) {
  const [paymentMethod, setPaymentMethod] = useState<string>(TEST_CARDS[0][0]);
  const save = useAction((id: string) => api.saveBillingCard(id));
  return (
    <Form
      class="stack"
      onSubmit={async () => {
        if (await save.run(paymentMethod)) props.onSaved();
      }}
    >
      <fieldset>
        <legend>Choose a test card</legend>
        {TEST_CARDS.map(([id, label]) => (
          <label class="radio" key={id}>
            <input
              type="radio"
              name="billing-card"
              value={id}
              checked={paymentMethod === id}
              onChange={() => setPaymentMethod(id)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <ErrorNote error={save.error} />
      <BusyButton type="submit" busy={save.busy} busyLabel="Saving…">
        Save card
      </BusyButton>
    </Form>
  );
}

/** The card entered on the processor's own page, in a new tab (./card-setup.ts): the way to add a live card. */
function SecureCardSetup(props: { setup: ReturnType<typeof useCardSetup>; hasCard: boolean }) {
  const { setup } = props;
  return (
    <div class="stack">
      <p>
        You enter the card on the payment processor's secure page, which opens in a new tab. groupsplit never sees the
        card number. Come back to this tab when the card is saved.
      </p>
      <p>
        <BusyButton busy={setup.busy} busyLabel="Opening…" onClick={() => setup.open()}>
          {props.hasCard ? 'Replace the card on a secure page' : 'Add card on a secure page'}
        </BusyButton>
      </p>
      {setup.pageUrl && (
        <p>
          Waiting for the card to be saved.{' '}
          <a href={setup.pageUrl} target="_blank" rel="noopener noreferrer">
            Open the secure card page again (new tab)
          </a>
        </p>
      )}
    </div>
  );
}

function BillRow(props: { bill: Bill; mayPay: boolean; onPaid: () => void }) {
  const pay = useAction(() => api.payBill(props.bill.id));
  const { bill } = props;
  return (
    <tr>
      <td>{dateTime(bill.issued_at)}</td>
      <td class="wrap">{bill.description}</td>
      <td class="num">{money(bill.amount)}</td>
      <td>
        <StatusChip
          status={bill.status}
          label={bill.status === 'unpaid' ? `Unpaid, ${bill.days_unpaid} days` : 'Paid'}
        />
        <ErrorNote error={pay.error} />
      </td>
      <td>
        {bill.status === 'unpaid' && props.mayPay && (
          <BusyButton
            tone="secondary"
            small
            busy={pay.busy}
            onClick={async () => {
              if (await pay.run()) props.onPaid();
            }}
          >
            Pay now
          </BusyButton>
        )}
      </td>
    </tr>
  );
}

/**
 * GET /api/merchants/billing for the current mode ("Settings, Billing"). A live card is entered on the
 * processor's secure page (POST /api/merchants/billing/card-setup, then .../complete); test mode can also pick
 * one of the processor's test cards (PUT /api/merchants/billing/card).
 */
export function BillingPage() {
  const { can, reload } = useBusiness();
  const { mode } = useSession();
  const billing = useQuery(() => api.billing(), []);
  const may = can('billing.manage');
  const [saved, setSaved] = useState(false);
  const refresh = () => {
    billing.reload();
    reload();
  };
  const setup = useCardSetup(() => {
    setSaved(true);
    refresh();
  });
  return (
    <>
      <PageHeader
        title="Billing"
        description={`The card groupsplit bills for ${mode}-mode fees. Split payments need a card on file in the same mode.`}
      />
      <PausedBanner />
      {saved && (
        <Banner kind="success" title="Card saved">
          The billing card is on file.
        </Banner>
      )}
      {setup.outcome?.kind === 'cancelled' && (
        <Banner kind="info" title="No card saved">
          You left the secure card page without saving a card.
        </Banner>
      )}
      <ErrorNote error={setup.outcome?.kind === 'failed' ? setup.outcome.error : null} />
      <Loadable query={billing} what="billing">
        {(data) => (
          <>
            <Section title={`Billing card (${mode} mode)`}>
              <div class="stack">
                {data.card ? (
                  <KeyValues
                    rows={[
                      ['Card', `${words(data.card.brand)} ending ${data.card.last4}`],
                      [
                        'Expires',
                        data.card.exp_month && data.card.exp_year
                          ? `${String(data.card.exp_month).padStart(2, '0')}/${data.card.exp_year}`
                          : '—',
                      ],
                      ['Updated', dateTime(data.card.updated_at)],
                    ]}
                  />
                ) : (
                  <p>No card on file for {mode} mode.</p>
                )}
                {may.allowed && mode === 'live' ? (
                  <SecureCardSetup setup={setup} hasCard={Boolean(data.card)} />
                ) : may.allowed ? (
                  <details class="disclosure stack" open={!data.card}>
                    <summary>{data.card ? 'Replace the card' : 'Add a card'}</summary>
                    <TestCardForm
                      onSaved={() => {
                        setSaved(true);
                        refresh();
                      }}
                    />
                    <p>
                      Or try the secure card page that live mode uses, with a test card number such as 4242 4242 4242
                      4242:
                    </p>
                    <SecureCardSetup setup={setup} hasCard={Boolean(data.card)} />
                  </details>
                ) : (
                  <Refusal reason={may.reason} />
                )}
              </div>
            </Section>
            <Section title="Bills">
              {data.bills.length === 0 ? (
                <p class="empty">No bills yet.</p>
              ) : (
                <DataTable
                  label="Bills"
                  columns={['Issued', 'Description', { label: 'Amount', num: true }, 'Status', ACTIONS]}
                >
                  {data.bills.map((bill) => (
                    <BillRow key={bill.id} bill={bill} mayPay={may.allowed} onPaid={refresh} />
                  ))}
                </DataTable>
              )}
            </Section>
          </>
        )}
      </Loadable>
    </>
  );
}

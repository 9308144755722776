import { useState } from 'preact/hooks';
import { api, type Bill } from '../api';
import { useBusiness } from '../business';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { Field } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { ACTIONS, DataTable, KeyValues } from '../components/table';
import { dateTime, money, words } from '../format';
import { useAction, useQuery } from '../hooks';
import { useSession } from '../session';
import { PausedBanner } from './home';

/** The processor's test payment methods (test mode takes no real card). */
const TEST_CARDS = [
  ['pm_card_visa', 'Visa ending 4242'],
  ['pm_card_mastercard', 'Mastercard ending 4444'],
  ['pm_card_amex', 'American Express ending 8431'],
  ['pm_card_chargeDeclined', 'Visa that is declined (to see a refusal)'],
] as const;

function CardForm(props: { onSaved: () => void }) {
  const { mode } = useSession();
  const [paymentMethod, setPaymentMethod] = useState<string>(TEST_CARDS[0][0]);
  const save = useAction((id: string) => api.saveBillingCard(id));
  return (
    <form
      class="stack"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await save.run(paymentMethod.trim())) props.onSaved();
      }}
    >
      {mode === 'test' ? (
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
      ) : (
        <Field
          id="billing-payment-method"
          label="Payment method id"
          hint="The id (pm_…) of a card payment method created with the payment processor's card form."
        >
          <input
            id="billing-payment-method"
            value={paymentMethod}
            aria-describedby="billing-payment-method-hint"
            onInput={(e) => setPaymentMethod((e.currentTarget as HTMLInputElement).value)}
          />
        </Field>
      )}
      <ErrorNote error={save.error} />
      <button type="submit" class="button button-primary" disabled={save.busy}>
        {save.busy ? 'Saving…' : 'Save card'}
      </button>
    </form>
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
          <button
            type="button"
            class="button button-secondary button-small"
            disabled={pay.busy}
            onClick={async () => {
              if (await pay.run()) props.onPaid();
            }}
          >
            Pay now
          </button>
        )}
      </td>
    </tr>
  );
}

/** GET /api/merchants/billing and PUT /api/merchants/billing/card for the current mode ("Settings, Billing"). */
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
      <Loadable query={billing} what="billing">
        {(data) => (
          <>
            <Section title={`Billing card (${mode} mode)`}>
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
              {may.allowed ? (
                <details class="disclosure" open={!data.card}>
                  <summary>{data.card ? 'Replace the card' : 'Add a card'}</summary>
                  <CardForm
                    onSaved={() => {
                      setSaved(true);
                      refresh();
                    }}
                  />
                </details>
              ) : (
                <Refusal reason={may.reason} />
              )}
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

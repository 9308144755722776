import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api, type RegistrationBody } from '../api';
import { BusyButton } from '../components/busy-button';
import { Banner, ErrorNote } from '../components/feedback';
import { Field, Form, fieldInputProps } from '../components/form';
import { PlainLayout } from '../components/layout';
import { PageHeader } from '../components/page';
import { useAction } from '../hooks';
import { navigate, usePlace } from '../router';
import { PAGES } from '../routes';
import { updateSession, useSession } from '../session';

const BUSINESS_TYPES = [
  ['sole_trader', 'Sole trader'],
  ['limited_company', 'Limited company'],
  ['partnership', 'Partnership'],
  ['limited_liability_partnership', 'Limited liability partnership (LLP)'],
  ['charity', 'Charity'],
  ['other', 'Other'],
] as const;
const typeLabels = BUSINESS_TYPES.map(([, label]) => label);
/** The business-type error in the words of the list: "Choose a business type: Sole trader, …, Charity or Other." */
export const BUSINESS_TYPE_ERROR = `Choose a business type: ${typeLabels.slice(0, -1).join(', ')} or ${typeLabels.at(-1)}.`;
const NEEDS_COMPANY_NUMBER = new Set(['limited_company', 'limited_liability_partnership']);

/** What the registration form holds, as typed. */
type Answers = {
  name: string;
  legal_name: string;
  business_type: string;
  line1: string;
  line2: string;
  city: string;
  county: string;
  postcode: string;
  business_email: string;
  business_phone: string;
  company_number: string;
  vat_number: string;
  webhook_url: string;
};
type FieldName = keyof Answers;

const EMPTY: Answers = {
  name: '',
  legal_name: '',
  business_type: '',
  line1: '',
  line2: '',
  city: '',
  county: '',
  postcode: '',
  business_email: '',
  business_phone: '',
  company_number: '',
  vat_number: '',
  webhook_url: '',
};

/** Which input an API `details[].field` belongs to (the address goes as business_address_parts). */
function inputFor(field: string): FieldName | null {
  const part = field.replace(/^business_address_parts\./, '');
  if (field === 'business_address' || field === 'business_address_parts') return 'line1';
  if (part in EMPTY) return part as FieldName;
  return null;
}

function body(form: Answers, additional: boolean): RegistrationBody {
  const optional = (value: string) => value.trim() || null;
  return {
    name: form.name,
    legal_name: form.legal_name,
    // Not chosen yet is sent as '', so that the API's own message for the field is shown.
    business_type: form.business_type as RegistrationBody['business_type'],
    business_address_parts: {
      line1: form.line1,
      line2: optional(form.line2),
      city: form.city,
      county: optional(form.county),
      postcode: form.postcode,
      country: 'United Kingdom',
    },
    business_email: form.business_email,
    business_phone: form.business_phone,
    company_number: optional(form.company_number),
    vat_number: optional(form.vat_number),
    webhook_url: optional(form.webhook_url),
    ...(additional ? { allow_additional: true } : {}),
  };
}

/** POST /api/merchants/register with every field of the spec; the API's `details` land beside their fields. */
export function RegisterPage() {
  const { search } = usePlace();
  const { workspaces } = useSession();
  const additional = search.get('additional') === '1' || Boolean(workspaces && workspaces.length > 0);
  const [form, setForm] = useState<Answers>(EMPTY);
  const register = useAction((payload: RegistrationBody) => api.register(payload));

  const errors: Partial<Record<FieldName, string>> = {};
  const unplaced: string[] = [];
  for (const detail of register.error?.details ?? []) {
    const input = inputFor(detail.field);
    if (input && !errors[input]) errors[input] = detail.message;
    else if (!input) unplaced.push(detail.message);
  }
  if (register.error?.code === 'company_already_registered') errors.company_number = register.error.message;
  // The API names the types by their values (sole_trader, …), for a developer; a person is told the labels they see.
  if (errors.business_type) errors.business_type = BUSINESS_TYPE_ERROR;

  const set = (name: FieldName) => (event: JSX.TargetedEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [name]: event.currentTarget.value });
  const input = (
    name: FieldName,
    label: string,
    options: { type?: string; autocomplete?: string; optional?: boolean; hint?: string } = {},
  ) => {
    const id = `register-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]} optional={options.optional} hint={options.hint}>
        <input
          {...fieldInputProps(id, Boolean(options.hint), errors[name])}
          name={name}
          type={options.type ?? 'text'}
          autocomplete={options.autocomplete}
          value={form[name]}
          required={!options.optional}
          onInput={set(name)}
        />
      </Field>
    );
  };

  return (
    <PlainLayout signedIn>
      <PageHeader
        title={additional ? 'Add a business' : 'Register your business'}
        description="Every business is set up in the UK, paid out in pounds through its own payment processor account."
      />
      {register.error && register.error.details.length > 0 && (
        <Banner kind="danger" title={register.error.message}>
          Check the fields marked below.
          {unplaced.length > 0 && (
            <ul>
              {unplaced.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}
      {register.error &&
        register.error.details.length === 0 &&
        register.error.code !== 'company_already_registered' && <ErrorNote error={register.error} />}
      <Form
        class="card card-body stack"
        noValidate
        onSubmit={async () => {
          const created = await register.run(body(form, additional));
          if (!created) return;
          updateSession({ merchantId: created.id, workspaces: null });
          navigate(PAGES.home);
        }}
      >
        <fieldset>
          <legend>The business</legend>
          {input('name', 'Trading name', { hint: 'The name your customers see.' })}
          {input('legal_name', 'Legal name')}
          <Field id="register-business_type" label="Business type" error={errors.business_type}>
            <select
              {...fieldInputProps('register-business_type', false, errors.business_type)}
              value={form.business_type}
              required
              onChange={set('business_type')}
            >
              <option value="">Choose…</option>
              {BUSINESS_TYPES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          {input('company_number', 'Company number', {
            optional: !NEEDS_COMPANY_NUMBER.has(form.business_type),
            hint: 'Required for limited companies and LLPs.',
          })}
          {input('vat_number', 'VAT number', { optional: true })}
        </fieldset>
        <fieldset>
          <legend>Business address</legend>
          {input('line1', 'Address line 1', { autocomplete: 'address-line1' })}
          {input('line2', 'Address line 2', { autocomplete: 'address-line2', optional: true })}
          {input('city', 'Town or city', { autocomplete: 'address-level2' })}
          {input('county', 'County', { optional: true })}
          {input('postcode', 'Postcode', { autocomplete: 'postal-code' })}
          <p class="muted">Country: United Kingdom</p>
        </fieldset>
        <fieldset>
          <legend>Contact</legend>
          {input('business_email', 'Business e-mail', {
            type: 'email',
            autocomplete: 'email',
            hint: 'For the business, not your sign-in address.',
          })}
          {input('business_phone', 'Business phone', { type: 'tel', autocomplete: 'tel', hint: '7 to 30 characters.' })}
        </fieldset>
        <fieldset>
          <legend>Integration</legend>
          {input('webhook_url', 'Live webhook URL', {
            type: 'url',
            optional: true,
            hint: 'Where live events are posted. You can set it later under Developers.',
          })}
        </fieldset>
        <BusyButton type="submit" busy={register.busy} busyLabel="Registering…">
          {additional ? 'Add business' : 'Register business'}
        </BusyButton>
      </Form>
    </PlainLayout>
  );
}

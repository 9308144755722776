import { useBusiness } from '../business';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { KeyValues } from '../components/table';
import { dateTime, words } from '../format';
import { Link } from '../router';
import { PAGES } from '../routes';

/** The business as registered (GET /api/merchants/me). The public API has no route to change these. */
export function BusinessDetailsPage() {
  const { me } = useBusiness();
  return (
    <>
      <PageHeader title="Business details" description="As registered. Contact support to change them." />
      <PausedBanner />
      <Section title="Business">
        <KeyValues
          rows={[
            ['Trading name', me.name],
            ['Legal name', me.legal_name],
            ['Business type', words(me.business_type)],
            ['Company number', me.company_number ?? '—'],
            ['VAT number', me.vat_number ?? '—'],
            ['Address', me.business_address],
            ['Business e-mail', me.business_email],
            ['Business phone', me.business_phone],
            ['Registered', dateTime(me.created_at)],
            ['Business id', <code key="id">{me.id}</code>],
          ]}
        />
      </Section>
      <Section title="More settings">
        <ul class="plain-list">
          <li>
            <Link href={PAGES.payments}>Payments: connect the payment processor</Link>
          </li>
          <li>
            <Link href={PAGES.billing}>Billing: the card groupsplit bills</Link>
          </li>
          <li>
            <Link href={PAGES.verification}>Verification</Link>
          </li>
        </ul>
      </Section>
    </>
  );
}

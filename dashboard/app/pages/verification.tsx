import { useBusiness } from '../business';
import { Banner } from '../components/feedback';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { KeyValues } from '../components/table';
import { Link } from '../router';
import { PAGES } from '../routes';
import { VerificationChip } from './home';

/** Where the verification gate leads: the status, and what completes it (docs/identity.md). */
export function VerificationPage() {
  const { me } = useBusiness();
  const verified = me.verification_status === 'verified' || me.verification_grandfathered;
  return (
    <>
      <PageHeader
        title="Verification"
        description="Live payments and invoices need a verified owner and, for limited companies and LLPs, a confirmed company."
      />
      <PausedBanner />
      {verified ? (
        <Banner kind="success" title="Verified">
          {me.verification_grandfathered && me.verification_status !== 'verified'
            ? 'This business took payments before verification existed, so it is exempt.'
            : 'The owner and the business are verified.'}
        </Banner>
      ) : (
        <Banner kind="warning" title="Not verified yet">
          Verification happens during the payment processor's live onboarding: the processor checks the owner's identity
          and, for a company, the company. <Link href={PAGES.payments}>Connect the payment processor</Link> in live mode
          to finish it.
        </Banner>
      )}
      <Section title="Status">
        <KeyValues
          rows={[
            ['Verification', <VerificationChip key="status" status={me.verification_status} />],
            ['Exempt (took payments before verification)', me.verification_grandfathered ? 'Yes' : 'No'],
            ['Processor details submitted (live)', me.processor_details_submitted ? 'Yes' : 'No'],
            ['Processor charges enabled (live)', me.processor_charges_enabled ? 'Yes' : 'No'],
          ]}
        />
      </Section>
    </>
  );
}

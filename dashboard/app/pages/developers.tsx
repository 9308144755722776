import { useState } from 'preact/hooks';
import { api } from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { Banner, ErrorNote, Refusal } from '../components/feedback';
import { Field, Form, fieldInputProps } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { useAction } from '../hooks';
import { Link } from '../router';
import { PAGES } from '../routes';
import { useSession } from '../session';
import { NewSecretNotice } from './webhooks';

/**
 * PATCH /api/merchants: the webhook URL of the current mode and the allowed return domain (one per
 * business, used by both modes). An empty field clears the value.
 */
function IntegrationSettings() {
  const { me, can, reload } = useBusiness();
  const { mode } = useSession();
  const [webhookUrl, setWebhookUrl] = useState(me.webhook_url ?? '');
  const [domain, setDomain] = useState(me.allowed_domain ?? '');
  // A URL saved here works at once: the mode's signing secret is created with it if there is none yet.
  const save = useAction((body: { webhook_url: string; allowed_domain: string }) =>
    api.updateIntegration({ ...body, create_webhook_secret: body.webhook_url !== '' }),
  );
  const may = can('integration.update');
  const urlError = save.error?.message.startsWith('Invalid webhook_url') ? save.error.message : null;
  const domainError = save.error?.message.startsWith('Invalid allowed_domain') ? save.error.message : null;
  return (
    <Section title="Integration settings">
      <Form
        class="stack"
        noValidate
        onSubmit={async () => {
          if (await save.run({ webhook_url: webhookUrl.trim(), allowed_domain: domain.trim() })) reload();
        }}
      >
        <Field
          id="allowed-domain"
          label="Allowed return domain"
          hint="The hostname your checkout return_url and cancel_url must use, for example shop.example.com. Subdomains do not match. Applies in test and live mode."
          error={domainError}
        >
          <input
            {...fieldInputProps('allowed-domain', true, domainError)}
            value={domain}
            disabled={!may.allowed}
            onInput={(e) => setDomain((e.currentTarget as HTMLInputElement).value)}
          />
        </Field>
        <Field
          id="webhook-url"
          label={`Webhook URL (${mode} mode)`}
          hint={`Where ${mode}-mode events are posted. Test and live each have their own URL and signing secret; saving a URL creates the ${mode}-mode secret if there is none yet.`}
          error={urlError}
        >
          <input
            {...fieldInputProps('webhook-url', true, urlError)}
            type="url"
            value={webhookUrl}
            disabled={!may.allowed}
            onInput={(e) => setWebhookUrl((e.currentTarget as HTMLInputElement).value)}
          />
        </Field>
        {!urlError && !domainError && <ErrorNote error={save.error} />}
        {save.result && (
          <Banner kind="success" title="Saved">
            Integration settings saved.
          </Banner>
        )}
        {save.result?.webhook_secret && <NewSecretNotice secret={save.result.webhook_secret} />}
        {may.allowed ? (
          <BusyButton type="submit" busy={save.busy} busyLabel="Saving…">
            Save settings
          </BusyButton>
        ) : (
          <Refusal reason={may.reason} />
        )}
      </Form>
    </Section>
  );
}

export function DevelopersPage() {
  const { can } = useBusiness();
  return (
    <>
      <PageHeader title="Developers" description="Connect your shop's server to groupsplit." />
      <PausedBanner />
      <IntegrationSettings />
      <div class="grid">
        {can('api_key.view').allowed && (
          <Section title="API keys">
            <p>Keys your server uses to create checkouts, read their status, refund and cancel.</p>
            <Link href={PAGES.apiKeys}>Manage API keys</Link>
          </Section>
        )}
        <Section title="Webhooks">
          <p>Signing secret, test events and the delivery log.</p>
          <Link href={PAGES.webhooks}>Open webhooks</Link>
        </Section>
      </div>
    </>
  );
}

import { useState } from 'preact/hooks';
import { type ApiKeyRecord, api, type CreatedApiKey } from '../api';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { ConfirmDialog } from '../components/dialog';
import { Banner, ErrorNote, Loadable, Refusal, StatusChip } from '../components/feedback';
import { CopyButton, Field, Form } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { PausedBanner } from '../components/paused-banner';
import { ACTIONS, DataTable } from '../components/table';
import { dateTime } from '../format';
import { useAction, useConfirm, useQuery } from '../hooks';
import { useSession } from '../session';

const PREFIX = { test: 'svc_test_', live: 'svc_prod_' } as const;

/** The whole key, this once: it is not kept anywhere after "Done". */
function NewKey(props: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Banner kind="warning" title="Copy your new key now">
      <p>
        This is the only time the whole key is shown. groupsplit keeps only a hash of it: if you lose it, revoke it and
        create another.
      </p>
      <p class="secret">
        <code id="new-api-key">{props.created.key}</code>
      </p>
      <div class="row">
        <CopyButton text={props.created.key} label="Copy key" />
        <button type="button" class="button button-primary button-small" onClick={props.onDone}>
          Done
        </button>
      </div>
    </Banner>
  );
}

function CreateKey(props: { onCreated: (key: CreatedApiKey) => void }) {
  const { mode } = useSession();
  const [name, setName] = useState('');
  const create = useAction((keyName: string) => api.createApiKey(keyName));
  return (
    <Form
      class="stack"
      onSubmit={async () => {
        const created = await create.run(name.trim());
        if (created) {
          setName('');
          props.onCreated(created);
        }
      }}
    >
      <Field
        id="api-key-name"
        label="Key name"
        optional
        hint="So you can tell your keys apart, for example the server it lives on."
      >
        <input
          id="api-key-name"
          value={name}
          maxLength={100}
          aria-describedby="api-key-name-hint"
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
        />
      </Field>
      <ErrorNote error={create.error} />
      <BusyButton type="submit" busy={create.busy} busyLabel="Creating…">
        Create {mode} key
      </BusyButton>
    </Form>
  );
}

function KeyTable(props: { keys: ApiKeyRecord[]; mayRevoke: boolean; onRevoke: (key: ApiKeyRecord) => void }) {
  return (
    <DataTable label="API keys" columns={['Name', 'Key', 'Created', 'Last used', 'Status', ACTIONS]}>
      {props.keys.map((key) => (
        <tr key={key.id}>
          <td>{key.name}</td>
          <td>
            <code>
              {PREFIX[key.mode]}…{key.last_four}
            </code>
          </td>
          <td>{dateTime(key.created_at)}</td>
          <td>{key.last_used_at ? dateTime(key.last_used_at) : <span class="muted">Never</span>}</td>
          <td>
            <StatusChip status={key.revoked ? 'canceled' : 'complete'} label={key.revoked ? 'Revoked' : 'Active'} />
          </td>
          <td>
            {!key.revoked && props.mayRevoke && (
              <button
                type="button"
                class="button button-secondary button-small"
                aria-label={`Revoke ${key.name} (ending ${key.last_four})`}
                onClick={() => props.onRevoke(key)}
              >
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Create (shown once), list (last_four, last_used_at) and revoke the keys of the current mode. */
export function ApiKeysPage() {
  const { can } = useBusiness();
  const { mode } = useSession();
  const view = can('api_key.view');
  const manage = can('api_key.manage');
  const keys = useQuery(() => (view.allowed ? api.apiKeys() : Promise.resolve([])), []);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const revoke = useConfirm(
    (key: ApiKeyRecord) => api.revokeApiKey(key.id),
    () => keys.reload(),
  );
  const revoking = revoke.target;

  if (!view.allowed) {
    return (
      <>
        <PageHeader title="API keys" />
        <Refusal reason={view.reason} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="API keys"
        description={`Keys for ${mode} mode. They start ${PREFIX[mode]}; your server sends one as x-merchant-api-key. Never put a key in a web page.`}
      />
      <PausedBanner />
      {created && (
        <NewKey
          created={created}
          onDone={() => {
            setCreated(null);
          }}
        />
      )}
      <Section title="Create a key">
        {manage.allowed ? (
          <CreateKey
            onCreated={(key) => {
              setCreated(key);
              keys.reload();
            }}
          />
        ) : (
          <Refusal reason={manage.reason} />
        )}
      </Section>
      <Section title={`${mode === 'test' ? 'Test' : 'Live'} keys`}>
        <Loadable
          query={keys}
          what="API keys"
          isEmpty={(list) => !list.some((key) => key.mode === mode)}
          empty={<p>No {mode} keys yet.</p>}
        >
          {(list) => (
            <KeyTable keys={list.filter((key) => key.mode === mode)} mayRevoke={manage.allowed} onRevoke={revoke.ask} />
          )}
        </Loadable>
      </Section>
      <ConfirmDialog {...revoke.dialog} title="Revoke this key?" confirmLabel="Revoke key" danger>
        <p>
          Requests with <code>{revoking ? `${PREFIX[revoking.mode]}…${revoking.last_four}` : ''}</code> (
          {revoking?.name}) stop working at once. Other keys are not affected.
        </p>
      </ConfirmDialog>
    </>
  );
}

import { useState } from 'preact/hooks';
import { type ActiveSession, api } from '../api';
import { ConfirmDialog } from '../components/dialog';
import { Banner, Loadable } from '../components/feedback';
import { PageHeader, Section } from '../components/page';
import { ACTIONS, DataTable } from '../components/table';
import { dateTime } from '../format';
import { useConfirm, useQuery } from '../hooks';
import { navigate } from '../router';
import { PAGES } from '../routes';
import { clearSession } from '../session';
import { stopRefreshing } from '../session-refresh';

/** Leaves the app for the sign-in page: this browser's session is over. */
function signedOutHere() {
  stopRefreshing();
  clearSession();
  navigate(PAGES.signIn);
}

function SessionRows(props: { sessions: ActiveSession[]; onSignOut: (session: ActiveSession) => void }) {
  return (
    <DataTable label="Active sessions" columns={['Device', 'Signed in', 'Last used', 'Address', ACTIONS]}>
      {props.sessions.map((item) => (
        <tr key={item.id}>
          <td>
            {item.device}
            {item.current && <span class="muted"> (this browser)</span>}
          </td>
          <td>{dateTime(item.created_at)}</td>
          <td>{dateTime(item.last_used_at)}</td>
          <td>{item.ip_address}</td>
          <td>
            <button
              type="button"
              class="button button-secondary button-small"
              aria-label={`Sign out ${item.device}${item.current ? ' (this browser)' : ''}, signed in ${dateTime(item.created_at)}`}
              onClick={() => props.onSignOut(item)}
            >
              Sign out
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Settings → Security: the login's active sessions, each one signed out on its own, or all at once. */
export function SecurityPage() {
  const sessions = useQuery(() => api.sessions(), []);
  const [notice, setNotice] = useState<string | null>(null);
  const one = useConfirm(
    (target: ActiveSession) => api.revokeSession(target.id),
    (_, target) => {
      if (target.current) return signedOutHere();
      setNotice(`${target.device} is signed out.`);
      sessions.reload();
    },
  );
  const everywhere = useConfirm(() => api.signOutEverywhere(), signedOutHere);
  return (
    <>
      <PageHeader
        title="Security"
        description="Where you are signed in. A session ends 2 hours after it was last used and 12 hours after signing in."
      />
      {notice && (
        <Banner kind="success" title="Signed out">
          {notice}
        </Banner>
      )}
      <Section title="Active sessions">
        <Loadable query={sessions} what="your sessions">
          {(data) => <SessionRows sessions={data.sessions} onSignOut={one.ask} />}
        </Loadable>
      </Section>
      <Section title="Sign out everywhere">
        <p>Ends every session of your login, this one included. Use it if a device was lost or shared.</p>
        <button type="button" class="button button-danger" onClick={() => everywhere.ask(true)}>
          Sign out everywhere
        </button>
      </Section>
      <ConfirmDialog {...one.dialog} title="Sign out this session?" confirmLabel="Sign out" danger>
        <p>
          {one.target?.current
            ? 'This browser is signed out and returns to the sign-in page.'
            : `${one.target?.device ?? 'That device'} is signed out at once and needs a new code to come back.`}
        </p>
      </ConfirmDialog>
      <ConfirmDialog {...everywhere.dialog} title="Sign out everywhere?" confirmLabel="Sign out everywhere" danger>
        <p>Every browser and device signed in to your login, this one included, is signed out at once.</p>
      </ConfirmDialog>
    </>
  );
}

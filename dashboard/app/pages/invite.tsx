import { api } from '../api';
import { BusyButton } from '../components/busy-button';
import { ErrorNote, Loadable } from '../components/feedback';
import { PlainLayout } from '../components/layout';
import { PageHeader } from '../components/page';
import { KeyValues } from '../components/table';
import { dateTime, roleLabel } from '../format';
import { useAction, useQuery } from '../hooks';
import { Link, navigate, usePlace } from '../router';
import { PAGES } from '../routes';
import { updateSession, useSession } from '../session';

/**
 * The page a team invitation links to (the gateway sends /team-invites/<token> here): the public
 * preview, then sign-in as the invited address and accept.
 */
export function InvitePage(props: { params: Record<string, string> }) {
  const token = props.params.token as string;
  const { href } = usePlace();
  const { token: signedIn, user } = useSession();
  const preview = useQuery(() => api.invitePreview(token), [token]);
  const accept = useAction(() => api.acceptInvite(token));
  return (
    <PlainLayout signedIn={Boolean(signedIn)}>
      <PageHeader title="Join a business on groupsplit" />
      <Loadable query={preview} what="the invitation">
        {(invite) => (
          <div class="card card-body stack">
            <p>
              You have been invited to join <strong>{invite.business_name}</strong> as{' '}
              <strong>{roleLabel(invite.role)}</strong>.
            </p>
            <KeyValues
              rows={[
                ['Sent to', invite.email_masked],
                ['Expires', dateTime(invite.expires_at)],
              ]}
            />
            {signedIn ? (
              <>
                <p class="muted">Signed in as {user?.email}.</p>
                <ErrorNote error={accept.error} />
                <BusyButton
                  busy={accept.busy}
                  onClick={async () => {
                    const joined = await accept.run();
                    if (!joined) return;
                    updateSession({ merchantId: joined.merchant_id, workspaces: null });
                    navigate(PAGES.home);
                  }}
                >
                  Accept invitation
                </BusyButton>
              </>
            ) : (
              <p>
                <Link class="button button-primary" href={`${PAGES.signIn}?next=${encodeURIComponent(href)}`}>
                  Sign in to accept
                </Link>
              </p>
            )}
          </div>
        )}
      </Loadable>
    </PlainLayout>
  );
}

import { api } from '../api';
import { Loadable } from '../components/feedback';
import { PlainLayout } from '../components/layout';
import { PageHeader } from '../components/page';
import { roleLabel } from '../format';
import { useQuery } from '../hooks';
import { Link, navigate, usePlace } from '../router';
import { PAGES, safeNext } from '../routes';
import { updateSession, useSession } from '../session';

/** For a login in several businesses: which one to work in (sent as x-service-merchant-id from then on). */
export function WorkspacesPage() {
  const { search } = usePlace();
  const { token } = useSession();
  const next = safeNext(search.get('next'));
  const workspaces = useQuery(async () => {
    const read = (await api.workspaces()).workspaces;
    updateSession({ workspaces: read });
    return read;
  }, [token]);
  return (
    <PlainLayout signedIn>
      <PageHeader title="Choose a business" description="You belong to more than one business. Pick one to work in." />
      <Loadable
        query={workspaces}
        what="your businesses"
        empty={
          <p>
            You are not in a business yet. <Link href={PAGES.register}>Register one</Link>, or accept an invitation from
            a colleague.
          </p>
        }
      >
        {(list) => (
          <ul class="choice-list">
            {list.map((w) => (
              <li key={w.merchant_id}>
                <button
                  type="button"
                  class="choice"
                  onClick={() => {
                    updateSession({ merchantId: w.merchant_id });
                    navigate(next, { replace: true });
                  }}
                >
                  <strong>{w.name}</strong>
                  <span class="muted">{roleLabel(w.role)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
      <p>
        <Link href={`${PAGES.register}?additional=1`}>Add another business</Link>
      </p>
    </PlainLayout>
  );
}

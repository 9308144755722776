import type { ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { api } from './api';
import { BusinessContext, makeBusiness } from './business';
import { ErrorNote, Loadable } from './components/feedback';
import { Layout, PlainLayout } from './components/layout';
import { type Query, useQuery } from './hooks';
import { ApiKeysPage } from './pages/api-keys';
import { BillingPage } from './pages/billing';
import { BusinessDetailsPage } from './pages/business';
import { ConsentPage } from './pages/consent';
import { DevelopersPage } from './pages/developers';
import { ExportsPage } from './pages/exports';
import { HomePage } from './pages/home';
import { InsightsPage } from './pages/insights';
import { InvitePage } from './pages/invite';
import { NotFoundPage } from './pages/not-found';
import { OrderPage } from './pages/order';
import { OrdersPage } from './pages/orders';
import { PaymentsPage } from './pages/payments';
import { RegisterPage } from './pages/register';
import { SecurityPage } from './pages/security';
import { SignInPage } from './pages/sign-in';
import { TeamPage } from './pages/team';
import { VerificationPage } from './pages/verification';
import { WebhooksPage } from './pages/webhooks';
import { WorkspacesPage } from './pages/workspaces';
import { Redirect, usePlace } from './router';
import { ACCOUNT_PAGES, matchPage, PAGES, type PageMatch, type PageName, PUBLIC_PAGES } from './routes';
import { updateSession, useSession } from './session';

type PageProps = { params: Record<string, string> };

const BUSINESS_PAGES: Partial<Record<PageName, ComponentType<PageProps>>> = {
  home: HomePage,
  orders: OrdersPage,
  order: OrderPage,
  insights: InsightsPage,
  developers: DevelopersPage,
  apiKeys: ApiKeysPage,
  webhooks: WebhooksPage,
  team: TeamPage,
  exports: ExportsPage,
  business: BusinessDetailsPage,
  payments: PaymentsPage,
  billing: BillingPage,
  verification: VerificationPage,
  security: SecurityPage,
};

const OTHER_PAGES: Partial<Record<PageName, ComponentType<PageProps>>> = {
  signIn: SignInPage,
  invite: InvitePage,
  consent: ConsentPage,
  register: RegisterPage,
  workspaces: WorkspacesPage,
};

const signInFor = (href: string) => `${PAGES.signIn}?next=${encodeURIComponent(href)}`;

/** The businesses of this login, read once per sign-in (and again after registering or joining one). */
function useWorkspaces() {
  const { token, workspaces } = useSession();
  const query = useQuery(async () => {
    if (workspaces) return workspaces;
    const read = (await api.workspaces()).workspaces;
    updateSession({ workspaces: read });
    return read;
  }, [token, workspaces]);
  return query;
}

/** Picks the business (the only one, or the person's choice), then reads it for the current mode. */
function BusinessShell(props: { match: PageMatch }) {
  const place = usePlace();
  const { merchantId, mode, user } = useSession();
  const workspaces = useWorkspaces();
  const chosen = workspaces.status === 'ready' && workspaces.data.some((w) => w.merchant_id === merchantId);
  const only = workspaces.status === 'ready' && workspaces.data.length === 1 ? workspaces.data[0] : undefined;
  useEffect(() => {
    if (!chosen && only) updateSession({ merchantId: only.merchant_id });
  }, [chosen, only]);

  if (workspaces.status !== 'ready') {
    return <NotYetLoaded query={workspaces} what="your businesses" />;
  }
  if (workspaces.data.length === 0) return <Redirect to={PAGES.register} />;
  if (!chosen && !only) return <Redirect to={`${PAGES.workspaces}?next=${encodeURIComponent(place.href)}`} />;
  if (!chosen) return null;
  return <MerchantPages key={`${merchantId}:${mode}`} match={props.match} userId={user?.id} />;
}

/** A read every page of the business needs, while it loads or after it failed: the spinner or the error. */
function NotYetLoaded<T>(props: { query: Query<T>; what: string }) {
  return (
    <PlainLayout signedIn>
      <Loadable query={props.query} what={props.what}>
        {() => null}
      </Loadable>
    </PlainLayout>
  );
}

function MerchantPages(props: { match: PageMatch; userId: string | undefined }) {
  // Read again on every page change (showing the last answer meanwhile): gates, role and pause move.
  const { path } = usePlace();
  const me = useQuery(() => api.me(), [path]);
  if (me.status === 'error' && me.error.status === 404) return <Redirect to={PAGES.register} />;
  if (me.status !== 'ready') {
    return <NotYetLoaded query={me} what="your business" />;
  }
  const Page = BUSINESS_PAGES[props.match.name] as ComponentType<PageProps>;
  return (
    <BusinessContext.Provider value={makeBusiness(me.data, props.userId, me.reload)}>
      <Layout>
        <Page params={props.match.params} />
      </Layout>
    </BusinessContext.Provider>
  );
}

export function App() {
  const place = usePlace();
  const { token } = useSession();
  const match = matchPage(place.path);
  if (!match) {
    return (
      <PlainLayout signedIn={Boolean(token)}>
        <NotFoundPage />
      </PlainLayout>
    );
  }
  const Other = OTHER_PAGES[match.name];
  if (PUBLIC_PAGES.has(match.name) && Other) return <Other params={match.params} />;
  if (!token) return <Redirect to={signInFor(place.href)} />;
  if (ACCOUNT_PAGES.has(match.name) && Other) return <Other params={match.params} />;
  if (BUSINESS_PAGES[match.name]) return <BusinessShell match={match} />;
  return <ErrorNote error={null} />;
}

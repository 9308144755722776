import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { useBusiness } from '../business';
import { roleLabel } from '../format';
import { Link, navigate, usePlace } from '../router';
import { PAGES, pathFor } from '../routes';
import { clearSession, updateSession, useSession } from '../session';
import { BusyButton } from './busy-button';

type NavItem = { href: string; label: string; children?: NavItem[] };

function navItems(canSeeKeys: boolean, canSeeInsights: boolean, canExport: boolean): NavItem[] {
  return [
    { href: PAGES.home, label: 'Home' },
    { href: PAGES.orders, label: 'Orders' },
    ...(canSeeInsights ? [{ href: PAGES.insights, label: 'Insights' }] : []),
    {
      href: PAGES.developers,
      label: 'Developers',
      children: [
        ...(canSeeKeys ? [{ href: PAGES.apiKeys, label: 'API keys' }] : []),
        { href: PAGES.webhooks, label: 'Webhooks' },
      ],
    },
    { href: PAGES.team, label: 'Team' },
    // Finance's files; hidden from a Member, whom the table refuses (docs/exports.md).
    ...(canExport ? [{ href: PAGES.exports, label: 'Exports' }] : []),
    {
      href: PAGES.business,
      label: 'Settings',
      children: [
        { href: PAGES.payments, label: 'Payments' },
        { href: PAGES.billing, label: 'Billing' },
        { href: PAGES.verification, label: 'Verification' },
        { href: PAGES.security, label: 'Security' },
      ],
    },
  ];
}

/** The item for `path`: exact for Home, otherwise the longest prefix. */
function isCurrent(href: string, path: string, exact: boolean) {
  return exact || href === PAGES.home ? path === href : path === href || path.startsWith(`${href}/`);
}

function Nav(props: { onNavigate: () => void }) {
  const { path } = usePlace();
  const { can } = useBusiness();
  const items = navItems(can('api_key.view').allowed, can('insights.view').allowed, can('split.export').allowed);
  const link = (item: NavItem, exact: boolean) => (
    <Link
      href={item.href}
      class="nav-link"
      aria-current={isCurrent(item.href, path, exact) ? 'page' : undefined}
      onClick={props.onNavigate}
    >
      {item.label}
    </Link>
  );
  return (
    <ul class="nav-list">
      {items.map((item) => (
        <li key={item.href}>
          {link(item, Boolean(item.children))}
          {item.children && (
            <ul class="nav-sublist">
              {item.children.map((child) => (
                <li key={child.href}>{link(child, false)}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

const ADD_BUSINESS = '__add';

/** The width below which the header is one line and the business, account and sign-out move into the menu. */
const PHONE = '(max-width: 599.98px)';

/** Whether the window is phone-narrow now (follows resizes and rotation). */
function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const changed = () => setPhone(query.matches);
    changed();
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return phone;
}

function WorkspaceSwitcher() {
  const { workspaces, merchantId } = useSession();
  const { path } = usePlace();
  return (
    <div class="workspace">
      <label for="workspace-switcher" class="visually-hidden">
        Business
      </label>
      <select
        id="workspace-switcher"
        value={merchantId ?? ''}
        onChange={(event) => {
          const value = (event.currentTarget as HTMLSelectElement).value;
          if (value === ADD_BUSINESS) {
            navigate(`${PAGES.register}?additional=1`);
            return;
          }
          updateSession({ merchantId: value });
          // An order or other record of the previous business means nothing in this one.
          if (path.startsWith(`${PAGES.orders}/`)) navigate(PAGES.orders);
        }}
      >
        {(workspaces ?? []).map((w) => (
          <option key={w.merchant_id} value={w.merchant_id}>
            {w.name} ({roleLabel(w.role)})
          </option>
        ))}
        <option value={ADD_BUSINESS}>+ Add a business…</option>
      </select>
    </div>
  );
}

export function ModeToggle() {
  const { mode } = useSession();
  const test = mode === 'test';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={test}
      class={`mode-toggle${test ? ' mode-toggle-on' : ''}`}
      onClick={() => updateSession({ mode: test ? 'live' : 'test' })}
    >
      <span class="mode-toggle-track" aria-hidden="true">
        <span class="mode-toggle-thumb" />
      </span>
      Test mode
    </button>
  );
}

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <BusyButton
      tone="secondary"
      small
      busy={busy}
      onClick={async () => {
        setBusy(true);
        // Signed out here whatever the answer: the token is forgotten either way.
        await api.signOut().catch(() => undefined);
        clearSession();
        navigate(PAGES.signIn);
      }}
    >
      Sign out
    </BusyButton>
  );
}

export function TestModeStrip() {
  const { mode } = useSession();
  if (mode !== 'test') return null;
  return (
    <div class="test-strip">
      <strong>Test mode</strong>
      <span class="test-strip-long">You are viewing test data. Nothing here moves real money.</span>
      {/* A phone's one short line (styles.css, "phones"); only one of the two is ever shown. */}
      <span class="test-strip-short">Nothing here moves real money.</span>
    </div>
  );
}

/**
 * The frame of every business page: test-mode strip, top bar (business, mode, account) and navigation.
 * On a phone the top bar is one line (menu, name, mode) and the business, account and sign-out are in
 * the menu, so a page's content starts within the first 120 px.
 */
export function Layout(props: { children: ComponentChildren }) {
  const { user } = useSession();
  const { me } = useBusiness();
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const { path } = usePlace();
  useEffect(() => setMenuOpen(false), [path]);
  return (
    <div class="app">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <TestModeStrip />
      <header class="topbar">
        <button
          type="button"
          class="button button-secondary button-small menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <Link href={pathFor('home')} class="brand">
          groupsplit
        </Link>
        {!phone && <WorkspaceSwitcher />}
        <div class="topbar-end">
          <ModeToggle />
          {!phone && (
            <>
              <span class="account muted" title={user?.email}>
                {user?.email}
              </span>
              <SignOutButton />
            </>
          )}
        </div>
      </header>
      <div class="frame">
        <nav id="main-nav" class={`nav${menuOpen ? ' nav-open' : ''}`} aria-label={`${me.name} navigation`}>
          {phone && <WorkspaceSwitcher />}
          <Nav onNavigate={() => setMenuOpen(false)} />
          {phone && (
            <div class="nav-account">
              <span class="muted">{user?.email}</span>
              <SignOutButton />
            </div>
          )}
        </nav>
        <main id="main" class="main" tabIndex={-1}>
          {props.children}
        </main>
      </div>
    </div>
  );
}

/** The plain frame of the pages before a business is chosen (sign-in, consent, registration, invitations). */
export function PlainLayout(props: { children: ComponentChildren; signedIn?: boolean }) {
  return (
    <div class="app app-plain">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <span class="brand">groupsplit</span>
        {props.signedIn && (
          <div class="topbar-end">
            <SignOutButton />
          </div>
        )}
      </header>
      <main id="main" class="main main-narrow" tabIndex={-1}>
        {props.children}
      </main>
    </div>
  );
}

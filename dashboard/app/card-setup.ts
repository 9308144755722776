import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, type Mode } from './api';
import { currentPlace, navigate } from './router';
import { PAGES } from './routes';
import { updateSession, useSession } from './session';

/**
 * The billing card entered on the processor's own secure page (docs/dashboard.md, "Billing"): the
 * dashboard never sees the card or a payment method id. "Add card on a secure page" opens the page in
 * a new tab; the processor sends that tab back to Billing with `?card_setup=<id>&mode=<mode>`, which
 * completes the set-up there. The tab that opened it also completes it when the person comes back to it
 * (focus or visibility), so the card shows wherever they look. Completing twice answers the same card.
 */

/** The set-up this tab opened and has not seen completed (in memory only: a reload forgets it). */
let pending: { id: string; mode: Mode } | null = null;
/** Set-ups this tab has completed, so a re-render or a remount does not ask again. */
const finished = new Set<string>();

export type CardSetupOutcome =
  | { kind: 'saved'; brand: string; last4: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: ApiError };

const isStillOpen = (error: unknown) => error instanceof ApiError && error.code === 'card_setup_open';

export function useCardSetup(onSaved: () => void) {
  const { mode } = useSession();
  const [outcome, setOutcome] = useState<CardSetupOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [pageUrl, setPageUrl] = useState<string | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  async function complete(id: string, quietWhileOpen: boolean) {
    if (finished.has(id)) return;
    finished.add(id);
    try {
      const card = await api.completeCardSetup(id);
      if (pending?.id === id) pending = null;
      setPageUrl(null);
      setOutcome({ kind: 'saved', brand: card.brand, last4: card.last4 });
      saved.current();
    } catch (error) {
      finished.delete(id);
      if (quietWhileOpen && isStillOpen(error)) return;
      if (pending?.id === id) pending = null;
      setOutcome({
        kind: 'failed',
        error: error instanceof ApiError ? error : new ApiError(0, { error: String(error) }),
      });
    }
  }

  // Back from the processor's page in this tab: take the mode it was for, complete, and tidy the address.
  useEffect(() => {
    const search = currentPlace().search;
    const returned = search.get('card_setup');
    const returnedMode = search.get('mode');
    if (!returned) return;
    if ((returnedMode === 'live' || returnedMode === 'test') && returnedMode !== mode) {
      updateSession({ mode: returnedMode });
      return;
    }
    navigate(PAGES.billing, { replace: true });
    if (returned === 'cancelled') setOutcome({ kind: 'cancelled' });
    else void complete(returned, false);
  }, [mode]);

  // The tab that opened the page: when the person comes back to it, see whether the card was saved.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible' && pending?.mode === mode) void complete(pending.id, true);
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [mode]);

  /** Opens the processor's page in a new tab. The tab is opened within the click, so no pop-up blocker stops it. */
  async function open() {
    if (busy) return;
    const tab = window.open('', '_blank');
    setBusy(true);
    setOutcome(null);
    try {
      const setup = await api.startCardSetup();
      pending = { id: setup.id, mode };
      setPageUrl(setup.url);
      if (tab) {
        tab.opener = null;
        tab.location.href = setup.url;
      }
    } catch (error) {
      tab?.close();
      setOutcome({
        kind: 'failed',
        error: error instanceof ApiError ? error : new ApiError(0, { error: String(error) }),
      });
    } finally {
      setBusy(false);
    }
  }

  return { open, busy, outcome, pageUrl };
}

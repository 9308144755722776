import { render } from 'preact';
import { handleSessionProblems } from './api';
import { App } from './app';
import { currentPlace, navigate } from './router';
import { PAGES } from './routes';
import { updateSession } from './session';
import { refreshSession } from './session-refresh';

/**
 * A call that finds the session gone (401) sends the person to sign in and back to this page; one that
 * finds the terms unaccepted goes to the consent screen; a login that must say which business it means
 * (409 business_selection_required) is asked to choose.
 */
handleSessionProblems((problem) => {
  const here = currentPlace().href;
  if (here.startsWith(PAGES.signIn)) return;
  const next = encodeURIComponent(here);
  if (problem === 'expired') {
    updateSession({ token: null, user: null, workspaces: null });
    navigate(`${PAGES.signIn}?next=${next}&expired=1`, { replace: true });
  } else if (problem === 'consent') {
    navigate(`${PAGES.consent}?next=${next}`, { replace: true });
  } else {
    updateSession({ merchantId: null, workspaces: null });
    navigate(`${PAGES.workspaces}?next=${next}`, { replace: true });
  }
});

// A reload, a new tab or a bookmark picks the session up from the refresh cookie before the first page shows.
refreshSession().finally(() => render(<App />, document.getElementById('root') as HTMLElement));

// What the checkout and join pages' scripts share (an ES module, served as a static file so the
// pages' CSP needs no inline script): calling the API, the status line, moving between steps, and
// signing in by e-mailed code, whose markup is components.ts's signInSteps(). A signed-in person's
// bearer is kept in sessionStorage, for this tab only, under a key of the page's own.

export const $ = (id) => document.getElementById(id);

/** Any e-mail address a person could mean; the server checks again. */
export const looksLikeEmail = (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** A JSON call: `{ status, data }`, `data` null when the answer is not JSON. */
export async function call(method, path, body, bearer) {
  const headers = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { status: response.status, data };
}

/** Disables (and enables again) every button of a form while its call is out. */
export function busy(form, on) {
  for (const button of form.querySelectorAll('button')) button.disabled = on;
}

/** The page's `#status` line: a message, an error (which takes the focus), or nothing. */
export function statusLine(box) {
  return (message, isError) => {
    box.textContent = message || '';
    box.classList.toggle('error', Boolean(isError));
    if (message && isError) box.focus();
  };
}

/** Shows one of the page's step sections, hides the others, and moves the focus to its heading. */
export function stepper(steps) {
  return (step) => {
    for (const id of steps) $(id).hidden = id !== step;
    const heading = $(step).querySelector('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };
}

/** The signed-in person of this tab (`{ bearer, email }`), kept under `key`. */
export function signedInAs(key) {
  return {
    read() {
      try {
        return JSON.parse(sessionStorage.getItem(key) || 'null');
      } catch {
        return null;
      }
    },
    save(person) {
      sessionStorage.setItem(key, JSON.stringify(person));
    },
    forget() {
      sessionStorage.removeItem(key);
    },
  };
}

/**
 * Wires the two sign-in steps (`step-email`, `step-code`): an e-mailed 6-digit code, as on every
 * hosted page. Once the code is right the person is saved in `person` and `onSignedIn()` runs.
 */
export function wireSignIn({ say, show, person, onSignedIn }) {
  let email = '';

  $('email-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    email = $('email').value.trim();
    if (!looksLikeEmail(email)) return say('Enter a valid e-mail address.', true);
    busy(event.target, true);
    const res = await call('POST', '/api/auth/email/start', { email });
    busy(event.target, false);
    if (res.status !== 202) return say(res.data?.error || 'Could not send a code. Try again.', true);
    $('code-email').textContent = email;
    say('We have e-mailed you a code.');
    show('step-code');
    $('code').focus();
  });

  $('change-email').addEventListener('click', () => {
    say('');
    show('step-email');
    $('email').focus();
  });

  $('code-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    busy(event.target, true);
    const res = await call('POST', '/api/auth/email/verify', { email, code: $('code').value.trim() });
    busy(event.target, false);
    if (res.status !== 200) return say(res.data?.error || 'That code did not work.', true);
    person.save({ bearer: res.data.access_token, email: res.data.user.email });
    say('');
    onSignedIn();
  });
}

// The hosted checkout page's behaviour, served as a static file so the page's CSP needs no inline
// script. It signs the buyer in by e-mail code, lets them choose how to pay, and creates the split;
// then it keeps the group's progress up to date and lets the buyer replace whoever has not paid.
(() => {
  const app = document.getElementById('app');
  if (!app) return;
  const token = app.dataset.token;
  const GROUP_POLL_MS = 3000;
  const totalPence = Number(app.dataset.total);
  const MAX_PEOPLE = 20;
  const MIN_SHARE = 100;
  const storageKey = `groupsplit.checkout.${token}`;

  const $ = (id) => document.getElementById(id);
  const statusBox = $('status');
  const steps = ['step-email', 'step-code', 'step-choose', 'step-done'];
  const afterTheSplit = app.dataset.view === 'group';

  // Browser twins of formatPounds / poundsToPence (shared/src/money.ts), which this static file
  // cannot import; they only shape what the buyer sees and sends, and the server parses again.
  const pounds = (pence) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
  const toPence = (text) => {
    const match = /^\s*£?\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
    if (!match) return null;
    return Number(match[1]) * 100 + Number((match[2] || '').padEnd(2, '0'));
  };

  function say(message, isError) {
    statusBox.textContent = message || '';
    statusBox.classList.toggle('error', Boolean(isError));
    if (message && isError) statusBox.focus();
  }

  function show(step) {
    for (const id of steps) $(id).hidden = id !== step;
    const heading = $(step).querySelector('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }

  function saved() {
    try {
      return JSON.parse(sessionStorage.getItem(storageKey) || 'null');
    } catch {
      return null;
    }
  }

  async function call(method, path, body, bearer) {
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

  function busy(form, on) {
    for (const button of form.querySelectorAll('button')) button.disabled = on;
  }

  // The page of a split that exists already has no sign-in or choosing to wire up.
  if (afterTheSplit) {
    followGroup(saved());
    return;
  }

  // ---- sign-in -------------------------------------------------------------------------------
  let email = '';

  $('email-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    email = $('email').value.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return say('Enter a valid e-mail address.', true);
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
    sessionStorage.setItem(storageKey, JSON.stringify({ bearer: res.data.access_token, email: res.data.user.email }));
    say('');
    startChoosing();
  });

  // ---- choosing ------------------------------------------------------------------------------
  const people = $('people');

  function personRow(emailValue, amountPence, isMe) {
    const index = people.children.length + 1;
    const row = document.createElement('li');
    row.className = 'person';
    const emailId = `person-email-${index}-${Date.now()}`;
    const amountId = `person-amount-${index}-${Date.now()}`;
    const emailLabel = document.createElement('label');
    emailLabel.htmlFor = emailId;
    emailLabel.textContent = isMe ? 'You' : 'E-mail address';
    const emailInput = document.createElement('input');
    emailInput.id = emailId;
    emailInput.type = 'email';
    emailInput.className = 'person-email';
    emailInput.value = emailValue || '';
    emailInput.autocomplete = 'off';
    if (isMe) emailInput.readOnly = true;
    const amountLabel = document.createElement('label');
    amountLabel.htmlFor = amountId;
    amountLabel.textContent = 'Share (£)';
    const amountInput = document.createElement('input');
    amountInput.id = amountId;
    amountInput.className = 'person-amount';
    amountInput.inputMode = 'decimal';
    amountInput.value = amountPence ? pounds(amountPence) : '';
    amountInput.addEventListener('input', updateTotal);
    row.append(emailLabel, emailInput, amountLabel, amountInput);
    if (!isMe) {
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'link remove';
      remove.textContent = 'Remove';
      remove.setAttribute('aria-label', 'Remove this person');
      remove.addEventListener('click', () => {
        row.remove();
        updateTotal();
        $('add-person').focus();
      });
      row.append(remove);
    }
    people.append(row);
    return row;
  }

  function rows() {
    return Array.from(people.querySelectorAll('.person')).map((row) => ({
      email: row.querySelector('.person-email').value.trim(),
      pence: toPence(row.querySelector('.person-amount').value),
    }));
  }

  function updateTotal() {
    const sum = rows().reduce((total, row) => total + (row.pence || 0), 0);
    const left = totalPence - sum;
    $('share-total').textContent =
      left === 0
        ? 'Shares add up to the total.'
        : `Shares add up to £${pounds(sum)}; £${pounds(Math.abs(left))} ${left > 0 ? 'still to assign' : 'too much'}.`;
  }

  /** Equal shares; spare pence go on the first shares so the sum is exact. */
  function equalSplit() {
    const inputs = people.querySelectorAll('.person-amount');
    const count = inputs.length;
    const base = Math.floor(totalPence / count);
    const spare = totalPence - base * count;
    inputs.forEach((input, i) => {
      input.value = pounds(base + (i < spare ? 1 : 0));
    });
    updateTotal();
  }

  $('add-person').addEventListener('click', () => {
    if (people.children.length >= MAX_PEOPLE) return say(`A split can have at most ${MAX_PEOPLE} people.`, true);
    personRow('', 0, false).querySelector('.person-email').focus();
  });
  $('equal-split').addEventListener('click', equalSplit);

  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => {
      const mode = document.querySelector('input[name="mode"]:checked').value;
      $('split-editor').hidden = mode !== 'split';
      $('one-payer-editor').hidden = mode !== 'one_payer';
      $('alone-note').hidden = mode !== 'alone';
    });
  }

  function startChoosing() {
    const me = saved();
    if (!me) return show('step-email');
    if (!people.children.length) {
      personRow(me.email, 0, true);
      personRow('', 0, false);
      equalSplit();
    }
    show('step-choose');
  }

  $('choose-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const me = saved();
    if (!me) return show('step-email');
    const mode = document.querySelector('input[name="mode"]:checked').value;
    const body = { mode };
    if (mode === 'split') {
      const list = rows();
      if (list.some((row) => !row.email)) return say('Enter an e-mail address for everyone.', true);
      if (list.some((row) => row.pence === null)) return say('Enter each share in pounds, like 12.50.', true);
      if (list.some((row) => row.pence < MIN_SHARE)) return say('Each share must be at least £1.', true);
      const sum = list.reduce((total, row) => total + row.pence, 0);
      if (sum !== totalPence) return say(`Shares must add up to the order total of £${pounds(totalPence)}.`, true);
      body.participants = list.map((row) => ({ email: row.email, amount: pounds(row.pence) }));
    } else if (mode === 'one_payer') {
      body.payer_email = $('payer-email').value.trim();
      if (!body.payer_email) return say('Enter the e-mail address of the person paying.', true);
    }
    busy(event.target, true);
    say('Setting up your order…');
    const res = await call(
      'POST',
      `/api/merchants/checkout/sessions/${encodeURIComponent(token)}/split`,
      body,
      me.bearer,
    );
    busy(event.target, false);
    if (res.status === 401) {
      sessionStorage.removeItem(storageKey);
      say('Please sign in again.', true);
      return show('step-email');
    }
    if (res.status !== 201) return say(res.data?.error || 'Something went wrong. Try again.', true);
    done(res.data, me.email);
  });

  function done(result, myEmail) {
    for (const link of document.querySelectorAll('[data-cancel-link]')) link.remove();
    const list = $('pay-links');
    list.textContent = '';
    for (const participant of result.participants) {
      if (participant.email.toLowerCase() !== myEmail.toLowerCase()) continue;
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = participant.pay_url;
      link.className = 'button';
      link.id = 'my-pay-link';
      link.textContent = `Pay your share (£${participant.amount})`;
      item.append(link);
      list.append(item);
    }
    say('');
    show('step-done');
    followGroup(saved());
  }

  // ---- after the split: the group, live, and replacing someone ---------------------------------

  /**
   * The signed-in buyer's view of the group (everyone in full, with "Replace" for whoever has
   * not paid), polled until the split ends. When the split's status changes the page is loaded
   * again, so the server draws the new state.
   */
  async function followGroup(me) {
    const section = $('group');
    if (!me || !section) return;
    const progress = await import('/checkout/assets/progress.js');
    const path = `/api/merchants/checkout/sessions/${encodeURIComponent(token)}/group`;
    const shownStatus = app.dataset.status || 'pending';
    let open = null;

    let drawn = '';
    const draw = (view) => {
      const next = JSON.stringify(view.group);
      if (open || next === drawn) return; // never under a half-typed replacement, nor for nothing
      drawn = next;
      // Drawing anew must not lose the keyboard user's place.
      const focusKey = document.activeElement?.dataset?.focusKey;
      progress.renderGroup(section, view.group, (p) => (p.replaceable ? replaceButton(p) : null));
      if (focusKey) section.querySelector(`[data-focus-key="${focusKey}"]`)?.focus();
    };

    // A replacement reads the group at once while a poll's read may still be out: only the read
    // started last may draw, or the slower, older answer puts the replaced person back on the page.
    let reads = 0;
    const load = async () => {
      const read = ++reads;
      const res = await call('GET', path, undefined, me.bearer);
      if (read !== reads) return false;
      if (res.status !== 200) return res.status === 401 || res.status === 403 || res.status === 404;
      if (res.data.status !== shownStatus) {
        window.location.reload();
        return true;
      }
      draw(res.data);
      return !['pending', 'capturing', 'canceling'].includes(res.data.status);
    };

    function replaceButton(p) {
      const { element } = progress;
      const button = element(
        'button',
        {
          type: 'button',
          className: 'secondary replace',
          'aria-expanded': 'false',
          'data-focus-key': `replace-${p.id}`,
        },
        'Replace',
        element('span', { className: 'visually-hidden' }, ` ${p.email}`),
      );
      button.addEventListener('click', () => openForm(button, p));
      return button;
    }

    function openForm(button, p) {
      if (open) open.remove();
      const { element, money } = progress;
      const inputId = `replace-email-${p.id}`;
      const input = element('input', { id: inputId, type: 'email', autocomplete: 'off', required: true });
      const cancel = element('button', { type: 'button', className: 'secondary' }, 'Cancel');
      const form = element(
        'form',
        { className: 'replace-form', novalidate: true, 'aria-label': `Replace ${p.email}` },
        element('label', { for: inputId }, `Who takes over this ${money(p.amount)} share? Their e-mail address`),
        input,
        element('p', { className: 'hint' }, `They are e-mailed a link to pay. ${p.email}'s link stops working.`),
        element('div', { className: 'row' }, element('button', { type: 'submit' }, 'Send them the link'), cancel),
      );
      const close = () => {
        form.remove();
        open = null;
        button.setAttribute('aria-expanded', 'false');
      };
      cancel.addEventListener('click', () => {
        close();
        button.focus();
      });
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const email = input.value.trim();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
          say('Enter a valid e-mail address.', true);
          input.focus();
          return;
        }
        busy(form, true);
        const res = await call(
          'POST',
          `/api/merchants/checkout/sessions/${encodeURIComponent(token)}/participants/${encodeURIComponent(p.id)}/replace`,
          { email },
          me.bearer,
        );
        busy(form, false);
        if (res.status !== 200) {
          say(res.data?.error || 'Could not replace them. Try again.', true);
          if (res.status === 409) {
            close();
            drawn = '';
            await load();
          } else input.focus();
          return;
        }
        close();
        drawn = '';
        await load();
        say(`${res.data.participant.email} has been e-mailed a link to pay ${money(res.data.participant.amount)}.`);
        statusBox.focus();
      });
      button.setAttribute('aria-expanded', 'true');
      button.closest('li').append(form);
      open = form;
      input.focus();
    }

    if (!(await load())) progress.poll(load, GROUP_POLL_MS);
  }

  if (saved()) startChoosing();
})();

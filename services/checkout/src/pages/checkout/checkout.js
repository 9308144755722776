// The hosted checkout page's behaviour, served as a static file (an ES module) so the page's CSP
// needs no inline script. Before the split: the buyer chooses how to pay (and, for a split, who
// pays what), then confirms their e-mail address by code, and the split is made as they chose;
// "Pay it all myself" goes from the code straight to the card form. After the split: the group,
// live; the organiser's own pay links, Replace, Cover, the group link and inviting to a seat. A
// reopened page offers "Sign in to see your group", which brings the organiser all of that and a
// member their own pay link.
import * as progress from './progress.js';
import { $, busy, call, looksLikeEmail, signedInAs, statusLine, stepper, wireSignIn } from './sign-in.js';

(() => {
  const app = document.getElementById('app');
  if (!app) return;
  const token = app.dataset.token;
  const GROUP_POLL_MS = 3000;
  /** A choice cut by a restart is sent again after the Retry-After the service gives (2 s). */
  const RESEND_AFTER_MS = 2000;
  const totalPence = Number(app.dataset.total);
  const feePence = Number(app.dataset.fee || '20');
  const MAX_PEOPLE = 20;
  const MIN_SHARE = 100;
  const MAX_NAME = 60;
  const person = signedInAs(`groupsplit.checkout.${token}`);
  const { element, money } = progress;

  const statusBox = $('status');
  const say = statusLine(statusBox);
  const saved = () => person.read();
  const sessionPath = (rest) => `/api/merchants/checkout/sessions/${encodeURIComponent(token)}${rest}`;

  // Browser twins of formatPounds / poundsToPence (packages/core/src/money.ts), which this static file
  // cannot import; they only shape what the buyer sees and sends, and the server parses again.
  const pounds = (pence) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
  const toPence = (text) => {
    const match = /^\s*£?\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
    if (!match) return null;
    return Number(match[1]) * 100 + Number((match[2] || '').padEnd(2, '0'));
  };
  const sameEmail = (a, b) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

  // ---- the signed-in person's own shares: "Pay your share" while pending ----------------------

  /** How one of the signed-in person's shares reads once it is no longer waiting for them. */
  const SHARE_STATES = {
    pending: (amount) => `Your ${money(amount)} share is still to pay.`,
    authorised: (amount) => `Your ${money(amount)} share is held on your card.`,
    captured: (amount) => `Your ${money(amount)} share has been paid.`,
    canceled: (amount) => `Your ${money(amount)} share was released. Nothing was taken.`,
    refunded: (amount) => `Your ${money(amount)} share was refunded.`,
  };

  /**
   * Draws the signed-in person's shares into `#pay-links`: a "Pay your share" link for each one
   * still pending (a share they cover reads "Pay Sam's share"), else how it stands. `single`: one
   * person pays the whole order, so it is the order, not a share.
   */
  function showShares(shares, single) {
    const list = $('pay-links');
    if (!list) return;
    list.textContent = '';
    let own = false;
    for (const share of shares) {
      const item = document.createElement('li');
      if (share.status === 'pending' && share.pay_url) {
        const link = element('a', { className: 'button', href: share.pay_url });
        if (single) link.textContent = `Pay for the order (${money(share.amount)})`;
        else if (share.covered_name) link.textContent = `Pay ${share.covered_name}'s share (${money(share.amount)})`;
        else if (!own) link.textContent = `Pay your share (${money(share.amount)})`;
        else link.textContent = `Pay the share you cover (${money(share.amount)})`;
        if (!single && !share.covered_name && !own) {
          link.id = 'my-pay-link';
          own = true;
        } else if (single) link.id = 'my-pay-link';
        item.append(link);
      } else {
        item.append(
          element(
            'p',
            { className: 'share-state' },
            (SHARE_STATES[share.status] ?? SHARE_STATES.authorised)(share.amount),
          ),
        );
      }
      list.append(item);
    }
    list.hidden = shares.length === 0;
  }

  /** The signed-in person's role and shares: `GET …/mine`, as `{ status, data }`. */
  const mine = (me) => call('GET', sessionPath('/mine'), undefined, me.bearer);

  if (app.dataset.view === 'group') {
    reopened();
    return;
  }

  // ---- before the split: choosing, then the code, then the split ------------------------------

  const show = stepper(['step-choose', 'step-email', 'step-code', 'step-done']);
  /** Shows a step; "How it works" goes with the choosing. */
  const go = (step) => {
    $('how-it-works').hidden = step !== 'step-choose';
    show(step);
  };
  const form = $('choose-form');
  const people = $('people');
  const modeNow = () => document.querySelector('input[name="mode"]:checked').value;
  /** A share typed by the buyer: adding or removing someone no longer evens the shares out. */
  let edited = false;
  let rowIds = 0;

  // ---- errors tied to their fields ----
  /** Each checked field's rule: its value in, its error (or '') out. */
  const checks = new WeakMap();

  /** aria-describedby: the field's own hints, its error, and the running total when the sum is wrong. */
  function describe(input) {
    const ids = (input.dataset.hints || '').split(' ').filter(Boolean);
    if ($(`${input.id}-error`)) ids.push(`${input.id}-error`);
    if (input.dataset.sum === 'wrong') ids.push('share-total');
    if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
    else input.removeAttribute('aria-describedby');
  }

  function setError(input, message) {
    const id = `${input.id}-error`;
    let box = $(id);
    if (message) {
      if (!box) {
        box = element('p', { className: 'field-error', id });
        input.after(box);
      }
      box.textContent = message;
      input.setAttribute('aria-invalid', 'true');
    } else {
      box?.remove();
      if (input.dataset.sum !== 'wrong') input.removeAttribute('aria-invalid');
    }
    describe(input);
  }

  /** Checks `input` by its rule now; true when it is fine. */
  function check(input) {
    const rule = checks.get(input);
    const message = rule ? rule(input.value) : '';
    setError(input, message);
    return !message;
  }

  /** Fields showing an error are checked again as the buyer types: fixed, the error goes at once. */
  function recheckShown() {
    for (const input of form.querySelectorAll('input[aria-invalid="true"]')) {
      if ($(`${input.id}-error`)) check(input);
    }
  }

  function clearErrors() {
    for (const input of form.querySelectorAll('input[aria-invalid="true"]')) {
      input.dataset.sum = '';
      setError(input, '');
    }
    $('share-total').classList.remove('error');
  }

  /** A name is optional (the server's rule: 1 to 60 characters of plain text once trimmed). */
  const nameRule = (value) => {
    const name = value.trim();
    if (!name) return '';
    if (name.length > MAX_NAME) return `A name can be at most ${MAX_NAME} characters.`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
    if (/[\u0000-\u001f\u007f]/.test(name)) return 'A name is plain text: no line breaks or tabs.';
    return '';
  };

  // ---- the share editor ----
  function personRow(isMe) {
    const n = ++rowIds;
    const row = element('li', { className: 'person' });
    const field = (kind, attributes) => {
      const id = `person-${kind}-${n}`;
      const label = element('label', { for: id, className: `person-${kind}-label` });
      const input = element('input', { id, className: `person-${kind}`, autocomplete: 'off', ...attributes });
      return { label, input };
    };
    const name = field('name', { maxlength: String(MAX_NAME) });
    if (isMe) {
      name.input.classList.add('my-name');
      name.input.setAttribute('autocomplete', 'name');
    }
    checks.set(name.input, nameRule);
    row.append(name.label, name.input);
    if (isMe) {
      const note = element('p', { className: 'hint my-email-note', id: `person-me-note-${n}` });
      name.input.dataset.hints = note.id;
      describe(name.input);
      row.append(note);
    } else {
      const email = field('email', { type: 'email' });
      checks.set(email.input, (value) => emailProblem(row, value));
      row.append(email.label, email.input);
    }
    const amount = field('amount', { inputmode: 'decimal' });
    const charge = element('p', { className: 'hint charge', id: `person-charge-${n}` });
    amount.input.dataset.hints = charge.id;
    describe(amount.input);
    checks.set(amount.input, shareProblem);
    amount.input.addEventListener('input', () => {
      edited = true;
      updateTotal();
    });
    row.append(amount.label, amount.input, charge);
    if (!isMe) {
      const remove = element('button', { type: 'button', className: 'link remove' }, 'Remove');
      remove.addEventListener('click', () => {
        row.remove();
        afterPeopleChanged();
        $('add-person').focus();
      });
      row.append(remove);
    }
    people.append(row);
    return row;
  }

  /** What is wrong with a row's e-mail address (`value`), or ''. */
  function emailProblem(row, value) {
    const email = value.trim();
    const name = row.querySelector('.person-name').value.trim();
    if (!email) {
      return name ? `Enter ${name}'s e-mail address, or clear the name to leave this share as an open seat.` : '';
    }
    if (!looksLikeEmail(email)) return 'Enter a valid e-mail address, like sam@example.com.';
    const me = saved();
    if (me && sameEmail(email, me.email)) return 'That is your own address: your share is the first row.';
    const earlier = [];
    for (const other of people.querySelectorAll('.person')) {
      if (other === row) break;
      const input = other.querySelector('.person-email');
      if (input) earlier.push(input.value);
    }
    if (earlier.some((other) => sameEmail(other, email))) return 'This address is in the split already.';
    return '';
  }

  function shareProblem(value) {
    const pence = toPence(value);
    if (pence === null) return 'Enter the share in pounds, like 12.50.';
    if (pence < MIN_SHARE) return 'Each share must be at least £1.';
    return '';
  }

  /** Labels say which row they belong to ("Person 2 name"), renumbered as rows come and go. */
  function renumber() {
    const rows = Array.from(people.querySelectorAll('.person'));
    rows.forEach((row, i) => {
      const who = i === 0 ? null : `Person ${i + 1}`;
      row.querySelector('.person-name-label').textContent = who ? `${who} name` : 'Your name';
      const emailLabel = row.querySelector('.person-email-label');
      if (emailLabel) emailLabel.textContent = `${who} e-mail address`;
      row.querySelector('.person-amount-label').textContent = who ? `${who} share (£)` : 'Your share (£)';
      row.querySelector('.remove')?.setAttribute('aria-label', `Remove person ${i + 1}`);
      const remove = row.querySelector('.remove');
      // A split is at least two people: the last other person stays (choose "Pay it all myself" instead).
      if (remove) remove.hidden = rows.length <= 2;
    });
    const me = saved();
    const note = people.querySelector('.my-email-note');
    if (note) {
      // The organiser's name is what the people they ask see: "Alex asked you to pay…".
      note.textContent = me
        ? `Your name is shown to the people you ask. Your e-mail address: ${me.email}`
        : 'Your name is shown to the people you ask. Your e-mail address is the one you confirm with a code next.';
    }
  }

  const rows = () =>
    Array.from(people.querySelectorAll('.person')).map((row) => ({
      name: row.querySelector('.person-name'),
      email: row.querySelector('.person-email'),
      amount: row.querySelector('.person-amount'),
    }));

  /** The running total, and each row's card charge (share + fee), kept true as the buyer types. */
  function updateTotal() {
    let sum = 0;
    for (const row of rows()) {
      const pence = toPence(row.amount.value);
      sum += pence || 0;
      const charge = row.amount.dataset.hints && $(row.amount.dataset.hints);
      if (charge) {
        charge.textContent =
          pence === null
            ? `Card charge: the share plus the £${pounds(feePence)} fee.`
            : `Card charge £${pounds(pence + feePence)} (£${pounds(pence)} share + £${pounds(feePence)} fee).`;
      }
    }
    const left = totalPence - sum;
    const total = $('share-total');
    total.textContent =
      left === 0
        ? 'Shares add up to the total.'
        : left > 0
          ? `£${pounds(left)} left to share (the shares add up to £${pounds(sum)} of £${pounds(totalPence)}).`
          : `£${pounds(-left)} too much: the shares add up to £${pounds(sum)}, more than the £${pounds(totalPence)} total.`;
    if (left === 0) {
      total.classList.remove('error');
      for (const row of rows()) {
        if (row.amount.dataset.sum === 'wrong') {
          row.amount.dataset.sum = '';
          setError(row.amount, $(`${row.amount.id}-error`)?.textContent ?? '');
        }
      }
    }
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
    recheckShown();
  }

  /** A row came or went: numbers, and equal shares again unless the buyer typed one. */
  function afterPeopleChanged() {
    renumber();
    if (!edited) equalSplit();
    else updateTotal();
  }

  $('add-person').addEventListener('click', () => {
    if (people.children.length >= MAX_PEOPLE) return say(`A split can have at most ${MAX_PEOPLE} people.`, true);
    const row = personRow(false);
    afterPeopleChanged();
    row.querySelector('.person-name').focus();
  });
  $('equal-split').addEventListener('click', () => {
    edited = false;
    equalSplit();
  });

  // The buyer's name is one value, whichever editor it is typed in.
  form.addEventListener('input', (event) => {
    const target = event.target;
    if (target.classList?.contains('my-name')) {
      for (const other of form.querySelectorAll('.my-name')) if (other !== target) other.value = target.value;
    }
    recheckShown();
  });

  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => {
      const mode = modeNow();
      clearErrors();
      $('split-editor').hidden = mode !== 'split';
      $('one-payer-editor').hidden = mode !== 'one_payer';
      $('alone-note').hidden = mode !== 'alone';
    });
  }

  checks.set($('payer-you-name'), nameRule);
  checks.set($('payer-name'), nameRule);
  checks.set($('payer-email'), (value) => {
    const email = value.trim();
    if (!email) return 'Enter the e-mail address of the person paying.';
    if (!looksLikeEmail(email)) return 'Enter a valid e-mail address, like sam@example.com.';
    const me = saved();
    if (me && sameEmail(email, me.email)) return 'That is your own address. To pay yourself, choose Pay it all myself.';
    return '';
  });

  /**
   * The request body for what the buyer chose, or null with every wrong field marked (the first
   * takes the focus). A name is sent only where one was typed; a row with neither name nor e-mail
   * address is an open seat.
   */
  function collect() {
    clearErrors();
    const mode = modeNow();
    const myName = form.querySelector('.my-name').value.trim();
    if (mode === 'alone') {
      return nameRule(myName) || !myName ? { mode } : { mode, name: myName };
    }
    const fields =
      mode === 'split'
        ? rows().flatMap((row) => [row.name, row.email, row.amount].filter(Boolean))
        : [$('payer-you-name'), $('payer-name'), $('payer-email')];
    let ok = true;
    for (const input of fields) ok = check(input) && ok;
    if (mode === 'split' && ok) {
      const list = rows();
      const sum = list.reduce((total, row) => total + toPence(row.amount.value), 0);
      if (sum !== totalPence) {
        ok = false;
        $('share-total').classList.add('error');
        for (const row of list) {
          row.amount.dataset.sum = 'wrong';
          row.amount.setAttribute('aria-invalid', 'true');
          describe(row.amount);
        }
      }
    }
    if (!ok) {
      say('Check the fields marked below.');
      form.querySelector('input[aria-invalid="true"]')?.focus();
      return null;
    }
    if (mode === 'one_payer') {
      const body = { mode, payer_email: $('payer-email').value.trim() };
      if (myName) body.name = myName;
      const payerName = $('payer-name').value.trim();
      if (payerName) body.payer_name = payerName;
      return body;
    }
    return {
      mode,
      participants: rows().map((row, i) => {
        const entry = { amount: pounds(toPence(row.amount.value)) };
        const name = row.name.value.trim();
        if (name) entry.name = name;
        const email = i === 0 ? saved()?.email : row.email.value.trim();
        if (email) entry.email = email;
        return entry;
      }),
    };
  }

  /** The server's field errors (`details: [{ field, message }]`) on the fields they name. */
  function showServerErrors(details, mode) {
    const byField = (field) => {
      const match = /^participants\.(\d+)\.(name|email|amount)$/.exec(field);
      if (match) return rows()[Number(match[1])]?.[match[2]] ?? null;
      if (field === 'name') return form.querySelector(mode === 'one_payer' ? '#payer-you-name' : '.my-name');
      if (field === 'payer_name') return $('payer-name');
      if (field === 'payer_email') return $('payer-email');
      return null;
    };
    let first = null;
    for (const detail of details ?? []) {
      const input = byField(detail.field);
      if (!input) continue;
      setError(input, detail.message);
      first ??= input;
    }
    return first;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    say('');
    const body = collect();
    if (!body) return;
    const me = saved();
    if (!me) return go('step-email');
    create(me);
  });

  $('sign-in-back').addEventListener('click', () => {
    say('');
    go('step-choose');
  });

  wireSignIn({
    say,
    show: go,
    person,
    onSignedIn: () => {
      renumber();
      $('code-note').hidden = true;
      create(saved());
    },
  });

  /** Makes the split the buyer chose (read from the form again: it is kept as they left it). */
  async function create(me) {
    const body = collect();
    if (!body) {
      go('step-choose');
      form.querySelector('input[aria-invalid="true"]')?.focus();
      return;
    }
    busy(form, true);
    say(body.mode === 'alone' ? 'Setting up your payment…' : 'Setting up your order…');
    let res = await call('POST', sessionPath('/split'), body, me.bearer);
    if (res.status === 502 || res.status === 503) {
      // The service restarted under the request, which may have made the split all the same. Sent once
      // more: a split made answers 409 already_split (and the page then shows it); one not made is made now.
      say('Still setting up your order…');
      await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
      res = await call('POST', sessionPath('/split'), body, me.bearer);
    }
    busy(form, false);
    if (res.status === 401) {
      person.forget();
      say('Please sign in again.', true);
      return go('step-email');
    }
    if (res.status === 409 && res.data?.code === 'already_split') {
      // Made meanwhile (another tab): the page of the split shows it, and this tab is signed in.
      window.location.reload();
      return;
    }
    if (res.status !== 201) {
      go('step-choose');
      const first = showServerErrors(res.data?.details, body.mode);
      if (first) {
        say(res.data?.error || 'Check the fields marked below.');
        first.focus();
      } else say(res.data?.error || 'Something went wrong. Try again.', true);
      return;
    }
    if (body.mode === 'alone') {
      // One flow for one person: straight on to the card form.
      say('Taking you to the card form…');
      window.location.assign(res.data.participants[0].pay_url);
      return;
    }
    done(res.data, body, me.email);
  }

  function done(result, body, myEmail) {
    for (const link of document.querySelectorAll('[data-cancel-link]')) link.remove();
    const message = $('done-message');
    if (body.mode === 'one_payer') {
      message.textContent = `${body.payer_name || body.payer_email} has been e-mailed a link to pay the whole order. It goes through as soon as they have paid.`;
    } else if (result.open_seats?.length) {
      message.textContent =
        "Everyone you named has been e-mailed a link to pay their share. Send the group link below to fill the open seats. Nothing is taken from anyone's card until every share is held.";
    }
    showShares(
      result.participants
        .filter((p) => sameEmail(p.email, myEmail))
        .map((p) => ({ amount: p.amount, status: 'pending', pay_url: p.pay_url, covered_name: null })),
      false,
    );
    say('');
    go('step-done');
    followGroup(saved());
  }

  // ---- a reopened page: the masked group, and signing in to see it ------------------------------

  function reopened() {
    const me = saved();
    if (me) return enterGroup(me);
    if (!$('sign-in')) return; // the split has ended: the masked page says it all
    const show = stepper(['step-email', 'step-code']);
    wireSignIn({ say, show, person, onSignedIn: () => enterGroup(saved()) });
  }

  /** Signed out again (a refusal, an expired sign-in): the e-mail step, with `message`. */
  function signInAgain(message) {
    person.forget();
    const box = $('sign-in');
    if (!box) return say(message, true);
    box.hidden = false;
    stepper(['step-email', 'step-code'])('step-email');
    say(message, true);
  }

  /**
   * Whoever signed in on a reopened page: the organiser gets the full group (with their pay links,
   * Replace, Cover and the group link), a member their own pay link. Where the server has no
   * `…/mine` answer, the organiser's group view is tried (it has no pay links).
   */
  async function enterGroup(me) {
    const box = $('sign-in');
    // A split no longer waiting for anyone (the page loaded itself again as it moved on): the group only.
    if (!box) return followGroup(me);
    box.hidden = true;
    const single = app.dataset.single === 'true';
    const res = await mine(me);
    // (A 401 here may also be a server without "…/mine": the group view below says which.)
    if (res.status === 403) {
      return signInAgain(`${me.email} has no share in this order. Sign in with the address your pay link was sent to.`);
    }
    if (res.status === 200) {
      say('');
      signedInNote(me);
      showShares(res.data.shares ?? [], single);
      focusAfterSignIn();
      if (res.data.role === 'organiser') followGroup(me, { mineWorks: true });
      return;
    }
    const group = await call('GET', sessionPath('/group'), undefined, me.bearer);
    if (group.status === 401) return signInAgain('Please sign in again.');
    if (group.status === 403) {
      return signInAgain(
        `Only whoever set up this order can see the whole group here. If you have a share, use the pay link we e-mailed to ${me.email}.`,
      );
    }
    say('');
    signedInNote(me);
    focusAfterSignIn();
    followGroup(me);
  }

  /** The form just signed in with is gone: the focus goes to the pay link, else to how the order stands. */
  function focusAfterSignIn() {
    const heading = $('split-status-heading');
    if (heading) heading.tabIndex = -1;
    ($('my-pay-link') ?? heading)?.focus();
  }

  function signedInNote(me) {
    const list = $('pay-links');
    if (!list || $('signed-in-as')) return;
    list.before(element('p', { className: 'hint', id: 'signed-in-as' }, `Signed in as ${me.email}.`));
  }

  // ---- after the split: the group, live; replacing, covering, the group link, inviting ---------

  /**
   * The signed-in organiser's view of the group (everyone in full, with "Replace" and "Cover" for
   * whoever has not paid, and "Invite someone" and "Cover" for each open seat), polled until the
   * split ends. When the split's status changes the page is loaded again, so the server draws the
   * new state. `mineWorks`: the server answers `…/mine`, read again when the group changes so the
   * organiser's pay links stay true.
   */
  async function followGroup(me, { mineWorks = false } = {}) {
    const section = $('group');
    if (!me || !section) return;
    const path = sessionPath('/group');
    const shownStatus = app.dataset.status || 'pending';
    // A merchant_accept order that everyone has paid is drawn as waiting for the shop: drawn again once it is.
    const shownAwaiting = app.dataset.awaitingMerchant === 'true';
    let open = null;
    let mineAnswers = mineWorks;

    const refreshShares = async (single, force = false) => {
      if (!mineAnswers && !force) return false;
      const res = await mine(me);
      if (res.status !== 200) {
        mineAnswers = false;
        return false;
      }
      mineAnswers = true;
      showShares(res.data.shares ?? [], single);
      return true;
    };

    let drawn = '';
    const draw = (view) => {
      showGroupLink(view);
      // The open seats come beside the group (a split made with seats): drawn after the people.
      const group = view.open_seats ? { ...view.group, open_seats: view.open_seats } : view.group;
      const next = JSON.stringify(group);
      if (open || next === drawn) return; // never under a half-typed e-mail address, nor for nothing
      const changed = drawn !== '';
      drawn = next;
      // One person pays the whole order (alone or one payer): no count, no Replace on yourself.
      const single = group.participants.length === 1 && !(group.open_seats ?? []).length;
      // Cover exists where the server says who can be covered.
      const canCover = group.participants.some((p) => typeof p.coverable === 'boolean');
      // Drawing anew must not lose the keyboard user's place.
      const focusKey = document.activeElement?.dataset?.focusKey;
      const pending = view.status === 'pending';
      progress.renderGroup(
        section,
        group,
        (p) =>
          actions(
            p.replaceable && !(single && p.is_you) ? replaceButton(p) : null,
            p.coverable === true ? coverButton(p) : null,
          ),
        (seat) => (pending ? actions(inviteButton(seat), canCover ? coverSeatButton(seat) : null) : null),
      );
      if (single) {
        section.querySelector('h2').textContent = 'Who is paying';
        section.querySelector('#progress-count')?.remove();
        section.querySelector('progress')?.remove();
      }
      if (focusKey) section.querySelector(`[data-focus-key="${focusKey}"]`)?.focus();
      if (changed) refreshShares(single);
    };

    const actions = (...buttons) => {
      const present = buttons.filter(Boolean);
      return present.length ? element('div', { className: 'member-actions' }, ...present) : null;
    };

    // A replacement reads the group at once while a poll's read may still be out: only the read
    // started last may draw, or the slower, older answer puts the replaced person back on the page.
    let reads = 0;
    const load = async () => {
      const read = ++reads;
      const res = await call('GET', path, undefined, me.bearer);
      if (read !== reads) return false;
      if (res.status !== 200) return res.status === 401 || res.status === 403 || res.status === 404;
      if (res.data.status !== shownStatus || (res.data.awaiting_merchant === true) !== shownAwaiting) {
        window.location.reload();
        return true;
      }
      draw(res.data);
      return !['pending', 'capturing', 'canceling'].includes(res.data.status);
    };

    /**
     * The group link, while the split waits with open seats: anyone with it may take a seat
     * (the join page). Drawn once and then only shown or hidden, so a redraw never takes away
     * the copy button's confirmation.
     */
    function showGroupLink(view) {
      const seatsLeft = view.status === 'pending' && view.group_url && (view.open_seats ?? []).length > 0;
      let panel = $('group-link');
      if (!seatsLeft) {
        if (panel) panel.hidden = true;
        return;
      }
      if (!panel) {
        panel = groupLinkPanel(view.group_url);
        section.before(panel);
      }
      panel.hidden = false;
    }

    function groupLinkPanel(url) {
      const input = element('input', { id: 'group-url', type: 'url', readonly: true, value: url });
      const copied = element('p', { id: 'group-link-copied', className: 'copied', role: 'status' });
      const button = element('button', { type: 'button', className: 'secondary', id: 'copy-group-link' }, 'Copy link');
      button.addEventListener('click', async () => {
        copied.textContent = (await copy(input))
          ? 'Link copied. Send it to the people who will take the open seats.'
          : 'Could not copy: select the link and copy it yourself.';
      });
      return element(
        'section',
        { className: 'panel', id: 'group-link', 'aria-labelledby': 'group-link-heading' },
        element('h2', { id: 'group-link-heading' }, 'Fill the open seats'),
        element('p', { className: 'hint' }, 'Anyone with this link can take an open seat and pay its share.'),
        element('label', { for: 'group-url' }, 'Group link'),
        input,
        button,
        copied,
      );
    }

    /** Copies the link; where the clipboard API is refused, the older selection copy. */
    async function copy(input) {
      try {
        await navigator.clipboard.writeText(input.value);
        return true;
      } catch {
        input.select();
        try {
          return document.execCommand('copy');
        } catch {
          return false;
        }
      }
    }

    function rowButton(focusKey, className, label, hidden, onOpen) {
      const button = element(
        'button',
        { type: 'button', className: `secondary ${className}`, 'aria-expanded': 'false', 'data-focus-key': focusKey },
        label,
        hidden ? element('span', { className: 'visually-hidden' }, hidden) : null,
      );
      button.addEventListener('click', () => onOpen(button));
      return button;
    }

    /** How a participant is called in the organiser's view: their name, else their address. */
    const whoIs = (p) => p.name || p.email;

    const replaceButton = (p) =>
      rowButton(`replace-${p.id}`, 'replace', 'Replace', ` ${p.email}`, (button) =>
        openForm(button, {
          id: `replace-email-${p.id}`,
          name: `Replace ${p.email}`,
          label: `Who takes over this ${money(p.amount)} share? Their e-mail address`,
          hint: `They are e-mailed a link to pay. ${whoIs(p)}'s link stops working.`,
          path: `participants/${encodeURIComponent(p.id)}/replace`,
          failed: 'Could not replace them. Try again.',
        }),
      );

    const inviteButton = (seat) =>
      rowButton(`invite-${seat.id}`, 'invite', 'Invite someone', ` to this ${money(seat.amount)} seat`, (button) =>
        openForm(button, {
          id: `invite-email-${seat.id}`,
          name: `Invite someone to this ${money(seat.amount)} seat`,
          label: `Who takes this ${money(seat.amount)} seat? Their e-mail address`,
          hint: 'They are e-mailed a link to pay this share.',
          path: `seats/${encodeURIComponent(seat.id)}/invite`,
          failed: 'Could not invite them. Try again.',
        }),
      );

    const charge = (amount) => {
      const pence = toPence(amount);
      return pence === null ? '' : ` (£${pounds(pence + feePence)} with the £${pounds(feePence)} fee)`;
    };

    const coverButton = (p) =>
      rowButton(`cover-${p.id}`, 'cover', `Cover ${whoIs(p)}'s share`, '', (button) =>
        openConfirm(button, {
          name: `Cover ${whoIs(p)}'s share`,
          text: `You pay ${whoIs(p)}'s ${money(p.amount)} share yourself${charge(p.amount)}, as another hold on your card. ${whoIs(p)}'s pay link stops working, and they are told nothing was taken from them.`,
          confirm: 'Cover this share',
          path: `participants/${encodeURIComponent(p.id)}/cover`,
          who: whoIs(p),
        }),
      );

    const coverSeatButton = (seat) =>
      rowButton(`cover-${seat.id}`, 'cover', 'Cover this seat', ` (${money(seat.amount)})`, (button) =>
        openConfirm(button, {
          name: `Cover this ${money(seat.amount)} seat`,
          text: `You pay this ${money(seat.amount)} share yourself${charge(seat.amount)}, as another hold on your card. Nobody else can take the seat.`,
          confirm: 'Yes, cover this seat',
          path: `participants/${encodeURIComponent(seat.id)}/cover`,
          who: null,
        }),
      );

    /** Opens `box` under `button`'s row (one at a time); returns its close(). */
    function attach(button, box, cancel) {
      if (open) open.remove();
      const close = () => {
        box.remove();
        open = null;
        button.setAttribute('aria-expanded', 'false');
      };
      cancel.addEventListener('click', () => {
        close();
        button.focus();
      });
      button.setAttribute('aria-expanded', 'true');
      button.closest('li').append(box);
      open = box;
      return close;
    }

    /** After a change the server refused as too late (409) or unknown (404): the group as it is now. */
    const redraw = async () => {
      drawn = '';
      await load();
    };

    /** The inline form under a row: one e-mail address, sent to `path` under the session. */
    function openForm(button, form) {
      const input = element('input', { id: form.id, type: 'email', autocomplete: 'off', required: true });
      const cancel = element('button', { type: 'button', className: 'secondary' }, 'Cancel');
      const box = element(
        'form',
        { className: 'replace-form', novalidate: true, 'aria-label': form.name },
        element('label', { for: form.id }, form.label),
        input,
        element('p', { className: 'hint' }, form.hint),
        element('div', { className: 'row' }, element('button', { type: 'submit' }, 'Send them the link'), cancel),
      );
      const close = attach(button, box, cancel);
      box.addEventListener('submit', async (event) => {
        event.preventDefault();
        const email = input.value.trim();
        if (!looksLikeEmail(email)) {
          say('Enter a valid e-mail address.', true);
          input.focus();
          return;
        }
        busy(box, true);
        const res = await call('POST', sessionPath(`/${form.path}`), { email }, me.bearer);
        busy(box, false);
        if (res.status !== 200) {
          say(res.data?.error || form.failed, true);
          if (res.status === 409) {
            close();
            await redraw();
          } else input.focus();
          return;
        }
        close();
        await redraw();
        say(`${res.data.participant.email} has been e-mailed a link to pay ${money(res.data.participant.amount)}.`);
        statusBox.focus();
      });
      input.focus();
    }

    /**
     * Covering a share: a yes-or-no under the row (it puts another hold on the organiser's card),
     * then the cover route. The new pay link joins the organiser's own.
     */
    function openConfirm(button, cover) {
      const cancel = element('button', { type: 'button', className: 'secondary' }, 'Cancel');
      const yes = element('button', { type: 'submit' }, cover.confirm);
      const box = element(
        'form',
        { className: 'replace-form', novalidate: true, 'aria-label': cover.name },
        element('p', {}, cover.text),
        element('div', { className: 'row' }, yes, cancel),
      );
      const close = attach(button, box, cancel);
      box.addEventListener('submit', async (event) => {
        event.preventDefault();
        busy(box, true);
        const res = await call('POST', sessionPath(`/${cover.path}`), undefined, me.bearer);
        busy(box, false);
        if (res.status !== 200) {
          close();
          if (res.status === 409 || res.status === 404) await redraw();
          say(res.data?.error || 'Could not cover this share. Try again.', true);
          return;
        }
        close();
        await redraw();
        const { participant } = res.data;
        if (!(await refreshShares(false, true)) && participant.pay_url) {
          const list = $('pay-links');
          const link = element(
            'a',
            { className: 'button', href: participant.pay_url },
            cover.who
              ? `Pay ${cover.who}'s share (${money(participant.amount)})`
              : `Pay the share you cover (${money(participant.amount)})`,
          );
          list.append(element('li', {}, link));
          list.hidden = false;
        }
        say(
          cover.who
            ? `You are covering ${cover.who}'s ${money(participant.amount)} share. Pay it with its link above; ${cover.who} has been told they don't need to pay.`
            : `You are covering this ${money(participant.amount)} seat. Pay it with its link above.`,
        );
        statusBox.focus();
      });
      yes.focus();
    }

    if (!(await load())) progress.poll(load, GROUP_POLL_MS);
  }

  // ---- start: the choice, kept as the buyer left it if they come back to this tab -------------
  personRow(true);
  personRow(false);
  renumber();
  equalSplit();
  if (saved()) $('code-note').hidden = true;
})();

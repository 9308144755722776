// The hosted checkout page's behaviour, served as a static file (an ES module) so the page's CSP
// needs no inline script. It signs the buyer in by e-mail code, lets them choose how to pay, and
// creates the split; then it keeps the group's progress up to date, lets the buyer replace whoever
// has not paid, and, for a split with open seats, share the group link and invite someone to a seat.
import * as progress from './progress.js';
import { $, busy, call, looksLikeEmail, signedInAs, statusLine, stepper, wireSignIn } from './sign-in.js';

(() => {
  const app = document.getElementById('app');
  if (!app) return;
  const token = app.dataset.token;
  const GROUP_POLL_MS = 3000;
  const totalPence = Number(app.dataset.total);
  const MAX_PEOPLE = 20;
  const MIN_SHARE = 100;
  const person = signedInAs(`groupsplit.checkout.${token}`);

  const statusBox = $('status');
  const say = statusLine(statusBox);
  const show = stepper(['step-email', 'step-code', 'step-choose', 'step-done']);
  const afterTheSplit = app.dataset.view === 'group';
  const saved = () => person.read();

  // Browser twins of formatPounds / poundsToPence (shared/src/money.ts), which this static file
  // cannot import; they only shape what the buyer sees and sends, and the server parses again.
  const pounds = (pence) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
  const toPence = (text) => {
    const match = /^\s*£?\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
    if (!match) return null;
    return Number(match[1]) * 100 + Number((match[2] || '').padEnd(2, '0'));
  };

  // The page of a split that exists already has no sign-in or choosing to wire up.
  if (afterTheSplit) {
    followGroup(saved());
    return;
  }

  wireSignIn({ say, show, person, onSignedIn: () => startChoosing() });

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
      if (list.some((row) => row.email && !looksLikeEmail(row.email))) {
        return say('Enter a valid e-mail address, or leave it empty for an open seat.', true);
      }
      if (list.some((row) => row.pence === null)) return say('Enter each share in pounds, like 12.50.', true);
      if (list.some((row) => row.pence < MIN_SHARE)) return say('Each share must be at least £1.', true);
      const sum = list.reduce((total, row) => total + row.pence, 0);
      if (sum !== totalPence) return say(`Shares must add up to the order total of £${pounds(totalPence)}.`, true);
      // A share without an e-mail address is an open seat: anyone with the group link may take it.
      body.participants = list.map((row) =>
        row.email ? { email: row.email, amount: pounds(row.pence) } : { amount: pounds(row.pence) },
      );
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
      person.forget();
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
      if (participant.email?.toLowerCase() !== myEmail.toLowerCase()) continue;
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = participant.pay_url;
      link.className = 'button';
      link.id = 'my-pay-link';
      link.textContent = `Pay your share (£${participant.amount})`;
      item.append(link);
      list.append(item);
    }
    if (result.open_seats?.length) {
      $('done-message').textContent =
        'Everyone you named has been e-mailed a link to pay their share. Send the group link below to fill the open seats. Nothing is taken until everyone has paid.';
    }
    say('');
    show('step-done');
    followGroup(saved());
  }

  // ---- after the split: the group, live; replacing someone, the group link, inviting to a seat --

  /**
   * The signed-in buyer's view of the group (everyone in full, with "Replace" for whoever has
   * not paid, and "Invite someone to this seat" for each open seat), polled until the split ends.
   * When the split's status changes the page is loaded again, so the server draws the new state.
   */
  async function followGroup(me) {
    const section = $('group');
    if (!me || !section) return;
    const { element, money } = progress;
    const path = `/api/merchants/checkout/sessions/${encodeURIComponent(token)}/group`;
    const shownStatus = app.dataset.status || 'pending';
    // A merchant_accept order that everyone has paid is drawn as waiting for the shop: drawn again once it is.
    const shownAwaiting = app.dataset.awaitingMerchant === 'true';
    let open = null;

    let drawn = '';
    const draw = (view) => {
      showGroupLink(view);
      // The open seats come beside the group (a split made with seats): drawn after the people.
      const group = view.open_seats ? { ...view.group, open_seats: view.open_seats } : view.group;
      const next = JSON.stringify(group);
      if (open || next === drawn) return; // never under a half-typed e-mail address, nor for nothing
      drawn = next;
      // Drawing anew must not lose the keyboard user's place.
      const focusKey = document.activeElement?.dataset?.focusKey;
      const pending = view.status === 'pending';
      progress.renderGroup(
        section,
        group,
        (p) => (p.replaceable ? replaceButton(p) : null),
        (seat) => (pending ? inviteButton(seat) : null),
      );
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
        element('span', { className: 'visually-hidden' }, hidden),
      );
      button.addEventListener('click', () => onOpen(button));
      return button;
    }

    const replaceButton = (p) =>
      rowButton(`replace-${p.id}`, 'replace', 'Replace', ` ${p.email}`, (button) =>
        openForm(button, {
          id: `replace-email-${p.id}`,
          name: `Replace ${p.email}`,
          label: `Who takes over this ${money(p.amount)} share? Their e-mail address`,
          hint: `They are e-mailed a link to pay. ${p.email}'s link stops working.`,
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

    /** The inline form under a row: one e-mail address, sent to `path` under the session. */
    function openForm(button, form) {
      if (open) open.remove();
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
      const close = () => {
        box.remove();
        open = null;
        button.setAttribute('aria-expanded', 'false');
      };
      cancel.addEventListener('click', () => {
        close();
        button.focus();
      });
      box.addEventListener('submit', async (event) => {
        event.preventDefault();
        const email = input.value.trim();
        if (!looksLikeEmail(email)) {
          say('Enter a valid e-mail address.', true);
          input.focus();
          return;
        }
        busy(box, true);
        const res = await call(
          'POST',
          `/api/merchants/checkout/sessions/${encodeURIComponent(token)}/${form.path}`,
          { email },
          me.bearer,
        );
        busy(box, false);
        if (res.status !== 200) {
          say(res.data?.error || form.failed, true);
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
      button.closest('li').append(box);
      open = box;
      input.focus();
    }

    if (!(await load())) progress.poll(load, GROUP_POLL_MS);
  }

  if (saved()) startChoosing();
})();

// The join page's behaviour (an ES module; the page's CSP allows scripts from our own origin only).
// The person signs in by e-mailed code, as on the checkout page (sign-in.js), chooses one of the
// open seats and claims it; the claim answers their new pay link, where they go to pay. The seats
// are read again (the join view, no credential) whenever they may have changed: after signing in,
// and when the chosen seat was taken meanwhile. The group panel is drawn here as page.ts draws it.
import { element, JOIN_ENDS, money, openSeatRow, progressCount, startCountdowns } from './progress.js';
import { $, busy, call, signedInAs, statusLine, stepper, wireSignIn } from './sign-in.js';

const app = $('app');
if (app) {
  const groupToken = app.dataset.groupToken;
  const joinPath = `/api/checkout-splits/join/${encodeURIComponent(groupToken)}`;
  const person = signedInAs(`groupsplit.join.${groupToken}`);
  const say = statusLine($('status'));
  const show = stepper(['step-email', 'step-code', 'step-seat']);

  /** Where the page ends (no seats left, closed, already in, unknown link): the section page.ts draws. */
  const end = (kind) => {
    const { heading, text } = JOIN_ENDS[kind];
    const section = element(
      'section',
      { className: 'panel', id: 'join-end', 'data-end': kind, 'aria-labelledby': 'join-end-heading' },
      element('h2', { id: 'join-end-heading', tabindex: '-1' }, heading),
      element('p', {}, text),
    );
    app.replaceWith(section);
    section.querySelector('h2').focus();
  };

  /** The group's count, bar and open seats (page.ts's joinProgress). */
  const drawGroup = (view) => {
    $('progress-count').textContent = progressCount(view);
    const bar = $('group').querySelector('progress');
    bar.max = view.total_count;
    bar.value = view.approved_count;
    const seats = view.open_seats.map((seat) => openSeatRow(seat));
    const list = element('ul', { className: 'members', 'aria-label': 'Open seats' }, ...seats);
    $('group').querySelector('ul')?.remove();
    $('group').append(list);
  };

  /** One choice per open seat; the one chosen before stays chosen while it is still open. */
  const drawChoices = (seats) => {
    const chosen = document.querySelector('input[name="seat"]:checked')?.value;
    const keep = seats.some((seat) => seat.id === chosen) ? chosen : seats[0].id;
    $('seat-choices').replaceChildren(
      ...seats.map((seat, i) =>
        element(
          'label',
          { className: 'choice' },
          element('input', { type: 'radio', name: 'seat', value: seat.id, checked: seat.id === keep }),
          ` Seat ${i + 1}: a ${money(seat.amount)} share`,
        ),
      ),
    );
  };

  /**
   * Which end a fresh read of the join view shows, if any, as page.ts decides it: a split no longer
   * pending has closed (the group may close while the page is open), else no open seat is full.
   */
  const endOf = (res) => {
    if (res.status === 404) return 'not_found';
    if (res.status !== 200) return null;
    if (res.data.status !== 'pending') return 'closed';
    if (res.data.open_seats.length === 0) return 'full';
    return null;
  };

  /** Reads the seats again and draws them; false when the page ended instead. */
  const refresh = async () => {
    const res = await call('GET', joinPath);
    const ended = endOf(res);
    if (ended) {
      end(ended);
      return false;
    }
    if (res.status !== 200) {
      say('Could not load the open seats. Reload the page to try again.', true);
      return false;
    }
    drawGroup(res.data);
    drawChoices(res.data.open_seats);
    return true;
  };

  const choose = async () => {
    if (await refresh()) show('step-seat');
  };

  wireSignIn({ say, show, person, onSignedIn: choose });

  $('seat-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const me = person.read();
    if (!me) return show('step-email');
    const seatId = document.querySelector('input[name="seat"]:checked')?.value;
    if (!seatId) return say('Choose a seat.', true);
    busy(event.target, true);
    say('Taking the seat…');
    // A name is optional: left empty, the group sees the masked address (docs/splits.md, "Names").
    const name = $('seat-name').value.trim();
    const res = await call(
      'POST',
      `${joinPath}/claim`,
      name ? { seat_id: seatId, name } : { seat_id: seatId },
      me.bearer,
    );
    if (res.status === 200) {
      say('The seat is yours. Taking you to pay your share…');
      window.location.assign(res.data.pay_url);
      return;
    }
    busy(event.target, false);
    const code = res.data?.code;
    if (res.status === 401) {
      person.forget();
      say('Please sign in again.', true);
      return show('step-email');
    }
    if (code === 'seat_taken') {
      // Someone was quicker: show the seats as they are now and let them choose again.
      if (await refresh()) say('Someone took that seat just now. Choose another one.', true);
      return;
    }
    if (code === 'already_in_split') return end('joined');
    if (res.status === 400 && res.data?.details?.some((d) => d.field === 'name')) {
      $('seat-name').setAttribute('aria-invalid', 'true');
      $('seat-name').focus();
      return say('Your name can be up to 60 characters of plain text.', true);
    }
    if (code === 'not_pending') return end('closed');
    if (res.status === 404) {
      // The link (the group) is gone, or the seat is: the fresh read tells which.
      if (await refresh()) say('That seat is no longer open. Choose another one.', true);
      return;
    }
    say(res.data?.error || 'Could not take the seat. Try again.', true);
  });

  startCountdowns();
  if (person.read()) choose();
}

import { formatUkDateTime, progressText } from '@groupsplit/shared';
import { countdown, deadline, groupProgress } from './components';
import { holdsCount, NOTHING_TAKEN, progressCount, STATUS_LABELS } from './wording';

/** The wording rules the pages and the e-mails share (wording.js; packages/email/src/order.ts, uk-time.ts). */
describe('a hold reads as a hold', () => {
  it('labels a held share "Hold in place", and "Paid" only once captured; British spelling', () => {
    expect(STATUS_LABELS).toEqual({
      pending: 'No hold yet',
      authorised: 'Hold in place',
      captured: 'Paid',
      canceled: 'Cancelled',
      refunded: 'Refunded',
    });
  });

  it('counts holds until capture, then payments', () => {
    expect(progressCount({ approved_count: 2, total_count: 3 })).toBe('2 of 3 holds in place');
    expect(progressCount({ approved_count: 0, total_count: 1 })).toBe('0 of 1 hold in place');
    expect(progressCount({ approved_count: 1, total_count: 4, open_seats: [{ id: 's', amount: '5.00' }] })).toBe(
      '1 of 4 holds in place · 1 seat open',
    );
    const statuses = (...s: string[]) => s.map((status) => ({ status }));
    expect(
      progressCount({
        approved_count: 3,
        total_count: 3,
        participants: statuses('authorised', 'authorised', 'authorised'),
      }),
    ).toBe('3 of 3 holds in place');
    expect(
      progressCount({ approved_count: 3, total_count: 3, participants: statuses('captured', 'captured', 'captured') }),
    ).toBe('3 of 3 paid');
  });

  it('says the same as the e-mails, for every count', () => {
    for (let total = 1; total <= 6; total++) {
      for (let held = 0; held <= total; held++) expect(holdsCount(held, total)).toBe(progressText(held, total));
    }
  });

  it('never calls a hold a payment in the group list', () => {
    const page = groupProgress({
      approved_count: 1,
      total_count: 2,
      participants: [
        { email_masked: 'b***@example.com', status: 'authorised', is_you: true },
        { email_masked: 'c***@example.com', status: 'pending', is_you: false },
      ],
    }).value;
    expect(page).toContain('1 of 2 holds in place');
    expect(page).toContain('Hold in place');
    expect(page).not.toMatch(/\bpaid\b/i);
    expect(NOTHING_TAKEN).toBe("Nothing is taken until everyone's hold is in place.");
  });
});

describe('UK time on the pages', () => {
  it('gives a July deadline in BST (UTC+1) and a December one in GMT, marked "UK time", never "UTC"', () => {
    expect(deadline(new Date('2026-07-04T05:30:00Z'))).toBe('Saturday 4 July at 06:30 (UK time)');
    expect(deadline(new Date('2026-12-04T06:08:24Z'))).toBe('Friday 4 December at 06:08 (UK time)');
    const page = countdown(new Date('2026-07-04T23:30:00Z')).value;
    expect(page).toContain('Sunday 5 July at 00:30 (UK time)');
    expect(page).not.toContain('UTC');
  });

  it('writes every time the pages show in UK time through the one formatter, across both clock changes', () => {
    expect(
      [
        '2026-03-29T00:30:00Z',
        '2026-03-29T01:30:00Z',
        '2026-07-04T05:30:00Z',
        '2026-10-25T00:30:00Z',
        '2026-10-25T01:30:00Z',
        '2026-12-31T23:59:00Z',
      ].map(formatUkDateTime),
    ).toEqual([
      'Sunday 29 March at 00:30 (UK time)',
      'Sunday 29 March at 02:30 (UK time)',
      'Saturday 4 July at 06:30 (UK time)',
      'Sunday 25 October at 01:30 (UK time)',
      'Sunday 25 October at 01:30 (UK time)',
      'Thursday 31 December at 23:59 (UK time)',
    ]);
  });
});

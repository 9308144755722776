import { dateTime } from '../app/format';

describe("the dashboard's times", () => {
  it('are UK time whatever the browser zone: BST (UTC+1) in July, GMT in December, never UTC', () => {
    expect(dateTime('2026-07-04T05:30:00Z')).toBe('4 Jul 2026, 06:30 UK time');
    expect(dateTime('2026-12-04T06:08:24Z')).toBe('4 Dec 2026, 06:08 UK time');
    // Late on 31 March UTC is already 1 April in the UK.
    expect(dateTime('2026-03-31T23:30:00Z')).toBe('1 Apr 2026, 00:30 UK time');
    expect(dateTime(null)).toBe('—');
  });
});

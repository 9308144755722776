import { GATES } from './gate-table';

describe('gate fixes', () => {
  it('lead to the dashboard pages that fix them', () => {
    const fixes = Object.fromEntries(Object.values(GATES).map((gate) => [gate.code, gate.fix.path]));
    expect(fixes).toEqual({
      connector_not_live: '/dashboard/settings/payments',
      billing_card_required: '/dashboard/settings/billing',
      billing_paused: '/dashboard/settings/billing',
      verification_required: '/dashboard/settings/verification',
    });
  });
});

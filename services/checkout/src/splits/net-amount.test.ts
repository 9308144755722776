import type { SplitRow } from '@groupsplit/shared';
import { feeAndNetFields, type NetAmountShare, netAmountPence } from './net-amount';

/**
 * What reaches the merchant of one order (docs/splits.md, "Fee and net amount"), for every status: two shares
 * of £15.00 and £10.00 at 300 bps (merchant fees 45p and 30p), £25.00 in all, 75p of fee.
 */
const order = (status: SplitRow['status']) => ({ status, total_amount: 2500, merchant_fee_total: 75 });
const share = (status: NetAmountShare['status'], amount: number, fee: number, refunded = 0): NetAmountShare => ({
  status,
  amount,
  merchant_fee: fee,
  refunded_amount: refunded,
});

describe('netAmountPence', () => {
  it('is the total less the merchant fee while the order is open: what will reach the merchant if it completes', () => {
    const authorised = [share('authorised', 1500, 45), share('pending', 1000, 30)];
    for (const status of ['creating', 'pending', 'capturing'] as const) {
      expect(netAmountPence(order(status), authorised)).toBe(2425);
    }
  });

  it('is 0 for an order that never captured', () => {
    const released = [share('canceled', 1500, 45), share('canceled', 1000, 30)];
    for (const status of ['canceling', 'canceled', 'creation_failed'] as const) {
      expect(netAmountPence(order(status), released)).toBe(0);
    }
  });

  it('is the total less the fee once captured', () => {
    expect(netAmountPence(order('captured'), [share('captured', 1500, 45), share('captured', 1000, 30)])).toBe(2425);
  });

  it('takes off what was refunded; a share refunded in full counts 0, its fee reversed', () => {
    // £10.00 back over both shares (6.00 and 4.00): the fee stays on both.
    expect(
      netAmountPence(order('partially_refunded'), [share('captured', 1500, 45, 600), share('captured', 1000, 30, 400)]),
    ).toBe(1425);
    // The £10.00 share back in full: its 30p fee reversed, the other share untouched.
    expect(
      netAmountPence(order('partially_refunded'), [share('captured', 1500, 45), share('refunded', 1000, 30, 1000)]),
    ).toBe(1455);
    expect(
      netAmountPence(order('refunded'), [share('refunded', 1500, 45, 1500), share('refunded', 1000, 30, 1000)]),
    ).toBe(0);
  });

  it('counts only the captured shares of a capture that failed part-way (they were refunded: 0)', () => {
    expect(
      netAmountPence(order('capture_failed'), [share('refunded', 1500, 45, 1500), share('canceled', 1000, 30)]),
    ).toBe(0);
  });

  it('presents the recorded fee and the net as two-place pounds', () => {
    expect(feeAndNetFields(order('captured'), [share('captured', 1500, 45), share('captured', 1000, 30)])).toEqual({
      merchant_fee: '0.75',
      net_amount: '24.25',
    });
    expect(feeAndNetFields(order('canceled'), [])).toEqual({ merchant_fee: '0.75', net_amount: '0.00' });
  });
});

import { pounds, toPounds } from './amounts';
import { typecheck } from './typecheck.test-support';

const session = (amount: string) => `
import { createGroupsplitClient, pounds, unwrap } from '@groupsplit/client';
const groupsplit = createGroupsplitClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.GROUPSPLIT_API_KEY });
export const created = await groupsplit.POST('/api/merchants/checkout/sessions', {
  body: { amount: ${amount}, return_url: 'https://shop.example/orders/1', line_items: [{ description: 'Lamp', amount: ${amount} }] },
});
export const refunded = await groupsplit.POST('/api/merchants/checkout/splits/{id}/refund', {
  params: { path: { id: 'split' } },
  body: { amount: ${amount} },
});
unwrap(created);
void pounds;
`;

/** tsc's error lines (`file(line,col): error TS…: …`) by file. */
function errorsByFile(output: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const line of output.split('\n')) {
    const match = /^([\w.-]+)\(\d+,\d+\): error (.*)$/.exec(line);
    if (!match) continue;
    errors[match[1]!] = [...(errors[match[1]!] ?? []), match[2]!];
  }
  return errors;
}

describe('amounts in pounds, at compile time', () => {
  it('refuses pence as a number (amount: 4495) and loose strings; takes "44.95" and pounds(4495)', () => {
    const result = typecheck({
      'pence.mts': session('4495'),
      'loose.mts': session("'44.9'"),
      'text.mts': session('String(process.argv[2])'),
      'literal.mts': session("'44.95'"),
      'helper.mts': session('pounds(4495)'),
    });
    expect(result.status).not.toBe(0);
    const errors = errorsByFile(result.output);
    // The session's amount, its line's and the refund's: each refused.
    expect(errors['pence.mts']).toEqual([
      expect.stringContaining("TS2322: Type 'number' is not assignable to type '`$" + '{bigint}.00`'),
      expect.stringContaining("TS2322: Type 'number' is not assignable"),
      expect.stringContaining("TS2322: Type 'number' is not assignable"),
    ]);
    expect(errors['loose.mts']).toHaveLength(3);
    expect(errors['text.mts']).toHaveLength(3);
    expect([errors['literal.mts'], errors['helper.mts']]).toEqual([undefined, undefined]);
  });

  it('converts pence to pounds and checks text at run time', () => {
    expect([pounds(4495), pounds(500), pounds(5), pounds(0), pounds(-250), pounds(-5)]).toEqual([
      '44.95',
      '5.00',
      '0.05',
      '0.00',
      '-2.50',
      '-0.05',
    ]);
    expect(() => pounds(44.95)).toThrow(RangeError);
    expect(toPounds('44.95')).toBe('44.95');
    for (const bad of ['44.9', '4495', '44.950', ' 44.95', '£44.95', '01.00']) {
      expect(() => toPounds(bad)).toThrow(RangeError);
    }
  });
});

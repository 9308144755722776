import { matchRoute } from './match';
import { routeTable } from './table';

/**
 * The merchant accept routes (docs/splits.md, "Merchant accept") have rules of their own rather than
 * riding the catch-alls: the server's accept takes an API key and counts in server_ops like its cancel
 * and refund; the dashboard's takes a session and is unlimited like its cancel.
 */
describe('merchant accept route rules', () => {
  it.each([
    ['/api/merchants/checkout/splits/3f1c/accept', { auth: 'api_key', bucket: 'server_ops' }],
    ['/api/checkout-splits/3f1c/accept', { auth: 'session_splits', bucket: undefined }],
  ])('POST %s goes to checkout with %o', (path, expected) => {
    const rule = matchRoute(routeTable, 'POST', path);
    expect(rule).toMatchObject({ method: 'POST', target: 'checkout', auth: expected.auth });
    expect(rule?.bucket).toBe(expected.bucket);
    expect(rule?.path).toMatch(/\/:id\/accept$/);
  });

  it('only POST is routed by the accept rules', () => {
    expect(matchRoute(routeTable, 'GET', '/api/merchants/checkout/splits/3f1c/accept')?.path).not.toMatch(/accept$/);
  });
});

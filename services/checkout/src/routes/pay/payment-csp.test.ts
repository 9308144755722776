import { STRIPE_CSP_GUIDE, STRIPE_JS_URL } from '../../pages/pay/stripe-csp';
import { payPageCsp, stripeJsSource } from './page';

/** The pay page's CSP by where Stripe.js comes from (docs/hosted-checkout.md, "Content Security Policy"). */
const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name!, sources];
    }),
  );

describe('the pay page’s CSP', () => {
  it('with Stripe as the processor: Stripe.js from js.stripe.com, and exactly what Stripe’s CSP guide lists', () => {
    for (const config of [{}, { STRIPE_API_BASE_URL: 'https://api.stripe.com' }]) {
      const source = stripeJsSource(config);
      expect(source).toEqual({ kind: 'stripe', script: STRIPE_JS_URL, origin: 'https://js.stripe.com' });
      const csp = directives(payPageCsp('n0nce', source));
      expect({
        'script-src': csp['script-src'],
        'frame-src': csp['frame-src'],
        'connect-src': csp['connect-src'],
      }).toEqual({
        'script-src': ["'nonce-n0nce'", "'self'", ...STRIPE_CSP_GUIDE['script-src']],
        'frame-src': [...STRIPE_CSP_GUIDE['frame-src']],
        'connect-src': ["'self'", ...STRIPE_CSP_GUIDE['connect-src']],
      });
      // 3-D Secure's form post may be redirected to Stripe's hooks host; nothing else is loosened.
      expect(csp['form-action']).toEqual(["'self'", 'https://hooks.stripe.com']);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('with the emulator as the processor: only the emulator’s origin, for its stand-in, sheet, calls and 3-D Secure page', () => {
    const source = stripeJsSource({ STRIPE_API_BASE_URL: 'http://127.0.0.1:4010/' });
    expect(source).toEqual({ kind: 'emulator', script: 'http://127.0.0.1:4010/v3/', origin: 'http://127.0.0.1:4010' });
    expect(payPageCsp('n0nce', source)).toBe(
      "default-src 'none'; script-src 'nonce-n0nce' 'self' http://127.0.0.1:4010; style-src 'self'; img-src 'self'; " +
        "connect-src 'self' http://127.0.0.1:4010; frame-src http://127.0.0.1:4010; " +
        "form-action 'self' http://127.0.0.1:4010; base-uri 'none'; frame-ancestors 'none'",
    );
  });
});

/**
 * What Stripe's integration security guide lists for a page's Content-Security-Policy when the page
 * uses Stripe.js: Elements, 3-D Secure and wallets (Apple Pay, Google Pay through the Express Checkout
 * Element). https://docs.stripe.com/security/guide#content-security-policy
 *
 * - script-src: `https://js.stripe.com` and `https://*.js.stripe.com` (Stripe.js itself);
 * - frame-src: `https://js.stripe.com`, `https://*.js.stripe.com` (the Elements' and wallets' frames) and
 *   `https://hooks.stripe.com` (3-D Secure's frame);
 * - connect-src: `https://api.stripe.com` (Stripe.js's own calls).
 *
 * The guide also names `https://maps.googleapis.com` (script and connect), which only the Address
 * Element's autocomplete needs: the pay page has no Address Element, so it is left out. The live pay
 * page's CSP is checked against this list (`payment-csp.test.ts`); keep it as the guide has it.
 */
export const STRIPE_CSP_GUIDE = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
} as const;

/** Stripe's own Stripe.js: what the pay page loads when the processor is Stripe itself. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

// Processor emulator: a stand-in for Stripe.js v3 (https://js.stripe.com/v3/), served at <emulator>/v3/.
// The subset groupsplit's pay page uses, with Stripe's names and shapes: Stripe(pk, { stripeAccount }),
// elements({ mode, amount, currency, captureMethod }), the Card (or Payment) Element, the Express Checkout
// Element (ready, click, confirm, cancel; event.paymentFailed(), expressPaymentType), createPaymentMethod,
// confirmPayment, confirmCardPayment, retrievePaymentIntent and handleNextAction. It is a classic script, as Stripe's is, and draws with the
// DOM and CSSOM only (no inline style or script), so the page's strict CSP needs only the emulator's origin.
// docs/processor.md, "The Stripe.js stand-in".
(() => {
  const ORIGIN = new URL(document.currentScript.src).origin;
  const API = `${ORIGIN}/v3/api`;
  const WALLETS = [
    ['apple_pay', 'Apple Pay'],
    ['google_pay', 'Google Pay'],
  ];

  class Emitter {
    constructor() {
      this.handlers = {};
    }
    on(name, handler) {
      this.handlers[name] = [...(this.handlers[name] ?? []), handler];
      return this;
    }
    once(name, handler) {
      const once = (event) => {
        this.off(name, once);
        handler(event);
      };
      return this.on(name, once);
    }
    off(name, handler) {
      this.handlers[name] = (this.handlers[name] ?? []).filter((h) => h !== handler);
      return this;
    }
    emit(name, event) {
      for (const handler of this.handlers[name] ?? []) handler(event);
    }
    listens(name) {
      return (this.handlers[name] ?? []).length > 0;
    }
  }

  const mountPoint = (target) => (typeof target === 'string' ? document.querySelector(target) : target);
  const integrationError = (message) => Object.assign(new Error(message), { name: 'IntegrationError' });

  /** The emulator's browser API answers Stripe's error shape; a network failure reads as Stripe's api_connection_error. */
  async function call(path, init) {
    try {
      const res = await fetch(`${API}${path}`, init);
      const body = await res.json();
      return res.ok ? { ok: body } : { error: body.error };
    } catch {
      return { error: { type: 'api_connection_error', message: 'We could not reach the payment processor.' } };
    }
  }

  /** The card fields, drawn into the page (Stripe draws them in its own frame; a stand-in need not). */
  class CardElement extends Emitter {
    constructor(type) {
      super();
      this.elementType = type;
    }
    mount(target) {
      const host = mountPoint(target);
      if (!host) throw integrationError(`The selector you specified (${target}) applies to no DOM elements.`);
      const field = (label, name, autocomplete, placeholder) => {
        const wrap = document.createElement('label');
        wrap.className = 'stand-in-field';
        const input = document.createElement('input');
        Object.assign(input, { name, autocomplete, placeholder, inputMode: 'numeric', spellcheck: false });
        input.addEventListener('input', () =>
          this.emit('change', { elementType: this.elementType, empty: !input.value }),
        );
        wrap.append(label, input);
        return { wrap, input };
      };
      const number = field('Card number', 'cardnumber', 'cc-number', '1234 1234 1234 1234');
      const expiry = field('Expiry date (MM / YY)', 'exp-date', 'cc-exp', 'MM / YY');
      const cvc = field('Security code (CVC)', 'cvc', 'cc-csc', 'CVC');
      this.inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input };
      const box = document.createElement('div');
      box.className = 'stand-in-card';
      box.style.display = 'grid';
      box.style.gap = '0.5rem';
      box.append(number.wrap, expiry.wrap, cvc.wrap);
      host.replaceChildren(box);
      setTimeout(() => this.emit('ready', { elementType: this.elementType }), 0);
    }
    focus() {
      this.inputs?.number.focus();
    }
    blur() {
      document.activeElement?.blur();
    }
    clear() {
      for (const input of Object.values(this.inputs ?? {})) input.value = '';
    }
    update() {}
    unmount() {
      this.inputs?.number.closest('.stand-in-card')?.remove();
    }
    destroy() {
      this.unmount();
    }
    number() {
      return this.inputs?.number.value ?? '';
    }
  }

  /** Apple Pay and Google Pay buttons; a press opens the emulator's wallet sheet in a dialog over the page. */
  class ExpressCheckoutElement extends Emitter {
    constructor(elements, options) {
      super();
      this.elements = elements;
      this.options = options ?? {};
      this.elementType = 'expressCheckout';
    }
    mount(target) {
      const host = mountPoint(target);
      if (!host) throw integrationError(`The selector you specified (${target}) applies to no DOM elements.`);
      const row = document.createElement('div');
      row.className = 'stand-in-express';
      row.style.display = 'grid';
      row.style.gap = '0.5rem';
      for (const [type, name] of WALLETS) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `express-button express-${type.replace('_', '-')}`;
        button.textContent = name;
        Object.assign(button.style, {
          background: '#000',
          color: '#fff',
          width: '100%',
          border: '1px solid #000',
          borderRadius: '0.5rem',
          minHeight: '2.75rem',
        });
        button.addEventListener('click', () => this.press(type, name, button));
        row.append(button);
      }
      host.replaceChildren(row);
      const available = {
        applePay: true,
        googlePay: true,
        link: false,
        paypal: false,
        amazonPay: false,
        klarna: false,
      };
      setTimeout(() => {
        this.emit('ready', { elementType: this.elementType, availablePaymentMethods: available });
        this.emit('availablepaymentmethodschange', {
          elementType: this.elementType,
          paymentMethods: Object.fromEntries(Object.entries(available).map(([k, v]) => [k, { available: v }])),
        });
      }, 0);
    }
    update(options) {
      Object.assign(this.options, options);
    }
    unmount() {}
    destroy() {}

    /** The click event first (its handler must call resolve within a second, as Stripe's), then the sheet. */
    async press(type, name, button) {
      if (this.open) return;
      let resolved = {};
      if (this.listens('click')) {
        resolved = await new Promise((done) => {
          const late = setTimeout(() => done(null), 1000);
          this.emit('click', {
            elementType: this.elementType,
            expressPaymentType: type,
            resolve: (payload) => {
              clearTimeout(late);
              done(payload ?? {});
            },
          });
        });
        if (!resolved) return console.warn('Stripe.js stand-in: click event not resolved within 1 second.');
      }
      this.openSheet(type, name, button, resolved);
    }

    openSheet(type, name, button, resolved) {
      this.open = true;
      const { amount, currency } = this.elements.options;
      const business = resolved.business?.name ?? this.options.business?.name ?? '';
      const query = new URLSearchParams({
        type,
        amount: String(amount ?? ''),
        currency: currency ?? 'gbp',
        business,
        key: this.elements.stripe.key,
        account: this.elements.stripe.account ?? '',
        parent: window.location.origin,
      });
      const dialog = document.createElement('dialog');
      dialog.className = 'stand-in-sheet';
      dialog.setAttribute('aria-label', `${name} (test sheet)`);
      Object.assign(dialog.style, {
        padding: '0',
        border: '0',
        borderRadius: '0.75rem',
        width: 'min(28rem, calc(100vw - 1rem))',
        maxWidth: '100vw',
      });
      const frame = document.createElement('iframe');
      frame.title = `${name} (test sheet)`;
      frame.src = `${ORIGIN}/v3/wallet-sheet?${query}`;
      Object.assign(frame.style, {
        display: 'block',
        width: '100%',
        height: 'min(40rem, calc(100vh - 2rem))',
        border: '0',
      });
      dialog.append(frame);
      document.body.append(dialog);
      dialog.showModal();
      frame.addEventListener('load', () => frame.focus());

      const finish = () => {
        window.removeEventListener('message', onMessage);
        dialog.close();
        dialog.remove();
        this.open = false;
        button.focus();
      };
      const cancelled = () => {
        finish();
        this.emit('cancel', { elementType: this.elementType });
      };
      const onMessage = (event) => {
        if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
        if (event.data?.source !== 'stripe-js-stand-in') return;
        if (event.data.outcome !== 'paid') return cancelled();
        finish();
        this.elements.wallet = { type, paymentMethod: event.data.paymentMethod };
        this.emit('confirm', {
          elementType: this.elementType,
          expressPaymentType: type,
          paymentFailed: (payload) => {
            this.elements.wallet = null;
            this.lastFailure = { reason: 'fail', ...payload };
          },
          billingDetails: { name: null, email: null, phone: null, address: null },
          shippingAddress: null,
          shippingRate: null,
        });
      };
      window.addEventListener('message', onMessage);
      dialog.addEventListener('cancel', (event) => {
        event.preventDefault();
        cancelled();
      });
    }
  }

  class Elements {
    constructor(stripe, options) {
      this.stripe = stripe;
      this.options = { ...options };
      this.created = {};
      this.wallet = null;
    }
    create(type, options) {
      if (this.created[type]) throw integrationError(`Can only create one Element of type ${type}.`);
      let element;
      if (type === 'card' || type === 'payment') element = new CardElement(type);
      else if (type === 'expressCheckout') element = new ExpressCheckoutElement(this, options);
      else throw integrationError(`The Stripe.js stand-in has no ${type} Element.`);
      this.created[type] = element;
      return element;
    }
    getElement(type) {
      return this.created[type] ?? null;
    }
    update(options) {
      Object.assign(this.options, options);
    }
    async submit() {
      if (this.wallet) return {};
      const card = this.created.card ?? this.created.payment;
      if (card && !card.number().trim()) {
        return {
          error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
        };
      }
      return {};
    }
  }

  function Stripe(key, options) {
    if (!key) throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
    const stripe = { key, account: options?.stripeAccount ?? null };

    const retrievePaymentIntent = async (clientSecret) => {
      const id = String(clientSecret ?? '').split('_secret_')[0];
      const query = new URLSearchParams({
        key,
        client_secret: clientSecret ?? '',
        stripe_account: stripe.account ?? '',
      });
      const answer = await call(`/payment_intents/${encodeURIComponent(id)}?${query}`);
      return answer.error ? { error: answer.error } : { paymentIntent: answer.ok };
    };

    const confirm = async (clientSecret, paymentMethod, returnUrl) => {
      const id = String(clientSecret ?? '').split('_secret_')[0];
      const body = new URLSearchParams({
        key,
        stripe_account: stripe.account ?? '',
        client_secret: clientSecret ?? '',
        payment_method: paymentMethod ?? '',
        return_url: returnUrl ?? '',
      });
      const answer = await call(`/payment_intents/${encodeURIComponent(id)}/confirm`, { method: 'POST', body });
      return answer.error ? { error: answer.error } : { paymentIntent: answer.ok };
    };

    /** A `requires_action` intent's next step: the browser goes to the bank's page; anything else is answered. */
    const nextAction = (intent) => {
      const action = intent.next_action;
      if (intent.status !== 'requires_action' || !action) return { paymentIntent: intent };
      window.location.assign(action.redirect_to_url?.url ?? action.use_stripe_sdk?.stripe_js);
      return new Promise(() => {});
    };

    return Object.assign(stripe, {
      elements: (elementsOptions) => new Elements(stripe, elementsOptions),

      /** From a Card Element (`card`), or from an Elements group (`elements`): a wallet's card when its sheet paid. */
      async createPaymentMethod(params) {
        let card = params?.card ?? null;
        if (params?.elements) {
          if (params.elements.wallet) return { paymentMethod: params.elements.wallet.paymentMethod };
          card = params.elements.getElement('card') ?? params.elements.getElement('payment');
        }
        if (!card) return { error: { type: 'validation_error', message: 'Nothing to make a PaymentMethod from.' } };
        const body = new URLSearchParams({ key, stripe_account: stripe.account ?? '', number: card.number() });
        const answer = await call('/payment_methods', { method: 'POST', body });
        return answer.error ? { error: answer.error } : { paymentMethod: answer.ok };
      },

      retrievePaymentIntent,

      /**
       * The bank's step for a `requires_action` intent: the browser goes to the emulator's 3-D Secure page,
       * which sends it back to the confirm's return_url (the promise never settles: the page is left, as
       * Stripe.js does for a redirect). Any other intent is answered as it is.
       */
      async handleNextAction({ clientSecret } = {}) {
        const found = await retrievePaymentIntent(clientSecret);
        if (found.error) return found;
        return nextAction(found.paymentIntent);
      },

      /**
       * A confirm from the browser, with Elements (a wallet's card or the Card Element) or a PaymentMethod id in
       * `confirmParams.payment_method`. `redirect: 'if_required'` answers `{ paymentIntent }` unless the bank
       * asks (then its page); else the browser goes on to `confirmParams.return_url`, as Stripe's does.
       */
      async confirmPayment({ elements, clientSecret, confirmParams = {}, redirect = 'always' } = {}) {
        let method = confirmParams.payment_method;
        if (!method && elements) {
          const created = await stripe.createPaymentMethod({ elements });
          if (created.error) return created;
          method = created.paymentMethod.id;
        }
        const confirmed = await confirm(clientSecret, method, confirmParams.return_url);
        if (confirmed.error) return confirmed;
        const intent = confirmed.paymentIntent;
        if (intent.status === 'requires_action') return nextAction(intent);
        if (redirect === 'if_required' || !confirmParams.return_url) return confirmed;
        const back = new URL(confirmParams.return_url);
        back.searchParams.set('payment_intent', intent.id);
        back.searchParams.set('payment_intent_client_secret', intent.client_secret);
        back.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(back.toString());
        return new Promise(() => {});
      },

      /** `payment_method`: an id, or `{ card: cardElement }`; a bank's question is handled unless `handleActions: false`. */
      async confirmCardPayment(clientSecret, data = {}, options = {}) {
        let method = data.payment_method;
        if (method && typeof method === 'object') {
          const created = await stripe.createPaymentMethod({ type: 'card', card: method.card });
          if (created.error) return created;
          method = created.paymentMethod.id;
        }
        const confirmed = await confirm(clientSecret, method, data.return_url);
        if (confirmed.error || confirmed.paymentIntent.status !== 'requires_action') return confirmed;
        return options.handleActions === false ? confirmed : nextAction(confirmed.paymentIntent);
      },
    });
  }

  window.Stripe = Stripe;
})();

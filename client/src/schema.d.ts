/**
 * Generated from docs/openapi.json by openapi-typescript: do not edit.
 * Regenerate with `npm run generate -w @groupsplit/client` after the document changes.
 */

export interface paths {
    "/api/auth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The terms and privacy versions in force, and whether you accepted them */
        get: operations["getConsent"];
        put?: never;
        /**
         * Accept the current terms and privacy policy
         * @description Until the versions in force are accepted, every other signed-in call answers 403 `consent_required`. Accepting twice is harmless.
         */
        post: operations["acceptConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a sign-in code
         * @description Mails a 6-digit code, valid for 10 minutes, replacing any earlier one. The answer is the same whether or not the address has an account. At most 10 codes an hour are sent to one address, whoever asks (`SIGN_IN_CODES_PER_ADDRESS_PER_HOUR`); more are refused with 429 `rate_limited` and `Retry-After`.
         *
         *     Rate limit: 10 per 10 minutes per IP address (bucket `sign_in`); answers carry `RateLimit-*` headers.
         */
        post: operations["startSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the code for a bearer token
         * @description Creates the account on first sign-in. The token lasts 12 hours. The answer also sets the dashboard's `HttpOnly` refresh cookie (POST /api/auth/session/refresh), which a server can ignore. Five wrong codes use the code up; ask for a new one. Wrong codes slow whoever sends them and never lock the owner out (docs/rate-limits.md, "Sign-in codes per address"): a connection waits after its sixth wrong code for one address (1 minute, doubling up to an hour) and is paused for an hour after 20 wrong codes in an hour; after 10 wrong codes for one address within an hour, from any connections, only the connection that asked for the current code may enter one for the next hour, and the owner is e-mailed once. Each is 429 `rate_limited` with `Retry-After`, even for the right code.
         *
         *     Rate limit: 10 per 10 minutes per IP address (bucket `sign_in`); answers carry `RateLimit-*` headers.
         */
        post: operations["verifySignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the dashboard's refresh cookie for a new access token
         * @description For the dashboard on its own origin: the `HttpOnly` refresh cookie set at sign-in is exchanged for a short-lived access token (15 minutes by default) and replaced by a new one; a replaced cookie presented again ends the whole session and every token it made. Refused (403) when `Origin` names another origin, `Sec-Fetch-Site` is not `same-origin`, or `X-Requested-With: groupsplit-dashboard` is missing. A session ends 2 hours after its last refresh and 12 hours after sign-in. The cookie authenticates no other route.
         *
         *     Rate limit: 60 per minute per IP address (bucket `session_refresh`); answers carry `RateLimit-*` headers.
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active sessions of this login
         * @description One per dashboard sign-in and device still alive, most recently used first.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign one session out
         * @description Ends that session and every access token it made at once.
         */
        post: operations["revokeSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/revoke-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere
         * @description Ends every session and access token of this login, this one included, and clears the refresh cookie.
         */
        post: operations["revokeAllSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke this bearer token
         * @description Ends only this session; other devices stay signed in. A dashboard session also loses its refresh cookie.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your business's splits
         * @description Every role. Newest first; `[]` for a login in no business. Without X-Service-Mode both modes are listed; with it, that mode only. Without any query parameter the answer is the whole list, an array (docs/spec.md). With any of `limit`, `starting_after`, `ending_before`, `status`, `created[gte]`, `created[lt]`, `mode` or `q` it is one page, `{ data, has_more, next_cursor, previous_cursor }`: walk it by passing `next_cursor` as `starting_after` until `next_cursor` is null. A cursor stays valid however many splits are made meanwhile; new ones appear on the first page.
         */
        get: operations["listSplits"];
        put?: never;
        /**
         * Create a split from the dashboard
         * @description Owner, Admin, Member. Places one hold per participant, one after another, then e-mails everyone but you an invitation with their pay link. Without an `Idempotency-Key` it is not safe to retry: a repeat places a second hold on every card. With one (additive), a retry with the same key and body answers 200 with the same split, waiting for its holds if the first call is still placing them, and places nothing twice. Amounts are pence (`amountMinor`, at least 100). X-Service-Mode: test makes a test split.
         */
        post: operations["createSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One split in full
         * @description Its creator, or anyone in the business. Amounts are stored decimals without two-place formatting (`12.5`).
         */
        get: operations["getSplit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an order waiting for you
         * @description Owner, Admin, Member, or the creating account (as cancel). Only for a split of a session created with `capture: 'merchant_accept'` that waits for you (`awaiting_merchant: true`, after `checkout_split.authorised`): captures every share as an automatic order does and answers once the capture finished. To decline, cancel the split instead. An accept racing a cancel or the expiry has exactly one outcome: the one taken first stands and the other is refused.
         */
        post: operations["acceptSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending split
         * @description Owner, Admin, Member, or the creating account. Releases every hold. On any status other than `pending` it answers 200 `canceled` and does nothing: read the split back and check `status` (`canceling` while the holds are still being released). Answers within 10 s.
         */
        post: operations["cancelSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}/partial-refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund all or part of a paid order (dashboard)
         * @description Ours, beyond the spec (docs/refunds.md): the dashboard's refund of an amount, by the rules of `POST /api/merchants/checkout/splits/{id}/refund` exactly: `amount` (pounds) absent means everything still outstanding; it is spread over the payers pro-rata in whole pence, each slice its own processor refund, and the slice that completes a share also returns that payer's 20p. From `captured` or `partially_refunded`. Owner, Admin or Finance (not the creating account, unless they are one of those). `idempotency_key` (or the `Idempotency-Key` header) makes a retry safe. The refund is recorded with actor `dashboard:<user>`.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["partialRefundSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}/participants/{participantId}/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a pending participant
         * @description Owner, Admin, Member, or the creating account. Beyond the spec (docs/splits.md, "Replacing a participant"): hands a pending participant's share to someone else, in place. The participant keeps its id and share; the new person gets a new pay link (e-mailed) and a new hold; the old hold is released and the old pay link answers 404 at once. The 7-day expiry does not move and no webhook is sent. It runs through the split workflow, so it is serialised with authorisations, cancel and expiry.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["replaceParticipant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a whole split
         * @description Owner, Admin, Finance, or the creating account; only from `captured`. Every captured share is refunded in full with its 20p, each as its own processor refund, and the service fee reversed. No body.
         */
        post: operations["refundSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order's timeline
         * @description Ours, beyond the spec (docs/dashboard.md, "The order's timeline"): everything that happened to one order, newest first (created, invitations, pay pages opened, holds, reminders, replacements and covers, accept, captures, refunds, cancel, disputes, e-mails not delivered or suppressed, support actions), from the split history, the e-mail log and the audit log; and what was ordered (a hosted order's lines and metadata, the organiser). The business's team only (Owner, Admin, Finance, Member): the hosted order's buyer is refused.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        get: operations["splitTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How group checkout did over a period
         * @description Every role (ours, beyond the spec; the dashboard’s Insights page). For the mode asked (X-Service-Mode, live when absent) and the splits created in the period: how the groups ended, the time to fully paid, how far participants got, reminders against the authorisations after them, and the average group and share. An empty period answers zeros and nulls.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        get: operations["getInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/join/{group_token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order behind a group link
         * @description No credential: the group token is the credential. The order, its open seats (empty once the split has ended), its progress and the split's status (the group takes people only while it is `pending`), for the page at the group link.
         *
         *     Rate limit: 60 per minute per IP address (bucket `public_lookup`); answers carry `RateLimit-*` headers.
         */
        get: operations["getJoinGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/join/{group_token}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take an open seat
         * @description The joiner, signed in by e-mailed code: the seat is taken for their verified address. Open seats (docs/splits.md, "Open seats"): the seat becomes a participant with that address, its hold is placed and the person is e-mailed their pay link; the usual pay step follows. Claims are taken one at a time by the split's workflow, so of two people racing for the last seat exactly one gets it.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["claimSeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Splits you created or take part in
         * @description Matched on your account and your e-mail address; other people's `pay_token` values are null.
         */
        get: operations["listMySplits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/pay/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One participant's own view
         * @description No credential: the pay token is one; treat it as a secret. The share and the 20p fee on top, the order and the group's progress (other participants masked), and what the processor's page script needs to confirm the hold.
         *
         *     Rate limit: 60 per minute per IP address (bucket `public_lookup`); answers carry `RateLimit-*` headers.
         */
        get: operations["getPayView"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-splits/pay/{token}/authorise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorise the share (place the hold)
         * @description Confirms the hold on the card for the share plus 20p; nobody is charged until everyone has authorised. A declined card answers 402 and the participant stays pending, free to try another card. Authorising twice is harmless. A decline says only what the payer can act on: `card_declined` with a generic reason, or `expired_card`, `incorrect_cvc` or `insufficient_funds` (docs/security.md, "Declines on the pay step"). In test mode use a test payment method such as `pm_card_visa`. Card testing is braked: 10 attempts per pay token per 10 minutes, 30 per client address per hour, a token paused for 30 minutes after 5 declines in a row, and an address paused for an hour after 15 declines in an hour (429 `rate_limited` with `Retry-After`). When the card's bank asks the participant to confirm the payment (3-D Secure, `pm_card_threeDSecure2Required` in test mode), the answer is 202 with `redirect_url`, the bank's page: nothing is held until they confirm there, and the page sends them back to `/pay/{token}/return`, which records the hold (docs/hosted-checkout.md, "Strong Customer Authentication").
         */
        post: operations["authoriseShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unsubscribe from participant e-mails
         * @description The link in participant e-mails; its signed token is the credential. Stops split payment e-mails to the address (sign-in codes and receipts still arrive). Repeating it is harmless.
         */
        get: operations["unsubscribe"];
        put?: never;
        /**
         * Unsubscribe (mail clients' one-click button, RFC 8058)
         * @description The link in participant e-mails; its signed token is the credential. Stops split payment e-mails to the address (sign-in codes and receipts still arrive). Repeating it is harmless.
         */
        post: operations["unsubscribeOneClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the webhook URL and the allowed return domains
         * @description Owner, Admin. `webhook_url` is the one of the mode asked (X-Service-Mode); `allowed_domain` is one per business, the host every `return_url` and `cancel_url` must match, in live and (unless `test_allowed_domain` is set) in test mode: sent with `X-Service-Mode: test` it still sets that one domain, and the answer adds a `hint` saying so. `test_allowed_domain` is test mode's own (`localhost` for local development); live never reads it. An absent field is unchanged; an empty string or null clears it. A live URL must be public https; a test URL may be http on a private address only where `ALLOW_PRIVATE_WEBHOOK_TARGETS` is on (local development). With `create_webhook_secret: true` and no secret yet for the mode, a secret is created as rotate would create it and returned once as `webhook_secret`.
         */
        patch: operations["updateIntegration"];
        trace?: never;
    };
    "/api/merchants/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Owner, Admin. Every key of both modes, newest first, revoked ones included; never the key itself.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Owner, Admin. X-Service-Mode: test makes a test key (`svc_test_…`), which needs no processor connection; otherwise a live key (`svc_prod_…`), which needs a verified business. The key is in this response only.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Owner, Admin. Stops that key at once; other keys are unaffected. Revoking twice is not an error.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service's bills and the card they are charged to
         * @description Every role. Per mode (X-Service-Mode): the card on file and the latest 50 bills, newest first.
         */
        get: operations["getBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/billing/bills/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay an unpaid bill with the card on file
         * @description Owner, Admin. Paying restores split payments at once. A retried call never charges twice.
         */
        post: operations["payBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/billing/card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Put a billing card on file
         * @description Owner, Admin. Splits need a card on file in the same mode (`billing_card_required`). In test mode use a test payment method such as `pm_card_visa`.
         */
        put: operations["saveBillingCard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/billing/card-setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a secure card page at the payment processor
         * @description Owner, Admin. Makes a page at the payment processor where the person enters a card (the card never passes through groupsplit). After saving, the page returns to the dashboard Billing page with `?card_setup=<id>`; then `POST /api/merchants/billing/card-setup/{id}/complete` puts the card on file. The page works for 24 hours.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["startBillingCardSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/billing/card-setup/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the card saved on the secure card page on file
         * @description Owner, Admin. Reads the card set-up from the payment processor and puts the card saved there on file for the mode, as `PUT /api/merchants/billing/card` does. Calling it again answers the same card.
         */
        post: operations["completeBillingCardSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a hosted checkout session
         * @description From your server, with an API key. Send the buyer to `checkout_url` (valid for 2 hours); they split the order there, and you hear `checkout_split.paid` once every share is captured. Needs `allowed_domain` set: `return_url` and `cancel_url` must be https on that host. A test key needs no processor connection; a live key needs charges enabled; in test mode an allowed domain of `localhost` also takes `http://localhost`, `http://127.0.0.1` and `http://[::1]` on any port. Line items, when sent, must add up to `amount`. Send `Idempotency-Key` so a retry cannot create a second session. An unknown field is refused (400 `validation_failed`, "Unknown field retrun_url. Did you mean return_url?").
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `session_create`); answers carry `RateLimit-*` headers.
         */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public session lookup
         * @description No credential: the token in the path is one; treat it as a secret. What the hosted page shows the buyer. `unavailable_reason` says why the merchant cannot take payments right now.
         *
         *     Rate limit: 60 per minute per IP address (bucket `public_lookup`); answers carry `RateLimit-*` headers.
         */
        get: operations["getPublicCheckoutSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The buyer's view of their split's group
         * @description The signed-in buyer who created the split: progress, each participant (in full: the buyer typed them, with the name typed for them) and whether they can still be replaced or covered. Nobody's pay token is included.
         */
        get: operations["getBuyerGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your own shares of this checkout
         * @description Whoever is signed in, if they are in the split of this session: the buyer who made it (`organiser`) or someone paying a share (`member`), with their own shares (the rows paid from their address: the organiser's own and any they cover) and a pay link for each share still pending. How the reopened checkout page takes anyone in the group back to "Pay your share".
         */
        get: operations["getMyShares"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/participants/{participantId}/cover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cover a friend's share (the organiser)
         * @description Beyond the spec (docs/splits.md, "Covering a share"): the signed-in buyer who set up the split takes over a pending participant's share, or an open seat, and pays it as a hold of their own (its own £0.20 fee, like every share of a split). No body. The participant keeps its id and share; its e-mail becomes the organiser's, it gets a new pay link (in the answer) and keeps whom it covered; the covered person is e-mailed that they need not pay, and their old pay link says so and takes no hold. It runs through the split workflow, in turn with authorisations, replaces, seat claims, a cancel and the expiry.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["coverBuyerShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/participants/{participantId}/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a pending participant (the buyer)
         * @description The signed-in buyer who created the session's split. Beyond the spec (docs/splits.md, "Replacing a participant"): hands a pending participant's share to someone else, in place. The participant keeps its id and share; the new person gets a new pay link (e-mailed) and a new hold; the old hold is released and the old pay link answers 404 at once. The 7-day expiry does not move and no webhook is sent. It runs through the split workflow, so it is serialised with authorisations, cancel and expiry.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["replaceBuyerParticipant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/remind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail everyone still pending their pay link
         * @description API key, or a dashboard session of the business (Owner, Admin, Member). Each participant is reminded at most once per 12 hours whoever asks; three calls per session in all. People who asked to stop e-mails are skipped.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["remindParticipants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/seats/{seat_id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fill an open seat by e-mail (the buyer)
         * @description The signed-in buyer who created the session's split fills a seat with someone's address. Open seats (docs/splits.md, "Open seats"): the seat becomes a participant with that address, its hold is placed and the person is e-mailed their pay link; the usual pay step follows. Claims are taken one at a time by the split's workflow, so of two people racing for the last seat exactly one gets it.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["inviteToSeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer's choice: split, one payer, or alone
         * @description What the hosted page calls once the buyer is signed in (no merchant terms to accept). `split`: 2 to 20 people whose shares (pounds, at least £1 each) add up to the order; `one_payer`: one other person pays it all; `alone`: the buyer pays. Once per session. Every hold is placed before the answer; each person gets their pay link. A `split` entry without `email` is an open seat (docs/splits.md, "Open seats"): anyone with the group link (`group_url` in the answer) can take it; at least one entry needs an address. `group_url` and `open_seats` appear only on a split made with open seats. Each person may have a `name` (`name` and `payer_name` for the other modes; docs/splits.md, "Names"): the group sees it instead of the masked address, and the invitations come from "<the buyer's name> via <business>". After `split` or `alone` the buyer is also e-mailed their own pay link (docs/emails.md, "Your share").
         */
        post: operations["createBuyerSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/sessions/{token}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Session status, with the split and its refunds
         * @description API key. Everything you sent (customer fields, metadata) plus progress: `split` is null until the buyer has chosen. Another merchant's token, or the other mode's, is 404.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        get: operations["getCheckoutSessionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/splits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your orders from your server
         * @description API key. Your business's splits in the key's mode, newest first, one page at a time: `{ data, has_more, next_cursor, previous_cursor }`, the items of the dashboard's list with `merchant_fee` and `net_amount` (what reaches you after our fee). Walk it by passing `next_cursor` as `starting_after` until it is null. The same filters as the dashboard's list; `mode`, if sent, must be the key's own.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        get: operations["listCheckoutSplits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/splits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order in full, from your server
         * @description API key. The split's detail record, as your team sees it on the dashboard (every share's pay token and PaymentIntent), with `net_amount`: what reaches you after our fee. Amounts are stored decimals without two-place formatting (`12.5`), except `net_amount` (two places).
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        get: operations["getCheckoutSplit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/splits/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an order from your server
         * @description API key. Only for a split of a session created with `capture: 'merchant_accept'` that waits for you (`awaiting_merchant: true`, after `checkout_split.authorised`): captures every share as an automatic order does and answers once the capture finished. To decline, cancel the split instead. An accept racing a cancel or the expiry has exactly one outcome: the one taken first stands and the other is refused.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["acceptCheckoutSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/splits/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending order from your server
         * @description API key. Acts only on `pending`: releases the holds, e-mails the payers and sends `checkout_split.canceled`. A repeat on a cancelled split answers 200 again (safe to retry). Answers within 10 s: once the cancel is recorded, even while the holds are still being released (the split then reads `canceling` until they are).
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["cancelCheckoutSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/splits/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund all or part of a paid order
         * @description API key. `amount` (pounds) absent means everything still outstanding. A partial amount is spread over the payers pro-rata, in whole pence; each slice is its own processor refund, and the slice that completes a share also returns that payer's 20p. Send `idempotency_key` (or the `Idempotency-Key` header; the body's wins when both are sent): a repeat returns the stored result and never refunds twice.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["refundCheckoutSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/checkout/test-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a sample test checkout (dashboard)
         * @description Dashboard session; Owner or Admin; test mode only (X-Service-Mode: test). Makes a £20 hosted checkout session, as a server's `POST /api/merchants/checkout/sessions` would, for trying the checkout as a buyer: its return and cancel go to the dashboard's own Orders page, the one return allowed beyond your domains, and for these sample sessions only. Like every test checkout it needs a test billing card (the `take_split` gate of `GET /api/merchants/me`). No body.
         *
         *     Rate limit: 120 per minute per API key (per IP address for a signed-in call) (bucket `server_ops`); answers carry `RateLimit-*` headers.
         */
        post: operations["createTestCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start processor onboarding
         * @description Owner, Admin. A one-shot onboarding link for a Standard connected account in the mode asked (X-Service-Mode; live by default). Safe to call again: it reuses the account already started. Test mode needs no connection (a platform sandbox account holds test splits), but one connected explicitly is used from then on.
         */
        post: operations["startProcessorOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/connect/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A fresh onboarding link for the account already started */
        post: operations["refreshProcessorOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook URL and signing secret of a mode
         * @description Owner, Admin. Live unless X-Service-Mode: test. No API key is returned here, ever.
         */
        get: operations["getCredentials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/credentials/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or replace the webhook signing secret
         * @description Owner, Admin. The first call creates the secret of the mode asked (X-Service-Mode), later calls replace it; the old value stops verifying immediately.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/exports/orders.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the orders of a period as CSV
         * @description Dashboard session; Owner, Admin or Finance. One row per participant's share of each order created in the period: the order, its split and session, the share, fees and status, refunded so far, when it was captured, the PaymentIntent and charge ids. `from` and `to` are UK calendar days, both included: the period runs from midnight at the start of `from` to midnight at the end of `to`, Europe/London time (so it follows BST). Rows come oldest first. Amounts are pounds with two places and never negative; times are given in UTC and in UK time. A cell that would start with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a single quote before it, quoted, so a spreadsheet shows it as text (docs/exports.md). The mode is `X-Service-Mode` (absent: live); one file holds one mode. The answer is streamed: a transfer cut short means the file is incomplete.
         *
         *     Rate limit: 30 per 10 minutes per IP address (bucket `export`); answers carry `RateLimit-*` headers.
         */
        get: operations["exportOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/exports/refunds.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the refunds of a period as CSV
         * @description Dashboard session; Owner, Admin or Finance. One row per participant's slice of each refund asked for in the period: who asked (actor, source), the amount, the customer fee returned and the service fee reversed with it, statuses and processor ids. `from` and `to` are UK calendar days, both included: the period runs from midnight at the start of `from` to midnight at the end of `to`, Europe/London time (so it follows BST). Rows come oldest first. Amounts are pounds with two places and never negative; times are given in UTC and in UK time. A cell that would start with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a single quote before it, quoted, so a spreadsheet shows it as text (docs/exports.md). The mode is `X-Service-Mode` (absent: live); one file holds one mode. The answer is streamed: a transfer cut short means the file is incomplete.
         *
         *     Rate limit: 30 per 10 minutes per IP address (bucket `export`); answers carry `RateLimit-*` headers.
         */
        get: operations["exportRefunds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business you act for
         * @description Readable by every role. `gates` say, for the mode asked (X-Service-Mode), whether the business can take splits and send invoices, and what to fix if not. When the processor account still looks incomplete, it is re-read from the processor first.
         */
        get: operations["getMerchant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a business
         * @description Any signed-in account; the caller becomes its Owner. One login registers one business unless it sends `allow_additional: true`. The business is a UK business paying out in pounds at the standard 3% rate. A `webhook_url` given here is the live one and gets every URL check.
         */
        post: operations["registerMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members and pending invitations */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team-invites/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview an invitation
         * @description No sign-in: the token from the e-mailed link is the credential; treat it as a secret.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        get: operations["previewTeamInvite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team-invites/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description Signed in as the invited address. Single use.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["acceptTeamInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite someone
         * @description Owner, Admin (an Admin may invite Finance and Member only; nobody invites an Owner). E-mails a link valid for 7 days; if the e-mail cannot be sent, the invitation is revoked and the answer is 502.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["inviteTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team/invites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        delete: operations["revokeTeamInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team/invites/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an invitation again
         * @description Owner, Admin. A new link and a new 7-day expiry; the old link stops working. If the e-mail fails, the previous link is restored and the answer is 502.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["resendTeamInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/team/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Owner, Admin. Access ends at once. You cannot remove yourself, the Owner, or a role you don't manage.
         */
        delete: operations["removeTeamMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Owner, Admin. The caller must manage both the current and the new role; nobody can touch the Owner.
         */
        patch: operations["changeTeamMemberRole"];
        trace?: never;
    };
    "/api/merchants/team/transfer-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand the business to another member
         * @description Owner only. `confirmation` must equal the business name exactly; `member_id` is a team member id. The caller becomes Admin and the target Owner; verification restarts for the new owner.
         */
        post: operations["transferOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log
         * @description Every role. One row per attempt (retries, test sends and resends each add rows), newest first, for the mode asked. Page with `starting_after` (the last row id of the page before); narrow with `type`, `status` and `split_id`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery attempt, with the request it sent
         * @description Every role. The attempt as the log shows it, plus the headers and the exact body it sent (the signature shows its timestamp only). Either mode: the row decides.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/webhooks/deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again
         * @description Owner, Admin. Same data, fresh timestamp and signature, to the current URL of the event's mode.
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sample event (checkout_split.paid unless another type is asked)
         * @description Owner, Admin. One signed attempt to the webhook URL of the mode asked, with `sample: true` and made-up data; answers with the logged attempt. The body is optional: `{ type }` picks the sample (default `checkout_split.paid`).
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merchants/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The businesses your login belongs to
         * @description Empty for a login in no business. Send `x-service-merchant-id` to act for one of several.
         */
        get: operations["listWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Contact us
         * @description Anonymous; stores the submission. Shares the sensitive rate limit (5 per 10 minutes per IP).
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["submitContactForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/partner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Partner with us
         * @description Anonymous; stores the submission. Shares the sensitive rate limit (5 per 10 minutes per IP).
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["submitPartnerForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the waiting list
         * @description Anonymous; stores the submission. Shares the sensitive rate limit (5 per 10 minutes per IP).
         *
         *     Rate limit: 5 per 10 minutes per IP address (bucket `sensitive`); answers carry `RateLimit-*` headers.
         */
        post: operations["submitWaitlistForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "checkout_split.participant_authorised": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A participant authorised their share
         * @description A hold was placed on one participant's card. `data.participant` is who.
         */
        post: operations["webhook_checkout_split_participant_authorised"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_split.authorised": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Every share is authorised: accept or decline
         * @description Only for a session created with `capture: 'merchant_accept'`: every participant has authorised and the order waits for you (split status `pending`, `awaiting_merchant: true`). Accept with `POST /api/merchants/checkout/splits/{id}/accept`, decline with `.../cancel`; with no answer by `authorization_expires_at` the holds are released (`checkout_split.canceled`, reason `expired`). Sent once.
         */
        post: operations["webhook_checkout_split_authorised"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_split.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The order is paid
         * @description Every share was captured (split status `captured`): the signal to fulfil. Also what the dashboard's test send simulates (`sample: true`). Never sent when capture fails part-way.
         */
        post: operations["webhook_checkout_split_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_split.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The split was cancelled
         * @description Cancelled from the dashboard, with the API key (the merchant's own cancel too), or because the holds expired (`data.reason`: `canceled` or `expired`). Nobody was charged.
         */
        post: operations["webhook_checkout_split_canceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_split.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund was made
         * @description Every refund, however made: API key, dashboard, or the merchant's own processor dashboard. `data.refund` is the refund; `data.status` is `refunded` or `partially_refunded`.
         */
        post: operations["webhook_checkout_split_refunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_session.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A checkout session expired
         * @description A hosted-checkout session reached the end of its 2-hour life without a split; it can no longer be used.
         */
        post: operations["webhook_checkout_session_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The split after the accept. */
        Accepted: {
            /**
             * @description The split once the capture finished: `captured`, or `capture_failed` (a share could not be captured; every share captured was refunded and the other holds released). `capturing` only when the capture is still running after 30 seconds (a slow processor): read the split back.
             * @example captured
             */
            status: components["schemas"]["SplitStatus"];
        };
        ActiveSession: {
            /**
             * @description The session id: sign it out with `POST /api/auth/sessions/{id}/revoke`.
             * @example 3f6a9c2e-8b1d-4e7f-a5c3-9d2b6e8f1a47
             */
            id: string;
            /**
             * @description Browser and system, read from the user agent.
             * @example Chrome on Linux
             */
            device: string;
            /**
             * @description The user agent the session signed in with.
             * @example Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36
             */
            user_agent: string;
            /**
             * @description The client address of the sign-in or of its latest refresh.
             * @example 203.0.113.24
             */
            ip_address: string;
            created_at: components["schemas"]["Timestamp"];
            last_used_at: components["schemas"]["Timestamp"];
            /** @description The absolute end; an idle session ends sooner. */
            expires_at: components["schemas"]["Timestamp"];
            /** @description True for the session the calling access token belongs to. */
            current: boolean;
        };
        ActiveSessionList: {
            /** @description Your active sessions, one per signed-in device, the current one included. */
            sessions: components["schemas"]["ActiveSession"][];
        };
        /** @description The address as registered, in parts. */
        AddressParts: {
            /**
             * @description First line.
             * @example 12 Market Street
             */
            line1: string;
            /**
             * @description Second line, or null.
             * @example Unit 4
             */
            line2: string | null;
            /**
             * @description Town or city.
             * @example Bristol
             */
            city: string;
            /**
             * @description County, or null.
             * @example null
             */
            county: string | null;
            /**
             * @description Postcode.
             * @example BS1 4DJ
             */
            postcode: string;
            /**
             * @description Country, or null.
             * @example United Kingdom
             */
            country: string | null;
        };
        /** @description A key as listed (never the key itself). */
        ApiKey: {
            /**
             * Format: uuid
             * @description The key id (for revoking it).
             * @example 7c9e1a3b-5d2f-4b8e-a6c4-0e2d4f6a8b95
             */
            id: string;
            /**
             * @description What the key is for.
             * @example Shop server
             */
            name: string;
            mode: components["schemas"]["Mode"];
            /**
             * @description The last four characters of the key, to tell keys apart.
             * @example s2Ma
             */
            last_four: string;
            /** @description When the key was created. */
            created_at: components["schemas"]["Timestamp"];
            /** @description When it was last used; null if never. */
            last_used_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description True once revoked: it no longer works.
             * @example false
             */
            revoked: boolean;
            /**
             * @description When it was revoked, or null.
             * @example null
             */
            revoked_at: components["schemas"]["Timestamp"] | null;
        };
        /** @description The card needs 3-D Secure: nothing is held until the participant confirms with their bank. */
        AuthenticationRequired: {
            /**
             * Format: uuid
             * @description This participant.
             * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
             */
            participant_id: string;
            /**
             * @description The bank asks the participant to confirm (3-D Secure).
             * @constant
             */
            status: "requires_action";
            /**
             * Format: uri
             * @description The bank's challenge page: send the participant there; it sends them back to the pay page.
             * @example http://localhost:4010/_emulator/authenticate/pi_3QabcDEF456ghiJKL?client_secret=pi_3QabcDEF456ghiJKL_secret_x7YzW
             */
            redirect_url: string;
            split_status: components["schemas"]["SplitStatus"];
        };
        /** @description The share is held; the split is captured once everyone has authorised. */
        AuthorisedShare: {
            /**
             * Format: uuid
             * @description This participant.
             * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
             */
            participant_id: string;
            status: components["schemas"]["ParticipantStatus"];
            split_status: components["schemas"]["SplitStatus"];
        };
        /** @description One of the service's bills to you. */
        Bill: {
            /**
             * Format: uuid
             * @description The bill id.
             * @example b1d3f5a7-9c2e-4f6a-8b0d-5e7a9c1b3d48
             */
            id: string;
            /**
             * @description What the bill is for, in pounds.
             * @example 12.40
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Always `gbp`.
             * @constant
             */
            currency: "gbp";
            /**
             * @description What it is for.
             * @example Service fees, October 2026
             */
            description: string;
            /** @description When it was issued. */
            issued_at: components["schemas"]["Timestamp"];
            /** @description When it was paid, or null. */
            paid_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description `paid` or `unpaid`.
             * @example paid
             * @enum {string}
             */
            status: "paid" | "unpaid";
            /**
             * @description A bill unpaid for 14 days pauses split payments until it is paid.
             * @example 0
             */
            days_unpaid: number;
        };
        /** @description The mode's card on file and its latest bills. */
        Billing: {
            mode: components["schemas"]["Mode"];
            /** @description The card on file, or null (splits need one). */
            card: components["schemas"]["BillingCard"] | null;
            /** @description The latest 50 bills, newest first. */
            bills: components["schemas"]["Bill"][];
        };
        /** @description The card your bills are charged to. */
        BillingCard: {
            mode: components["schemas"]["Mode"];
            /**
             * @description The card brand.
             * @example visa
             */
            brand: string;
            /**
             * @description The last four digits.
             * @example 4242
             */
            last4: string;
            /**
             * @description Expiry month, 1 to 12.
             * @example 12
             */
            exp_month: number | null;
            /**
             * @description Expiry year.
             * @example 2029
             */
            exp_year: number | null;
            /** @description When the card was put on file. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description The buyer's view of the group they split with. */
        BuyerGroup: {
            /**
             * Format: uuid
             * @description The split made from this session.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string;
            status: components["schemas"]["SplitStatus"];
            /** @description Why a canceled split ended: cancelled by someone, or the holds expired; null otherwise. */
            cancel_reason: ("canceled" | "expired") | null;
            /** @description When the holds lapse and the split is cancelled (creation + 7 days). */
            authorization_expires_at: components["schemas"]["Timestamp"];
            /** @description The group's progress, as on the pay view, with what the buyer may change. */
            group: {
                /**
                 * @description Participants who have authorised (or been captured or refunded since).
                 * @example 1
                 */
                approved_count: number;
                /**
                 * @description Participants in the split, plus its open seats if it was made with seats.
                 * @example 2
                 */
                total_count: number;
                /** @description Only on a split made with open seats, while a seat is open: the seats nobody has taken yet. */
                open_seats?: components["schemas"]["OpenSeat"][];
                /** @description Everyone in the split, with their full address and share. */
                participants: {
                    /**
                     * @description The name typed for them, as typed (docs/splits.md, "Names"); null when none was. Show it instead of `email_masked` when present.
                     * @example Bea
                     */
                    name: string | null;
                    /**
                     * @description Their e-mail address, masked.
                     * @example s***@example.com
                     */
                    email_masked: string;
                    status: components["schemas"]["ParticipantStatus"];
                    /**
                     * @description True for the participant whose pay token was used.
                     * @example false
                     */
                    is_you: boolean;
                    /**
                     * Format: uuid
                     * @description The participant id (for the replace call).
                     * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                     */
                    id: string;
                    /**
                     * @description The address the buyer typed, in full.
                     * @example sam@example.com
                     */
                    email: string;
                    /**
                     * @description Their share, in pounds.
                     * @example 22.50
                     */
                    amount: components["schemas"]["Pounds"];
                    /** @description Still pending in a pending split, and not the buyer's own share (a share they cover may go to someone new): the buyer may hand this share to someone else. */
                    replaceable: boolean;
                    /**
                     * @description On a share the buyer covers (docs/splits.md, "Covering a share"): the name of whom it covers, as it was; null otherwise, or when they had no name.
                     * @example null
                     */
                    covered_name: string | null;
                    /**
                     * @description On a share the buyer covers: the address of whom it covers; null otherwise.
                     * @example null
                     */
                    covered_email: string | null;
                    /** @description Still pending in a pending split and not already the buyer's own address: the buyer may cover it. */
                    coverable: boolean;
                }[];
            };
            /**
             * Format: uri
             * @description Only on a split made with open seats. The group link: whoever opens it and signs in can take an open seat.
             * @example http://localhost:3000/join/Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a
             */
            group_url?: string;
            /** @description Only on a split made with open seats. The seats nobody has taken yet, in order. */
            open_seats?: components["schemas"]["OpenSeat"][];
            /**
             * @description Only on a split of a session created with `capture: 'merchant_accept'`: true while every participant has authorised and the split waits for your accept or cancel (status `pending`); false otherwise.
             * @example true
             */
            awaiting_merchant?: boolean;
            /**
             * @description The name the buyer typed for themself (docs/splits.md, "Names"); null when none was.
             * @example Bea
             */
            organiser_name: string | null;
        };
        /** @description The split exists; everyone has a pay link. */
        BuyerSplit: {
            /**
             * Format: uuid
             * @description The new split.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string;
            /** @description Everyone paying, with their pay link. */
            participants: {
                /**
                 * Format: email
                 * @description Their e-mail address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description Their share.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                /**
                 * @description What their card is held for: share + 20p fee (no fee for a single payer).
                 * @example 22.70
                 */
                card_charge: components["schemas"]["Pounds"];
                /**
                 * Format: uri
                 * @description Their pay link (also e-mailed to them).
                 * @example http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                pay_url: string;
                /**
                 * @description Their name as given, or null when none was.
                 * @example Bea
                 */
                name: string | null;
            }[];
            /**
             * Format: uri
             * @description Only on a split made with open seats. The group link: whoever opens it and signs in can take an open seat.
             * @example http://localhost:3000/join/Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a
             */
            group_url?: string;
            /** @description Only on a split made with open seats. The seats nobody has taken yet, in order. */
            open_seats?: components["schemas"]["OpenSeat"][];
        };
        /** @description The split after the cancel. */
        Canceled: {
            /**
             * @description The split is cancelled; every hold was released.
             * @constant
             */
            status: "canceled";
        };
        /** @description A secure card page at the payment processor. */
        CardSetup: {
            /**
             * @description The card set-up id (`id` from `POST /api/merchants/billing/card-setup`).
             * @example cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ
             */
            id: string;
            /**
             * Format: uri
             * @description The processor's secure card page. Open it in a new tab; after saving, it returns to the dashboard's Billing page with `?card_setup=<id>&mode=<mode>`.
             * @example https://checkout.processor.example/c/pay/cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ
             */
            url: string;
            /** @description When the page stops taking a card (24 hours after it was made). */
            expires_at: components["schemas"]["Timestamp"];
        };
        /** @description The split made from the session: progress, shares and refunds. */
        CheckoutSessionSplit: {
            /**
             * Format: uuid
             * @description The split id; equal to `data.split_id` in webhooks.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            id: string;
            status: components["schemas"]["SplitStatus"];
            /**
             * @description The order total in pounds, two places.
             * @example 44.95
             */
            total_amount: components["schemas"]["Pounds"];
            /** @description When the holds lapse and the split is cancelled (creation + 7 days). */
            authorization_expires_at: components["schemas"]["Timestamp"];
            /**
             * @description Participants who have authorised.
             * @example 2
             */
            approved_count: number;
            /**
             * @description Participants in the split (0 before there is one), plus its open seats if it was made with any.
             * @example 2
             */
            total_count: number;
            /** @description Who has authorised, in the order they did. */
            approvals: {
                /**
                 * Format: uuid
                 * @description The participant id.
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                participant_id: string;
                /**
                 * Format: email
                 * @description Their e-mail address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description When they authorised their share; null while pending.
                 * @example 2026-09-01T12:00:00.000Z
                 */
                authorised_at: components["schemas"]["Timestamp"] | null;
            }[];
            /** @description Everyone paying a share. */
            participants: {
                /**
                 * Format: uuid
                 * @description The participant id.
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                id: string;
                /**
                 * Format: email
                 * @description Their e-mail address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description Their share, before the fee.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                /**
                 * @description The service fee on top of their share.
                 * @example 0.20
                 */
                application_fee: components["schemas"]["Pounds"];
                /**
                 * @description How much of their share has been refunded.
                 * @example 0.00
                 */
                refunded_amount: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
                /**
                 * @description True once they have authorised.
                 * @example true
                 */
                approved: boolean;
                /**
                 * @description When they authorised their share; null while pending.
                 * @example 2026-09-01T12:00:00.000Z
                 */
                authorised_at: components["schemas"]["Timestamp"] | null;
                /**
                 * @description The participant's pay token: their pay link is built from it.
                 * @example pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                pay_token: string;
            }[];
            /** @description Every refund however made, oldest first. */
            refunds: components["schemas"]["RefundHistoryEntry"][];
            /**
             * @description Only on a split of a session created with `capture: 'merchant_accept'`: true while every participant has authorised and the split waits for your accept or cancel (status `pending`); false otherwise.
             * @example true
             */
            awaiting_merchant?: boolean;
            /**
             * Format: uri
             * @description Only on a split made with open seats. The group link: whoever opens it and signs in can take an open seat.
             * @example http://localhost:3000/join/Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a
             */
            group_url?: string;
            /** @description Only on a split made with open seats. The seats nobody has taken yet, in order. */
            open_seats?: components["schemas"]["OpenSeat"][];
        };
        /**
         * @description The session: `pending` (not paid yet), `paid`, `canceled` or `refunded`.
         * @enum {string}
         */
        CheckoutSessionState: "pending" | "paid" | "canceled" | "refunded";
        /** @description The session with everything you sent, and the split once there is one. */
        CheckoutSessionStatus: {
            /**
             * @description The checkout session token. Treat it as a secret.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            token: string;
            status: components["schemas"]["CheckoutSessionState"];
            /**
             * @description True once the 2 hours have passed without a split.
             * @example false
             */
            expired: boolean;
            mode: components["schemas"]["Mode"];
            /**
             * @description The order total in pounds, two places.
             * @example 44.95
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            /**
             * @description As you sent it (default `Order`).
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description As you sent it.
             * @example https://shop.example.com/orders/1001
             */
            return_url: string;
            /**
             * @description As you sent it, or null.
             * @example https://shop.example.com/cart
             */
            cancel_url: string | null;
            /**
             * @description As you sent it, or null.
             * @example alex@example.com
             */
            customer_email: string | null;
            /**
             * @description As you sent it, or null.
             * @example Alex Morgan
             */
            customer_name: string | null;
            /**
             * @description As you sent it, or null.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata: {
                [key: string]: string;
            } | null;
            /** @description The order lines; empty when none were sent. */
            line_items: components["schemas"]["LineItemView"][];
            /** @description When the session was created. */
            created_at: components["schemas"]["Timestamp"];
            /** @description When the session stops working (2 hours after creation). */
            expires_at: components["schemas"]["Timestamp"];
            /**
             * @description The split made from this session; null until the buyer has chosen.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string | null;
            /**
             * @description Participants who have authorised.
             * @example 2
             */
            approved_count: number;
            /**
             * @description Participants in the split (0 before there is one), plus its open seats if it was made with any.
             * @example 2
             */
            total_count: number;
            /** @description Everyone paying a share; empty until the buyer has chosen. */
            participants: {
                /**
                 * Format: email
                 * @description Their e-mail address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description Their share, before the fee.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
            }[];
            /** @description The split; null until the buyer has chosen. */
            split: components["schemas"]["CheckoutSessionSplit"] | null;
            /**
             * @description Only on a session created with `capture: 'merchant_accept'` (a feature's fields appear only on the orders that use it): its split waits for your accept once every participant has authorised.
             * @example merchant_accept
             * @constant
             */
            capture?: "merchant_accept";
        };
        /** @description The seat is yours: pay your share at pay_url. */
        ClaimedSeat: {
            /**
             * Format: uri
             * @description Your pay link (also e-mailed to you): the usual pay step follows.
             * @example http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
             */
            pay_url: string;
        };
        /**
         * @description The versions in force, and whether you accepted them.
         * @example {
         *       "terms_version": "2026-09-01",
         *       "privacy_version": "2026-09-01",
         *       "accepted": true
         *     }
         */
        ConsentState: {
            /**
             * @description The terms version in force.
             * @example 2026-09-01
             */
            terms_version: string;
            /**
             * @description The privacy policy version in force.
             * @example 2026-09-01
             */
            privacy_version: string;
            /**
             * @description True once you have accepted both.
             * @example true
             */
            accepted: boolean;
        };
        /** @description The share, now the organiser's. */
        CoveredShare: {
            /** @description The share's participant as it is now (a seat's new participant, for an open seat). */
            participant: {
                /**
                 * Format: uuid
                 * @description The participant id (unchanged for a participant; new for a seat).
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                id: string;
                /**
                 * @description The new person's e-mail address.
                 * @example jo@example.com
                 */
                email: string;
                /**
                 * @description The share (unchanged).
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
                /**
                 * Format: uri
                 * @description The new person's pay link (also e-mailed to them).
                 * @example http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                pay_url: string;
            };
        };
        /** @description The new key, shown this once. */
        CreatedApiKey: {
            /**
             * @description The whole key. Shown only here; only a hash is stored.
             * @example svc_test_8Jq2Lx7Rv4Nc9Wp3Tz6Hb1Kd5Gf0Ys2Ma
             */
            key: string;
            /**
             * Format: uuid
             * @description The key id (for revoking it).
             * @example 7c9e1a3b-5d2f-4b8e-a6c4-0e2d4f6a8b95
             */
            id: string;
            /**
             * @description What the key is for.
             * @example Shop server
             */
            name: string;
            mode: components["schemas"]["Mode"];
            /**
             * @description The last four characters of the key, to tell keys apart.
             * @example s2Ma
             */
            last_four: string;
            /** @description When the key was created. */
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description A new session is `pending`; an idempotent replay gives the session as it is now. `checkout_url` stops working at `expires_at` (2 hours after creation). */
        CreatedCheckoutSession: {
            /**
             * @description The session token: read the status with it. Treat it as a secret.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            token: string;
            /**
             * Format: uri
             * @description Send the buyer here. Valid for 2 hours.
             * @example http://localhost:3000/checkout/Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            checkout_url: string;
            status: components["schemas"]["CheckoutSessionState"];
            /** @description When `checkout_url` stops working (2 hours after creation). */
            expires_at: components["schemas"]["Timestamp"];
            /**
             * @description The order total in pounds, two places.
             * @example 44.95
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
        };
        /** @description The new split (camelCase, pence: docs/spec.md, Participant (create response)). */
        CreatedSplit: {
            /**
             * Format: uuid
             * @description The new split.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            id: string;
            /**
             * @description Every hold is placed; waiting for everyone to authorise.
             * @constant
             */
            status: "pending";
            /** @description Everyone paying, camelCase, amounts in pence. */
            participants: {
                /**
                 * Format: uuid
                 * @description The participant id.
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                id: string;
                /**
                 * Format: email
                 * @description As sent.
                 * @example sam@example.com
                 */
                email: string;
                /**
                 * @description Their share in pence.
                 * @example 2250
                 */
                amountMinor: number;
                /**
                 * @description Service fee in pence; card charge = amountMinor + feeMinor.
                 * @example 20
                 */
                feeMinor: number;
                /**
                 * @description The processor payment holding the share.
                 * @example pi_3QabcDEF456ghiJKL
                 */
                paymentIntentId: string | null;
                /**
                 * @description Only for a merchant building their own pay page.
                 * @example pi_3QabcDEF456ghiJKL_secret_x7YzW
                 */
                clientSecret: string | null;
                /**
                 * @description What the pay link is built from (`pay_token` elsewhere).
                 * @example pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                payToken: string;
            }[];
        };
        /** @description The webhook settings of the mode asked (an API key is never returned). */
        Credentials: {
            mode: components["schemas"]["Mode"];
            /**
             * @description Where events of this mode are sent; null when not set.
             * @example https://shop.example.com/webhooks
             */
            webhook_url: string | null;
            /**
             * @description Null until created with POST /api/merchants/credentials/rotate.
             * @example whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e
             */
            webhook_secret: string | null;
        };
        /**
         * @description A stored decimal in pounds without two-place formatting (`12.5`, `12`, `0.2`); parse it as a decimal.
         * @example 12.5
         */
        DecimalPounds: string;
        /**
         * @description Every error has this shape. Branch on `code` where present, else on the status; never on the message text. Some errors add context fields (for example `status` on `not_pending`).
         * @example {
         *       "error": "Not found",
         *       "code": "not_found"
         *     }
         */
        Error: {
            /** @description What went wrong, for people. Never branch on it. */
            error: string;
            /** @description Machine-readable reason; branch on it where present. */
            code?: string;
            /** @description On a 400 about the input: one entry per field that failed, each naming its field; at most 20 (see `details_truncated`). */
            details?: components["schemas"]["ErrorDetail"][];
            /** @description How many more fields failed than the 20 `details` lists; absent when it lists them all. */
            details_truncated?: number;
            /**
             * @description This request's id, the same as the `X-Request-Id` response header; quote it when asking for help. Absent only on the answers documented as exactly `{ error }`.
             * @example 0b6f1f1e-6a8e-4a53-9c1e-2f3f4c5d6e7f
             */
            request_id?: string;
            /**
             * @description This error's entry in the errors guide: `/docs/errors#<code>` (or `#http-<status>` without a code).
             * @example https://groupsplit.example/docs/errors#invalid_api_key
             */
            doc_url?: string;
            /**
             * @description What to do about it, for people, where there is something to do. Never branch on it.
             * @example Send API keys in the X-Merchant-API-Key header
             */
            hint?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description One field that failed validation. */
        ErrorDetail: {
            /**
             * @description The field, as a dotted path (`line_items.0.amount`).
             * @example retrun_url
             */
            field: string;
            /**
             * @description What is wrong with it.
             * @example Unknown field retrun_url. Did you mean return_url?
             */
            message: string;
        } & {
            [key: string]: unknown;
        };
        /** @description The submission was stored. */
        FormReceived: {
            /**
             * Format: uuid
             * @description The submission id.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description Which form.
             * @enum {string}
             */
            form: "contact" | "waitlist" | "partner";
            /** @description When it was received. */
            received_at: components["schemas"]["Timestamp"];
        };
        /** @description Null when the feature is ready; otherwise why not, and where to fix it. */
        Gate: {
            /**
             * @description Why the feature is not ready.
             * @enum {string}
             */
            code: "connector_not_live" | "billing_card_required" | "billing_paused" | "verification_required";
            /**
             * @description The reason, for people.
             * @example Add a billing card in Settings, Billing before taking split payments.
             */
            message: string;
            /** @description Where to fix it. */
            fix: {
                /**
                 * @description What the fix is called.
                 * @example Add a billing card
                 */
                label: string;
                /**
                 * @description Where in the dashboard to fix it.
                 * @example /dashboard/settings/billing
                 */
                path: string;
            };
        } | null;
        /** @description The group's progress as any participant may see it: never another person's full e-mail or pay token. */
        GroupProgress: {
            /**
             * @description Participants who have authorised (or been captured or refunded since).
             * @example 1
             */
            approved_count: number;
            /**
             * @description Participants in the split, plus its open seats if it was made with seats.
             * @example 2
             */
            total_count: number;
            /** @description Only on a split made with open seats, while a seat is open: the seats nobody has taken yet. */
            open_seats?: components["schemas"]["OpenSeat"][];
            /** @description Everyone in the split, in the order they were added. */
            participants: {
                /**
                 * @description The name typed for them, as typed (docs/splits.md, "Names"); null when none was. Show it instead of `email_masked` when present.
                 * @example Bea
                 */
                name: string | null;
                /**
                 * @description Their e-mail address, masked.
                 * @example s***@example.com
                 */
                email_masked: string;
                status: components["schemas"]["ParticipantStatus"];
                /**
                 * @description True for the participant whose pay token was used.
                 * @example false
                 */
                is_you: boolean;
            }[];
        };
        /** @description Group checkout in one mode over one period (docs/dashboard.md, Insights). */
        Insights: {
            mode: components["schemas"]["Mode"];
            /** @description Start of the period (inclusive). */
            from: components["schemas"]["Timestamp"];
            /** @description End of the period (exclusive). */
            to: components["schemas"]["Timestamp"];
            /** @description How the groups started in the period ended, so far. */
            groups: {
                /**
                 * @description Splits created in the period (`creating` ones, never shown, excluded).
                 * @example 10
                 */
                started: number;
                /**
                 * @description Everyone paid: captured, partially refunded or refunded since.
                 * @example 6
                 */
                finished: number;
                /**
                 * @description Still pending or capturing.
                 * @example 1
                 */
                open: number;
                /**
                 * @description Canceled because the group did not finish in time (the holds lapsed).
                 * @example 2
                 */
                expired: number;
                /**
                 * @description Canceled otherwise (by the business, a payer, or support), or canceling.
                 * @example 1
                 */
                cancelled: number;
                /**
                 * @description creation_failed or capture_failed.
                 * @example 0
                 */
                failed: number;
                /**
                 * @description finished ÷ started, 0 to 1; null with no split in the period.
                 * @example 0.6
                 */
                finished_share: number | null;
            };
            /** @description Over the finished groups; both null when none finished. */
            time_to_paid: {
                /**
                 * @description Median time from the split to its last capture, whole seconds.
                 * @example 5400
                 */
                median_seconds: number | null;
                /**
                 * @description 90th percentile of the same, whole seconds.
                 * @example 86400
                 */
                p90_seconds: number | null;
            };
            /** @description How far participants got: invited, opened the pay page, held their share. */
            drop_off: {
                /**
                 * @description Participants of every split of the period.
                 * @example 30
                 */
                invited: number;
                /**
                 * @description Participants who opened their pay page (the hosted page, or the pay lookup your own page calls).
                 * @example 27
                 */
                opened: number;
                /**
                 * @description Participants who authorised their hold (held), whatever happened after.
                 * @example 24
                 */
                held: number;
                /** @description The same steps, for the groups that expired or were cancelled only. */
                unfinished: {
                    /**
                     * @description Groups that expired or were cancelled.
                     * @example 3
                     */
                    groups: number;
                    /**
                     * @description Their participants.
                     * @example 9
                     */
                    invited: number;
                    /**
                     * @description Of those, the ones who opened their pay page.
                     * @example 7
                     */
                    opened: number;
                    /**
                     * @description Of those, the ones who held their share.
                     * @example 4
                     */
                    held: number;
                };
            };
            /** @description Reminders (the remind call and the daily reminder) against what followed them. */
            reminders: {
                /**
                 * @description Reminder e-mails sent to participants of the period’s splits.
                 * @example 5
                 */
                sent: number;
                /**
                 * @description Participants reminded at least once.
                 * @example 4
                 */
                people_reminded: number;
                /**
                 * @description Reminded participants who then authorised.
                 * @example 2
                 */
                held_after_reminder: number;
            };
            /**
             * @description Participants per split, to two places; null with no split.
             * @example 3
             */
            average_group_size: number | null;
            /**
             * @description A participant's average share in pounds, two places; null with no split.
             * @example 22.50
             */
            average_share: components["schemas"]["Pounds"] | null;
        };
        /** @description The settings as they now are. */
        IntegrationSettings: {
            /**
             * Format: uuid
             * @description The business.
             * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
             */
            id: string;
            mode: components["schemas"]["Mode"];
            /**
             * @description This mode's webhook URL, or null.
             * @example https://shop.example.com/webhooks
             */
            webhook_url: string | null;
            /**
             * @description The host return and cancel URLs must be on (live, and test unless test_allowed_domain is set), or null.
             * @example shop.example.com
             */
            allowed_domain: string | null;
            /**
             * @description Test mode's own return domain, or null (test mode then uses allowed_domain). Live never reads it.
             * @example localhost
             */
            test_allowed_domain: string | null;
            /**
             * @description Only when `create_webhook_secret` created a secret just now: the new secret of the mode. Not shown here again; GET /api/merchants/credentials reveals it later.
             * @example whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e
             */
            webhook_secret?: string;
            /**
             * @description Present when a test-mode call set `allowed_domain`: it says that this is the live domain too, and to set `test_allowed_domain` for test mode alone.
             * @example allowed_domain is one per business: live checkout uses it too. To point only test mode somewhere (such as localhost), set test_allowed_domain instead.
             */
            hint?: string;
        };
        /** @description You are in the team. */
        InviteAccepted: {
            /**
             * @description Accepted.
             * @constant
             */
            ok: true;
            /**
             * Format: uuid
             * @description The business you joined.
             * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
             */
            merchant_id: string;
        };
        /** @description The seat is filled: the person has their pay link. */
        InvitedSeat: {
            /** @description The participant the seat became. */
            participant: {
                /**
                 * Format: uuid
                 * @description The participant the seat became.
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                id: string;
                /**
                 * @description The new person's e-mail address.
                 * @example jo@example.com
                 */
                email: string;
                /**
                 * @description The seat's share.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
                /**
                 * Format: uri
                 * @description The new person's pay link (also e-mailed to them).
                 * @example http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                pay_url: string;
            };
        };
        /** @description What the invitee sees before accepting. */
        InvitePreview: {
            /**
             * @description The business inviting you.
             * @example Picnic Supplies
             */
            business_name: string;
            role: components["schemas"]["Role"];
            /**
             * @description The invited address, masked: sign in with it to accept.
             * @example j***@example.com
             */
            email_masked: string;
            /** @description When the invitation lapses. */
            expires_at: components["schemas"]["Timestamp"];
        };
        /** @description The order behind a group link and its open seats. */
        JoinGroup: {
            /**
             * @description The business the order is with.
             * @example Corner Deli
             */
            merchant_name: string;
            /**
             * @description The business's order reference.
             * @example WH29
             */
            order_reference: string;
            /**
             * @description The order total in pounds, two places.
             * @example 44.95
             */
            amount: components["schemas"]["Pounds"];
            /** @description The seats nobody has taken yet, in order. */
            open_seats: components["schemas"]["OpenSeat"][];
            /**
             * @description Participants who have authorised.
             * @example 1
             */
            approved_count: number;
            /**
             * @description Participants plus open seats: everyone the order is split between.
             * @example 3
             */
            total_count: number;
            /** @description When the holds lapse: seats still open then cancel the order, and nobody pays. */
            authorization_expires_at: components["schemas"]["Timestamp"];
            /**
             * @description Beyond the spec's fields: the earliest `capture_before` of the split's holds, or null. Earlier than `authorization_expires_at` when a bank releases a hold sooner: everyone needs to pay before it.
             * @example 2026-12-08T14:05:00.000Z
             */
            holds_expire_at: components["schemas"]["Timestamp"] | null;
            status: components["schemas"]["SplitStatus"];
            /**
             * @description Who is asking: the name the buyer typed for themself (docs/splits.md, "Names"); null when none was. Never an address, masked or not: the link may travel further than the group.
             * @example Bea
             */
            organiser_name: string | null;
            /** @description The order's lines, as on the pay page (none for an order sent without lines). */
            line_items: components["schemas"]["LineItemView"][];
        };
        /** @description One order line as payers see it. */
        LineItemView: {
            /**
             * @description What the line is, as plain text (up to 120 characters).
             * @example Picnic blanket
             */
            description: string;
            /**
             * @description The line amount in pounds; negative for a discount.
             * @example 39.95
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description How many; 1 or more.
             * @example 1
             */
            quantity: number;
            /**
             * @description The service's own copy of the picture (fetched once at creation), or null when there is none.
             * @example null
             */
            image_url: string | null;
        };
        /** @description The business the caller acts for (docs/spec.md, Merchant). */
        Merchant: {
            /**
             * Format: uuid
             * @description The business.
             * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
             */
            id: string;
            /**
             * @description The trading name shown to customers.
             * @example Picnic Supplies
             */
            name: string;
            /** @description When the business was registered. */
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description The registered legal name.
             * @example Picnic Supplies Ltd
             */
            legal_name: string;
            /**
             * @description The legal form of the business.
             * @example limited_company
             * @enum {string}
             */
            business_type: "sole_trader" | "limited_company" | "partnership" | "limited_liability_partnership" | "charity" | "other";
            /**
             * @description The business contact address (not the login).
             * @example hello@shop.example.com
             */
            business_email: string;
            /**
             * @description The business phone number.
             * @example +44 117 496 0123
             */
            business_phone: string;
            /**
             * @description The VAT number, or null.
             * @example GB123456789
             */
            vat_number: string | null;
            /**
             * @description The Companies House number, or null.
             * @example 12345678
             */
            company_number: string | null;
            /**
             * @description The address on one line.
             * @example 12 Market Street, Unit 4, Bristol BS1 4DJ
             */
            business_address: string;
            business_address_parts: components["schemas"]["AddressParts"] | null;
            /**
             * @description Always `GB`: every business is a UK business.
             * @example GB
             */
            country: string;
            /**
             * @description Always `gbp`.
             * @example gbp
             */
            default_currency: string;
            /**
             * @description True once the processor has enabled charges (live). Gate live checkout on it.
             * @example true
             */
            processor_charges_enabled: boolean;
            /**
             * @description Details were submitted to the processor (perhaps not yet verified).
             * @example true
             */
            processor_details_submitted: boolean;
            /**
             * @description The connected processor account, or null before onboarding.
             * @example acct_1QabcDEF456ghi
             */
            processor_account_id: string | null;
            /** @description When the processor account was linked, or null. */
            processor_connected_at: components["schemas"]["Timestamp"] | null;
            /** @description The caller's role. */
            business_role: components["schemas"]["Role"];
            /**
             * @description Hundredths of a percent; 300 is the standard 3%.
             * @example 300
             */
            platform_fee_bps: number;
            /**
             * @description When a promotional rate reverts to the standard one, or null.
             * @example null
             */
            platform_fee_discount_ends_at: components["schemas"]["Timestamp"] | null;
            /** @description The mode asked for (X-Service-Mode); webhook_url and gates are for it. */
            mode: components["schemas"]["Mode"];
            /**
             * @description This mode's webhook URL, or null.
             * @example https://shop.example.com/webhooks
             */
            webhook_url: string | null;
            /**
             * @description The host return and cancel URLs must be on (live, and test unless test_allowed_domain is set), or null.
             * @example shop.example.com
             */
            allowed_domain: string | null;
            /**
             * @description Test mode's own return domain, or null (test mode then uses allowed_domain). Live never reads it.
             * @example localhost
             */
            test_allowed_domain: string | null;
            /**
             * @description Reads `verified` once the identity and company checks pass.
             * @example verified
             */
            verification_status: string;
            /**
             * @description True for a business that took payments before verification existed.
             * @example false
             */
            verification_grandfathered: boolean;
            /**
             * @description A paused workspace is read-only.
             * @example false
             */
            paused: boolean;
            /**
             * @description Why it is paused, or null.
             * @example null
             */
            paused_reason: string | null;
            /** @description Per feature, for the mode asked: null when ready, otherwise why not and where to fix it. */
            gates: {
                /** @description Sending invoices. */
                issue_invoice: components["schemas"]["Gate"];
                /** @description Invoices paid by bank transfer. */
                issue_invoice_bank_transfer: components["schemas"]["Gate"];
                /** @description Taking split payments. */
                take_split: components["schemas"]["Gate"];
            };
            /** @description Beyond the spec's fields: Apple Pay on the pay domain for the mode asked (the go-live checklist's "Apple Pay ready on <domain>", docs/processor.md, "Wallet domains"); null until the domain was registered on the connected account (it is once the account can take charges). */
            apple_pay: {
                /**
                 * @description Our pay domain, registered on the connected account.
                 * @example pay.groupsplit.example
                 */
                domain: string;
                /**
                 * @description Apple Pay's status on it.
                 * @example active
                 * @enum {string}
                 */
                status: "active" | "inactive";
                /**
                 * @description Why Apple Pay is not active, as the processor said; null when it is.
                 * @example null
                 */
                error: string | null;
                /**
                 * @description When the registration was last checked.
                 * @example 2026-12-06T09:30:00.000Z
                 */
                checked_at: components["schemas"]["Timestamp"] | null;
            } | null;
        };
        /**
         * @description Test or live. Test keys, URLs, secrets and orders never mix with live ones.
         * @enum {string}
         */
        Mode: "test" | "live";
        /** @description Your own shares of this checkout, with your pay links. */
        MyShares: {
            /**
             * @description `organiser`: the buyer who made the split; `member`: someone paying a share of it.
             * @enum {string}
             */
            role: "organiser" | "member";
            split_status: components["schemas"]["SplitStatus"];
            /** @description The split's shares paid from the signed-in address, in order; possibly none. */
            shares: {
                /**
                 * Format: uuid
                 * @description The share.
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                participant_id: string;
                /**
                 * @description The share, in pounds.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                /**
                 * @description What the card is held for: the share plus its fee (none for a single payer).
                 * @example 22.70
                 */
                card_charge: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
                pay_url: string | null;
                /**
                 * @description On a share the organiser covers: the name of whom it covers, as it was; null otherwise.
                 * @example null
                 */
                covered_name: string | null;
            }[];
        };
        /** @description The action was done. */
        Ok: {
            /**
             * @description Done.
             * @constant
             */
            ok: true;
        };
        OnboardingLink: {
            /**
             * Format: uri
             * @description One-shot processor onboarding link; expires in about five minutes.
             * @example https://connect.processor.example/setup/s/acct_1QabcDEF456ghi/Xk29Wq
             */
            url: string;
        };
        /** @description A share nobody holds yet. */
        OpenSeat: {
            /**
             * Format: uuid
             * @description The seat (the `seat_id` of a claim or an invite).
             * @example 3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26
             */
            id: string;
            /**
             * @description Its share.
             * @example 22.50
             */
            amount: components["schemas"]["Pounds"];
        };
        /** @description The new owner; you are now Admin. */
        OwnershipTransferred: {
            /**
             * @description Transferred.
             * @constant
             */
            ok: true;
            /**
             * Format: uuid
             * @description The new owner.
             * @example 9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62
             */
            owner_member_id: string;
            /**
             * @description Verification restarts for the new owner.
             * @example pending
             */
            verification_status: string;
        };
        ParticipantAuthorisedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the `X-Service-Event-Id` header. Dedupe on it.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description The event type.
             * @constant
             */
            type: "checkout_split.participant_authorised";
            /**
             * @description Unix seconds when the event happened (not when it was sent).
             * @example 1788264000
             */
            created: number;
            mode: components["schemas"]["Mode"];
            /**
             * @description True only for the dashboard's test send.
             * @example false
             */
            sample: boolean;
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token?: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email?: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name?: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
            data: components["schemas"]["SplitEventData"];
        };
        /** @description One participant of the detail record. */
        ParticipantDetail: {
            /**
             * Format: uuid
             * @description The participant id.
             * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
             */
            id: string;
            /**
             * @description Always null (neither creation path sets it).
             * @example null
             */
            user_id: string | null;
            /**
             * Format: email
             * @description Their e-mail address, as supplied.
             * @example alex@example.com
             */
            email: string;
            /**
             * @description Their share, before the fee.
             * @example 22.5
             */
            amount: components["schemas"]["DecimalPounds"];
            /**
             * @description The service fee on top of the share (normally 0.2); card charge = amount + application_fee.
             * @example 0.2
             */
            application_fee: components["schemas"]["DecimalPounds"];
            status: components["schemas"]["ParticipantStatus"];
            /**
             * @description The charge on the merchant's processor account (amount + application_fee). Use it to reconcile or to refund one share by hand.
             * @example pi_3QabcDEF456ghiJKL
             */
            processor_payment_intent_id: string | null;
            pay_token: string | null;
            /**
             * @description Null until this share is disputed.
             * @example null
             */
            disputed_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description Beyond the spec's fields: when the processor stops letting this share's held charge be captured (the charge's `capture_before`; docs/splits.md, "Holds that lapse sooner"). Usually 7 days after the hold, sooner for some cards. Null until a hold is placed.
             * @example 2026-12-08T14:05:00.000Z
             */
            capture_before: components["schemas"]["Timestamp"] | null;
            /** @description Only on a share the organiser covered (docs/splits.md, "Covering a share"): `email` is then the organiser's, and this says whom it covered (`email` null for an open seat nobody had taken). */
            covered?: {
                email: string | null;
                /**
                 * @description Their name as it was typed, if any.
                 * @example Sam
                 */
                name: string | null;
                /** @description When the organiser took the share over. */
                at: components["schemas"]["Timestamp"];
            };
            /** @description When the participant was added. */
            created_at: components["schemas"]["Timestamp"];
            /** @description When the participant last changed. */
            updated_at: components["schemas"]["Timestamp"];
            /**
             * @description Beyond the spec's fields: the name typed for them on the hosted checkout (docs/splits.md, "Names"); absent when none was given.
             * @example Bea
             */
            name?: string;
            /** @description Beyond the spec's fields: the card the share was held on, once a hold named it (docs/dashboard.md, "The card"). Absent before, and on other people's shares when the hosted-checkout buyer reads the split. */
            card?: {
                /**
                 * @description The card's brand as the processor names it.
                 * @example visa
                 */
                brand: string;
                /**
                 * @description The card's last four digits.
                 * @example 4242
                 */
                last4: string;
                /**
                 * @description A wallet card's wallet (`apple_pay`, `google_pay`); null for a plain card.
                 * @example apple_pay
                 */
                wallet: string | null;
                /**
                 * @description How every surface says it: `Visa ••••4242`, or `Apple Pay (Visa ••••4242)` for a wallet card.
                 * @example Apple Pay (Visa ••••4242)
                 */
                label: string;
            };
        };
        /**
         * @description A participant's share: `pending` (not yet authorised), `authorised` (held on their card), `captured` (charged), `canceled` (released; nobody charged) or `refunded`.
         * @enum {string}
         */
        ParticipantStatus: "pending" | "authorised" | "captured" | "canceled" | "refunded";
        /** @description One participant's own view, for hosting the pay step. */
        PayView: {
            /**
             * Format: uuid
             * @description The split.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string;
            /**
             * Format: uuid
             * @description This participant.
             * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
             */
            participant_id: string;
            /**
             * Format: email
             * @description This participant's e-mail address.
             * @example sam@example.com
             */
            email: string;
            /**
             * @description Their share, before the fee.
             * @example 22.50
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description The service fee on top of the share.
             * @example 0.20
             */
            application_fee: components["schemas"]["Pounds"];
            /**
             * @description What the card is held for: share + fee.
             * @example 22.70
             */
            card_charge: components["schemas"]["Pounds"];
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            status: components["schemas"]["ParticipantStatus"];
            split_status: components["schemas"]["SplitStatus"];
            /**
             * @description Why a canceled split ended: `expired` (the holds lapsed) or `canceled`; null otherwise.
             * @example null
             */
            cancel_reason: ("canceled" | "expired") | null;
            /**
             * @description The order reference.
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description The trading name of the business selling.
             * @example Picnic Supplies
             */
            business_name: string;
            mode: components["schemas"]["Mode"];
            /** @description The whole order's lines; empty for a split made on the dashboard. */
            line_items: components["schemas"]["LineItemView"][];
            /**
             * @description The order total.
             * @example 44.95
             */
            total_amount: components["schemas"]["Pounds"];
            /** @description When the holds lapse (creation + 7 days). */
            authorization_expires_at: components["schemas"]["Timestamp"];
            /**
             * @description Beyond the spec's fields: when the processor stops letting this share's held charge be captured (usually 7 days after the hold, sooner for some cards); null until the hold is placed.
             * @example null
             */
            capture_before: components["schemas"]["Timestamp"] | null;
            /**
             * @description Beyond the spec's fields: the earliest `capture_before` of the split's holds, or null. Earlier than `authorization_expires_at` when a bank releases a hold sooner: everyone needs to pay before it.
             * @example 2026-12-08T14:05:00.000Z
             */
            holds_expire_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description For confirming the hold with the processor's own page script; null once the share is not pending.
             * @example pi_3QabcDEF456ghiJKL_secret_x7YzW
             */
            client_secret: string | null;
            /**
             * @description The merchant's processor account, for the processor's page script.
             * @example acct_1QabcDEF456ghi
             */
            stripe_account: string;
            /**
             * @description The processor's publishable key for the page script.
             * @example pk_test_51QabcDEF456
             */
            publishable_key: string;
            group: components["schemas"]["GroupProgress"];
        };
        /** @description Accepted; the attempt is still running. */
        PendingDelivery: {
            /**
             * @description Not finished yet: the delivery log will show the attempt.
             * @constant
             */
            outcome: "pending";
            /**
             * @description A test send or a resend.
             * @example test
             * @enum {string}
             */
            trigger: "test" | "resend";
        };
        /**
         * @description An amount in pounds as a decimal string with two places (`-` for a discount).
         * @example 12.50
         */
        Pounds: string;
        /** @description The session as the buyer sees it. */
        PublicCheckoutSession: {
            status: components["schemas"]["CheckoutSessionState"];
            /**
             * @description True once the 2 hours have passed without a split.
             * @example false
             */
            expired: boolean;
            /** @description When the session stops working (2 hours after creation). */
            expires_at: components["schemas"]["Timestamp"];
            mode: components["schemas"]["Mode"];
            /**
             * @description The trading name of the business selling.
             * @example Picnic Supplies
             */
            business_name: string;
            /**
             * @description The order reference shown to the buyer.
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description The order total in pounds, two places.
             * @example 44.95
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            /** @description The order lines; empty when none were sent. */
            line_items: components["schemas"]["LineItemView"][];
            /**
             * @description The split made from this session; null until the buyer has chosen.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string | null;
            /**
             * @description The e-mail address the merchant prefilled, or null.
             * @example alex@example.com
             */
            customer_email: string | null;
            /**
             * @description Where the buyer goes back to if they leave; null when the merchant sent none.
             * @example https://shop.example.com/cart
             */
            cancel_url: string | null;
            /** @description Why the merchant cannot take payments now (the buyer sees a generic message); null when it can. */
            unavailable_reason: ("billing_card_required" | "billing_paused" | "connector_not_live" | "verification_required") | null;
        };
        /** @description One refund, however it was made. */
        RefundHistoryEntry: {
            /**
             * Format: uuid
             * @description The refund id.
             * @example e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13
             */
            refund_id: string;
            /**
             * @description What was asked for, in pounds.
             * @example 10.00
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description What was refunded so far (less than `amount` while in progress or after a partial failure).
             * @example 10.00
             */
            refunded: components["schemas"]["Pounds"];
            /**
             * @description `in_progress`, `complete`, or `partial` (refused part-way).
             * @enum {string}
             */
            status: "in_progress" | "complete" | "partial";
            /**
             * @description The reason given, or null.
             * @example Item out of stock
             */
            reason: string | null;
            /**
             * @description `api_key`, `dashboard:<user>` or `processor`.
             * @example api_key
             */
            actor: string;
            /** @description When the refund was asked for. */
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description The refund and the split after it. */
        RefundResult: {
            /**
             * Format: uuid
             * @description The refund id.
             * @example e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13
             */
            refund_id: string;
            /**
             * Format: uuid
             * @description The split refunded.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string;
            /**
             * @description What was asked for.
             * @example 10.00
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description What this refund returned.
             * @example 10.00
             */
            refunded: components["schemas"]["Pounds"];
            /**
             * @description Everything refunded on the split so far, this refund included.
             * @example 10.00
             */
            total_refunded: components["schemas"]["Pounds"];
            /**
             * @description The order total.
             * @example 44.95
             */
            total_amount: components["schemas"]["Pounds"];
            /**
             * @description The split status after it: `partially_refunded` or `refunded`.
             * @example partially_refunded
             */
            status: string;
            /**
             * @description The reason given, or null.
             * @example Item out of stock
             */
            reason: string | null;
            /** @description Each share after the refund (spread over the shares in proportion). */
            participants: {
                /**
                 * Format: email
                 * @description Their e-mail address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description Their share.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                /**
                 * @description How much of their share has been refunded.
                 * @example 10.00
                 */
                refunded_amount: components["schemas"]["Pounds"];
                /** @example captured */
                status: components["schemas"]["ParticipantStatus"];
            }[];
        };
        /** @description The new business (no API key or webhook secret yet). */
        RegisteredMerchant: {
            /**
             * Format: uuid
             * @description The new business.
             * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
             */
            id: string;
            /**
             * @description Its trading name.
             * @example Picnic Supplies
             */
            name: string;
            /**
             * @description The live webhook URL, or null.
             * @example https://shop.example.com/webhooks
             */
            webhook_url: string | null;
        };
        /** @description Who was reminded. */
        RemindResult: {
            /**
             * @description Participants e-mailed now.
             * @example 1
             */
            reminded: number;
            /**
             * @description Pending participants not e-mailed (unsubscribed, or reminded in the last 12 hours).
             * @example 0
             */
            skipped: number;
            /** @description When a skipped participant can be reminded again. */
            next_allowed_at: components["schemas"]["Timestamp"] | null;
        };
        /** @description The share, now with the new person. */
        ReplacedParticipant: {
            /** @description The participant as it is now. */
            participant: {
                /**
                 * Format: uuid
                 * @description The participant id (unchanged).
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                id: string;
                /**
                 * @description The new person's e-mail address.
                 * @example jo@example.com
                 */
                email: string;
                /**
                 * @description The share (unchanged).
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
                /**
                 * Format: uri
                 * @description The new person's pay link (also e-mailed to them).
                 * @example http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                pay_url: string;
            };
        };
        /** @description The invitation was sent again. */
        ResentInvite: {
            /**
             * @description Sent again.
             * @constant
             */
            ok: true;
            /** @description The new expiry (7 days from now). */
            expires_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description A role in a business (docs/spec.md, Permission table).
         * @enum {string}
         */
        Role: "owner" | "admin" | "finance" | "member";
        /** @description The member with their new role. */
        RoleChanged: {
            /**
             * Format: uuid
             * @description The team member id.
             * @example 9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62
             */
            id: string;
            role: components["schemas"]["Role"];
        };
        /** @description The new secret; the old one stopped verifying. */
        RotatedSecret: {
            /**
             * @description What was rotated.
             * @constant
             */
            target: "webhook_secret";
            /**
             * @description The new webhook secret: verify signatures with it.
             * @example whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e
             */
            value: string;
            mode: components["schemas"]["Mode"];
        };
        /** @description The card now on file. */
        SavedBillingCard: {
            mode: components["schemas"]["Mode"];
            /**
             * @description The card brand.
             * @example visa
             */
            brand: string;
            /**
             * @description The last four digits.
             * @example 4242
             */
            last4: string;
        };
        SessionExpiredEvent: {
            /**
             * Format: uuid
             * @description The event id; also the `X-Service-Event-Id` header. Dedupe on it.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description The event type.
             * @constant
             */
            type: "checkout_session.expired";
            /**
             * @description Unix seconds when the event happened (not when it was sent).
             * @example 1788264000
             */
            created: number;
            mode: components["schemas"]["Mode"];
            /**
             * @description True only for the dashboard's test send.
             * @example false
             */
            sample: boolean;
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token?: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email?: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name?: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
            data: components["schemas"]["SessionExpiredEventData"];
        };
        /** @description `data` of `checkout_session.expired`. */
        SessionExpiredEventData: {
            /**
             * @description The session that expired.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token: string;
            /**
             * @description The order reference.
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description The order total.
             * @example 44.95
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata: {
                [key: string]: string;
            } | null;
            /** @description When the session expired. */
            expired_at: components["schemas"]["Timestamp"];
            /**
             * @description Always null: a session with a split does not expire this way.
             * @example null
             */
            split_id: string | null;
        };
        /** @description A signed-in session. */
        SignInSession: {
            /**
             * @description Send it as `Authorization: Bearer <access_token>`.
             * @example gs_at_Vb8wQ2xLm5Rk9TzP3cNf7HjY1dGs4Ae6
             */
            access_token: string;
            /**
             * @description Always `Bearer`.
             * @constant
             */
            token_type: "Bearer";
            /** @description When the access token stops working (12 hours after sign-in). */
            expires_at: components["schemas"]["Timestamp"];
            /** @description Who signed in. */
            user: {
                /**
                 * Format: uuid
                 * @description Your user id.
                 * @example 0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07
                 */
                id: string;
                /**
                 * Format: email
                 * @description Your login address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description True until the current terms and privacy policy are accepted (POST /api/auth/consent).
                 * @example false
                 */
                consent_required: boolean;
            };
        };
        SplitAuthorisedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the `X-Service-Event-Id` header. Dedupe on it.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description The event type.
             * @constant
             */
            type: "checkout_split.authorised";
            /**
             * @description Unix seconds when the event happened (not when it was sent).
             * @example 1788264000
             */
            created: number;
            mode: components["schemas"]["Mode"];
            /**
             * @description True only for the dashboard's test send.
             * @example false
             */
            sample: boolean;
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token?: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email?: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name?: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
            data: components["schemas"]["SplitEventData"];
        };
        SplitCanceledEvent: {
            /**
             * Format: uuid
             * @description The event id; also the `X-Service-Event-Id` header. Dedupe on it.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description The event type.
             * @constant
             */
            type: "checkout_split.canceled";
            /**
             * @description Unix seconds when the event happened (not when it was sent).
             * @example 1788264000
             */
            created: number;
            mode: components["schemas"]["Mode"];
            /**
             * @description True only for the dashboard's test send.
             * @example false
             */
            sample: boolean;
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token?: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email?: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name?: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
            data: components["schemas"]["SplitEventData"];
        };
        /** @description A split in full (docs/spec.md, Checkout split (detail)). */
        SplitDetail: {
            /**
             * Format: uuid
             * @description The split id.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            id: string;
            /**
             * Format: uuid
             * @description The business.
             * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
             */
            merchant_id: string;
            /**
             * @description The creating account; for hosted checkout, the buyer.
             * @example 0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07
             */
            created_by: string | null;
            /**
             * @description As supplied, or the hosted session's reference.
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            /**
             * @description The order total (the sum of the shares), before fees.
             * @example 44.95
             */
            total_amount: components["schemas"]["DecimalPounds"];
            /**
             * @description Customer and merchant fees together.
             * @example 1.75
             */
            application_fee_total: components["schemas"]["DecimalPounds"];
            /**
             * @description Flat fees added to the customers' charges.
             * @example 0.4
             */
            customer_fee_total: components["schemas"]["DecimalPounds"];
            /**
             * @description Fees deducted from the merchant's shares.
             * @example 1.35
             */
            merchant_fee_total: components["schemas"]["DecimalPounds"];
            /**
             * @description The customer fee of this split (as `customer_fee_total`).
             * @example 0.4
             */
            customer_fee: components["schemas"]["DecimalPounds"];
            /**
             * @description The merchant fee of this split (as `merchant_fee_total`).
             * @example 1.35
             */
            merchant_fee: components["schemas"]["DecimalPounds"];
            /**
             * @description The merchant fee rate when the split was created, in hundredths of a percent.
             * @example 300
             */
            merchant_fee_bps: number;
            /**
             * @description What reaches you of this order after our fee, two places: while it is pending, what will reach you if it completes (total − merchant fee); 0.00 once cancelled or failed at creation; once captured, per captured share, share − refunded so far − its merchant fee, a share refunded in full counting 0 (its fee is reversed). Processor fees, billed to you by the processor, are not taken off.
             * @example 43.60
             */
            net_amount: components["schemas"]["Pounds"];
            status: components["schemas"]["SplitStatus"];
            /**
             * @description The merchant's processor account holding the charges.
             * @example acct_1QabcDEF456ghi
             */
            processor_account_id: string;
            /** @description When the holds lapse (creation + 7 days). */
            authorization_expires_at: components["schemas"]["Timestamp"];
            /**
             * @description Beyond the spec's fields: the earliest `capture_before` of the participants' holds, or null before any hold is placed. When it is earlier than `authorization_expires_at` a bank releases a hold sooner than 7 days: the split expires then unless everyone has paid (and, for a `merchant_accept` order, the merchant accepted) before it (docs/splits.md, "Holds that lapse sooner").
             * @example 2026-12-08T14:05:00.000Z
             */
            holds_expire_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description Null until a chargeback.
             * @example null
             */
            disputed_at: components["schemas"]["Timestamp"] | null;
            /** @description When the split was created. */
            created_at: components["schemas"]["Timestamp"];
            /** @description When the split last changed. */
            updated_at: components["schemas"]["Timestamp"];
            /** @description Everyone paying a share. */
            participants: components["schemas"]["ParticipantDetail"][];
            /** @description Every refund however made, oldest first. */
            refunds: components["schemas"]["RefundHistoryEntry"][];
            /**
             * @description Only on a split of a session created with `capture: 'merchant_accept'`: true while every participant has authorised and the split waits for your accept or cancel (status `pending`); false otherwise.
             * @example true
             */
            awaiting_merchant?: boolean;
            /** @description Only on a split made with open seats (docs/splits.md, "Open seats"): the seats nobody has taken yet, in order. */
            open_seats?: {
                /**
                 * Format: uuid
                 * @description The seat.
                 * @example 3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26
                 */
                id: string;
                /**
                 * @description Its share, before the fee.
                 * @example 15
                 */
                amount: components["schemas"]["DecimalPounds"];
            }[];
        };
        /** @description `data` of every `checkout_split.*` event. */
        SplitEventData: {
            /**
             * Format: uuid
             * @description The split (`split.id` of the session status).
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            split_id: string;
            /**
             * @description The order reference.
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description The split status when the event happened: `captured` (paid), `canceled`, `refunded` or `partially_refunded`, `pending` (`participant_authorised`, `authorised`).
             * @example captured
             */
            status: string;
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            /**
             * @description The order total.
             * @example 44.95
             */
            total_amount: components["schemas"]["Pounds"];
            /**
             * @description Participants who have authorised.
             * @example 2
             */
            approved_count: number;
            /**
             * @description Participants in the split.
             * @example 2
             */
            total_count: number;
            /** @description Everyone paying a share. */
            participants: components["schemas"]["WebhookParticipant"][];
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata: {
                [key: string]: string;
            } | null;
            /** @description `participant_authorised` only: who just authorised. */
            participant?: components["schemas"]["WebhookParticipant"];
            /** @description `refunded` only: the refund that caused the event. */
            refund?: components["schemas"]["WebhookRefund"];
            /**
             * @description `canceled` only: cancelled by someone, or the holds expired.
             * @enum {string}
             */
            reason?: "canceled" | "expired";
        };
        /** @description One page of the splits list (docs/splits.md, "Listing"). */
        SplitPage: {
            /** @description This page of splits, newest first. */
            data: components["schemas"]["SplitSummary"][];
            /**
             * @description Whether more splits lie past this page in the direction walked: older ones (first page, `starting_after`) or newer ones (`ending_before`).
             * @example true
             */
            has_more: boolean;
            /**
             * @description Pass as `starting_after` for the next (older) page; null when there is none.
             * @example WyIyMDI2LTExLTI3VDA5OjMwOjAwLjEyMzQ1NloiLCI…
             */
            next_cursor: string | null;
            /**
             * @description Pass as `ending_before` for the previous (newer) page; null on the first page.
             * @example null
             */
            previous_cursor: string | null;
        };
        SplitPaidEvent: {
            /**
             * Format: uuid
             * @description The event id; also the `X-Service-Event-Id` header. Dedupe on it.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description The event type.
             * @constant
             */
            type: "checkout_split.paid";
            /**
             * @description Unix seconds when the event happened (not when it was sent).
             * @example 1788264000
             */
            created: number;
            mode: components["schemas"]["Mode"];
            /**
             * @description True only for the dashboard's test send.
             * @example false
             */
            sample: boolean;
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token?: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email?: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name?: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
            data: components["schemas"]["SplitEventData"];
        };
        SplitRefundedEvent: {
            /**
             * Format: uuid
             * @description The event id; also the `X-Service-Event-Id` header. Dedupe on it.
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            id: string;
            /**
             * @description The event type.
             * @constant
             */
            type: "checkout_split.refunded";
            /**
             * @description Unix seconds when the event happened (not when it was sent).
             * @example 1788264000
             */
            created: number;
            mode: components["schemas"]["Mode"];
            /**
             * @description True only for the dashboard's test send.
             * @example false
             */
            sample: boolean;
            /**
             * @description The hosted-checkout session; null for a dashboard split.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            session_token?: string | null;
            /**
             * @description The session's `customer_email`; null for a dashboard split.
             * @example alex@example.com
             */
            customer_email?: string | null;
            /**
             * @description The session's `customer_name`; null for a dashboard split.
             * @example Alex Morgan
             */
            customer_name?: string | null;
            /**
             * @description The session's metadata, as sent; null for a dashboard split.
             * @example {
             *       "order_id": "1001"
             *     }
             */
            metadata?: {
                [key: string]: string;
            } | null;
            data: components["schemas"]["SplitEventData"];
        };
        /**
         * @description Terminal: `captured`, `canceled`, `refunded`, `creation_failed`, `capture_failed` (and `partially_refunded` until the rest is refunded).
         * @enum {string}
         */
        SplitStatus: "pending" | "capturing" | "captured" | "canceling" | "canceled" | "refunded" | "partially_refunded" | "creation_failed" | "capture_failed";
        /** @description One split of a list. */
        SplitSummary: {
            /**
             * Format: uuid
             * @description The split id.
             * @example 8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51
             */
            id: string;
            /**
             * @description The order reference.
             * @example ORDER-1001
             */
            order_reference: string;
            /**
             * @description Always `gbp` (pounds sterling), lower case.
             * @example gbp
             */
            currency: string;
            status: components["schemas"]["SplitStatus"] | "creating";
            /**
             * @description The order total, two places.
             * @example 44.95
             */
            total_amount: components["schemas"]["Pounds"];
            /** @description When the split was created. */
            created_at: components["schemas"]["Timestamp"];
            /** @description Everyone paying a share. */
            participants: {
                /**
                 * Format: uuid
                 * @description The participant id.
                 * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
                 */
                id: string;
                /**
                 * Format: email
                 * @description Their e-mail address.
                 * @example alex@example.com
                 */
                email: string;
                /**
                 * @description Their share.
                 * @example 22.50
                 */
                amount: components["schemas"]["Pounds"];
                status: components["schemas"]["ParticipantStatus"];
                /**
                 * @description Their pay token; null on /mine for other people's shares.
                 * @example pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY
                 */
                pay_token: string | null;
            }[];
            /**
             * @description Only on a split of a session created with `capture: 'merchant_accept'`: true while every participant has authorised and the split waits for your accept or cancel (status `pending`); false otherwise.
             * @example true
             */
            awaiting_merchant?: boolean;
            /**
             * @description Beyond the spec's list fields: our fee taken from the shares, as recorded on the order when it was created (the detail's `merchant_fee`, two places; never recalculated).
             * @example 1.35
             */
            merchant_fee: components["schemas"]["Pounds"];
            /**
             * @description What reaches you of this order after our fee, two places: while it is pending, what will reach you if it completes (total − merchant fee); 0.00 once cancelled or failed at creation; once captured, per captured share, share − refunded so far − its merchant fee, a share refunded in full counting 0 (its fee is reversed). Processor fees, billed to you by the processor, are not taken off.
             * @example 43.60
             */
            net_amount: components["schemas"]["Pounds"];
            /** @description Who set the order up: the hosted checkout's buyer, or the team member who made it in the dashboard; null when nobody is known. On pages of the business list only (any query parameter), never on the whole array or /mine. */
            organiser?: {
                /**
                 * @description The name they gave; null when none was given.
                 * @example Amy Pond
                 */
                name: string | null;
                /**
                 * @description Their sign-in (or the session customer) e-mail address.
                 * @example alex@example.com
                 */
                email: string | null;
            } | null;
        };
        /** @description An order's timeline, newest first, and what was ordered. */
        SplitTimeline: {
            /** @description Newest first. */
            data: components["schemas"]["TimelineEntry"][];
            /** @description What was ordered, for the order page (a hosted order; an API split has none). */
            order: {
                /** @description The hosted session's lines; empty otherwise. */
                line_items: {
                    /**
                     * @description What the line is, as the session gave it.
                     * @example Dinner for four
                     */
                    description: string;
                    /**
                     * @description How many.
                     * @example 1
                     */
                    quantity: number;
                    /**
                     * @description Each, in two-place pounds (negative for a discount).
                     * @example 40.00
                     */
                    amount: string;
                }[];
                /** @description The hosted session's metadata, or null. */
                metadata: {
                    [key: string]: string;
                } | null;
                /**
                 * @description The hosted order's checkout session (what `POST /api/merchants/checkout/sessions/{token}/remind` takes), or null.
                 * @example null
                 */
                session_token: string | null;
                /**
                 * @description The participant who organised the order (the hosted order's buyer), or null when none is one of them.
                 * @example null
                 */
                organiser_participant_id: string | null;
            };
        };
        /** @description The team and its pending invitations. */
        Team: {
            /** @description Your role. */
            current_role: components["schemas"]["Role"];
            /**
             * Format: uuid
             * @description Your user id.
             * @example 0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07
             */
            current_user_id: string;
            /** @description Everyone in the business. */
            members: components["schemas"]["TeamMember"][];
            /** @description Every pending invitation. */
            invites: components["schemas"]["TeamInvite"][];
        };
        /** @description A pending invitation. */
        TeamInvite: {
            /**
             * Format: uuid
             * @description The invitation id.
             * @example 2d4f6b8a-9c1e-4a3d-b5f7-1a3c5e7b9d20
             */
            id: string;
            /**
             * Format: email
             * @description Who was invited.
             * @example jo@example.com
             */
            email: string;
            role: components["schemas"]["Role"];
            /** @description When the invitation lapses (7 days after it was sent). */
            expires_at: components["schemas"]["Timestamp"];
        };
        /** @description One member of the team. */
        TeamMember: {
            /**
             * Format: uuid
             * @description The team member id (what PATCH, DELETE and transfer-ownership take).
             * @example 9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62
             */
            id: string;
            /**
             * Format: uuid
             * @description Their user id.
             * @example 0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07
             */
            user_id: string;
            role: components["schemas"]["Role"];
            /**
             * Format: email
             * @description Their login address.
             * @example alex@example.com
             */
            email: string;
            /**
             * @description Their name, or null when unknown.
             * @example Alex Morgan
             */
            name: string | null;
            /** @description When they joined. */
            joined_at: components["schemas"]["Timestamp"];
            /**
             * @description True once their identity is verified.
             * @example true
             */
            identity_verified: boolean;
        };
        /** @description A sample test-mode checkout session made from the dashboard. */
        TestCheckoutSession: {
            /**
             * @description The checkout session token. Treat it as a secret.
             * @example Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M
             */
            token: string;
            /**
             * @description The hosted checkout page: open it to try the checkout as a buyer.
             * @example https://…/checkout/…
             */
            checkout_url: string;
            /**
             * @description Nobody has split it yet.
             * @constant
             */
            status: "pending";
            /** @description When the session expires (2 hours, as every session). */
            expires_at: components["schemas"]["Timestamp"];
            /**
             * @description Always 20.00.
             * @example 20.00
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Always gbp.
             * @constant
             */
            currency: "gbp";
            /**
             * @description SAMPLE- and six characters.
             * @example SAMPLE-7K2Q9D
             */
            order_reference: string;
            /**
             * @description Where the buyer comes back to: the dashboard's own Orders page.
             * @example https://…/dashboard/orders
             */
            return_url: string;
        };
        /** @description One thing that happened to an order. */
        TimelineEntry: {
            /** @description When it happened. */
            at: components["schemas"]["Timestamp"];
            /**
             * @description What happened (docs/dashboard.md lists every kind).
             * @enum {string}
             */
            kind: "created" | "invitation_sent" | "opened" | "hold_placed" | "hold_failed" | "hold_released" | "reminder_sent" | "participant_replaced" | "share_covered" | "seat_claimed" | "awaiting_acceptance" | "accepted" | "captured" | "capture_failed" | "paid" | "refunded" | "refund_failed" | "canceled" | "expired" | "disputed" | "email_sent" | "email_failed" | "email_suppressed" | "support_action";
            /**
             * @description The participant it is about (`participants[].id` of the split detail), or null for the whole order.
             * @example null
             */
            participant_id: string | null;
            /**
             * @description Who did it: `system` (groupsplit on its own, a timer or the daily job), `participant` (a payer), `buyer` (the hosted order's organiser), `api_key`, `dashboard:<user id>`, `processor` (the payment processor, or the merchant in the processor's own dashboard) or `support:<name>`.
             * @example system
             */
            actor: string;
            /**
             * @description One sentence for a person, in British English (amounts in pounds, no event names).
             * @example Hold placed: £20.20 on their card.
             */
            summary: string;
        };
        /**
         * Format: date-time
         * @description ISO 8601 timestamp in UTC.
         * @example 2026-09-01T12:00:00.000Z
         */
        Timestamp: string;
        /** @description One attempt of the delivery log. */
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description The row id (what resend takes).
             * @example 4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84
             */
            id: string;
            /**
             * Format: uuid
             * @description The event (`X-Service-Event-Id`).
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            event_id: string;
            /**
             * @description The event type.
             * @example checkout_split.paid
             */
            event_type: string;
            mode: components["schemas"]["Mode"];
            /**
             * @description What sent it: a real event, a test send or a resend.
             * @example event
             * @enum {string}
             */
            trigger: "event" | "test" | "resend";
            /**
             * @description 1 to 9 within its delivery.
             * @example 1
             */
            attempt: number;
            /**
             * @description Where it was sent; null when skipped.
             * @example https://shop.example.com/webhooks
             */
            url: string | null;
            /**
             * @description `succeeded` (a 2xx in time), `failed` or `skipped` (no URL or secret).
             * @example succeeded
             * @enum {string}
             */
            outcome: "succeeded" | "failed" | "skipped";
            /**
             * @description Your answer's status, or null.
             * @example 200
             */
            status_code: number | null;
            /**
             * @description The start of your answer's body, or null.
             * @example ok
             */
            response_excerpt: string | null;
            /**
             * @description How long your server took, in milliseconds.
             * @example 84
             */
            duration_ms: number | null;
            /**
             * @description Why it failed without an answer (timeout, refused), or null.
             * @example null
             */
            error: string | null;
            /** @description The signature's timestamp (`t`), or null when skipped. */
            signed_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description When the next retry is due, or null.
             * @example null
             */
            next_attempt_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description Set on the last attempt when every retry failed.
             * @example null
             */
            gave_up_at: components["schemas"]["Timestamp"] | null;
            /** @description When the attempt started. */
            started_at: components["schemas"]["Timestamp"];
            /** @description When the row was written. */
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description One attempt of the delivery log, with the request it sent. */
        WebhookDeliveryDetail: {
            /**
             * Format: uuid
             * @description The row id (what resend takes).
             * @example 4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84
             */
            id: string;
            /**
             * Format: uuid
             * @description The event (`X-Service-Event-Id`).
             * @example 6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16
             */
            event_id: string;
            /**
             * @description The event type.
             * @example checkout_split.paid
             */
            event_type: string;
            mode: components["schemas"]["Mode"];
            /**
             * @description What sent it: a real event, a test send or a resend.
             * @example event
             * @enum {string}
             */
            trigger: "event" | "test" | "resend";
            /**
             * @description 1 to 9 within its delivery.
             * @example 1
             */
            attempt: number;
            /**
             * @description Where it was sent; null when skipped.
             * @example https://shop.example.com/webhooks
             */
            url: string | null;
            /**
             * @description `succeeded` (a 2xx in time), `failed` or `skipped` (no URL or secret).
             * @example succeeded
             * @enum {string}
             */
            outcome: "succeeded" | "failed" | "skipped";
            /**
             * @description Your answer's status, or null.
             * @example 200
             */
            status_code: number | null;
            /**
             * @description The start of your answer's body, or null.
             * @example ok
             */
            response_excerpt: string | null;
            /**
             * @description How long your server took, in milliseconds.
             * @example 84
             */
            duration_ms: number | null;
            /**
             * @description Why it failed without an answer (timeout, refused), or null.
             * @example null
             */
            error: string | null;
            /** @description The signature's timestamp (`t`), or null when skipped. */
            signed_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description When the next retry is due, or null.
             * @example null
             */
            next_attempt_at: components["schemas"]["Timestamp"] | null;
            /**
             * @description Set on the last attempt when every retry failed.
             * @example null
             */
            gave_up_at: components["schemas"]["Timestamp"] | null;
            /** @description When the attempt started. */
            started_at: components["schemas"]["Timestamp"];
            /** @description When the row was written. */
            created_at: components["schemas"]["Timestamp"];
            /**
             * @description The headers sent; the signature shows its timestamp only (its `v1` is not kept). Null when nothing was sent.
             * @example {
             *       "Content-Type": "application/json",
             *       "X-Service-Attempt": "1"
             *     }
             */
            request_headers: {
                [key: string]: string;
            } | null;
            /**
             * @description The exact JSON body every attempt of this event sends (the envelope).
             * @example {"id":"6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16","type":"checkout_split.paid"}
             */
            request_body: string;
        };
        /** @description One participant as events show them. */
        WebhookParticipant: {
            /**
             * Format: uuid
             * @description The participant id.
             * @example c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34
             */
            id: string;
            /**
             * Format: email
             * @description Their e-mail address.
             * @example alex@example.com
             */
            email: string;
            /**
             * @description Their share.
             * @example 22.50
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description How much of their share has been refunded.
             * @example 0.00
             */
            refunded_amount: components["schemas"]["Pounds"];
            /**
             * @description The participant status (`pending`, `authorised`, `captured`…).
             * @example captured
             */
            status: string;
        };
        /** @description The refund that caused a `checkout_split.refunded` event. */
        WebhookRefund: {
            /**
             * Format: uuid
             * @description The refund id.
             * @example e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13
             */
            refund_id: string;
            /**
             * @description What was refunded.
             * @example 10.00
             */
            amount: components["schemas"]["Pounds"];
            /**
             * @description Everything refunded on the split so far.
             * @example 10.00
             */
            total_refunded: components["schemas"]["Pounds"];
            /**
             * @description `complete`, `partial` or `in_progress`.
             * @example complete
             */
            status: string;
            /**
             * @description The reason given, or null.
             * @example Item out of stock
             */
            reason: string | null;
            /**
             * @description `api_key`, `dashboard:<user>` or `processor`.
             * @example api_key
             */
            actor: string;
        };
        /** @description The businesses you belong to. */
        Workspaces: {
            /** @description Every business you belong to, with your role in it. */
            workspaces: {
                /**
                 * Format: uuid
                 * @description The business (send it as `x-service-merchant-id`).
                 * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
                 */
                merchant_id: string;
                /**
                 * @description Its trading name.
                 * @example Picnic Supplies
                 */
                name: string;
                role: components["schemas"]["Role"];
            }[];
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Makes the call safe to retry: the same key with the same body within 24 hours returns the original answer (200); with a different body, 409 `idempotency_key_reused`.
         * @example order-1042-attempt-1
         */
        IdempotencyKey: string;
        /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
        MerchantSelection: string;
        /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
        ServiceMode: "test" | "live";
        /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
        WebhookAttempt: string;
        /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
        WebhookEventId: string;
        /**
         * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
         * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /** @description Requests allowed in the window. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window resets. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before trying again. */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The consent state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "terms_version": "2026-09-01",
                     *       "privacy_version": "2026-09-01",
                     *       "accepted": true
                     *     }
                     */
                    "application/json": components["schemas"]["ConsentState"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "terms_version": "2026-09-01",
                 *       "privacy_version": "2026-09-01"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The terms version you accept: the current one (GET /api/auth/consent).
                     * @example 2026-09-01
                     */
                    terms_version: string;
                    /**
                     * @description The privacy policy version you accept: the current one.
                     * @example 2026-09-01
                     */
                    privacy_version: string;
                    /** @description Ignored: allowed so that the GET answer can be sent back. */
                    accepted?: boolean;
                };
            };
        };
        responses: {
            /** @description Accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "terms_version": "2026-09-01",
                     *       "privacy_version": "2026-09-01",
                     *       "accepted": true
                     *     }
                     */
                    "application/json": components["schemas"]["ConsentState"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Send the terms_version and privacy_version you accept
             *     - `consent_version_mismatch`: Accept the current terms (2026-09-01) and privacy policy (2026-09-01) (other than the versions in force; the body also carries the current terms_version and privacy_version)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "consent_version_mismatch" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "alex@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Your e-mail address (the login), up to 254 characters.
                     * @example alex@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The code is on its way. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter a valid email address
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many sign-in codes for this address. Use the latest code we sent, or try again in 60 minutes. (more codes for this address within an hour than the limit; the minutes follow `Retry-After`)
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifySignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "alex@example.com",
                 *       "code": "042917"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Your e-mail address (the login), up to 254 characters.
                     * @example alex@example.com
                     */
                    email: string;
                    /**
                     * @description The 6-digit code from the e-mail, as a string (spaces are ignored; a number loses leading zeros).
                     * @example 042917
                     */
                    code: string | number;
                };
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "gs_at_Vb8wQ2xLm5Rk9TzP3cNf7HjY1dGs4Ae6",
                     *       "token_type": "Bearer",
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "user": {
                     *         "id": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *         "email": "alex@example.com",
                     *         "consent_required": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SignInSession"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter your email address and the 6-digit code from the e-mail
             *     - `invalid_code`: That code is not right. Check the e-mail and try again.
             *     - `code_expired`: That code has expired or was already used. Ask for a new one.
             *     - `too_many_attempts`: Too many wrong codes. Ask for a new one.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_code" | "code_expired" | "too_many_attempts" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many wrong codes for this address from your connection. Try again in 1 minute. (this connection sent six or more wrong codes for this address within an hour; the minutes follow `Retry-After`)
             *     - `rate_limited`: Too many wrong codes from your connection. Try again in 60 minutes. (this connection sent 20 wrong codes within an hour, for any addresses)
             *     - `rate_limited`: Too many wrong codes for this address from other connections. Ask for a new code here, or try again in 60 minutes. (ten wrong codes for this address within an hour, and this connection did not ask for its current code)
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new access token; a new refresh cookie is set. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "gs_at_Vb8wQ2xLm5Rk9TzP3cNf7HjY1dGs4Ae6",
                     *       "token_type": "Bearer",
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "user": {
                     *         "id": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *         "email": "alex@example.com",
                     *         "consent_required": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SignInSession"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `session_ended`: The session has ended. Sign in again. (no cookie, or its session ended; the cookie is cleared)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "session_ended";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `cross_site_refused`: Refused: the session can only be refreshed from the dashboard itself. (another origin or site)
             *     - `refresh_header_required`: Refused: send X-Requested-With: groupsplit-dashboard to refresh the session. (the custom header is missing)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "cross_site_refused" | "refresh_header_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sessions": [
                     *         {
                     *           "id": "3f6a9c2e-8b1d-4e7f-a5c3-9d2b6e8f1a47",
                     *           "device": "Chrome on Linux",
                     *           "user_agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
                     *           "ip_address": "203.0.113.24",
                     *           "created_at": "2026-09-01T12:00:00.000Z",
                     *           "last_used_at": "2026-09-01T12:00:00.000Z",
                     *           "expires_at": "2026-09-01T12:00:00.000Z",
                     *           "current": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ActiveSessionList"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id from GET /api/auth/sessions. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `session_not_found`: No such active session.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "session_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeAllSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out everywhere. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSplits: {
        parameters: {
            query?: {
                /** @description Splits per page, 1–100; default 20. */
                limit?: number;
                /** @description The page after this one: pass `next_cursor` (older splits). */
                starting_after?: string;
                /** @description The page before this one: pass `previous_cursor` (newer splits). */
                ending_before?: string;
                /** @description Only splits in this status; repeat it for several (`status=pending&status=captured`). */
                status?: ("pending" | "capturing" | "captured" | "canceling" | "canceled" | "refunded" | "partially_refunded" | "creation_failed" | "capture_failed" | "creating")[];
                /** @description Opt-in (docs/splits.md, "Listing"): `creating` lists splits still placing their holds too, with status `creating`, so an order is findable (by `q`, its order reference) from the moment the create was accepted. Then `status` may name `creating` as well. */
                include?: "creating";
                /** @description Created at or after this instant: a date (midnight UTC) or a date-time with its offset. */
                "created[gte]"?: string;
                /** @description Created before this instant (same forms as `created[gte]`). */
                "created[lt]"?: string;
                /** @description Only this mode. With X-Service-Mode as well, the two must agree. */
                mode?: "test" | "live";
                /** @description Search, ignoring case: from 3 characters, any part of an order reference or of a participant's e-mail address or name (`amy` finds amy.pond@example.com and Amy Pond); shorter, the beginning of an order reference or a whole e-mail address; always a whole split id or checkout session token. Blank means no search. */
                q?: string;
            };
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole list (no query parameter), or one page (any query parameter). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *         "order_reference": "ORDER-1001",
                     *         "currency": "gbp",
                     *         "status": "pending",
                     *         "total_amount": "44.95",
                     *         "created_at": "2026-09-01T12:00:00.000Z",
                     *         "participants": [
                     *           {
                     *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *             "email": "alex@example.com",
                     *             "amount": "22.50",
                     *             "status": "pending",
                     *             "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *           }
                     *         ],
                     *         "awaiting_merchant": true,
                     *         "merchant_fee": "1.35",
                     *         "net_amount": "43.60",
                     *         "organiser": {
                     *           "name": "Amy Pond",
                     *           "email": "alex@example.com"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SplitSummary"][] | components["schemas"]["SplitPage"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed (a parameter refused, named in details: limit must be a whole number from 1 to 100; Not a cursor of this list: pass next_cursor or previous_cursor back as it came; Pass starting_after or ending_before, not both; Unknown status; include takes one value: creating; Give a date (2026-11-27) or a date and time with its offset (2026-11-27T09:30:00Z); created[lt] must be after created[gte]; mode differs from the X-Service-Mode header; q is at most 200 characters)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSplit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
                /**
                 * @description Makes the call safe to retry: the same key with the same body within 24 hours returns the original answer (200); with a different body, 409 `idempotency_key_reused`.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "merchantId": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                 *       "orderReference": "ORDER-1001",
                 *       "participants": [
                 *         {
                 *           "email": "alex@example.com",
                 *           "amountMinor": 2250
                 *         },
                 *         {
                 *           "email": "sam@example.com",
                 *           "amountMinor": 2245
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The business the split is for (yours: `id` of `GET /api/merchants/me`).
                     * @example 5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60
                     */
                    merchantId: string;
                    /**
                     * @description Your reference for the order, shown to payers.
                     * @example ORDER-1001
                     */
                    orderReference: string;
                    /**
                     * @description Passed to the processor as sent; `gbp`.
                     * @example gbp
                     */
                    currency?: string;
                    /** @description Everyone paying, at least one; shares in pence. No upper limit. */
                    participants: {
                        /**
                         * @description Who pays this share; they get an invitation with their pay link.
                         * @example sam@example.com
                         */
                        email: string;
                        /**
                         * @description Their share in pence, a whole number of at least 100 (£1), before the 20p fee.
                         * @example 2250
                         */
                        amountMinor: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description A retry with the same `Idempotency-Key` and body: the first call's split, as created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "status": "pending",
                     *       "participants": [
                     *         {
                     *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *           "email": "sam@example.com",
                     *           "amountMinor": 2250,
                     *           "feeMinor": 20,
                     *           "paymentIntentId": "pi_3QabcDEF456ghiJKL",
                     *           "clientSecret": "pi_3QabcDEF456ghiJKL_secret_x7YzW",
                     *           "payToken": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSplit"];
                };
            };
            /** @description Every hold is placed; the split is pending. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "status": "pending",
                     *       "participants": [
                     *         {
                     *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *           "email": "sam@example.com",
                     *           "amountMinor": 2250,
                     *           "feeMinor": 20,
                     *           "paymentIntentId": "pi_3QabcDEF456ghiJKL",
                     *           "clientSecret": "pi_3QabcDEF456ghiJKL_secret_x7YzW",
                     *           "payToken": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSplit"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - Validation failed (`merchantId` or `orderReference` not strings, participants missing)
             *     - A checkout split needs at least one participant
             *     - Each participant needs an email and a positive integer amountMinor
             *     - Each share must be at least £1.
             *     - Merchant has no payment processor connected account (live, onboarding not started)
             *     - `billing_card_required`: Add a billing card in Settings, Billing before taking split payments.
             *     - `billing_paused`: A service bill has been unpaid for 14 days. Pay it to restore split payments at once.
             *     - `verification_required`: Verify the business owner before taking live payments. (live, owner not verified)
             *     - the processor's own message (a hold could not be placed; the split ends creation_failed)
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `invalid_idempotency_key`: Idempotency-Key must be 1 to 255 characters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "billing_card_required" | "billing_paused" | "verification_required" | "invalid_service_mode" | "invalid_idempotency_key" | "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `not_your_merchant`: Not your merchant
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_your_merchant" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `merchant_not_found`: Merchant not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "merchant_not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "idempotency_key_reused";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The detail record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "merchant_id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *       "created_by": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *       "order_reference": "ORDER-1001",
                     *       "currency": "gbp",
                     *       "total_amount": "44.95",
                     *       "application_fee_total": "1.75",
                     *       "customer_fee_total": "0.4",
                     *       "merchant_fee_total": "1.35",
                     *       "customer_fee": "0.4",
                     *       "merchant_fee": "1.35",
                     *       "merchant_fee_bps": 300,
                     *       "net_amount": "43.60",
                     *       "status": "pending",
                     *       "processor_account_id": "acct_1QabcDEF456ghi",
                     *       "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *       "holds_expire_at": "2026-12-08T14:05:00.000Z",
                     *       "disputed_at": null,
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "updated_at": "2026-09-01T12:00:00.000Z",
                     *       "participants": [
                     *         {
                     *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *           "user_id": null,
                     *           "email": "alex@example.com",
                     *           "amount": "22.5",
                     *           "application_fee": "0.2",
                     *           "status": "pending",
                     *           "processor_payment_intent_id": "pi_3QabcDEF456ghiJKL",
                     *           "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY",
                     *           "disputed_at": null,
                     *           "capture_before": "2026-12-08T14:05:00.000Z",
                     *           "covered": {
                     *             "email": "alex@example.com",
                     *             "name": "Sam",
                     *             "at": "2026-09-01T12:00:00.000Z"
                     *           },
                     *           "created_at": "2026-09-01T12:00:00.000Z",
                     *           "updated_at": "2026-09-01T12:00:00.000Z",
                     *           "name": "Bea",
                     *           "card": {
                     *             "brand": "visa",
                     *             "last4": "4242",
                     *             "wallet": "apple_pay",
                     *             "label": "Apple Pay (Visa ••••4242)"
                     *           }
                     *         }
                     *       ],
                     *       "refunds": [
                     *         {
                     *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *           "amount": "10.00",
                     *           "refunded": "10.00",
                     *           "status": "in_progress",
                     *           "reason": "Item out of stock",
                     *           "actor": "api_key",
                     *           "created_at": "2026-09-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "awaiting_merchant": true,
                     *       "open_seats": [
                     *         {
                     *           "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *           "amount": "15"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SplitDetail"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Forbidden (neither the creator nor in the business (a participant included))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Accepted and captured (or the capture failed). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "captured"
                     *     }
                     */
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the merchant can accept this order (not in the business (the buyer who created a hosted order included))
             *     - `business_forbidden`: Only the merchant can accept this order (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_awaiting_merchant`: This order is not waiting for your acceptance. (the split is not pending with every share authorised on a `merchant_accept` order (still collecting, cancelled, expired, already accepted, or an `automatic` order))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_awaiting_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Error.
             *
             *     - `service_unavailable`: The order could not be accepted just now and nothing was captured. Send the accept again shortly. (rare: the workflow could not be reached for a while; nothing was accepted, send it again)
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "service_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id (a UUID, so never `pay`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled (or already was). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "canceled"
                     *     }
                     */
                    "application/json": components["schemas"]["Canceled"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the creator or the merchant can cancel (not in the business and not the creator)
             *     - `business_forbidden`: Only the creator or the merchant can cancel (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Error.
             *
             *     - `cancel_not_confirmed`: The cancel has not taken effect yet: the split is still pending and no one has been charged. Send it again shortly to read the outcome. (rare: no worker took the cancel within the answer's bound (10 s); the split is still pending, send it again after `Retry-After` seconds)
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "cancel_not_confirmed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    partialRefundSplit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: the same key with the same body within 24 hours returns the original answer (200); with a different body, 409 `idempotency_key_reused`.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The split id (`id` of the split detail). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "amount": "10.00",
                 *       "reason": "Item out of stock",
                 *       "idempotency_key": "refund-order-1001-1"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. How much to refund (number or decimal string, above zero, at most two decimals); at most what is still outstanding. Leave it out to refund everything that is left.
                     * @example 10.00
                     */
                    amount?: number | string | null;
                    /**
                     * @description Why, up to 500 characters; kept in the refund history.
                     * @example Item out of stock
                     */
                    reason?: string | null;
                    /**
                     * @description Makes a retry safe: the same key replays the first result (or joins the refund still running); 1 to 255 characters. Without it, the `Idempotency-Key` header is used the same way (this field wins when both are sent).
                     * @example refund-order-1001-1
                     */
                    idempotency_key?: string | null;
                };
            };
        };
        responses: {
            /** @description The refund result. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "amount": "10.00",
                     *       "refunded": "10.00",
                     *       "total_refunded": "10.00",
                     *       "total_amount": "44.95",
                     *       "status": "partially_refunded",
                     *       "reason": "Item out of stock",
                     *       "participants": [
                     *         {
                     *           "email": "alex@example.com",
                     *           "amount": "22.50",
                     *           "refunded_amount": "10.00",
                     *           "status": "captured"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RefundResult"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: amount must be a positive amount in pounds with at most two decimals (or another field-level message)
             *     - `over_refund`: The refund of £20.00 is more than the £12.50 still outstanding (more than is outstanding; `outstanding` says how much is)
             *     - `invalid_idempotency_key`: Idempotency-Key must be 1 to 255 characters (the `Idempotency-Key` header is over 255 characters)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "over_refund" | "invalid_idempotency_key" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the creator or the merchant can refund (not in the business (the buyer who created a hosted order included))
             *     - `business_forbidden`: Only the creator or the merchant can refund (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_refundable`: This order has not been paid, so there is nothing to refund (unpaid, cancelled or fully refunded; `status` names the split status)
             *     - `idempotency_key_reused`: This idempotency_key was already used with a different amount or reason
             *     - `refund_in_progress`: Another refund is being processed for this order, or the order changed; read it again and retry
             *     - `partial_failure`: The refund stopped at sam@example.com: the payment processor refused it (card_declined). Refunds before it went through and were not undone; refund the rest with a new idempotency_key. (one slice was refused; `refund` holds what went through (nothing is unwound))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_refundable" | "idempotency_key_reused" | "refund_in_progress" | "partial_failure";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceParticipant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id. */
                id: string;
                /** @description The participant whose share someone else takes over. */
                participantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jo@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Who takes over the share: a valid e-mail address, up to 254 characters.
                     * @example jo@example.com
                     */
                    email: string;
                    /**
                     * @description Their name, shown to the group instead of their masked address (docs/splits.md, "Names"); leave it out for none. The person replaced no longer stands on the share, so neither does their name.
                     * @example Bea
                     */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The split's detail record, as GET /api/checkout-splits/:id answers it. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "merchant_id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *       "created_by": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *       "order_reference": "ORDER-1001",
                     *       "currency": "gbp",
                     *       "total_amount": "44.95",
                     *       "application_fee_total": "1.75",
                     *       "customer_fee_total": "0.4",
                     *       "merchant_fee_total": "1.35",
                     *       "customer_fee": "0.4",
                     *       "merchant_fee": "1.35",
                     *       "merchant_fee_bps": 300,
                     *       "net_amount": "43.60",
                     *       "status": "pending",
                     *       "processor_account_id": "acct_1QabcDEF456ghi",
                     *       "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *       "holds_expire_at": "2026-12-08T14:05:00.000Z",
                     *       "disputed_at": null,
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "updated_at": "2026-09-01T12:00:00.000Z",
                     *       "participants": [
                     *         {
                     *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *           "user_id": null,
                     *           "email": "alex@example.com",
                     *           "amount": "22.5",
                     *           "application_fee": "0.2",
                     *           "status": "pending",
                     *           "processor_payment_intent_id": "pi_3QabcDEF456ghiJKL",
                     *           "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY",
                     *           "disputed_at": null,
                     *           "capture_before": "2026-12-08T14:05:00.000Z",
                     *           "covered": {
                     *             "email": "alex@example.com",
                     *             "name": "Sam",
                     *             "at": "2026-09-01T12:00:00.000Z"
                     *           },
                     *           "created_at": "2026-09-01T12:00:00.000Z",
                     *           "updated_at": "2026-09-01T12:00:00.000Z",
                     *           "name": "Bea",
                     *           "card": {
                     *             "brand": "visa",
                     *             "last4": "4242",
                     *             "wallet": "apple_pay",
                     *             "label": "Apple Pay (Visa ••••4242)"
                     *           }
                     *         }
                     *       ],
                     *       "refunds": [
                     *         {
                     *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *           "amount": "10.00",
                     *           "refunded": "10.00",
                     *           "status": "in_progress",
                     *           "reason": "Item out of stock",
                     *           "actor": "api_key",
                     *           "created_at": "2026-09-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "awaiting_merchant": true,
                     *       "open_seats": [
                     *         {
                     *           "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *           "amount": "15"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SplitDetail"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter a valid e-mail address for the person taking over this share.
             *     - `already_in_split`: That person is already in this split.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "already_in_split" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the creator or the merchant can replace a participant (not in the business and not the creator)
             *     - `business_forbidden`: Only the creator or the merchant can replace a participant (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (unknown split or participant)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_replaceable`: This split is canceled; only the participants of a pending split can be replaced. (the split is not pending; `status` names it)
             *     - `not_replaceable`: This participant is authorised; only someone who has not paid yet can be replaced. (the participant is not pending; `participant_status` names it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_replaceable";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `replace_failed`: the processor's message (the new hold could not be placed; nothing changed)
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "replace_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refundSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id (`split.id` of the session status). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "amount": "10.00",
                     *       "refunded": "10.00",
                     *       "total_refunded": "10.00",
                     *       "total_amount": "44.95",
                     *       "status": "partially_refunded",
                     *       "reason": "Item out of stock",
                     *       "participants": [
                     *         {
                     *           "email": "alex@example.com",
                     *           "amount": "22.50",
                     *           "refunded_amount": "10.00",
                     *           "status": "captured"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RefundResult"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - Only a captured split can be refunded
             *     - Checkout split not found
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the creator or the merchant can refund (not in the business and not the creator)
             *     - `business_forbidden`: Only the creator or the merchant can refund (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `refund_in_progress`: Another refund is being processed for this order, or the order changed; read it again and retry
             *     - `partial_failure`: The refund stopped at sam@example.com: the payment processor refused it (card_declined). Refunds before it went through and were not undone; refund the rest with a new idempotency_key. (one slice was refused; `refund` holds what went through (nothing is unwound))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "refund_in_progress" | "partial_failure";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    splitTimeline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id (`id` of the split detail). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The timeline. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "at": "2026-09-01T12:00:00.000Z",
                     *           "kind": "created",
                     *           "participant_id": null,
                     *           "actor": "system",
                     *           "summary": "Hold placed: £20.20 on their card."
                     *         }
                     *       ],
                     *       "order": {
                     *         "line_items": [
                     *           {
                     *             "description": "Dinner for four",
                     *             "quantity": 1,
                     *             "amount": "40.00"
                     *           }
                     *         ],
                     *         "metadata": {},
                     *         "session_token": null,
                     *         "organiser_participant_id": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SplitTimeline"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Forbidden (not in the business (the buyer who created a hosted order included))
             *     - `business_forbidden`: Forbidden (the role may not do this)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInsights: {
        parameters: {
            query?: {
                /**
                 * @description Start of the period, inclusive: a day (`2026-11-01`, from midnight UK time) or an ISO 8601 timestamp. Default: 30 days before `to`.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description End of the period: a day (`2026-11-30`, included to midnight UK time at its end) or an ISO 8601 timestamp (excluded). Default: now. At most 366 days after `from`.
                 * @example 2026-11-30
                 */
                to?: string;
            };
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mode": "test",
                     *       "from": "2026-09-01T12:00:00.000Z",
                     *       "to": "2026-09-01T12:00:00.000Z",
                     *       "groups": {
                     *         "started": 10,
                     *         "finished": 6,
                     *         "open": 1,
                     *         "expired": 2,
                     *         "cancelled": 1,
                     *         "failed": 0,
                     *         "finished_share": 0.6
                     *       },
                     *       "time_to_paid": {
                     *         "median_seconds": 5400,
                     *         "p90_seconds": 86400
                     *       },
                     *       "drop_off": {
                     *         "invited": 30,
                     *         "opened": 27,
                     *         "held": 24,
                     *         "unfinished": {
                     *           "groups": 3,
                     *           "invited": 9,
                     *           "opened": 7,
                     *           "held": 4
                     *         }
                     *       },
                     *       "reminders": {
                     *         "sent": 5,
                     *         "people_reminded": 4,
                     *         "held_after_reminder": 2
                     *       },
                     *       "average_group_size": 3,
                     *       "average_share": "22.50"
                     *     }
                     */
                    "application/json": components["schemas"]["Insights"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed
             *     - `invalid_period`: `from` must be before `to` (`from` not before `to`)
             *     - `invalid_period`: The period is at most 366 days
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed" | "invalid_period";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJoinGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group token, from the group link (`group_url`). Treat it as a secret. */
                group_token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order and its open seats. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "merchant_name": "Corner Deli",
                     *       "order_reference": "WH29",
                     *       "amount": "44.95",
                     *       "open_seats": [
                     *         {
                     *           "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *           "amount": "22.50"
                     *         }
                     *       ],
                     *       "approved_count": 1,
                     *       "total_count": 3,
                     *       "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *       "holds_expire_at": "2026-12-08T14:05:00.000Z",
                     *       "status": "pending",
                     *       "organiser_name": "Bea",
                     *       "line_items": [
                     *         {
                     *           "description": "Picnic blanket",
                     *           "amount": "39.95",
                     *           "quantity": 1,
                     *           "image_url": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["JoinGroup"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (unknown group token)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    claimSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group token, from the group link (`group_url`). Treat it as a secret. */
                group_token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "seat_id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                 *       "name": "Bea"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The open seat to take (`open_seats[].id`).
                     * @example 3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26
                     */
                    seat_id: string;
                    /**
                     * @description Your name as the group should see it (1 to 60 characters of plain text; docs/splits.md, "Names"). Leave it out (or null) for none: the group then sees your masked address.
                     * @example Bea
                     */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The seat is yours. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pay_url": "http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *     }
                     */
                    "application/json": components["schemas"]["ClaimedSeat"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Choose a seat: seat_id is the id of one of the open seats.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (unknown group token or seat)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `seat_taken`: Someone else took this seat first. (someone else got the seat first)
             *     - `already_in_split`: That person is already in this split. (that address is already a participant)
             *     - `not_pending`: This split is canceled; seats can be taken only while it is pending. (the split has ended (any status but pending))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "seat_taken" | "already_in_split" | "not_pending";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `claim_failed`: the processor's message (the hold could not be placed; nothing changed)
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "claim_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMySplits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List summaries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *         "order_reference": "ORDER-1001",
                     *         "currency": "gbp",
                     *         "status": "pending",
                     *         "total_amount": "44.95",
                     *         "created_at": "2026-09-01T12:00:00.000Z",
                     *         "participants": [
                     *           {
                     *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *             "email": "alex@example.com",
                     *             "amount": "22.50",
                     *             "status": "pending",
                     *             "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *           }
                     *         ],
                     *         "awaiting_merchant": true,
                     *         "merchant_fee": "1.35",
                     *         "net_amount": "43.60",
                     *         "organiser": {
                     *           "name": "Amy Pond",
                     *           "email": "alex@example.com"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SplitSummary"][];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `missing_authorization`: Missing or invalid Authorization header (no bearer token (an API key included))
             *     - `invalid_token`: Invalid token (an expired or unknown token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "missing_authorization" | "invalid_token";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The participant's pay token (`pay_token`), from their pay link. Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pay view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "participant_id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *       "email": "sam@example.com",
                     *       "amount": "22.50",
                     *       "application_fee": "0.20",
                     *       "card_charge": "22.70",
                     *       "currency": "gbp",
                     *       "status": "pending",
                     *       "split_status": "pending",
                     *       "cancel_reason": null,
                     *       "order_reference": "ORDER-1001",
                     *       "business_name": "Picnic Supplies",
                     *       "mode": "test",
                     *       "line_items": [
                     *         {
                     *           "description": "Picnic blanket",
                     *           "amount": "39.95",
                     *           "quantity": 1,
                     *           "image_url": null
                     *         }
                     *       ],
                     *       "total_amount": "44.95",
                     *       "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *       "capture_before": null,
                     *       "holds_expire_at": "2026-12-08T14:05:00.000Z",
                     *       "client_secret": "pi_3QabcDEF456ghiJKL_secret_x7YzW",
                     *       "stripe_account": "acct_1QabcDEF456ghi",
                     *       "publishable_key": "pk_test_51QabcDEF456",
                     *       "group": {
                     *         "approved_count": 1,
                     *         "total_count": 2,
                     *         "open_seats": [
                     *           {
                     *             "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *             "amount": "22.50"
                     *           }
                     *         ],
                     *         "participants": [
                     *           {
                     *             "name": "Bea",
                     *             "email_masked": "s***@example.com",
                     *             "status": "pending",
                     *             "is_you": false
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PayView"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (unknown pay token, or the participant was replaced)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authoriseShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The participant's pay token (`pay_token`), from their pay link. Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payment_method": "pm_card_visa"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A processor payment method id, 1 to 255 characters. In test mode a test card's id (`pm_card_visa`; see Testing).
                     * @example pm_card_visa
                     */
                    payment_method: string;
                };
            };
        };
        responses: {
            /** @description Authorised. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "participant_id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *       "status": "pending",
                     *       "split_status": "pending"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthorisedShare"];
                };
            };
            /** @description The card's bank asks the participant to confirm the payment (3-D Secure) at `redirect_url`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "participant_id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *       "status": "requires_action",
                     *       "redirect_url": "http://localhost:4010/_emulator/authenticate/pi_3QabcDEF456ghiJKL?client_secret=pi_3QabcDEF456ghiJKL_secret_x7YzW",
                     *       "split_status": "pending"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthenticationRequired"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Validation failed
             *     - `processor_error` (or another processor code): the processor's message (the processor refused the request)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The card was refused.
             *
             *     - `card_declined`: Your bank declined this card. Try another card or contact your bank. (the card was declined for any reason but the three below)
             *     - `expired_card`: This card has expired. Try another card. (the card was declined for a reason the payer can fix)
             *     - `incorrect_cvc`: The security code (CVC) is not right. Check it and try again, or try another card. (the card was declined for a reason the payer can fix)
             *     - `insufficient_funds`: Your bank declined this card for insufficient funds. Try another card or contact your bank. (the card was declined for a reason the payer can fix)
             *     - `card_not_authorised`: Your card could not be authorised. Please try another card.
             *     - `requires_action`: Your card could not be authorised. Please try another card.
             */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "card_declined" | "expired_card" | "incorrect_cvc" | "insufficient_funds" | "card_not_authorised" | "requires_action";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (unknown pay token, or the participant was replaced)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_pending`: This split is no longer pending (`status` names the split status)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_pending";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many declined cards for this share. Please try again in 30 minutes. (five declined cards in a row paused this pay token; the minutes follow `Retry-After`)
             *     - `rate_limited`: Too many payment attempts for this share. Please try again in 30 minutes. (over 10 attempts on this pay token in 10 minutes; the minutes follow `Retry-After`)
             *     - `rate_limited`: Too many declined cards from your connection. Please try again in 30 minutes. (15 declined cards from this address within an hour paused it for an hour; the minutes follow `Retry-After`)
             *     - `rate_limited`: Too many payment attempts from your connection. Please try again in 30 minutes. (over 30 attempts from this address in an hour; the minutes follow `Retry-After`)
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `processor_unavailable`: The payment processor could not be reached. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "processor_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query: {
                /** @description The token of the unsubscribe link in the e-mail. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A small page saying the address is unsubscribed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_unsubscribe_link`: This unsubscribe link is not valid.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_unsubscribe_link" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeOneClick: {
        parameters: {
            query: {
                /** @description The token of the unsubscribe link in the e-mail. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A small page saying the address is unsubscribed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_unsubscribe_link`: This unsubscribe link is not valid.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_unsubscribe_link" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "webhook_url": "https://shop.example.com/webhooks",
                 *       "allowed_domain": "shop.example.com",
                 *       "test_allowed_domain": "localhost",
                 *       "create_webhook_secret": true
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where this mode's events are sent: https (test mode also takes `http://127.0.0.1`); empty or null clears it.
                     * @example https://shop.example.com/webhooks
                     */
                    webhook_url?: string | null;
                    /**
                     * @description The host every `return_url` and `cancel_url` must be on, in both modes unless `test_allowed_domain` is set: one per business, so setting it in test mode sets the live domain too. Empty or null clears it.
                     * @example shop.example.com
                     */
                    allowed_domain?: string | null;
                    /**
                     * @description Test mode only: the host test-mode `return_url` and `cancel_url` must be on, instead of `allowed_domain` (`localhost` for local development: http or https on localhost, 127.0.0.1 or [::1], any port). Live checkout never reads it. Empty or null clears it, and test mode falls back to `allowed_domain`.
                     * @example localhost
                     */
                    test_allowed_domain?: string | null;
                    /**
                     * @description When true and the mode has no webhook secret yet, one is created (as `POST /api/merchants/credentials/rotate` would) and the answer carries it once as `webhook_secret`. An existing secret is never replaced. Absent or false: no secret is created.
                     * @example true
                     */
                    create_webhook_secret?: boolean;
                };
            };
        };
        responses: {
            /** @description The settings as they now are. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *       "mode": "test",
                     *       "webhook_url": "https://shop.example.com/webhooks",
                     *       "allowed_domain": "shop.example.com",
                     *       "test_allowed_domain": "localhost",
                     *       "webhook_secret": "whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e",
                     *       "hint": "allowed_domain is one per business: live checkout uses it too. To point only test mode somewhere (such as localhost), set test_allowed_domain instead."
                     *     }
                     */
                    "application/json": components["schemas"]["IntegrationSettings"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Invalid webhook_url: must be a string, or empty to clear it
             *     - `invalid_webhook_url`: Invalid webhook_url: <reason>
             *     - `invalid_allowed_domain`: Invalid allowed_domain: <reason>
             *     - `validation_failed`: Invalid create_webhook_secret: must be true or false
             *     - `invalid_allowed_domain`: Invalid test_allowed_domain: <reason>
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed" | "invalid_webhook_url" | "invalid_allowed_domain" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e1a3b-5d2f-4b8e-a6c4-0e2d4f6a8b95",
                     *         "name": "Shop server",
                     *         "mode": "test",
                     *         "last_four": "s2Ma",
                     *         "created_at": "2026-09-01T12:00:00.000Z",
                     *         "last_used_at": "2026-09-01T12:00:00.000Z",
                     *         "revoked": false,
                     *         "revoked_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "Shop server"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What the key is for, up to 100 characters; default from its mode.
                     * @example Shop server
                     */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The key, shown once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": "svc_test_8Jq2Lx7Rv4Nc9Wp3Tz6Hb1Kd5Gf0Ys2Ma",
                     *       "id": "7c9e1a3b-5d2f-4b8e-a6c4-0e2d4f6a8b95",
                     *       "name": "Shop server",
                     *       "mode": "test",
                     *       "last_four": "s2Ma",
                     *       "created_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `live_key_needs_verification`: Finish verifying your business before creating a live API key. Test keys (X-Service-Mode: test) work straight away.
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "live_key_needs_verification" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The API key id (not the key). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key record, now revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e1a3b-5d2f-4b8e-a6c4-0e2d4f6a8b95",
                     *       "name": "Shop server",
                     *       "mode": "test",
                     *       "last_four": "s2Ma",
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "last_used_at": "2026-09-01T12:00:00.000Z",
                     *       "revoked": false,
                     *       "revoked_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `api_key_not_found`: API key not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "api_key_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBilling: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Billing of the mode asked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mode": "test",
                     *       "card": {
                     *         "mode": "test",
                     *         "brand": "visa",
                     *         "last4": "4242",
                     *         "exp_month": 12,
                     *         "exp_year": 2029,
                     *         "updated_at": "2026-09-01T12:00:00.000Z"
                     *       },
                     *       "bills": [
                     *         {
                     *           "id": "b1d3f5a7-9c2e-4f6a-8b0d-5e7a9c1b3d48",
                     *           "amount": "12.40",
                     *           "currency": "gbp",
                     *           "description": "Service fees, October 2026",
                     *           "issued_at": "2026-09-01T12:00:00.000Z",
                     *           "paid_at": "2026-09-01T12:00:00.000Z",
                     *           "status": "paid",
                     *           "days_unpaid": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Billing"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payBill: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path: {
                /** @description The bill id (`bills[].id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bill, now paid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "b1d3f5a7-9c2e-4f6a-8b0d-5e7a9c1b3d48",
                     *       "amount": "12.40",
                     *       "currency": "gbp",
                     *       "description": "Service fees, October 2026",
                     *       "issued_at": "2026-09-01T12:00:00.000Z",
                     *       "paid_at": "2026-09-01T12:00:00.000Z",
                     *       "status": "paid",
                     *       "days_unpaid": 0
                     *     }
                     */
                    "application/json": components["schemas"]["Bill"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `billing_card_required`: Add a billing card in Settings, Billing before taking split payments.
             *     - `bill_payment_failed`: The card on file could not pay this bill. Update the card and try again. (or the processor's message for a declined card)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "billing_card_required" | "bill_payment_failed" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `bill_not_found`: Bill not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "bill_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             *     - `bill_already_paid`: This bill is already paid.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required" | "bill_already_paid";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `processor_unavailable`: Could not take the payment. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "processor_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveBillingCard: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payment_method": "pm_card_visa"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A card payment method id, up to 255 characters (test mode: `pm_card_visa`).
                     * @example pm_card_visa
                     */
                    payment_method: string;
                };
            };
        };
        responses: {
            /** @description The card on file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mode": "test",
                     *       "brand": "visa",
                     *       "last4": "4242"
                     *     }
                     */
                    "application/json": components["schemas"]["SavedBillingCard"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed
             *     - `billing_card_rejected`: the processor's message (the processor refused the card)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed" | "billing_card_rejected" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `processor_unavailable`: Could not save the billing card. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "processor_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startBillingCardSetup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secure card page. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ",
                     *       "url": "https://checkout.processor.example/c/pay/cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ",
                     *       "expires_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CardSetup"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `processor_unavailable`: Could not open the secure card page. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "processor_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeBillingCardSetup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path: {
                /** @description The card set-up id (`id` from `POST /api/merchants/billing/card-setup`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The card now on file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mode": "test",
                     *       "brand": "visa",
                     *       "last4": "4242"
                     *     }
                     */
                    "application/json": components["schemas"]["SavedBillingCard"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `billing_card_rejected`: the processor's message (the processor refused the card)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "billing_card_rejected" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `card_setup_not_found`: Card set-up not found (an unknown id, or another business's)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "card_setup_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             *     - `card_setup_open`: No card has been saved on the secure card page yet. (the page is still open: no card saved yet)
             *     - `card_setup_expired`: The secure card page expired before a card was saved. Open a new one.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required" | "card_setup_open" | "card_setup_expired";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `processor_unavailable`: Could not read the card set-up from the payment processor. Please try again.
             *     - `processor_unavailable`: Could not save the billing card. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "processor_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: the same key with the same body within 24 hours returns the original answer (200); with a different body, 409 `idempotency_key_reused`.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "44.95",
                 *       "order_reference": "ORDER-1001",
                 *       "return_url": "https://shop.example.com/orders/1001",
                 *       "cancel_url": "https://shop.example.com/cart",
                 *       "line_items": [
                 *         {
                 *           "description": "Picnic blanket",
                 *           "amount": "39.95",
                 *           "quantity": 1
                 *         },
                 *         {
                 *           "description": "Delivery",
                 *           "amount": "5.00"
                 *         }
                 *       ],
                 *       "customer_email": "alex@example.com",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. The order total, 1 to 5000 inclusive, at most two decimals: a number or a decimal string (`"44.95"`, as every answer writes amounts). Each participant pays a 20p fee on top of their share.
                     * @example 44.95
                     */
                    amount: number | string;
                    /**
                     * @description Default `gbp`, the only currency accepted.
                     * @example gbp
                     */
                    currency?: string | null;
                    /**
                     * @description Shown to the buyer, up to 200 characters. Default `Order`.
                     * @example ORDER-1001
                     */
                    order_reference?: string | null;
                    /**
                     * Format: uri
                     * @description Where the buyer goes when the order is paid: https on your `allowed_domain`. In test mode with `allowed_domain` `localhost`, also `http://localhost`, `http://127.0.0.1` or `http://[::1]` on any port.
                     * @example https://shop.example.com/orders/1001
                     */
                    return_url: string;
                    /**
                     * Format: uri
                     * @description Where the buyer goes if they leave the checkout; the same rule as `return_url`, checked only when sent.
                     * @example https://shop.example.com/cart
                     */
                    cancel_url?: string | null;
                    /** @description The order lines shown to the buyer (delivery, tax and discounts are lines too); they must add up to `amount`. */
                    line_items?: {
                        /**
                         * @description What the line is, 1 to 120 characters; shown as plain text (markup is shown as typed).
                         * @example Picnic blanket
                         */
                        description: string;
                        /**
                         * @description Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. The line amount (number or decimal string, at most two decimals); negative for a discount.
                         * @example 39.95
                         */
                        amount: number | string;
                        /**
                         * @description How many; a whole number, 1 or more. Default 1.
                         * @default 1
                         * @example 1
                         */
                        quantity?: number;
                        /**
                         * @description A public https picture (PNG, JPEG, GIF, WebP or AVIF, at most 2 MB), fetched once at creation; one that cannot be fetched is left out silently.
                         * @example https://shop.example.com/images/picnic-blanket.jpg
                         */
                        image_url?: string | null;
                    }[] | null;
                    /**
                     * @description Prefills the buyer's e-mail step (still verified by code); up to 254 characters.
                     * @example alex@example.com
                     */
                    customer_email?: string | null;
                    /**
                     * @description Up to 120 characters; stored and echoed to you, never shown to the group.
                     * @example Alex Morgan
                     */
                    customer_name?: string | null;
                    /**
                     * @description When the split captures: `automatic` (default) as soon as every participant has authorised, or `merchant_accept`: it then waits, `pending` with `awaiting_merchant: true`, for you to accept (`POST /api/merchants/checkout/splits/{id}/accept`) or decline (`.../cancel`), and is sent `checkout_split.authorised`; with no answer by `authorization_expires_at` the holds are released.
                     * @example automatic
                     */
                    capture?: ("automatic" | "merchant_accept") | null;
                    /**
                     * @description Your own keys: a flat object of strings, up to 20 keys, keys up to 40 and values up to 500 characters, 4 KB in all. Echoed on the status endpoint and in every webhook of the order; never shown to payers.
                     * @example {
                     *       "order_id": "1001"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description An idempotent replay: the original session. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                     *       "checkout_url": "http://localhost:3000/checkout/Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                     *       "status": "pending",
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "amount": "44.95",
                     *       "currency": "gbp"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedCheckoutSession"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                     *       "checkout_url": "http://localhost:3000/checkout/Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                     *       "status": "pending",
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "amount": "44.95",
                     *       "currency": "gbp"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedCheckoutSession"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: amount must be between £1 and £5000 (out of range or not a number)
             *     - `validation_failed`: amount is required
             *     - `validation_failed`: amount must have at most two decimal places (more than two decimals, such as 5.001)
             *     - `validation_failed`: Only gbp is supported
             *     - `validation_failed`: return_url is required
             *     - `validation_failed`: return_url must be https and match your allowed return domain (return_url not text)
             *     - `invalid_return_url`: return_url must be https and match your allowed return domain (no allowed domain, or not https on it)
             *     - `invalid_cancel_url`: cancel_url must be https and match your allowed return domain
             *     - `validation_failed`: Each line item needs a description of up to 120 characters (or another field-level message; `details` lists each)
             *     - `line_items_mismatch`: line_items must add up to amount: they add up to £40.00, amount is £44.95
             *     - `processor_onboarding_required`: Finish payment processor onboarding before accepting checkouts (live key, charges not enabled yet)
             *     - `invalid_idempotency_key`: Idempotency-Key must be 1 to 255 characters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_return_url" | "invalid_cancel_url" | "line_items_mismatch" | "processor_onboarding_required" | "invalid_idempotency_key" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "idempotency_key_reused";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many checkout session requests. Please slow down.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublicCheckoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session as the buyer sees it. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "pending",
                     *       "expired": false,
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "mode": "test",
                     *       "business_name": "Picnic Supplies",
                     *       "order_reference": "ORDER-1001",
                     *       "amount": "44.95",
                     *       "currency": "gbp",
                     *       "line_items": [
                     *         {
                     *           "description": "Picnic blanket",
                     *           "amount": "39.95",
                     *           "quantity": 1,
                     *           "image_url": null
                     *         }
                     *       ],
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "customer_email": "alex@example.com",
                     *       "cancel_url": "https://shop.example.com/cart",
                     *       "unavailable_reason": "billing_card_required"
                     *     }
                     */
                    "application/json": components["schemas"]["PublicCheckoutSession"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBuyerGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "status": "pending",
                     *       "cancel_reason": "canceled",
                     *       "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *       "group": {
                     *         "approved_count": 1,
                     *         "total_count": 2,
                     *         "open_seats": [
                     *           {
                     *             "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *             "amount": "22.50"
                     *           }
                     *         ],
                     *         "participants": [
                     *           {
                     *             "name": "Bea",
                     *             "email_masked": "s***@example.com",
                     *             "status": "pending",
                     *             "is_you": false,
                     *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *             "email": "sam@example.com",
                     *             "amount": "22.50",
                     *             "replaceable": true,
                     *             "covered_name": null,
                     *             "covered_email": null,
                     *             "coverable": true
                     *           }
                     *         ]
                     *       },
                     *       "group_url": "http://localhost:3000/join/Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a",
                     *       "open_seats": [
                     *         {
                     *           "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *           "amount": "22.50"
                     *         }
                     *       ],
                     *       "awaiting_merchant": true,
                     *       "organiser_name": "Bea"
                     *     }
                     */
                    "application/json": components["schemas"]["BuyerGroup"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Forbidden (not the buyer who created the split)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             *     - `not_found`: Not found (no split yet)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMyShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your shares. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "role": "organiser",
                     *       "split_status": "pending",
                     *       "shares": [
                     *         {
                     *           "participant_id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *           "amount": "22.50",
                     *           "card_charge": "22.70",
                     *           "status": "pending",
                     *           "pay_url": "http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY",
                     *           "covered_name": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MyShares"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Forbidden (not the organiser nor anyone paying a share of this split)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             *     - `not_found`: Not found (no split yet)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    coverBuyerShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
                /** @description The pending participant (or the open seat) whose share the organiser takes. */
                participantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The share as it now is: the organiser's. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "participant": {
                     *         "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *         "email": "jo@example.com",
                     *         "amount": "22.50",
                     *         "status": "pending",
                     *         "pay_url": "http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CoveredShare"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the person who set up this split can cover a share (not the buyer who set up the split)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             *     - `not_found`: Not found (no split yet, or unknown participant or seat)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_replaceable`: This split is canceled; only the participants of a pending split can be replaced. (the split is not pending)
             *     - `not_replaceable`: This participant is authorised; only someone who has not paid yet can be replaced. (the share is held already)
             *     - `cover_would_leave_single_payer`: You would be paying for everyone. Cancel this order and choose Pay it all myself to pay the total with no extra fees. (the organiser would hold every share)
             *     - `already_yours`: This share is already yours to pay. (the share is the organiser's own)
             *     - `seat_taken`: Someone else took this seat first. (the open seat was taken meanwhile)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_replaceable" | "cover_would_leave_single_payer" | "already_yours" | "seat_taken";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `cover_failed`: the processor's message (the organiser's hold could not be placed; nothing changed)
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "cover_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceBuyerParticipant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
                /** @description The participant whose share someone else takes over. */
                participantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jo@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Who takes over the share: a valid e-mail address, up to 254 characters.
                     * @example jo@example.com
                     */
                    email: string;
                    /**
                     * @description Their name, shown to the group instead of their masked address (docs/splits.md, "Names"); leave it out for none. The person replaced no longer stands on the share, so neither does their name.
                     * @example Bea
                     */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The participant as it now is. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "participant": {
                     *         "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *         "email": "jo@example.com",
                     *         "amount": "22.50",
                     *         "status": "pending",
                     *         "pay_url": "http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReplacedParticipant"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter a valid e-mail address for the person taking over this share.
             *     - `already_in_split`: That person is already in this split.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "already_in_split" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the creator or the merchant can replace a participant (not the buyer who created the split)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             *     - `not_found`: Not found (no split yet, or unknown participant)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_replaceable`: This split is canceled; only the participants of a pending split can be replaced. (the split is not pending; `status` names it)
             *     - `not_replaceable`: This participant is authorised; only someone who has not paid yet can be replaced. (the participant is not pending; `participant_status` names it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_replaceable";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `replace_failed`: the processor's message (the new hold could not be placed; nothing changed)
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "replace_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    remindParticipants: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The checkout session token. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who was reminded. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "reminded": 1,
                     *       "skipped": 0,
                     *       "next_allowed_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RemindResult"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (no credential, or an unknown key)
             *     - `unauthorized`: Unauthorized (an expired or unknown bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key" | "unauthorized";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found (not your session (or the other mode's))
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found" | "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `nothing_to_remind`: Nobody to remind: no split yet, everyone has approved, or the order is settled.
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "nothing_to_remind" | "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `session_cap_reached`: This checkout has already been reminded three times. (a fourth call on the session)
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "session_cap_reached" | "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inviteToSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
                /** @description The open seat to fill. */
                seat_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jo@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Who takes the seat: a valid e-mail address, up to 254 characters. They get their pay link.
                     * @example jo@example.com
                     */
                    email: string;
                    /**
                     * @description Their name as the group should see it (1 to 60 characters of plain text; docs/splits.md, "Names"); in their invitation too. Leave it out (or null) for none.
                     * @example Bea
                     */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The participant the seat became. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "participant": {
                     *         "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *         "email": "jo@example.com",
                     *         "amount": "22.50",
                     *         "status": "pending",
                     *         "pay_url": "http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvitedSeat"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter a valid e-mail address for the person taking this seat.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `forbidden`: Only the buyer who made this split can fill its seats (not the buyer who created the split)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "forbidden" | "business_forbidden";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             *     - `not_found`: Not found (no split yet, or unknown seat)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `seat_taken`: Someone else took this seat first. (someone else got the seat first)
             *     - `already_in_split`: That person is already in this split. (that address is already a participant)
             *     - `not_pending`: This split is canceled; seats can be taken only while it is pending. (the split has ended (any status but pending))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "seat_taken" | "already_in_split" | "not_pending";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `claim_failed`: the processor's message (the hold could not be placed; nothing changed)
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "claim_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBuyerSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "split",
                 *       "participants": [
                 *         {
                 *           "email": "alex@example.com",
                 *           "amount": "22.50",
                 *           "name": "Alex"
                 *         },
                 *         {
                 *           "email": "sam@example.com",
                 *           "amount": "22.45",
                 *           "name": "Bea"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Split between 2 to 20 people, the buyer included if they pay.
                     * @constant
                     */
                    mode: "split";
                    /** @description 2 to 20 entries (people and open seats) whose shares add up to the order total; each address once, at least one address. */
                    participants: {
                        /**
                         * @description The person's e-mail address; they get their pay link. Leave it out for an open seat: a share anyone with the group link can take (docs/splits.md, "Open seats").
                         * @example sam@example.com
                         */
                        email?: string;
                        /**
                         * @description Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. Their share (number or decimal string), at least £1.
                         * @example 22.50
                         */
                        amount: number | string;
                        /**
                         * @description Their name as the group should see it (1 to 60 characters of plain text); the first entry is the buyer's own ("Your name"). Shown instead of their masked address, and in their invitation. Leave it out (or null) for none; an open seat's name is given by whoever takes it.
                         * @example Bea
                         */
                        name?: string | null;
                    }[];
                } | {
                    /**
                     * @description One other person pays the whole order.
                     * @constant
                     */
                    mode: "one_payer";
                    /**
                     * @description Who pays; they get the pay link.
                     * @example sam@example.com
                     */
                    payer_email: string;
                    /**
                     * @description The buyer's own name, as the person paying sees it in their invitation.
                     * @example Bea
                     */
                    name?: string | null;
                    /**
                     * @description The payer's name (1 to 60 characters of plain text).
                     * @example Bea
                     */
                    payer_name?: string | null;
                } | {
                    /**
                     * @description The buyer pays the whole order.
                     * @constant
                     */
                    mode: "alone";
                    /**
                     * @description The buyer's own name (1 to 60 characters of plain text).
                     * @example Bea
                     */
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The split exists; everyone has a pay link. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "participants": [
                     *         {
                     *           "email": "alex@example.com",
                     *           "amount": "22.50",
                     *           "card_charge": "22.70",
                     *           "pay_url": "http://localhost:3000/pay/pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY",
                     *           "name": "Bea"
                     *         }
                     *       ],
                     *       "group_url": "http://localhost:3000/join/Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a",
                     *       "open_seats": [
                     *         {
                     *           "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *           "amount": "22.50"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BuyerSplit"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Choose split, one_payer or alone, with an e-mail address and an amount in pounds for each person.
             *     - `validation_failed`: Each person needs a valid e-mail address and an amount in pounds.
             *     - `validation_failed`: A split can have at most 20 people.
             *     - `validation_failed`: A split needs at least two people. To pay on your own, choose alone.
             *     - `validation_failed`: Each person can be in the split only once.
             *     - `validation_failed`: At least one person in the split needs an e-mail address: yours or someone else's. Open seats alone cannot make a split.
             *     - `validation_failed`: Enter a valid e-mail address for the person paying.
             *     - `validation_failed`: name must be 1 to 60 characters of plain text (a name that is empty, over 60 characters, or not plain text)
             *     - Each share must be at least £1.
             *     - `shares_mismatch`: Shares must add up to the order total of £44.95; they add up to £40.00.
             *     - `connector_not_live`: Finish payment processor onboarding before accepting checkouts
             *     - `billing_card_required`: Add a billing card in Settings, Billing before taking split payments.
             *     - `billing_paused`: A service bill has been unpaid for 14 days. Pay it to restore split payments at once.
             *     - `verification_required`: Verify the business owner before taking live payments. (live, owner not verified)
             *     - Merchant has no payment processor connected account
             *     - the processor's own message (a hold could not be placed; nothing is left held)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "shares_mismatch" | "connector_not_live" | "billing_card_required" | "billing_paused" | "verification_required" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `already_split`: This checkout already has a split.
             *     - `session_expired`: This checkout has expired.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "already_split" | "session_expired";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCheckoutSessionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The checkout session token (`token` of the create answer). Treat it as a secret. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                     *       "status": "pending",
                     *       "expired": false,
                     *       "mode": "test",
                     *       "amount": "44.95",
                     *       "currency": "gbp",
                     *       "order_reference": "ORDER-1001",
                     *       "return_url": "https://shop.example.com/orders/1001",
                     *       "cancel_url": "https://shop.example.com/cart",
                     *       "customer_email": "alex@example.com",
                     *       "customer_name": "Alex Morgan",
                     *       "metadata": {
                     *         "order_id": "1001"
                     *       },
                     *       "line_items": [
                     *         {
                     *           "description": "Picnic blanket",
                     *           "amount": "39.95",
                     *           "quantity": 1,
                     *           "image_url": null
                     *         }
                     *       ],
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "approved_count": 2,
                     *       "total_count": 2,
                     *       "participants": [
                     *         {
                     *           "email": "alex@example.com",
                     *           "amount": "22.50",
                     *           "status": "pending"
                     *         }
                     *       ],
                     *       "split": {
                     *         "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *         "status": "pending",
                     *         "total_amount": "44.95",
                     *         "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *         "approved_count": 2,
                     *         "total_count": 2,
                     *         "approvals": [
                     *           {
                     *             "participant_id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *             "email": "alex@example.com",
                     *             "authorised_at": "2026-09-01T12:00:00.000Z"
                     *           }
                     *         ],
                     *         "participants": [
                     *           {
                     *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *             "email": "alex@example.com",
                     *             "amount": "22.50",
                     *             "application_fee": "0.20",
                     *             "refunded_amount": "0.00",
                     *             "status": "pending",
                     *             "approved": true,
                     *             "authorised_at": "2026-09-01T12:00:00.000Z",
                     *             "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *           }
                     *         ],
                     *         "refunds": [
                     *           {
                     *             "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *             "amount": "10.00",
                     *             "refunded": "10.00",
                     *             "status": "in_progress",
                     *             "reason": "Item out of stock",
                     *             "actor": "api_key",
                     *             "created_at": "2026-09-01T12:00:00.000Z"
                     *           }
                     *         ],
                     *         "awaiting_merchant": true,
                     *         "group_url": "http://localhost:3000/join/Gq7nW2xT9kLp4vR8sZ3mC6bH1dF5jY0a",
                     *         "open_seats": [
                     *           {
                     *             "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *             "amount": "22.50"
                     *           }
                     *         ]
                     *       },
                     *       "capture": "merchant_accept"
                     *     }
                     */
                    "application/json": components["schemas"]["CheckoutSessionStatus"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Checkout session not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCheckoutSplits: {
        parameters: {
            query?: {
                /** @description Splits per page, 1–100; default 20. */
                limit?: number;
                /** @description The page after this one: pass `next_cursor` (older splits). */
                starting_after?: string;
                /** @description The page before this one: pass `previous_cursor` (newer splits). */
                ending_before?: string;
                /** @description Only splits in this status; repeat it for several (`status=pending&status=captured`). */
                status?: ("pending" | "capturing" | "captured" | "canceling" | "canceled" | "refunded" | "partially_refunded" | "creation_failed" | "capture_failed" | "creating")[];
                /** @description Opt-in (docs/splits.md, "Listing"): `creating` lists splits still placing their holds too, with status `creating`, so an order is findable (by `q`, its order reference) from the moment the create was accepted. Then `status` may name `creating` as well. */
                include?: "creating";
                /** @description Created at or after this instant: a date (midnight UTC) or a date-time with its offset. */
                "created[gte]"?: string;
                /** @description Created before this instant (same forms as `created[gte]`). */
                "created[lt]"?: string;
                /** @description Only this mode. With X-Service-Mode as well, the two must agree. */
                mode?: "test" | "live";
                /** @description Search, ignoring case: from 3 characters, any part of an order reference or of a participant's e-mail address or name (`amy` finds amy.pond@example.com and Amy Pond); shorter, the beginning of an order reference or a whole e-mail address; always a whole split id or checkout session token. Blank means no search. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of your orders. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *           "order_reference": "ORDER-1001",
                     *           "currency": "gbp",
                     *           "status": "pending",
                     *           "total_amount": "44.95",
                     *           "created_at": "2026-09-01T12:00:00.000Z",
                     *           "participants": [
                     *             {
                     *               "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *               "email": "alex@example.com",
                     *               "amount": "22.50",
                     *               "status": "pending",
                     *               "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY"
                     *             }
                     *           ],
                     *           "awaiting_merchant": true,
                     *           "merchant_fee": "1.35",
                     *           "net_amount": "43.60",
                     *           "organiser": {
                     *             "name": "Amy Pond",
                     *             "email": "alex@example.com"
                     *           }
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "next_cursor": "WyIyMDI2LTExLTI3VDA5OjMwOjAwLjEyMzQ1NloiLCI…",
                     *       "previous_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["SplitPage"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Validation failed (a parameter refused, named in details: limit must be a whole number from 1 to 100; Not a cursor of this list: pass next_cursor or previous_cursor back as it came; Pass starting_after or ending_before, not both; Unknown status; include takes one value: creating; Give a date (2026-11-27) or a date and time with its offset (2026-11-27T09:30:00Z); created[lt] must be after created[gte]; mode differs from the X-Service-Mode header; q is at most 200 characters; mode differs from the API key's mode: a key lists its own mode's splits only)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCheckoutSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The detail record. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "merchant_id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *       "created_by": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *       "order_reference": "ORDER-1001",
                     *       "currency": "gbp",
                     *       "total_amount": "44.95",
                     *       "application_fee_total": "1.75",
                     *       "customer_fee_total": "0.4",
                     *       "merchant_fee_total": "1.35",
                     *       "customer_fee": "0.4",
                     *       "merchant_fee": "1.35",
                     *       "merchant_fee_bps": 300,
                     *       "net_amount": "43.60",
                     *       "status": "pending",
                     *       "processor_account_id": "acct_1QabcDEF456ghi",
                     *       "authorization_expires_at": "2026-09-01T12:00:00.000Z",
                     *       "holds_expire_at": "2026-12-08T14:05:00.000Z",
                     *       "disputed_at": null,
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "updated_at": "2026-09-01T12:00:00.000Z",
                     *       "participants": [
                     *         {
                     *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                     *           "user_id": null,
                     *           "email": "alex@example.com",
                     *           "amount": "22.5",
                     *           "application_fee": "0.2",
                     *           "status": "pending",
                     *           "processor_payment_intent_id": "pi_3QabcDEF456ghiJKL",
                     *           "pay_token": "pT9xK2mQ7vL4wR8nZ3cH6jB1fD5sG0aY",
                     *           "disputed_at": null,
                     *           "capture_before": "2026-12-08T14:05:00.000Z",
                     *           "covered": {
                     *             "email": "alex@example.com",
                     *             "name": "Sam",
                     *             "at": "2026-09-01T12:00:00.000Z"
                     *           },
                     *           "created_at": "2026-09-01T12:00:00.000Z",
                     *           "updated_at": "2026-09-01T12:00:00.000Z",
                     *           "name": "Bea",
                     *           "card": {
                     *             "brand": "visa",
                     *             "last4": "4242",
                     *             "wallet": "apple_pay",
                     *             "label": "Apple Pay (Visa ••••4242)"
                     *           }
                     *         }
                     *       ],
                     *       "refunds": [
                     *         {
                     *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *           "amount": "10.00",
                     *           "refunded": "10.00",
                     *           "status": "in_progress",
                     *           "reason": "Item out of stock",
                     *           "actor": "api_key",
                     *           "created_at": "2026-09-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "awaiting_merchant": true,
                     *       "open_seats": [
                     *         {
                     *           "id": "3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26",
                     *           "amount": "15"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SplitDetail"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (not your split, the other mode's, or none)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptCheckoutSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Accepted and captured (or the capture failed). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "captured"
                     *     }
                     */
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (not your split, the other mode's, or none)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_awaiting_merchant`: This order is not waiting for your acceptance. (the split is not pending with every share authorised on a `merchant_accept` order (still collecting, cancelled, expired, already accepted, or an `automatic` order))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_awaiting_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Error.
             *
             *     - `service_unavailable`: The order could not be accepted just now and nothing was captured. Send the accept again shortly. (rare: the workflow could not be reached for a while; nothing was accepted, send it again)
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "service_unavailable";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelCheckoutSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The split id (a UUID, so never `pay`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled (or already was). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "canceled"
                     *     }
                     */
                    "application/json": components["schemas"]["Canceled"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (not your split, the other mode's, or none)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_pending`: Only a pending split can be cancelled; this one is captured (any status but pending or canceled; `status` names it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_pending";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Error.
             *
             *     - `cancel_not_confirmed`: The cancel has not taken effect yet: the split is still pending and no one has been charged. Send it again shortly to read the outcome. (rare: no worker took the cancel within the answer's bound (10 s); the split is still pending, send it again after `Retry-After` seconds)
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "cancel_not_confirmed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refundCheckoutSplit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the call safe to retry: the same key with the same body within 24 hours returns the original answer (200); with a different body, 409 `idempotency_key_reused`.
                 * @example order-1042-attempt-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The split id (`split.id` of the session status). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "amount": "10.00",
                 *       "reason": "Item out of stock",
                 *       "idempotency_key": "refund-order-1001-1"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. How much to refund (number or decimal string, above zero, at most two decimals); at most what is still outstanding. Leave it out to refund everything that is left.
                     * @example 10.00
                     */
                    amount?: number | string | null;
                    /**
                     * @description Why, up to 500 characters; kept in the refund history.
                     * @example Item out of stock
                     */
                    reason?: string | null;
                    /**
                     * @description Makes a retry safe: the same key replays the first result (or joins the refund still running); 1 to 255 characters. Without it, the `Idempotency-Key` header is used the same way (this field wins when both are sent).
                     * @example refund-order-1001-1
                     */
                    idempotency_key?: string | null;
                };
            };
        };
        responses: {
            /** @description The refund result. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                     *       "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                     *       "amount": "10.00",
                     *       "refunded": "10.00",
                     *       "total_refunded": "10.00",
                     *       "total_amount": "44.95",
                     *       "status": "partially_refunded",
                     *       "reason": "Item out of stock",
                     *       "participants": [
                     *         {
                     *           "email": "alex@example.com",
                     *           "amount": "22.50",
                     *           "refunded_amount": "10.00",
                     *           "status": "captured"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RefundResult"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: amount must be a positive amount in pounds with at most two decimals (or another field-level message)
             *     - `over_refund`: The refund of £20.00 is more than the £12.50 still outstanding (more than is outstanding; `outstanding` says how much is)
             *     - `invalid_idempotency_key`: Idempotency-Key must be 1 to 255 characters (the `Idempotency-Key` header is over 255 characters)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "over_refund" | "invalid_idempotency_key" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `invalid_api_key`: Invalid API Key (missing, unknown or revoked key)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_api_key";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `not_found`: Not found (not your split, the other mode's, or none)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `not_refundable`: This order has not been paid, so there is nothing to refund (unpaid, cancelled or fully refunded; `status` names the split status)
             *     - `idempotency_key_reused`: This idempotency_key was already used with a different amount or reason
             *     - `refund_in_progress`: Another refund is being processed for this order, or the order changed; read it again and retry
             *     - `partial_failure`: The refund stopped at sam@example.com: the payment processor refused it (card_declined). Refunds before it went through and were not undone; refund the rest with a new idempotency_key. (one slice was refused; `refund` holds what went through (nothing is unwound))
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "not_refundable" | "idempotency_key_reused" | "refund_in_progress" | "partial_failure";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTestCheckoutSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sample session: open `checkout_url`. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                     *       "checkout_url": "https://…/checkout/…",
                     *       "status": "pending",
                     *       "expires_at": "2026-09-01T12:00:00.000Z",
                     *       "amount": "20.00",
                     *       "currency": "gbp",
                     *       "order_reference": "SAMPLE-7K2Q9D",
                     *       "return_url": "https://…/dashboard/orders"
                     *     }
                     */
                    "application/json": components["schemas"]["TestCheckoutSession"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `billing_card_required`: Add a billing card in Settings, Billing before taking split payments. (no test billing card yet)
             *     - `billing_paused`: A service bill has been unpaid for 14 days. Pay it to restore split payments at once. (a test bill is overdue)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "billing_card_required" | "billing_paused" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             *     - `test_mode_only`: A sample checkout is for test mode only: switch the dashboard to test mode and try again. (the dashboard is in live mode)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required" | "test_mode_only";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startProcessorOnboarding: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The onboarding link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://connect.processor.example/setup/s/acct_1QabcDEF456ghi/Xk29Wq"
                     *     }
                     */
                    "application/json": components["schemas"]["OnboardingLink"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: Register a merchant first (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - Could not start payment processor onboarding
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshProcessorOnboarding: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The onboarding link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://connect.processor.example/setup/s/acct_1QabcDEF456ghi/Xk29Wq"
                     *     }
                     */
                    "application/json": components["schemas"]["OnboardingLink"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `no_stripe_account`: Connect the payment processor first. (onboarding was never started)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "no_stripe_account" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: Register a merchant first (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - Could not refresh payment processor onboarding link
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCredentials: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mode": "test",
                     *       "webhook_url": "https://shop.example.com/webhooks",
                     *       "webhook_secret": "whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e"
                     *     }
                     */
                    "application/json": components["schemas"]["Credentials"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "target": "webhook_secret"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What to rotate: `webhook_secret`. (`api_key` answers `use_api_keys`: create and revoke keys instead.)
                     * @example webhook_secret
                     * @enum {string}
                     */
                    target: "webhook_secret" | "api_key";
                };
            };
        };
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "target": "webhook_secret",
                     *       "value": "whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e",
                     *       "mode": "test"
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed
             *     - `use_api_keys`: API keys are not rotated here: create a new key with POST /api/merchants/api-keys, then revoke the old one.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed" | "use_api_keys" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportOrders: {
        parameters: {
            query: {
                /** @description First UK calendar day of the period (included), YYYY-MM-DD. */
                from: string;
                /** @description Last UK calendar day of the period (included), YYYY-MM-DD. */
                to: string;
            };
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (Content-Disposition: attachment), a header row first. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example order_reference,split_id,session_token,split_status,currency,order_total,created_at_utc,created_at_uk,participant,participant_email,participant_status,share,customer_fee,merchant_fee,service_fee,refunded,captured_at_utc,captured_at_uk,payment_intent_id,charge_id
                     *     ORDER-1001,7d3c2a9e-5b1f-4e2a-9c4d-1a2b3c4d5e6f,,captured,GBP,30.00,2026-07-01T14:04:12Z,2026-07-01 15:04:12,1,ana@example.com,captured,15.00,0.20,0.30,0.50,0.00,2026-07-01T14:30:00Z,2026-07-01 15:30:00,pi_123,ch_123
                     */
                    "text/csv": string;
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed (a date is not YYYY-MM-DD, or to must be on or after from)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `exports_busy`: Other exports are running. Please try again in a few seconds. (2 exports are already streaming from this server; wait Retry-After seconds)
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "exports_busy" | "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportRefunds: {
        parameters: {
            query: {
                /** @description First UK calendar day of the period (included), YYYY-MM-DD. */
                from: string;
                /** @description Last UK calendar day of the period (included), YYYY-MM-DD. */
                to: string;
            };
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (Content-Disposition: attachment), a header row first. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example refund_id,split_id,order_reference,currency,requested_at_utc,requested_at_uk,completed_at_utc,completed_at_uk,refund_status,source,actor,reason,participant,participant_email,slice_status,amount,customer_fee_returned,service_fee_reversed,processor_refund_id,payment_intent_id
                     *     0b8f6c1e-2d3a-4f5b-8c9d-0e1f2a3b4c5d,7d3c2a9e-5b1f-4e2a-9c4d-1a2b3c4d5e6f,ORDER-1001,GBP,2026-07-02T09:00:00Z,2026-07-02 10:00:00,2026-07-02T09:00:05Z,2026-07-02 10:00:05,complete,dashboard,dashboard:5f0e…,,1,ana@example.com,succeeded,15.00,0.20,0.50,re_123,pi_123
                     */
                    "text/csv": string;
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed (a date is not YYYY-MM-DD, or to must be on or after from)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `exports_busy`: Other exports are running. Please try again in a few seconds. (2 exports are already streaming from this server; wait Retry-After seconds)
             *     - `rate_limited`: Too many requests. Please try again shortly.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "exports_busy" | "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMerchant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *       "name": "Picnic Supplies",
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "legal_name": "Picnic Supplies Ltd",
                     *       "business_type": "limited_company",
                     *       "business_email": "hello@shop.example.com",
                     *       "business_phone": "+44 117 496 0123",
                     *       "vat_number": "GB123456789",
                     *       "company_number": "12345678",
                     *       "business_address": "12 Market Street, Unit 4, Bristol BS1 4DJ",
                     *       "business_address_parts": {
                     *         "line1": "12 Market Street",
                     *         "line2": "Unit 4",
                     *         "city": "Bristol",
                     *         "county": null,
                     *         "postcode": "BS1 4DJ",
                     *         "country": "United Kingdom"
                     *       },
                     *       "country": "GB",
                     *       "default_currency": "gbp",
                     *       "processor_charges_enabled": true,
                     *       "processor_details_submitted": true,
                     *       "processor_account_id": "acct_1QabcDEF456ghi",
                     *       "processor_connected_at": "2026-09-01T12:00:00.000Z",
                     *       "business_role": "owner",
                     *       "platform_fee_bps": 300,
                     *       "platform_fee_discount_ends_at": null,
                     *       "mode": "test",
                     *       "webhook_url": "https://shop.example.com/webhooks",
                     *       "allowed_domain": "shop.example.com",
                     *       "test_allowed_domain": "localhost",
                     *       "verification_status": "verified",
                     *       "verification_grandfathered": false,
                     *       "paused": false,
                     *       "paused_reason": null,
                     *       "gates": {
                     *         "issue_invoice": {
                     *           "code": "connector_not_live",
                     *           "message": "Add a billing card in Settings, Billing before taking split payments.",
                     *           "fix": {
                     *             "label": "Add a billing card",
                     *             "path": "/dashboard/settings/billing"
                     *           }
                     *         },
                     *         "issue_invoice_bank_transfer": {
                     *           "code": "connector_not_live",
                     *           "message": "Add a billing card in Settings, Billing before taking split payments.",
                     *           "fix": {
                     *             "label": "Add a billing card",
                     *             "path": "/dashboard/settings/billing"
                     *           }
                     *         },
                     *         "take_split": {
                     *           "code": "connector_not_live",
                     *           "message": "Add a billing card in Settings, Billing before taking split payments.",
                     *           "fix": {
                     *             "label": "Add a billing card",
                     *             "path": "/dashboard/settings/billing"
                     *           }
                     *         }
                     *       },
                     *       "apple_pay": {
                     *         "domain": "pay.groupsplit.example",
                     *         "status": "active",
                     *         "error": null,
                     *         "checked_at": "2026-12-06T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Picnic Supplies",
                 *       "legal_name": "Picnic Supplies Ltd",
                 *       "business_type": "limited_company",
                 *       "business_address": "12 Market Street, Unit 4, Bristol BS1 4DJ",
                 *       "business_address_parts": {
                 *         "line1": "12 Market Street",
                 *         "line2": "Unit 4",
                 *         "city": "Bristol",
                 *         "county": null,
                 *         "postcode": "BS1 4DJ",
                 *         "country": "United Kingdom"
                 *       },
                 *       "business_email": "hello@shop.example.com",
                 *       "business_phone": "+44 117 496 0123",
                 *       "company_number": "12345678",
                 *       "vat_number": "GB123456789",
                 *       "webhook_url": "https://shop.example.com/webhooks",
                 *       "allow_additional": false
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The trading name shown to customers, 1 to 120 characters.
                     * @example Picnic Supplies
                     */
                    name: string;
                    /**
                     * @description The registered legal name, 1 to 200 characters.
                     * @example Picnic Supplies Ltd
                     */
                    legal_name: string;
                    /**
                     * @description The legal form of the business.
                     * @example limited_company
                     * @enum {string}
                     */
                    business_type: "sole_trader" | "limited_company" | "partnership" | "limited_liability_partnership" | "charity" | "other";
                    /**
                     * @description The address on one line, up to 500 characters. Required unless `business_address_parts` is sent.
                     * @example 12 Market Street, Unit 4, Bristol BS1 4DJ
                     */
                    business_address?: string | null;
                    /** @description The address in parts; `business_address` is then derived from them. */
                    business_address_parts?: {
                        /**
                         * @description First line, 1 to 200 characters.
                         * @example 12 Market Street
                         */
                        line1: string;
                        /**
                         * @description Second line, up to 200 characters.
                         * @example Unit 4
                         */
                        line2?: string | null;
                        /**
                         * @description Town or city, 1 to 100 characters.
                         * @example Bristol
                         */
                        city: string;
                        /**
                         * @description County, up to 100 characters.
                         * @example null
                         */
                        county?: string | null;
                        /**
                         * @description Postcode, 1 to 16 characters.
                         * @example BS1 4DJ
                         */
                        postcode: string;
                        /**
                         * @description Country, up to 60 characters.
                         * @example United Kingdom
                         */
                        country?: string | null;
                    };
                    /**
                     * @description The business contact address (not the login), up to 254 characters.
                     * @example hello@shop.example.com
                     */
                    business_email: string;
                    /**
                     * @description A phone number, 7 to 30 characters.
                     * @example +44 117 496 0123
                     */
                    business_phone: string;
                    /**
                     * @description The Companies House number, letters and digits, up to 20 (spaces are removed). Required for `limited_company` and `limited_liability_partnership`.
                     * @example 12345678
                     */
                    company_number?: string | null;
                    /**
                     * @description The VAT number, up to 20 characters.
                     * @example GB123456789
                     */
                    vat_number?: string | null;
                    /**
                     * @description The live webhook URL, up to 2048 characters; the same checks as `PATCH /api/merchants`.
                     * @example https://shop.example.com/webhooks
                     */
                    webhook_url?: string | null;
                    /**
                     * @description `true` to add a further business to a login that already has one.
                     * @default false
                     * @example false
                     */
                    allow_additional?: boolean;
                };
            };
        };
        responses: {
            /** @description Registered. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *       "name": "Picnic Supplies",
                     *       "webhook_url": "https://shop.example.com/webhooks"
                     *     }
                     */
                    "application/json": components["schemas"]["RegisteredMerchant"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - Complete the required business details (a missing or malformed field; `details` lists each)
             *     - `invalid_webhook_url`: Invalid webhook_url: <reason>
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_webhook_url" | "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `merchant_exists`: This account already has a business. Send allow_additional: true to register another one.
             *     - `company_already_registered`: A business with this company number is already registered. (the body also names the `business_name`)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "merchant_exists" | "company_already_registered";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_role": "owner",
                     *       "current_user_id": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *       "members": [
                     *         {
                     *           "id": "9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62",
                     *           "user_id": "0f2a6d8c-3b1e-4c7a-a9d5-6e8b2f4c1d07",
                     *           "role": "owner",
                     *           "email": "alex@example.com",
                     *           "name": "Alex Morgan",
                     *           "joined_at": "2026-09-01T12:00:00.000Z",
                     *           "identity_verified": true
                     *         }
                     *       ],
                     *       "invites": [
                     *         {
                     *           "id": "2d4f6b8a-9c1e-4a3d-b5f7-1a3c5e7b9d20",
                     *           "email": "jo@example.com",
                     *           "role": "owner",
                     *           "expires_at": "2026-09-01T12:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewTeamInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation token from the e-mailed link, 16 to 128 characters. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "business_name": "Picnic Supplies",
                     *       "role": "owner",
                     *       "email_masked": "j***@example.com",
                     *       "expires_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["InvitePreview"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `invite_invalid`: This invitation is invalid or has expired.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invite_invalid" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptTeamInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation token from the e-mailed link, 16 to 128 characters. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Joined. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "merchant_id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60"
                     *     }
                     */
                    "application/json": components["schemas"]["InviteAccepted"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `invite_email_mismatch`: This invitation was sent to <email>. Sign in with that email to accept it.
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invite_email_mismatch" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `invite_invalid`: This invitation is invalid or has expired.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invite_invalid" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `invite_used`: This invitation has already been used or cancelled.
             *     - `already_member`: That person is already a team member.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invite_used" | "already_member";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inviteTeamMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jo@example.com",
                 *       "role": "finance"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Who to invite: a valid e-mail address, up to 254 characters.
                     * @example jo@example.com
                     */
                    email: string;
                    /**
                     * @description Their role: `admin`, `finance` or `member` (an Admin may invite Finance and Member only).
                     * @example finance
                     * @enum {string}
                     */
                    role: "owner" | "admin" | "finance" | "member";
                };
            };
        };
        responses: {
            /** @description Invited. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2d4f6b8a-9c1e-4a3d-b5f7-1a3c5e7b9d20",
                     *       "email": "jo@example.com",
                     *       "role": "owner",
                     *       "expires_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["TeamInvite"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter a valid email and role.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: You cannot grant that role. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             *     - `already_member`: That person is already a team member.
             *     - `invite_pending`: An invitation is already pending for this email.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required" | "already_member" | "invite_pending";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `invite_email_failed`: The invitation email could not be sent. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invite_email_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeTeamInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The invitation id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `business_forbidden`: You cannot grant that role. (the role may not invite, or may not grant that role)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `invite_not_found`: Pending invitation not found.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "invite_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendTeamInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The invitation id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sent again. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "expires_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ResentInvite"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `business_forbidden`: You cannot grant that role. (the role may not invite, or may not grant that role)
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `invite_not_found`: Pending invitation not found.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "invite_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description A service we depend on failed.
             *
             *     - `invite_email_failed`: The invitation email could not be sent. Please try again.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invite_email_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeTeamMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The team member id (`members[].id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `cannot_remove_self`: You cannot remove your own access here.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "cannot_remove_self" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: You cannot remove this team member. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `member_not_found`: Team member not found.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "member_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeTeamMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The team member id (`members[].id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "admin"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The new role (never `owner`: transfer ownership instead).
                     * @example admin
                     * @enum {string}
                     */
                    role: "owner" | "admin" | "finance" | "member";
                };
            };
        };
        responses: {
            /** @description The new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62",
                     *       "role": "owner"
                     *     }
                     */
                    "application/json": components["schemas"]["RoleChanged"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Enter a valid role.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: You cannot change this team member's role. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `member_not_found`: Team member not found.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "member_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transferOwnership: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "member_id": "9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62",
                 *       "confirmation": "Picnic Supplies"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The team member who becomes Owner (`members[].id`); you become Admin.
                     * @example 9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62
                     */
                    member_id: string;
                    /**
                     * @description The business name, typed exactly, to confirm.
                     * @example Picnic Supplies
                     */
                    confirmation: string;
                };
            };
        };
        responses: {
            /** @description Transferred. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "owner_member_id": "9e1c3a5d-7b2f-4d6e-8a4c-3f5b7d9e1a62",
                     *       "verification_status": "pending"
                     *     }
                     */
                    "application/json": components["schemas"]["OwnershipTransferred"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `confirmation_mismatch`: Enter the business name exactly to confirm the transfer.
             *     - `invalid_member`: Choose another current team member.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "confirmation_mismatch" | "invalid_member" | "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Only the owner can transfer ownership. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             *     - `ownership_changed`: Ownership changed while you were confirming. Reload and try again.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required" | "ownership_changed";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description How many rows: default 20, clamped to 1–100. */
                limit?: number;
                /** @description A delivery id from the page before: the rows that come after it (older), for paging. An unknown id answers 404 `delivery_not_found`. */
                starting_after?: string;
                /** @description Only attempts of this event type. */
                type?: "checkout_split.participant_authorised" | "checkout_split.authorised" | "checkout_split.paid" | "checkout_split.canceled" | "checkout_split.refunded" | "checkout_session.expired";
                /** @description Only attempts with this `outcome`. */
                status?: "succeeded" | "failed" | "skipped";
                /** @description Only attempts of events about this split (the event's `data.split_id`). */
                split_id?: string;
            };
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delivery attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84",
                     *         "event_id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *         "event_type": "checkout_split.paid",
                     *         "mode": "test",
                     *         "trigger": "event",
                     *         "attempt": 1,
                     *         "url": "https://shop.example.com/webhooks",
                     *         "outcome": "succeeded",
                     *         "status_code": 200,
                     *         "response_excerpt": "ok",
                     *         "duration_ms": 84,
                     *         "error": null,
                     *         "signed_at": "2026-09-01T12:00:00.000Z",
                     *         "next_attempt_at": null,
                     *         "gave_up_at": null,
                     *         "started_at": "2026-09-01T12:00:00.000Z",
                     *         "created_at": "2026-09-01T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `validation_failed`: Validation failed (limit is not a number, or an unknown type or status)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `delivery_not_found`: Delivery not found (`starting_after` is not a delivery of this business and mode)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "delivery_not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The delivery log row (`id` of the delivery log). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt and its request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84",
                     *       "event_id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *       "event_type": "checkout_split.paid",
                     *       "mode": "test",
                     *       "trigger": "event",
                     *       "attempt": 1,
                     *       "url": "https://shop.example.com/webhooks",
                     *       "outcome": "succeeded",
                     *       "status_code": 200,
                     *       "response_excerpt": "ok",
                     *       "duration_ms": 84,
                     *       "error": null,
                     *       "signed_at": "2026-09-01T12:00:00.000Z",
                     *       "next_attempt_at": null,
                     *       "gave_up_at": null,
                     *       "started_at": "2026-09-01T12:00:00.000Z",
                     *       "created_at": "2026-09-01T12:00:00.000Z",
                     *       "request_headers": {
                     *         "Content-Type": "application/json",
                     *         "X-Service-Attempt": "1"
                     *       },
                     *       "request_body": "{\"id\":\"6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16\",\"type\":\"checkout_split.paid\"}"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `delivery_not_found`: Delivery not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "delivery_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
            };
            path: {
                /** @description The delivery log row (`id` of the delivery log). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt, as logged. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84",
                     *       "event_id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *       "event_type": "checkout_split.paid",
                     *       "mode": "test",
                     *       "trigger": "event",
                     *       "attempt": 1,
                     *       "url": "https://shop.example.com/webhooks",
                     *       "outcome": "succeeded",
                     *       "status_code": 200,
                     *       "response_excerpt": "ok",
                     *       "duration_ms": 84,
                     *       "error": null,
                     *       "signed_at": "2026-09-01T12:00:00.000Z",
                     *       "next_attempt_at": null,
                     *       "gave_up_at": null,
                     *       "started_at": "2026-09-01T12:00:00.000Z",
                     *       "created_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The worker had not finished well after the endpoint's own time limit; the log will show the attempt. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome": "pending",
                     *       "trigger": "test"
                     *     }
                     */
                    "application/json": components["schemas"]["PendingDelivery"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `webhook_url_not_set`: Set a webhook_url for <mode> mode first (PATCH /api/merchants with X-Service-Mode: <mode>)
             *     - `webhook_secret_not_set`: Create a webhook secret for <mode> mode first (POST /api/merchants/credentials/rotate with X-Service-Mode: <mode>)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "webhook_url_not_set" | "webhook_secret_not_set" | "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             *     - `delivery_not_found`: Delivery not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant" | "delivery_not_found" | "not_found";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chooses the business for a login that belongs to more than one (else 409 `business_selection_required`). Browsers cannot send it; servers can. */
                "x-service-merchant-id"?: components["parameters"]["MerchantSelection"];
                /** @description Selects test mode (`test`) on credential, gate, billing and webhook reads and changes; absent or `live` means live. Any other value is 400 `invalid_service_mode`. */
                "X-Service-Mode"?: components["parameters"]["ServiceMode"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "type": "checkout_split.paid"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event type of the sample; default `checkout_split.paid`.
                     * @example checkout_split.paid
                     * @enum {string}
                     */
                    type?: "checkout_split.participant_authorised" | "checkout_split.authorised" | "checkout_split.paid" | "checkout_split.canceled" | "checkout_split.refunded" | "checkout_session.expired";
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The attempt, as logged. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4a6c8e0b-2d1f-4b3a-9e5c-7b9d1f3a5c84",
                     *       "event_id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *       "event_type": "checkout_split.paid",
                     *       "mode": "test",
                     *       "trigger": "event",
                     *       "attempt": 1,
                     *       "url": "https://shop.example.com/webhooks",
                     *       "outcome": "succeeded",
                     *       "status_code": 200,
                     *       "response_excerpt": "ok",
                     *       "duration_ms": 84,
                     *       "error": null,
                     *       "signed_at": "2026-09-01T12:00:00.000Z",
                     *       "next_attempt_at": null,
                     *       "gave_up_at": null,
                     *       "started_at": "2026-09-01T12:00:00.000Z",
                     *       "created_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The worker had not finished well after the endpoint's own time limit; the log will show the attempt. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome": "pending",
                     *       "trigger": "test"
                     *     }
                     */
                    "application/json": components["schemas"]["PendingDelivery"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `invalid_service_mode`: X-Service-Mode must be test or live
             *     - `webhook_url_not_set`: Set a webhook_url for <mode> mode first (PATCH /api/merchants with X-Service-Mode: <mode>)
             *     - `webhook_secret_not_set`: Create a webhook secret for <mode> mode first (POST /api/merchants/credentials/rotate with X-Service-Mode: <mode>)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "invalid_service_mode" | "webhook_url_not_set" | "webhook_secret_not_set" | "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `business_forbidden`: Your role does not allow this action. (the role may not do this)
             *     - `business_forbidden`: This business is paused: the workspace is read-only until it is unpaused. (the workspace is paused (read-only))
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_forbidden" | "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found.
             *
             *     - `no_merchant`: No merchant for this user (the login belongs to no business)
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "no_merchant";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflicts with the current state.
             *
             *     - `business_selection_required`: This login belongs to more than one business: send x-service-merchant-id to choose one (the login belongs to several businesses and no x-service-merchant-id was sent)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "business_selection_required";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "workspaces": [
                     *         {
                     *           "merchant_id": "5b7e2c91-0a3d-4f6e-b812-9c4d7a1e3f60",
                     *           "name": "Picnic Supplies",
                     *           "role": "owner"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Workspaces"];
                };
            };
            /** @description Malformed input (see Errors in the introduction). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description No valid credential.
             *
             *     - `unauthorized`: Unauthorized (missing, malformed or expired bearer token)
             *     - `missing_authorization`: Missing or invalid Authorization header (an API key instead of a bearer token)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "unauthorized" | "missing_authorization";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Not allowed.
             *
             *     - `consent_required`: Consent required (the current terms are not accepted yet)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "consent_required";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitContactForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "alex@example.com",
                 *       "name": "Alex Morgan",
                 *       "company": "Picnic Supplies Ltd",
                 *       "message": "We sell picnic hampers and would like group checkout."
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Where to answer, up to 254 characters.
                     * @example alex@example.com
                     */
                    email: string;
                    /**
                     * @description Your name, up to 200 characters.
                     * @example Alex Morgan
                     */
                    name?: string | null;
                    /**
                     * @description Your company, up to 200 characters.
                     * @example Picnic Supplies Ltd
                     */
                    company?: string | null;
                    /**
                     * @description What you would like to say, up to 5000 characters.
                     * @example We sell picnic hampers and would like group checkout.
                     */
                    message?: string | null;
                };
            };
        };
        responses: {
            /** @description Received. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *       "form": "contact",
                     *       "received_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FormReceived"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Validation failed
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitPartnerForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "alex@example.com",
                 *       "name": "Alex Morgan",
                 *       "company": "Picnic Supplies Ltd",
                 *       "message": "We sell picnic hampers and would like group checkout."
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Where to answer, up to 254 characters.
                     * @example alex@example.com
                     */
                    email: string;
                    /**
                     * @description Your name, up to 200 characters.
                     * @example Alex Morgan
                     */
                    name?: string | null;
                    /**
                     * @description Your company, up to 200 characters.
                     * @example Picnic Supplies Ltd
                     */
                    company?: string | null;
                    /**
                     * @description What you would like to say, up to 5000 characters.
                     * @example We sell picnic hampers and would like group checkout.
                     */
                    message?: string | null;
                };
            };
        };
        responses: {
            /** @description Received. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *       "form": "contact",
                     *       "received_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FormReceived"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Validation failed
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitWaitlistForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "alex@example.com",
                 *       "name": "Alex Morgan",
                 *       "company": "Picnic Supplies Ltd",
                 *       "message": "We sell picnic hampers and would like group checkout."
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Where to answer, up to 254 characters.
                     * @example alex@example.com
                     */
                    email: string;
                    /**
                     * @description Your name, up to 200 characters.
                     * @example Alex Morgan
                     */
                    name?: string | null;
                    /**
                     * @description Your company, up to 200 characters.
                     * @example Picnic Supplies Ltd
                     */
                    company?: string | null;
                    /**
                     * @description What you would like to say, up to 5000 characters.
                     * @example We sell picnic hampers and would like group checkout.
                     */
                    message?: string | null;
                };
            };
        };
        responses: {
            /** @description Received. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                     *       "form": "contact",
                     *       "received_at": "2026-09-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FormReceived"];
                };
            };
            /**
             * @description The request was refused.
             *
             *     - `validation_failed`: Validation failed
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "validation_failed" | "invalid_json";
                    } & components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests.
             *
             *     - `rate_limited`: Too many requests. Please try again later.
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Machine-readable reason: one of the codes this operation answers with at this status.
                         * @enum {unknown}
                         */
                        code?: "rate_limited";
                    } & components["schemas"]["Error"];
                };
            };
            /** @description Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, 502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_checkout_split_participant_authorised: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
                 * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "X-Service-Signature": components["parameters"]["WebhookSignature"];
                /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
                "X-Service-Event-Id": components["parameters"]["WebhookEventId"];
                /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
                "X-Service-Attempt": components["parameters"]["WebhookAttempt"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                 *       "type": "checkout_split.participant_authorised",
                 *       "created": 1788264000,
                 *       "mode": "test",
                 *       "sample": false,
                 *       "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *       "customer_email": "alex@example.com",
                 *       "customer_name": "Alex Morgan",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       },
                 *       "data": {
                 *         "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                 *         "order_reference": "ORDER-1001",
                 *         "status": "captured",
                 *         "currency": "gbp",
                 *         "total_amount": "44.95",
                 *         "approved_count": 2,
                 *         "total_count": 2,
                 *         "participants": [
                 *           {
                 *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *             "email": "alex@example.com",
                 *             "amount": "22.50",
                 *             "refunded_amount": "0.00",
                 *             "status": "captured"
                 *           }
                 *         ],
                 *         "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *         "customer_email": "alex@example.com",
                 *         "customer_name": "Alex Morgan",
                 *         "metadata": {
                 *           "order_id": "1001"
                 *         },
                 *         "participant": {
                 *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *           "email": "alex@example.com",
                 *           "amount": "22.50",
                 *           "refunded_amount": "0.00",
                 *           "status": "captured"
                 *         },
                 *         "refund": {
                 *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                 *           "amount": "10.00",
                 *           "total_refunded": "10.00",
                 *           "status": "complete",
                 *           "reason": "Item out of stock",
                 *           "actor": "api_key"
                 *         },
                 *         "reason": "canceled"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ParticipantAuthorisedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about 47 hours, then the business owner is e-mailed. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_split_authorised: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
                 * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "X-Service-Signature": components["parameters"]["WebhookSignature"];
                /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
                "X-Service-Event-Id": components["parameters"]["WebhookEventId"];
                /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
                "X-Service-Attempt": components["parameters"]["WebhookAttempt"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                 *       "type": "checkout_split.authorised",
                 *       "created": 1788264000,
                 *       "mode": "test",
                 *       "sample": false,
                 *       "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *       "customer_email": "alex@example.com",
                 *       "customer_name": "Alex Morgan",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       },
                 *       "data": {
                 *         "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                 *         "order_reference": "ORDER-1001",
                 *         "status": "captured",
                 *         "currency": "gbp",
                 *         "total_amount": "44.95",
                 *         "approved_count": 2,
                 *         "total_count": 2,
                 *         "participants": [
                 *           {
                 *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *             "email": "alex@example.com",
                 *             "amount": "22.50",
                 *             "refunded_amount": "0.00",
                 *             "status": "captured"
                 *           }
                 *         ],
                 *         "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *         "customer_email": "alex@example.com",
                 *         "customer_name": "Alex Morgan",
                 *         "metadata": {
                 *           "order_id": "1001"
                 *         },
                 *         "participant": {
                 *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *           "email": "alex@example.com",
                 *           "amount": "22.50",
                 *           "refunded_amount": "0.00",
                 *           "status": "captured"
                 *         },
                 *         "refund": {
                 *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                 *           "amount": "10.00",
                 *           "total_refunded": "10.00",
                 *           "status": "complete",
                 *           "reason": "Item out of stock",
                 *           "actor": "api_key"
                 *         },
                 *         "reason": "canceled"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SplitAuthorisedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about 47 hours, then the business owner is e-mailed. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_split_paid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
                 * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "X-Service-Signature": components["parameters"]["WebhookSignature"];
                /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
                "X-Service-Event-Id": components["parameters"]["WebhookEventId"];
                /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
                "X-Service-Attempt": components["parameters"]["WebhookAttempt"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                 *       "type": "checkout_split.paid",
                 *       "created": 1788264000,
                 *       "mode": "test",
                 *       "sample": false,
                 *       "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *       "customer_email": "alex@example.com",
                 *       "customer_name": "Alex Morgan",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       },
                 *       "data": {
                 *         "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                 *         "order_reference": "ORDER-1001",
                 *         "status": "captured",
                 *         "currency": "gbp",
                 *         "total_amount": "44.95",
                 *         "approved_count": 2,
                 *         "total_count": 2,
                 *         "participants": [
                 *           {
                 *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *             "email": "alex@example.com",
                 *             "amount": "22.50",
                 *             "refunded_amount": "0.00",
                 *             "status": "captured"
                 *           }
                 *         ],
                 *         "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *         "customer_email": "alex@example.com",
                 *         "customer_name": "Alex Morgan",
                 *         "metadata": {
                 *           "order_id": "1001"
                 *         },
                 *         "participant": {
                 *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *           "email": "alex@example.com",
                 *           "amount": "22.50",
                 *           "refunded_amount": "0.00",
                 *           "status": "captured"
                 *         },
                 *         "refund": {
                 *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                 *           "amount": "10.00",
                 *           "total_refunded": "10.00",
                 *           "status": "complete",
                 *           "reason": "Item out of stock",
                 *           "actor": "api_key"
                 *         },
                 *         "reason": "canceled"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SplitPaidEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about 47 hours, then the business owner is e-mailed. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_split_canceled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
                 * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "X-Service-Signature": components["parameters"]["WebhookSignature"];
                /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
                "X-Service-Event-Id": components["parameters"]["WebhookEventId"];
                /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
                "X-Service-Attempt": components["parameters"]["WebhookAttempt"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                 *       "type": "checkout_split.canceled",
                 *       "created": 1788264000,
                 *       "mode": "test",
                 *       "sample": false,
                 *       "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *       "customer_email": "alex@example.com",
                 *       "customer_name": "Alex Morgan",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       },
                 *       "data": {
                 *         "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                 *         "order_reference": "ORDER-1001",
                 *         "status": "captured",
                 *         "currency": "gbp",
                 *         "total_amount": "44.95",
                 *         "approved_count": 2,
                 *         "total_count": 2,
                 *         "participants": [
                 *           {
                 *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *             "email": "alex@example.com",
                 *             "amount": "22.50",
                 *             "refunded_amount": "0.00",
                 *             "status": "captured"
                 *           }
                 *         ],
                 *         "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *         "customer_email": "alex@example.com",
                 *         "customer_name": "Alex Morgan",
                 *         "metadata": {
                 *           "order_id": "1001"
                 *         },
                 *         "participant": {
                 *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *           "email": "alex@example.com",
                 *           "amount": "22.50",
                 *           "refunded_amount": "0.00",
                 *           "status": "captured"
                 *         },
                 *         "refund": {
                 *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                 *           "amount": "10.00",
                 *           "total_refunded": "10.00",
                 *           "status": "complete",
                 *           "reason": "Item out of stock",
                 *           "actor": "api_key"
                 *         },
                 *         "reason": "canceled"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SplitCanceledEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about 47 hours, then the business owner is e-mailed. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_split_refunded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
                 * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "X-Service-Signature": components["parameters"]["WebhookSignature"];
                /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
                "X-Service-Event-Id": components["parameters"]["WebhookEventId"];
                /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
                "X-Service-Attempt": components["parameters"]["WebhookAttempt"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                 *       "type": "checkout_split.refunded",
                 *       "created": 1788264000,
                 *       "mode": "test",
                 *       "sample": false,
                 *       "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *       "customer_email": "alex@example.com",
                 *       "customer_name": "Alex Morgan",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       },
                 *       "data": {
                 *         "split_id": "8a1d4f3e-5c2b-4e7a-9f10-3b6c2d8e4a51",
                 *         "order_reference": "ORDER-1001",
                 *         "status": "captured",
                 *         "currency": "gbp",
                 *         "total_amount": "44.95",
                 *         "approved_count": 2,
                 *         "total_count": 2,
                 *         "participants": [
                 *           {
                 *             "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *             "email": "alex@example.com",
                 *             "amount": "22.50",
                 *             "refunded_amount": "0.00",
                 *             "status": "captured"
                 *           }
                 *         ],
                 *         "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *         "customer_email": "alex@example.com",
                 *         "customer_name": "Alex Morgan",
                 *         "metadata": {
                 *           "order_id": "1001"
                 *         },
                 *         "participant": {
                 *           "id": "c3e8a9b1-7d4f-4a2e-8b6c-1f9e0d2a7b34",
                 *           "email": "alex@example.com",
                 *           "amount": "22.50",
                 *           "refunded_amount": "0.00",
                 *           "status": "captured"
                 *         },
                 *         "refund": {
                 *           "refund_id": "e4b2c6a8-1f3d-4e5b-9c7a-8d0f2b4e6a13",
                 *           "amount": "10.00",
                 *           "total_refunded": "10.00",
                 *           "status": "complete",
                 *           "reason": "Item out of stock",
                 *           "actor": "api_key"
                 *         },
                 *         "reason": "canceled"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SplitRefundedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about 47 hours, then the business owner is e-mailed. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_session_expired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.
                 * @example t=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "X-Service-Signature": components["parameters"]["WebhookSignature"];
                /** @description The event id (`id` in the body). Stable across retries and resends: dedupe on it. */
                "X-Service-Event-Id": components["parameters"]["WebhookEventId"];
                /** @description Attempt number, 1 to 9 (a test send or resend is attempt 1). */
                "X-Service-Attempt": components["parameters"]["WebhookAttempt"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16",
                 *       "type": "checkout_session.expired",
                 *       "created": 1788264000,
                 *       "mode": "test",
                 *       "sample": false,
                 *       "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *       "customer_email": "alex@example.com",
                 *       "customer_name": "Alex Morgan",
                 *       "metadata": {
                 *         "order_id": "1001"
                 *       },
                 *       "data": {
                 *         "session_token": "Yk3vR8qLw2ZpN5tHc9XjF4mDs7BgQ1aEu6KyT0nWr3M",
                 *         "order_reference": "ORDER-1001",
                 *         "amount": "44.95",
                 *         "currency": "gbp",
                 *         "customer_email": "alex@example.com",
                 *         "customer_name": "Alex Morgan",
                 *         "metadata": {
                 *           "order_id": "1001"
                 *         },
                 *         "expired_at": "2026-09-01T12:00:00.000Z",
                 *         "split_id": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SessionExpiredEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about 47 hours, then the business owner is e-mailed. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

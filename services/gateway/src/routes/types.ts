/**
 * How the gateway treats one route. The 401 wording differs by route family (docs/spec.md,
 * Errors), so the family is part of the requirement.
 */
export type AuthRequirement =
  | 'none'
  /** Merchant routes: 401 `Unauthorized`; consent enforced. */
  | 'session'
  /** Splits routes: 401 `Missing or invalid Authorization header` / `Invalid token`; consent enforced. */
  | 'session_splits'
  /** Signed-in routes exempt from consent (sign-out, consent itself). */
  | 'session_no_consent'
  /** Hosted-checkout server routes: 401 `Invalid API Key`. */
  | 'api_key'
  /** Remind: an API key, or a dashboard session. */
  | 'api_key_or_session'
  /** Buyer calls: the token in the path is the credential; a buyer's bearer is attached when present. */
  | 'optional_session'
  /** The session refresh: the refresh cookie's hash rides in the (otherwise anonymous) principal; nothing else reads a cookie. */
  | 'refresh_cookie';

export type BucketName =
  | 'session_create'
  | 'server_ops'
  | 'public_lookup'
  | 'sensitive'
  | 'sign_in'
  | 'session_refresh'
  | 'export';

export type Target = 'merchants' | 'checkout';

export type RouteRule = {
  method: string | '*';
  /** Path pattern: `:name` matches one segment, a trailing `**` matches the rest. */
  path: string;
  target: Target;
  auth: AuthRequirement;
  bucket?: BucketName;
  /**
   * The service replays a repeated `Idempotency-Key` instead of doing the work again, so a call that
   * carries one is safe to send again when the service restarts under it (proxy.ts).
   */
  replaysIdempotencyKey?: true;
};

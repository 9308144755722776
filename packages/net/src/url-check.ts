import { lookup } from 'node:dns/promises';
import type { Config } from '@groupsplit/config';
import { badRequest, MESSAGES } from '@groupsplit/core';
import type { ServiceMode } from '@groupsplit/http';
import { type ForbiddenAddressKind, forbiddenAddressKind, isIpLiteral } from './ip-address';
import { TIMED_OUT, within } from './within';

/** Every address a host name resolves to. */
export type Resolver = (host: string) => Promise<string[]>;

export type OutboundUrlPolicy = {
  /**
   * Plain http and loopback, private, link-local or metadata targets are allowed. For webhooks
   * this comes from `allowsPrivateWebhookTarget` (test mode with ALLOW_PRIVATE_WEBHOOK_TARGETS only).
   */
  allowPrivate: boolean;
  /** Defaults to the system resolver (the one the connection would use). */
  resolve?: Resolver;
  /**
   * Saving a URL whose name does not resolve yet is allowed (DNS may not be live); the
   * check runs again before every delivery, where an unresolvable name fails.
   */
  unresolvable: 'allow' | 'refuse';
  resolveTimeoutMs?: number;
  /**
   * Ports this system listens on (ownListeningPorts). Where private targets are allowed, a loopback
   * or private address on one of them is still refused: a test-mode webhook must not POST to our own
   * internal services and store their answer in the delivery log.
   */
  ownPorts?: readonly number[];
};

export type UrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

export const MAX_URL_LENGTH = 2048;

/** Names that by definition, or by convention, only ever mean something inside a network. */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa', '.localdomain'];

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

async function resolveWithin(resolve: Resolver, host: string, timeoutMs: number): Promise<string[] | null> {
  const addresses = await within(
    resolve(host).catch(() => null),
    timeoutMs,
  );
  return addresses === TIMED_OUT ? null : addresses;
}

function isInternalName(host: string): boolean {
  if (host === 'localhost') return true;
  if (!host.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

/**
 * What ALLOW_PRIVATE_WEBHOOK_TARGETS lets a test-mode URL reach: a developer's own receiver on this
 * machine (`http://localhost:4000/webhooks`, docs/quickstart.md) or on their network. Never the rest:
 * link-local addresses (169.254.0.0/16, fe80::/10) and the cloud metadata service are the host's own
 * plumbing, not a receiver, and 0.0.0.0 / :: reach every local service at once.
 */
const ALLOWED_WHEN_PRIVATE: ReadonlySet<ForbiddenAddressKind> = new Set([
  'loopback',
  'private',
  'shared address space (CGNAT)',
]);

/** Why an address is refused under this policy, or null. */
function refusedKind(address: string, policy: OutboundUrlPolicy): ForbiddenAddressKind | null {
  const kind = forbiddenAddressKind(address);
  if (!kind) return null;
  return policy.allowPrivate && ALLOWED_WHEN_PRIVATE.has(kind) ? null : kind;
}

/**
 * Decides whether the service may call a merchant-supplied URL. The reason is
 * written for the merchant; it never echoes what an internal name resolved to.
 */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

const OWN_PORT = "must not be one of this service's own ports";

/** A private or loopback address on one of our own ports (only reachable when private targets are allowed). */
const reachesOwnPort = (url: URL, addresses: string[], policy: OutboundUrlPolicy) =>
  (policy.ownPorts ?? []).includes(portOf(url)) && addresses.some((address) => forbiddenAddressKind(address) !== null);

export async function checkOutboundUrl(raw: string, policy: OutboundUrlPolicy): Promise<UrlCheck> {
  if (raw.length > MAX_URL_LENGTH) return refuse(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a valid URL');
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return refuse('must use https');
  if (url.username || url.password) return refuse('must not contain credentials');
  // WHATWG parsing has already turned 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (!host) return refuse('must include a host');

  if (isIpLiteral(host)) {
    const kind = refusedKind(host, policy);
    if (kind) return refuse(`host is a ${kind} address`);
    if (reachesOwnPort(url, [host], policy)) return refuse(OWN_PORT);
    return { ok: true, url, addresses: [host] };
  }
  if (!policy.allowPrivate && isInternalName(host)) return refuse('host must be a public domain name');

  const addresses = await resolveWithin(policy.resolve ?? systemResolver, host, policy.resolveTimeoutMs ?? 3000);
  if (!addresses || addresses.length === 0) {
    return policy.unresolvable === 'allow' ? { ok: true, url, addresses: [] } : refuse('host could not be resolved');
  }
  for (const address of addresses) {
    const kind = refusedKind(address, policy);
    if (kind) return refuse(`host resolves to a ${kind} address`);
  }
  if (reachesOwnPort(url, addresses, policy)) return refuse(OWN_PORT);
  return { ok: true, url, addresses };
}

/**
 * Whether a webhook URL of this mode may skip the private-target checks (and use plain http).
 * ALLOW_PRIVATE_WEBHOOK_TARGETS exists so a developer can receive TEST events on localhost; a
 * live URL gets every check in every environment, whatever the variable says. Save time and
 * every delivery attempt both ask here.
 */
export function allowsPrivateWebhookTarget(
  config: Pick<Config, 'ALLOW_PRIVATE_WEBHOOK_TARGETS'>,
  mode: ServiceMode,
): boolean {
  return mode === 'test' && config.ALLOW_PRIVATE_WEBHOOK_TARGETS;
}

type PortSettings = Pick<
  Config,
  | 'GATEWAY_PORT'
  | 'MERCHANTS_PORT'
  | 'CHECKOUT_PORT'
  | 'EMULATOR_PORT'
  | 'WORKER_METRICS_PORT'
  | 'WORKER_TEMPORAL_METRICS_PORT'
  | 'SMTP_PORT'
  | 'TEMPORAL_UI_PORT'
  | 'MAIL_UI_PORT'
  | 'PUBLIC_BASE_URL'
  | 'MERCHANTS_URL'
  | 'CHECKOUT_URL'
  | 'DATABASE_URL'
  | 'TEMPORAL_ADDRESS'
  | 'REDIS_URL'
  | 'STRIPE_API_BASE_URL'
>;

/**
 * Ports Temporal's own services listen on beside the frontend (TEMPORAL_ADDRESS): the frontend's HTTP
 * API (7243), history, matching and the internal worker (7234, 7235, 7239) and their membership ports
 * (6933–6939), as `temporal server start-dev`, `npm run cluster` and the chart use them.
 */
export const TEMPORAL_SERVICE_PORTS = [7234, 7235, 7239, 7243, 6933, 6934, 6935, 6939] as const;

/**
 * Every port this system (and what it runs on: Postgres, Temporal and its UI, Redis, mail and its UI)
 * listens on, from its configuration.
 */
export function ownListeningPorts(config: Partial<PortSettings>): number[] {
  const ports = new Set<number>(TEMPORAL_SERVICE_PORTS);
  for (const port of [
    config.GATEWAY_PORT,
    config.MERCHANTS_PORT,
    config.CHECKOUT_PORT,
    config.EMULATOR_PORT,
    config.WORKER_METRICS_PORT,
    config.WORKER_TEMPORAL_METRICS_PORT,
    config.SMTP_PORT,
    config.TEMPORAL_UI_PORT,
    config.MAIL_UI_PORT,
  ]) {
    if (port) ports.add(port);
  }
  const urls = [config.PUBLIC_BASE_URL, config.MERCHANTS_URL, config.CHECKOUT_URL, config.DATABASE_URL]
    .concat([config.REDIS_URL, config.STRIPE_API_BASE_URL])
    .concat(config.TEMPORAL_ADDRESS ? [`tcp://${config.TEMPORAL_ADDRESS}`] : []);
  for (const raw of urls) {
    if (!raw) continue;
    try {
      const url = new URL(raw);
      if (url.port) ports.add(Number(url.port));
      else if (url.protocol === 'https:' || url.protocol === 'http:') ports.add(portOf(url));
    } catch {}
  }
  return [...ports];
}

/**
 * The one policy for every outbound call to a merchant-supplied URL, webhooks and line-item
 * images alike: a live URL gets every check; a test one may be private only with
 * ALLOW_PRIVATE_WEBHOOK_TARGETS; and none reaches one of our own ports.
 */
export function outboundPolicyFor(
  config: Pick<Config, 'ALLOW_PRIVATE_WEBHOOK_TARGETS'> & Partial<PortSettings>,
  mode: ServiceMode,
): Pick<OutboundUrlPolicy, 'allowPrivate' | 'ownPorts'> {
  return { allowPrivate: allowsPrivateWebhookTarget(config, mode), ownPorts: ownListeningPorts(config) };
}

export type WebhookUrlTarget = {
  /** The mode the URL is saved for. */
  mode: ServiceMode;
  config: Pick<Config, 'ALLOW_PRIVATE_WEBHOOK_TARGETS'> & Partial<PortSettings>;
  resolve?: Resolver;
};

/**
 * The save-time check behind `PATCH /api/merchants` and registration: 400
 * `Invalid webhook_url: <reason>`. Returns the URL as the merchant typed it (trimmed), so
 * it reads back unchanged.
 */
export async function assertWebhookUrl(raw: string, target: WebhookUrlTarget): Promise<string> {
  const trimmed = raw.trim();
  const check = await checkOutboundUrl(trimmed, {
    ...outboundPolicyFor(target.config, target.mode),
    resolve: target.resolve,
    unresolvable: 'allow',
  });
  if (!check.ok) throw badRequest(MESSAGES.invalidWebhookUrl(check.reason), 'invalid_webhook_url');
  return trimmed;
}

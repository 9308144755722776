import { isIPv4, isIPv6 } from 'node:net';

/**
 * Why an address may not be the target of an outbound call the merchant controls
 * (webhooks). Everything that is not ordinary public unicast is refused: a webhook
 * must never become a way to reach the service's own network.
 */
export type ForbiddenAddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared address space (CGNAT)'
  | 'link-local'
  | 'cloud metadata'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved';

function parseIPv4(text: string): number[] | null {
  if (!isIPv4(text)) return null;
  return text.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (zone id ignored), or null. */
function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!isIPv6(address)) return null;
  let head = address;
  const bytes: number[] = [];
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  let tail: number[] = [];
  if (dotted) {
    tail = parseIPv4(dotted[1]!) ?? [];
    head = head.slice(0, -dotted[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const groupsWanted = 8 - tail.length / 2;
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const toGroups = (part: string | undefined) => (part ? part.split(':').filter(Boolean) : []);
  const leftGroups = toGroups(left);
  const rightGroups = toGroups(right);
  const zeros = right === undefined ? 0 : groupsWanted - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...rightGroups];
  if (groups.length !== groupsWanted) return null;
  for (const group of groups) {
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return [...bytes, ...tail];
}

function classifyIPv4([a, b, c, d]: number[]): ForbiddenAddressKind | null {
  if (a === undefined || b === undefined || c === undefined || d === undefined) return 'reserved';
  if (a === 0) return 'unspecified';
  if (a === 10) return 'private';
  if (a === 100 && (b & 0xc0) === 64) return 'shared address space (CGNAT)';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return c === 169 && d === 254 ? 'cloud metadata' : 'link-local';
  if (a === 172 && (b & 0xf0) === 16) return 'private';
  if (a === 192 && b === 0 && c === 0) return 'reserved';
  if (a === 192 && b === 0 && c === 2) return 'documentation';
  if (a === 192 && b === 88 && c === 99) return 'reserved';
  if (a === 192 && b === 168) return 'private';
  if (a === 198 && (b & 0xfe) === 18) return 'reserved';
  if (a === 198 && b === 51 && c === 100) return 'documentation';
  if (a === 203 && b === 0 && c === 113) return 'documentation';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'broadcast';
  if (a >= 240) return 'reserved';
  return null;
}

const METADATA_V6 = parseIPv6('fd00:ec2::254')!.join('.');

function classifyIPv6(bytes: number[]): ForbiddenAddressKind | null {
  const word = (i: number) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!;
  const words = [0, 1, 2, 3, 4, 5, 6, 7].map(word);
  const embeddedV4 = bytes.slice(12);
  const zeroUpTo = (n: number) => words.slice(0, n).every((w) => w === 0);

  if (words.every((w) => w === 0)) return 'unspecified';
  if (zeroUpTo(7) && words[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and SIIT-translated (::ffff:0:a.b.c.d) carry an IPv4 address.
  if (zeroUpTo(5) && words[5] === 0xffff) return classifyIPv4(embeddedV4);
  if (zeroUpTo(4) && words[4] === 0xffff && words[5] === 0) return classifyIPv4(embeddedV4);
  // Well-known NAT64 prefix 64:ff9b::/96 reaches the embedded IPv4 address.
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) {
    return classifyIPv4(embeddedV4);
  }
  if (words[0] === 0x64 && words[1] === 0xff9b && words[2] === 1) return 'reserved';
  // 6to4 (2002::/16) tunnels to the IPv4 address in bits 16..47.
  if (words[0] === 0x2002) return classifyIPv4(bytes.slice(2, 6));
  if (bytes.join('.') === METADATA_V6) return 'cloud metadata';
  if ((words[0]! & 0xfe00) === 0xfc00) return 'private';
  if ((words[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((words[0]! & 0xff00) === 0xff00) return 'multicast';
  // Outside global unicast (2000::/3): IPv4-compatible, discard-only, site-local and the rest.
  if ((words[0]! & 0xe000) !== 0x2000) return 'reserved';
  if (words[0] === 0x2001 && words[1] === 0x0db8) return 'documentation';
  if (words[0] === 0x3fff && words[1]! < 0x1000) return 'documentation';
  // 2001::/23 holds Teredo (which hides an IPv4 address), benchmarking and ORCHID.
  if (words[0] === 0x2001 && words[1]! < 0x0200) return 'reserved';
  return null;
}

/** Null for a public unicast address; otherwise the kind of address it is. Non-addresses are 'reserved'. */
export function forbiddenAddressKind(address: string): ForbiddenAddressKind | null {
  const v4 = parseIPv4(address);
  if (v4) return classifyIPv4(v4);
  const v6 = parseIPv6(address);
  if (v6) return classifyIPv6(v6);
  return 'reserved';
}

/** True for an IPv4 or IPv6 literal (IPv6 with or without brackets). */
export function isIpLiteral(host: string): boolean {
  return isIPv4(host) || isIPv6(host.replace(/^\[|\]$/g, '').split('%')[0] ?? '');
}

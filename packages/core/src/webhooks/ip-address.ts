/**
 * Which network addresses an outgoing webhook may reach. A webhook URL is typed by a team member,
 * so without this rule the server would POST on their behalf to its own loopback, the cloud's
 * metadata service (169.254.169.254) or the private network it sits in (SSRF). Only addresses of
 * the public internet are allowed; everything special-purpose (RFC 6890 and the IANA registries)
 * is refused, including IPv6 forms that carry an IPv4 address inside them.
 */

export type RefusedAddressReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'unique-local'
  | 'invalid';

export type AddressClass = { allowed: true } | { allowed: false; reason: RefusedAddressReason };

const ALLOWED: AddressClass = { allowed: true };
const refused = (reason: RefusedAddressReason): AddressClass => ({ allowed: false, reason });

/** The four bytes of a dotted-decimal IPv4 address (as DNS answers and URLs normalise them). */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** The sixteen bytes of an IPv6 address (`::` shorthand, a trailing dotted IPv4, a `%zone`). */
export function parseIPv6(text: string): number[] | null {
  let rest = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = rest.indexOf('%');
  if (zone >= 0) rest = rest.slice(0, zone);
  if (rest.length === 0 || !/^[0-9a-fA-F:.]+$/.test(rest)) return null;

  if (rest.includes('.')) {
    // A trailing dotted IPv4 (::ffff:127.0.0.1) stands for the last two groups.
    const lastColon = rest.lastIndexOf(':');
    const v4 = lastColon < 0 ? null : parseIPv4(rest.slice(lastColon + 1));
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    rest = `${rest.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }

  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    for (const g of half.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      const n = parseInt(g, 16);
      out.push(n >> 8, n & 0xff);
    }
    return out;
  };
  const head = groups(halves[0] ?? '');
  const after = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (!head || !after) return null;
  const written = head.length + after.length;
  if (halves.length === 2) {
    if (written > 14) return null;
    return [...head, ...new Array<number>(16 - written).fill(0), ...after];
  }
  return written === 16 ? head : null;
}

const inV4 = (b: number[], prefix: number[], bits: number): boolean => {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    if (take === 0) return true;
    const mask = (0xff << (8 - take)) & 0xff;
    if (((b[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
};

/** IPv4 special-purpose blocks, most specific first where they overlap. */
const V4_BLOCKS: [number[], number, RefusedAddressReason][] = [
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function classifyV4Bytes(b: number[]): AddressClass {
  for (const [prefix, bits, reason] of V4_BLOCKS) {
    if (inV4(b, prefix, bits)) return refused(reason);
  }
  return ALLOWED;
}

const startsWith = (b: number[], prefix: number[]) => prefix.every((v, i) => b[i] === v);

function classifyV6Bytes(b: number[]): AddressClass {
  const zeros = (from: number, to: number) => b.slice(from, to).every((v) => v === 0);
  if (zeros(0, 16)) return refused('unspecified');
  if (zeros(0, 15) && b[15] === 1) return refused('loopback');
  // IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) reach the
  // IPv4 address they carry: they are as allowed as that address.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4Bytes(b.slice(12));
  if (startsWith(b, [0, 0x64, 0xff, 0x9b]) && zeros(4, 12)) return classifyV4Bytes(b.slice(12));
  if (startsWith(b, [0x20, 0x02])) return classifyV4Bytes(b.slice(2, 6));
  const first = b[0] ?? 0;
  if (first === 0xff) return refused('multicast');
  if ((first & 0xfe) === 0xfc) return refused('unique-local');
  if (first === 0xfe && ((b[1] ?? 0) & 0xc0) === 0x80) return refused('link-local');
  // Everything outside global unicast 2000::/3 is unassigned or special (IPv4-compatible ::/96,
  // discard 100::/64, the deprecated site-local fec0::/10...).
  if ((first & 0xe0) !== 0x20) return refused('reserved');
  // Teredo 2001::/32 tunnels to an address we cannot see; documentation 2001:db8::/32; ORCHID
  // and the other IETF assignments in 2001::/23.
  if (first === 0x20 && b[1] === 0x01 && (b[2] ?? 0) < 0x02) return refused('reserved');
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8])) return refused('reserved');
  if (startsWith(b, [0x3f, 0xff]) && ((b[2] ?? 0) & 0xf0) === 0) return refused('reserved');
  return ALLOWED;
}

/**
 * Whether a webhook may connect to `address` (an IPv4 or IPv6 literal, as a resolver answers or
 * a URL's host names it; brackets and a zone are accepted). Anything that is not a well-formed
 * address is refused.
 */
export function classifyIpAddress(address: string): AddressClass {
  const v4 = parseIPv4(address);
  if (v4) return classifyV4Bytes(v4);
  const v6 = parseIPv6(address);
  if (v6) return classifyV6Bytes(v6);
  return refused('invalid');
}

/** Whether `text` is an IP literal at all (then no resolver is asked about it). */
export const isIpLiteral = (text: string): boolean =>
  parseIPv4(text) !== null || parseIPv6(text) !== null;

/**
 * What `allowPrivateAddresses` opens (local development, tests): the machine itself and the
 * networks it sits in. Link-local stays refused even then: it holds the cloud metadata service.
 */
const OPENED_BY_PRIVATE: ReadonlySet<RefusedAddressReason> = new Set([
  'loopback',
  'private',
  'shared',
  'unique-local',
]);

/** Whether a webhook may connect to `address`, given the deployment's private-address switch. */
export function webhookAddressClass(address: string, allowPrivateAddresses: boolean): AddressClass {
  const c = classifyIpAddress(address);
  if (!c.allowed && allowPrivateAddresses && OPENED_BY_PRIVATE.has(c.reason)) return ALLOWED;
  return c;
}

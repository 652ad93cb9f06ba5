import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIpLiteral, webhookAddressClass, type RefusedAddressReason } from '@leadloom/core';

/** A resolved address, as `dns.lookup(host, {all: true})` answers. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name; tests inject one that answers what they need. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** The error a refused resolution fails the connection with; the sender reports it as such. */
export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKREFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly reason: RefusedAddressReason,
  ) {
    super(`${hostname} resolves to ${address} (${reason}), which a webhook may not reach`);
  }
}

/** Strips the brackets a URL puts around an IPv6 host. */
export const bareHost = (hostname: string): string =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/** Throws when one of `addresses` is refused: a mixed answer is refused whole. */
function checkAddresses(
  hostname: string,
  addresses: readonly ResolvedAddress[],
  allowPrivate: boolean,
) {
  if (addresses.length === 0) throw new RefusedAddressError(hostname, '(none)', 'invalid');
  for (const { address } of addresses) {
    const c = webhookAddressClass(address, allowPrivate);
    if (!c.allowed) throw new RefusedAddressError(hostname, address, c.reason);
  }
}

/**
 * The `lookup` the socket calls when it connects: it resolves the host and refuses a forbidden
 * address there, so the address checked is the address connected to. A check made earlier (when
 * the URL was saved) proves nothing at delivery: the name's owner may re-point it to 127.0.0.1
 * in between (DNS rebinding). Every connection asks the resolver again; nothing is cached.
 */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        checkAddresses(hostname, addresses, allowPrivate);
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          const err = Object.assign(new Error(`${hostname} has no IPv${family} address`), {
            code: 'ENOTFOUND',
          });
          callback(err, '', 0);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}

/**
 * Whether a URL may be used as a webhook endpoint now: http or https, no credentials, and a host
 * that is (or resolves to) an address a webhook may reach. For the forms that save a URL, to
 * answer at once; the sender checks again when it connects, whatever this said.
 */
export async function checkWebhookUrl(
  url: string,
  options: { resolve?: Resolver; allowPrivateAddresses?: boolean } = {},
): Promise<
  | { ok: true; url: URL }
  | { ok: false; failure: 'invalid-url' | 'refused-address'; message: string }
> {
  const parsed = parseWebhookUrl(url);
  if (!parsed.ok) return parsed;
  const host = bareHost(parsed.url.hostname);
  const allowPrivate = options.allowPrivateAddresses ?? false;
  try {
    const addresses = isIpLiteral(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 } as ResolvedAddress]
      : await (options.resolve ?? systemResolver)(host);
    checkAddresses(host, addresses, allowPrivate);
    return parsed;
  } catch (err) {
    if (err instanceof RefusedAddressError) {
      return { ok: false, failure: 'refused-address', message: err.message };
    }
    return { ok: false, failure: 'invalid-url', message: `${host} does not resolve` };
  }
}

/** The syntactic half: http or https only, and no user name or password in the URL. */
export function parseWebhookUrl(
  url: string,
): { ok: true; url: URL } | { ok: false; failure: 'invalid-url'; message: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, failure: 'invalid-url', message: 'Not a URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, failure: 'invalid-url', message: 'A webhook URL is http or https' };
  }
  if (parsed.username || parsed.password) {
    return {
      ok: false,
      failure: 'invalid-url',
      message: 'A webhook URL may not carry a user name or password',
    };
  }
  return { ok: true, url: parsed };
}

/** The literal-address check: the socket skips `lookup` for an IP, so it is made before. */
export function refusedLiteral(
  hostname: string,
  allowPrivate: boolean,
): RefusedAddressError | null {
  const host = bareHost(hostname);
  if (!isIpLiteral(host)) return null;
  const c = webhookAddressClass(host, allowPrivate);
  return c.allowed ? null : new RefusedAddressError(host, host, c.reason);
}

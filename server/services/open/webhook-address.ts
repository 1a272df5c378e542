import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { TErrorTextCode } from '@/server/error-texts';

// Where a webhook may be sent (docs/security.md "Webhook addresses"): an https address without
// credentials whose host is, and resolves only to, public unicast addresses. Checked when the
// endpoint is added and again at every delivery, where the connection is made to the very
// address checked (a `lookup` of our own), so a name that resolves elsewhere later (DNS
// rebinding) reaches nothing private. `WEBHOOKS_ALLOW_PRIVATE=1` (tests and development only)
// lifts the address rules and allows plain http.

/** Why an address is refused: a field error code of the catalog (common.json `errors`). */
export type TAddressProblem = Extract<
  TErrorTextCode,
  'webhook_https' | 'webhook_credentials' | 'webhook_private' | 'webhook_unresolved' | 'url'
>;

/** Raised by the delivery's lookup: the host resolved to an address that is not allowed. */
export class RefusedAddress extends Error {
  override name = 'RefusedAddress';
}

/**
 * Whether `address` (an IP literal) may receive webhooks: only ipaddr.js's 'unicast' range, IPv4
 * or IPv6, with an IPv4-mapped IPv6 address judged as its IPv4 form (`::ffff:127.0.0.1` is
 * loopback). Anything else (loopback, private, link-local, unique-local, CGNAT, multicast,
 * unspecified, reserved…) is refused unless `allowPrivate`.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  return ip.range() === 'unicast';
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL's own rules, without DNS: https, no credentials; null when they hold. */
function shapeProblem(url: URL, allowPrivate: boolean): TAddressProblem | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return 'webhook_https';
  }
  if (url.username !== '' || url.password !== '') return 'webhook_credentials';
  if (hostOf(url) === '') return 'url';
  return null;
}

/** Every address `host` resolves to (IPv4 and IPv6). */
const resolveAll = (host: string) =>
  dns.promises.lookup(host, { all: true, verbatim: true }).then((found) => found);

/**
 * Checks a webhook address as it is added: null when it may be used, else the field error's code.
 * A host name must resolve, and every address it resolves to must be public.
 */
export async function addressProblem(
  raw: string,
  allowPrivate: boolean,
): Promise<TAddressProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url';
  }
  const shape = shapeProblem(url, allowPrivate);
  if (shape) return shape;
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'webhook_private';
  const found = await resolveAll(host).catch(() => null);
  if (!found || found.length === 0) return 'webhook_unresolved';
  return found.every((a) => isPublicAddress(a.address)) ? null : 'webhook_private';
}

/**
 * The `lookup` of a delivery's request: resolves the host and refuses (RefusedAddress) when any
 * address it gives is not public, so the socket connects only to an address just checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (err, found) => {
      if (err) return callback(err, '', 0);
      if (
        !allowPrivate &&
        (found.length === 0 || !found.every((a) => isPublicAddress(a.address)))
      ) {
        return callback(new RefusedAddress(`refused address for ${hostname}`), '', 0);
      }
      if (options.all) {
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, found);
        return;
      }
      const first = found.find((a) => !options.family || a.family === options.family) ?? found[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks an address at delivery, before connecting: its shape, and an IP literal's range (a
 * literal is connected to without a lookup). A host name is checked by guardedLookup.
 */
export function deliveryProblem(url: URL, allowPrivate: boolean): TAddressProblem | null {
  const shape = shapeProblem(url, allowPrivate);
  if (shape) return shape;
  const host = hostOf(url);
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) return 'webhook_private';
  return null;
}

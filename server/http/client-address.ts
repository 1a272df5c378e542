import { isIP } from 'node:net';
import type { Context } from 'hono';

/** What @hono/node-server passes as the request's bindings: the Node request and its socket. */
type TNodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The address a rate limit is keyed on (docs/security.md "Client addresses").
 *
 * It is the socket's peer address. `X-Forwarded-For` is read only when `trustProxy` names how
 * many proxies stand in front of the server: each proxy appends the address it received the
 * request from, so the client is the entry that many hops from the right; anything further left
 * was written by the client and is ignored. `X-Real-IP` is never read. IPv6 addresses are keyed
 * by their /64 network, which one subscriber usually holds whole.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  const socket = (c.env as TNodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  let address = socket;
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Fewer entries than trusted proxies: the first proxy saw the client directly.
    const forwarded = hops.length >= trustProxy ? hops[hops.length - trustProxy] : hops[0];
    if (forwarded && isIP(stripPort(forwarded))) address = stripPort(forwarded);
  }
  return address ? addressKey(address) : 'unknown';
}

/** `203.0.113.9:4711` and `[2001:db8::1]:4711` as some proxies write them, without the port. */
function stripPort(s: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  return v4WithPort ? v4WithPort[1]! : s;
}

/** IPv4 as is (also when written IPv4-mapped); IPv6 as its /64 network. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without the zone. */
function expandIpv6(address: string): string[] {
  const plain = address.split('%')[0]!.toLowerCase();
  const [head, tail] = plain.includes('::') ? plain.split('::') : [plain, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  // Only the first four groups are used, so an embedded IPv4 tail needs no special care.
  return [...left, ...fill, ...right].map((g) =>
    g.includes('.') ? g : parseInt(g || '0', 16).toString(16),
  );
}

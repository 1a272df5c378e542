import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '@/server/http/client-address';
import { socketFrom } from '../helpers/api';

/** The address the server keys limits on, for a request from `socket` with `headers`. */
async function addressOf(
  socket: string | undefined,
  headers: Record<string, string>,
  trustProxy: number,
) {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustProxy)));
  const env = socket === undefined ? undefined : socketFrom(socket);
  return (await app.request('/', { headers }, env)).text();
}

describe('clientAddress', () => {
  it('is the socket’s peer, and reads no header without TRUST_PROXY', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '198.51.100.1' };
    expect(await addressOf('127.0.0.2', forged, 0)).toBe('127.0.0.2');
    expect(await addressOf('::ffff:192.0.2.7', {}, 0)).toBe('192.0.2.7');
    expect(await addressOf(undefined, forged, 0)).toBe('unknown');
  });

  it('takes the entry TRUST_PROXY hops from the right of X-Forwarded-For', async () => {
    const xff = { 'x-forwarded-for': 'forged, 203.0.113.1, 198.51.100.2' };
    expect(await addressOf('10.0.0.1', xff, 1)).toBe('198.51.100.2');
    expect(await addressOf('10.0.0.1', xff, 2)).toBe('203.0.113.1');
    // Fewer entries than proxies: the first proxy saw the client itself.
    expect(await addressOf('10.0.0.1', { 'x-forwarded-for': '203.0.113.1' }, 2)).toBe(
      '203.0.113.1',
    );
    // Ports as some proxies write them; garbage falls back to the socket.
    expect(await addressOf('10.0.0.1', { 'x-forwarded-for': '203.0.113.1:5555' }, 1)).toBe(
      '203.0.113.1',
    );
    expect(await addressOf('10.0.0.1', { 'x-forwarded-for': '[2001:db8::1]:443' }, 1)).toBe(
      '2001:db8:0:0::/64',
    );
    expect(await addressOf('10.0.0.1', { 'x-forwarded-for': 'not-an-ip' }, 1)).toBe('10.0.0.1');
    expect(await addressOf('10.0.0.1', {}, 1)).toBe('10.0.0.1');
    expect(await addressOf('10.0.0.1', { 'x-real-ip': '203.0.113.1' }, 1)).toBe('10.0.0.1');
  });
});

describe('addressKey', () => {
  it('keeps IPv4 and keys IPv6 by its /64 network, which one subscriber holds whole', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

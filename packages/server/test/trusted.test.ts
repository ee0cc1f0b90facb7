/**
 * TRUSTED_PROXIES: behind a proxy the server counts per-address limits by the address the proxy forwarded
 * (the last X-Forwarded-For entry), and only when the request really comes from that proxy; anyone else's
 * X-Forwarded-For is ignored. Checked on GUESTS_PER_HOUR (1) and CONNECTIONS_PER_ADDRESS (1).
 */
import { Client } from '@colyseus/sdk';
import { ROOM_LOBBY } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { serve } from './helpers.ts';

const guestFrom = async (url: string, forwarded: string) =>
  (
    await fetch(`${url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
      body: JSON.stringify({ name: 'G' }),
    })
  ).status;

describe('a trusted proxy', () => {
  const s = serve('sqlite', {
    TRUSTED_PROXIES: '127.0.0.1',
    GUESTS_PER_HOUR: '1',
    CONNECTIONS_PER_ADDRESS: '1',
  });

  it('names the client: limits count per forwarded address, the last one in the list', async () => {
    expect(await guestFrom(s.url, '203.0.113.1')).toBe(201);
    expect(await guestFrom(s.url, '203.0.113.2')).toBe(201);
    // What the client wrote comes first; the proxy appends the address it saw.
    expect(await guestFrom(s.url, '203.0.113.2, 203.0.113.3')).toBe(201);
    expect(await guestFrom(s.url, '203.0.113.99, 203.0.113.1')).toBe(429);
    // Not an address: the proxy's own.
    expect(await guestFrom(s.url, 'garbage')).toBe(201);
    expect(await guestFrom(s.url, 'garbage')).toBe(429);
  });

  it('WebSocket connections count per forwarded address', async () => {
    const headers = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const a = await new Client(s.url, headers('198.51.100.1')).join(ROOM_LOBBY, {});
    const b = await new Client(s.url, headers('198.51.100.2')).join(ROOM_LOBBY, {});
    await expect(new Client(s.url, headers('198.51.100.1')).join(ROOM_LOBBY, {})).rejects.toThrow(
      /too-many-connections/,
    );
    await Promise.all([a.leave(), b.leave()]);
  });
});

describe('an untrusted peer', () => {
  const s = serve('sqlite', { TRUSTED_PROXIES: '10.9.8.7', GUESTS_PER_HOUR: '1' });

  it('cannot choose its address with X-Forwarded-For', async () => {
    expect(await guestFrom(s.url, '203.0.113.1')).toBe(201);
    expect(await guestFrom(s.url, '203.0.113.2')).toBe(429);
  });
});

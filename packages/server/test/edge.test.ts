/**
 * Hostile clients at the edge (issue 11, defects 2, 5, 6, 8, 9, 10, 11, 12), each against a real server:
 * raw HTTP through node:http (chunked bodies, malformed paths, other addresses on the loopback network,
 * 127.0.0.2 and up), WebSockets by hand through node:net (origins, a client that stops reading).
 * On SQLite, and on PostgreSQL too when STICH_TEST_DATABASE_URL is set.
 */
import { createServer, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { getMessageBytes, matchMaker, Protocol } from '@colyseus/core';
import type { TableInfo } from '@stich/protocol';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  killChildren,
  PG_URL,
  serve,
  startChild,
  type TestDb,
  testDb,
  testGame,
} from './helpers.ts';

const GAME = testGame();
const PUBLIC = 'http://stich.example';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request exactly as given (path not normalised), optionally from another loopback address. */
function raw(
  port: number,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(opts.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(opts.body)) }
            : {}),
          ...opts.headers,
        },
        ...(opts.from ? { localAddress: opts.from } : {}),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const join = (port: number, id: string, options: object, from?: string) =>
  raw(port, 'POST', `/matchmake/joinById/${id}`, {
    body: JSON.stringify(options),
    ...(from ? { from } : {}),
  });

/** A WebSocket upgrade by hand: resolves with the socket (upgraded) or the refusing status. */
function upgrade(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ socket: Socket; rest: Buffer } | { status: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    const onData = (b: Buffer) => {
      buf = Buffer.concat([buf, b]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(buf.toString('latin1'))?.[1] ?? 0);
      if (status === 101) resolve({ socket, rest: buf.subarray(end + 4) });
      else {
        socket.destroy();
        resolve({ status });
      }
    };
    socket.on('data', onData);
    socket.on('error', reject);
    const lines = [
      `GET ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ];
    socket.write(lines.join('\r\n'));
  });
}

/** A masked binary WebSocket frame (clients must mask). */
function frame(payload: Uint8Array): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x82, 0x80 | n]) : Buffer.from([0x82, 0x80 | 126, n >> 8, n & 0xff]);
  const body = Buffer.from(payload).map((b, i) => b ^ mask[i % 4]);
  return Buffer.concat([head, mask, body]);
}

const waitUntil = async (cond: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(DB_KINDS)('edge (%s)', (kind) => {
  const main = serve(kind, { PUBLIC_URL: PUBLIC, JOINS_PER_ADDRESS: '20', SEND_BUFFER_MAX: '65536' });
  let db: TestDb;
  let url: string;
  let port: number;
  beforeAll(() => {
    db = main.db;
    port = main.server.port;
    url = `http://127.0.0.1:${port}`;
  });

  async function table(visibility: 'public' | 'private', humans = 2) {
    const me = await guest(url, 'Host');
    const seats = Array.from({ length: 4 }, (_, i) =>
      i < humans ? { kind: 'human' } : { kind: 'bot', level: 'random' },
    );
    const r = await createTable(url, me.token, { game: GAME, players: 4, seats, visibility, seat: 0 });
    return { me, id: r.table.id, code: r.invite?.code };
  }

  describe('defect 2: seat reservations', () => {
    it('refuses reservations without authority, limits them per address, and never locks a table', async () => {
      const priv = await table('private');
      // A private table: without its code nobody reserves anything, seat or spectator.
      for (const o of [{}, { spectate: true }, { spectate: true, code: 'wrong' }]) {
        const r = await join(port, priv.id, o, '127.0.0.2');
        expect(r.status, JSON.stringify(o)).toBe(403);
      }
      // No seat without a player token; unknown seat tokens are refused.
      const pub = await table('public');
      expect((await join(port, pub.id, {}, '127.0.0.2')).status).toBe(401);
      expect((await join(port, pub.id, { seatToken: 'forged' }, '127.0.0.2')).status).toBe(403);
      // Anonymous spectators of a public table: 20 pending reservations per address, then 429.
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => join(port, pub.id, { spectate: true }, '127.0.0.3')),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(10);
      for (const a of refused) expect(a.status).toBe(429);
      // 220 reservations from eleven addresses do not lock the table: the seat holder and an invitee of the
      // private table still come in, at once.
      for (let k = 4; k < 15; k++)
        await Promise.all(
          Array.from({ length: 20 }, () => join(port, pub.id, { spectate: true }, `127.0.0.${k}`)),
        );
      for (let k = 4; k < 15; k++)
        await Promise.all(
          Array.from({ length: 20 }, () =>
            join(port, priv.id, { spectate: true, code: priv.code }, `127.0.0.${k}`),
          ),
        );
      const holder = await Conn.join(url, pub.id, { token: pub.me.token });
      await holder.waitFor(isState);
      const invitee = await guest(url, 'Invitee');
      const c = await Conn.join(url, priv.id, { token: invitee.token, code: priv.code });
      await c.waitFor(isState);
      await holder.leave();
      await c.leave();
    });

    it('joins tables only by id', async () => {
      const pub = await table('public');
      const r = await raw(port, 'POST', '/matchmake/join/table', {
        body: JSON.stringify({ spectate: true }),
      });
      expect(r.status).toBe(403);
      expect(r.text).toContain('joinById');
      expect(pub.id).toBeTruthy();
    });
  });

  describe('defect 8: clients create no rooms', () => {
    it('refuses create and joinOrCreate for tables and the lobby', async () => {
      const pub = await table('public');
      const rooms = async () => (await matchMaker.query({})).length;
      const before = await rooms();
      for (const [method, name, body] of [
        ['create', 'table', { tableId: pub.id }],
        ['joinOrCreate', 'table', { tableId: pub.id }],
        ['create', 'lobby', {}],
        ['joinOrCreate', 'lobby', {}],
      ] as const) {
        const r = await raw(port, 'POST', `/matchmake/${method}/${name}`, { body: JSON.stringify(body) });
        expect(r.status, `${method} ${name}`).not.toBe(200);
        expect(r.text).toContain('invalid method');
      }
      expect(await rooms()).toBe(before);
      // The lobby exists and is joined.
      const r = await raw(port, 'POST', '/matchmake/join/lobby', { body: '{}' });
      expect(r.status).toBe(200);
    });
  });

  describe('defect 5: body limit', () => {
    it('stops reading a chunked body at the limit and answers 413', async () => {
      const total = 100 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const result = await new Promise<{ status: number; text: string; written: number }>(
        (resolve, reject) => {
          let written = 0;
          let stop = false;
          const req = request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/guests',
              headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
              agent: false,
            },
            (res) => {
              stop = true;
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c) => {
                text += c;
              });
              res.on('end', () => {
                req.destroy();
                resolve({ status: res.statusCode ?? 0, text, written });
              });
            },
          );
          req.on('error', (e) => (stop ? undefined : reject(e)));
          const pump = () => {
            while (!stop && written < total) {
              written += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            if (!stop) req.end();
          };
          req.write('{"name":"');
          pump();
        },
      );
      expect(result.status).toBe(413);
      expect(JSON.parse(result.text).code).toBe('too-large');
      // What the client could push before the answer sat in socket buffers, not in the server.
      expect(result.written).toBeLessThan(total / 4);
      expect((await api(url, 'GET', '/healthz')).status).toBe(200);
      // A declared length over the limit is refused before anything is read.
      const big = await raw(port, 'POST', '/api/guests', {
        body: JSON.stringify({ name: 'x'.repeat(20_000) }),
      });
      expect(big.status).toBe(413);
    });
  });

  describe('defect 6: every frame is rate-limited; unread output is bounded', () => {
    it.each([
      ['stops reading', true],
      ['never acknowledges its join (Colyseus holds its messages)', false],
    ])('cuts a connection that %s once its unread output passes the bound', async (_, ack) => {
      const pub = await table('public');
      const res = await join(port, pub.id, { spectate: true });
      expect(res.status).toBe(200);
      const seat = JSON.parse(res.text) as { sessionId: string; roomId: string; processId: string };
      const up = await upgrade(port, `/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`);
      if (!('socket' in up)) throw new Error(`upgrade refused: ${up.status}`);
      const { socket } = up;
      if (ack) socket.write(frame(Uint8Array.from([Protocol.JOIN_ROOM])));
      const room = matchMaker.getLocalRoomById(pub.id);
      await waitUntil(() => room.clients.length === 1);
      // From here on nothing is read; every sync is answered with the table and its state.
      socket.pause();
      for (let i = 0; i < 20_000 && !socket.destroyed; i++) {
        const bytes = getMessageBytes.raw(Protocol.ROOM_DATA, 'm', { t: 'sync', id: i });
        if (!socket.write(frame(bytes))) await new Promise((r) => setTimeout(r, 1));
        if (room.clients.length === 0) break;
      }
      await waitUntil(() => room.clients.length === 0);
      socket.destroy();
    });
  });

  describe('defect 10: text input and database errors', () => {
    it('refuses control characters and broken Unicode the same way on every database', async () => {
      for (const name of ['a\u0000b', 'x\u0007', '\ud800', 'ok\udc00', 'tab\there']) {
        const r = await api<{ code: string }>(url, 'POST', '/api/guests', { name });
        expect(r.status, JSON.stringify(name)).toBe(400);
        expect(r.body.code).toBe('malformed');
      }
      const me = await guest(url, 'Zoë 🂡');
      const r = await api<{ code: string }>(url, 'PATCH', '/api/me', { name: 'a\u0000' }, me.token);
      expect(r.status).toBe(400);
      expect((await api(url, 'GET', '/api/invite/%00')).status).toBe(404);
      expect((await api(url, 'GET', '/api/tables/%00')).status).toBe(404);
      const pub = await table('public');
      expect((await join(port, pub.id, { spectate: true, code: 'a\u0000' })).status).toBe(400);
    });

    it('never sends a database error text to a client', async () => {
      const pub = await table('public');
      const me = await guest(url, 'Later');
      const rename = async (from: string, to: string) => {
        if (kind === 'postgres') {
          const c = new pg.Client({ connectionString: PG_URL });
          await c.connect();
          await c.query(`alter table "${db.env.DATABASE_SCHEMA}"."${from}" rename to "${to}"`);
          await c.end();
        } else {
          const d = new Database(db.env.SQLITE_FILE);
          d.exec(`alter table "${from}" rename to "${to}"`);
          d.close();
        }
      };
      await rename('players', 'players_gone');
      try {
        const leaks = /players|relation|no such table|sqlite|syntax/i;
        const g = await raw(port, 'POST', '/api/guests', { body: JSON.stringify({ name: 'Nobody' }) });
        expect(g.status).toBe(503);
        expect(JSON.parse(g.text).code).toBe('storage');
        expect(g.text).not.toMatch(leaks);
        const j = await join(port, pub.id, { token: me.token });
        expect(j.status).toBe(503);
        expect(j.text).not.toMatch(leaks);
      } finally {
        await rename('players_gone', 'players');
      }
      expect((await api(url, 'POST', '/api/guests', { name: 'Back' })).status).toBe(201);
    });
  });

  describe('defect 11: malformed percent-encoding', () => {
    it('answers 400 with a reason', async () => {
      for (const [method, path] of [
        ['GET', '/%E0%A4%A'],
        ['GET', '/%ff%fe'],
        ['GET', '/matchmake/joinById/%ZZ'],
        ['POST', '/matchmake/joinById/%ZZ'],
        ['GET', '/api/tables/%E0%A4%A'],
      ] as const) {
        const r = await raw(port, method, path, method === 'POST' ? { body: '{}' } : {});
        expect(r.status, `${method} ${path}`).toBe(400);
        expect(JSON.parse(r.text).code).toBe('malformed');
      }
    });
  });

  describe('defect 12: origins and security headers', () => {
    it('serves the configured public origin and same-origin only', async () => {
      const evil = await raw(port, 'GET', '/api/tables', { headers: { origin: 'http://evil.example' } });
      expect(evil.status).toBe(403);
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await raw(port, 'OPTIONS', '/matchmake/joinById/x', {
        headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(403);
      for (const origin of [PUBLIC, url]) {
        const ok = await raw(port, 'GET', '/api/tables', { headers: { origin } });
        expect(ok.status, origin).toBe(200);
        expect(ok.headers['access-control-allow-origin']).toBe(origin);
        expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
      }
      const none = await raw(port, 'GET', '/api/tables');
      expect(none.status).toBe(200);
      expect(none.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('refuses WebSocket upgrades from foreign origins', async () => {
      const bad = await upgrade(port, '/', { Origin: 'http://evil.example' });
      expect('status' in bad && bad.status).toBe(403);
      for (const origin of [PUBLIC, url]) {
        const good = await upgrade(port, '/', { Origin: origin });
        expect('socket' in good, origin).toBe(true);
        if ('socket' in good) good.socket.destroy();
      }
    });

    it('sends a content security policy, nosniff and frame options', async () => {
      for (const path of ['/', '/api/tables', '/healthz', '/favicon.svg']) {
        const r = await raw(port, 'GET', path);
        expect(r.headers['content-security-policy'], path).toContain("default-src 'self'");
        expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['x-frame-options']).toBe('DENY');
      }
    });
  });
});

describe.each(DB_KINDS)('frames (%s)', (kind) => {
  describe('defect 6: every frame counts (token bucket 20/s, burst 40)', () => {
    const rated = serve(kind, { RATE_LIMIT: '20', RATE_BURST: '40' });
    it('answers unknown message types within the token bucket', async () => {
      const local = rated.server;
      {
        const me = await guest(local.url, 'Flood');
        const r = await api<{ table: TableInfo }>(
          local.url,
          'POST',
          '/api/play-now',
          { game: GAME },
          me.token,
        );
        const c = await Conn.join(local.url, r.body.table.id, { token: me.token });
        await c.waitFor(isState);
        const n = c.messages.length;
        for (let i = 0; i < 200; i++) c.room.send('zz', { i });
        await waitUntil(() => c.messages.length - n >= 200);
        const codes = c.messages.slice(n).map((m) => (m.t === 'error' ? m.d.code : m.t));
        expect(codes.filter((x) => x === 'rate-limited').length).toBeGreaterThan(100);
        expect(codes.filter((x) => x === 'unknown-type').length).toBeLessThanOrEqual(80);
        await c.leave();
      }
    });

    it('closes a connection that floods protocol pings', async () => {
      const local = rated.server;
      {
        const me = await guest(local.url, 'Pinger');
        const r = await api<{ table: TableInfo }>(
          local.url,
          'POST',
          '/api/play-now',
          { game: GAME },
          me.token,
        );
        const c = await Conn.join(local.url, r.body.table.id, { token: me.token });
        await c.waitFor(isState);
        c.room.reconnection.enabled = false;
        let pongs = 0;
        const left = new Promise<number>((resolve) => c.room.onLeave((code) => resolve(code)));
        for (let i = 0; i < 2000; i++) c.room.ping(() => pongs++);
        const code = await left;
        expect(code).not.toBe(1000);
        expect(pongs).toBeLessThan(2000);
      }
    });
  });
});

describe('defect 9: port taken', () => {
  afterAll(() => killChildren());

  // In a cluster the failed start closes Colyseus' Redis clients with requests pending: once, their
  // failure ended the process with "Connection is closed" before it said why (cluster.test in CI).
  it.each([
    ['alone', {}],
    [
      'in a cluster (Redis)',
      {
        REDIS_URL: process.env.STICH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `stich-test-edge-${process.pid}:`,
      },
    ],
  ])('%s: exits with a clear message and a non-zero status', async (_, env: Record<string, string>) => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const taken = (blocker.address() as { port: number }).port;
    const db = testDb();
    try {
      const outcome = await Promise.race([
        startChild({ ...db.env, ...env, PORT: String(taken) }).then(
          () => 'listening',
          (e: Error) => e.message,
        ),
        new Promise<string>((r) => setTimeout(() => r('still running'), 20_000)),
      ]);
      expect(outcome).toMatch(/server exited \(1\)/);
      expect(outcome).toContain(`port ${taken} is already in use`);
    } finally {
      killChildren();
      blocker.close();
      await db.cleanup();
    }
  });
});

/**
 * The abuse limits (docs/server.md, "Limits"), each against a real server with a small setting: tables per
 * guest per hour, open tables per guest, WebSocket connections per address, guests per address per hour,
 * the lobby page, and parking tables nobody is connected to (IDLE_SECONDS). On SQLite, and also on
 * PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import { matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { ROOM_LOBBY, type ServerMessage, type TableInfo, type TablesResponse } from '@stich/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db.ts';
import type { RunningServer } from '../src/server.ts';
import {
  api,
  autoplay,
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  serve,
  startTestServer,
  TEST_ENV,
  type TestDb,
  testDb,
  testGame,
} from './helpers.ts';

const GAME = testGame();
const short = GAME === 'differenzler' ? { rounds: 2 } : {};
const long = GAME === 'differenzler' ? { rounds: 50 } : {};
const human = { kind: 'human' } as const;
const bot = { kind: 'bot', level: 'random' } as const;

/** A long match, one person and three bots; the caller reads the status, since limits refuse some. */
async function tryCreate(url: string, token: string, visibility: 'public' | 'private' = 'private') {
  return api<TableResponseBody>(
    url,
    'POST',
    '/api/tables',
    { game: GAME, players: 4, options: long, seats: [human, bot, bot, bot], visibility, seat: 0 },
    token,
  );
}
type TableResponseBody = { table: TableInfo; code?: string; reason?: string };

const until = async (what: string, f: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** The table's stored status and number of steps, read through a connection of its own. */
async function stored(env: Record<string, string>, id: string) {
  const c = loadConfig({ ...TEST_ENV, ...env });
  const { db } = await openDb(c);
  try {
    const t = await db.selectFrom('tables').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const n = await db
      .selectFrom('steps')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('table_id', '=', id)
      .executeTakeFirstOrThrow();
    return { status: t.status, steps: Number(n.n) };
  } finally {
    await db.destroy();
  }
}

describe.each(DB_KINDS)('limits on %s', (kind) => {
  describe('open tables per guest', () => {
    const s = serve(kind, { OPEN_TABLES: '2' });

    it('OPEN_TABLES: a guest has at most that many open tables; others are not affected', async () => {
      const c = await guest(s.url, 'Clara');
      expect((await tryCreate(s.url, c.token)).status).toBe(201);
      expect((await tryCreate(s.url, c.token)).status).toBe(201);
      const third = await tryCreate(s.url, c.token);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('too-many-tables');
      expect(third.body.reason).toMatch(/open tables/);
      const d = await guest(s.url, 'Dora');
      expect((await tryCreate(s.url, d.token)).status).toBe(201);
    });
  });

  describe('tables per hour, connections per address and the lobby page', () => {
    const s = serve(kind, { TABLES_PER_HOUR: '3', CONNECTIONS_PER_ADDRESS: '4', LOBBY_PAGE: '3' });

    it('TABLES_PER_HOUR: a guest creates at most that many tables in an hour, also all at once', async () => {
      const a = await guest(s.url, 'Anna');
      const play = () =>
        api<TableResponseBody>(
          s.url,
          'POST',
          '/api/play-now',
          { game: GAME, level: 'random', options: short },
          a.token,
        );
      const all = await Promise.all(Array.from({ length: 6 }, play));
      expect(all.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
      for (const r of all.filter((x) => x.status === 429)) {
        expect(r.body.code).toBe('too-many-tables');
        expect(r.body.reason).toMatch(/last hour/);
      }
      expect((await tryCreate(s.url, a.token)).status).toBe(429);
      const b = await guest(s.url, 'Bert');
      expect((await tryCreate(s.url, b.token)).status).toBe(201);
    });

    it('LOBBY_PAGE: GET /api/tables and the lobby room send one page and the total', async () => {
      const ids = new Set<string>();
      for (const name of ['Emil', 'Frida', 'Gerd']) {
        const g = await guest(s.url, name);
        for (let i = 0; i < 2; i++) {
          const r = await tryCreate(s.url, g.token, 'public');
          expect(r.status).toBe(201);
          ids.add(r.body.table.id);
        }
      }
      const first = await api<TablesResponse>(s.url, 'GET', '/api/tables');
      expect(first.body.tables).toHaveLength(3);
      expect(first.body.total).toBeGreaterThanOrEqual(6);
      // Paging through collects every table once, newest first.
      const seen: TableInfo[] = [];
      for (let offset = 0; offset < first.body.total; offset += 3) {
        const p = await api<TablesResponse>(s.url, 'GET', `/api/tables?offset=${offset}&limit=3`);
        seen.push(...p.body.tables);
      }
      expect(new Set(seen.map((t) => t.id)).size).toBe(first.body.total);
      for (const id of ids) expect(seen.some((t) => t.id === id)).toBe(true);
      const times = seen.map((t) => t.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const tooBig = await api(s.url, 'GET', '/api/tables?limit=4');
      expect(tooBig).toMatchObject({ status: 400, body: { code: 'malformed' } });
      expect((await api(s.url, 'GET', '/api/tables?offset=-1')).status).toBe(400);

      const lobby = new Conn(await new Client(s.url).join(ROOM_LOBBY));
      const m = (await lobby.waitFor((x) => x.t === 'lobby')) as Extract<ServerMessage, { t: 'lobby' }>;
      expect(m.d.tables).toHaveLength(3);
      expect(m.d.total).toBe(first.body.total);
      await lobby.leave();
    });

    it('CONNECTIONS_PER_ADDRESS: further WebSocket connections from the address are refused', async () => {
      const h = await guest(s.url, 'Hanna');
      const t = await tryCreate(s.url, h.token, 'public');
      const id = t.body.table.id;
      // Earlier tests' connections may still be closing on the server: wait until four are accepted.
      const conns: Conn[] = [];
      await until('four connections', async () => {
        try {
          conns.push(await Conn.join(s.url, id, { spectate: true }));
        } catch {}
        return conns.length === 4;
      });
      const refused = await Conn.join(s.url, id, { spectate: true }).then(
        () => undefined,
        (e: { code?: number; message?: string }) => e,
      );
      expect(refused?.code).toBe(429);
      expect(refused?.message).toMatch(/^too-many-connections: /);
      // The lobby is a connection too.
      await expect(new Client(s.url).join(ROOM_LOBBY)).rejects.toThrow(/too-many-connections/);
      await conns.pop()!.leave();
      let again: Conn | undefined;
      await until('a freed connection', async () => {
        again = await Conn.join(s.url, id, { spectate: true }).catch(() => undefined);
        return again !== undefined;
      });
      await Promise.all([...conns, again!].map((c) => c.leave()));
    });
  });

  describe('parking tables nobody plays', () => {
    let server: RunningServer;
    let db: TestDb;
    let url: string;
    const env = () => ({
      ...db.env,
      GUESTS_PER_HOUR: '4',
      OPEN_TABLES: '1',
      // Bots slow enough that no match ends before it is parked (50 rounds: about 2,000 steps).
      BOT_DELAY_MS: '30',
      IDLE_SECONDS: '1',
      GRACE_SECONDS: '0.2',
    });
    beforeAll(async () => {
      db = testDb(kind);
      server = await startTestServer(env());
      url = server.url;
    });
    afterAll(async () => {
      await server?.close();
      await db?.cleanup();
    });

    it('IDLE_SECONDS: a table without people is parked, not restored at start, and comes back when asked for', async () => {
      const p = await guest(url, 'Paul');
      const r = await api<{ table: TableInfo }>(
        url,
        'POST',
        '/api/play-now',
        { game: GAME, level: 'random', options: long },
        p.token,
      );
      const id = r.body.table.id;
      const c = await Conn.join(url, id, { token: p.token });
      const welcome = await c.waitFor((m) => m.t === 'welcome');
      const seatToken = welcome.t === 'welcome' ? welcome.d.seatToken! : '';
      autoplay(c, 0);
      await c.waitFor((m) => isState(m) && m.d.seq >= 6);
      await c.leave();
      // Bots play the seat after the grace period; with nobody connected the table is parked.
      await until(
        'the table to be parked',
        async () => (await matchMaker.query({ roomId: id })).length === 0,
      );
      const parked = await stored(db.env, id);
      expect(parked.status).toBe('parked');
      await new Promise((res) => setTimeout(res, 300));
      expect((await stored(db.env, id)).steps).toBe(parked.steps);

      // A parked table is not open: the guest (OPEN_TABLES 1) may open another one.
      const second = await tryCreate(url, p.token);
      expect(second.status).toBe(201);

      // A bot-only table is parked as well.
      const q = await guest(url, 'Quirin');
      const bots = await createTable(url, q.token, {
        game: GAME,
        players: 4,
        options: long,
        seats: [bot, bot, bot, bot],
        visibility: 'private',
      });
      await until(
        'the bot table to be parked',
        async () => (await stored(db.env, bots.table.id)).status === 'parked',
      );

      // Restart: parked tables are not restored.
      await server.close();
      server = await startTestServer(env());
      url = server.url;
      expect((await matchMaker.query({ roomId: id })).length).toBe(0);
      expect((await matchMaker.query({ roomId: bots.table.id })).length).toBe(0);

      // Asking for it restores it (its creator's other table, nobody at it, must be parked by then: OPEN_TABLES
      // 1); the player takes his seat back with his seat token and plays on.
      await until(
        'the second table to be parked',
        async () => (await stored(db.env, second.body.table.id)).status === 'parked',
      );
      const info = await api<{ table: TableInfo }>(url, 'GET', `/api/tables/${id}`, undefined, p.token);
      expect(info.body.table.status).toBe('playing');
      expect((await stored(db.env, id)).status).toBe('playing');
      const back = await Conn.join(url, id, { seatToken });
      const s = await back.waitFor(isState);
      // Restored from where it was parked, nothing lost; the stand-in bot of his seat (GRACE_SECONDS 0.2) may
      // already have moved when a busy machine took longer than that to bring him back.
      expect(s.d.seq).toBeGreaterThanOrEqual(parked.steps);
      autoplay(back, 0);
      await back.waitFor((m) => isState(m) && m.d.seq > parked.steps);
      await back.leave();
    });
  });

  describe('waking parked tables', () => {
    const s = serve(kind, { OPEN_TABLES: '1', BOT_DELAY_MS: '30', IDLE_SECONDS: '1' });

    it('a parked table wakes only for a guest, and only while its creator stays within OPEN_TABLES', async () => {
      const rita = await guest(s.url, 'Rita');
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await createTable(s.url, rita.token, {
          game: GAME,
          players: 4,
          options: long,
          seats: [bot, bot, bot, bot],
          visibility: 'public',
        });
        ids.push(r.table.id);
        await until(
          'the table to be parked',
          async () => (await stored(s.db.env, r.table.id)).status === 'parked',
        );
        await until(
          'its room to go',
          async () => (await matchMaker.query({ roomId: r.table.id })).length === 0,
        );
      }
      // Without a guest token asking shows the table but does not wake it.
      expect((await api(s.url, 'GET', `/api/tables/${ids[0]}`)).status).toBe(200);
      expect((await matchMaker.query({ roomId: ids[0] })).length).toBe(0);
      expect((await stored(s.db.env, ids[0])).status).toBe('parked');
      // A guest wakes it; then Rita has her one open table, and the other one stays parked.
      const sam = await guest(s.url, 'Sam');
      expect((await api(s.url, 'GET', `/api/tables/${ids[0]}`, undefined, sam.token)).status).toBe(200);
      expect((await matchMaker.query({ roomId: ids[0] })).length).toBe(1);
      const second = await api<TableResponseBody>(
        s.url,
        'GET',
        `/api/tables/${ids[1]}`,
        undefined,
        sam.token,
      );
      expect(second.status).toBe(429);
      expect(second.body.code).toBe('too-many-tables');
      expect((await matchMaker.query({ roomId: ids[1] })).length).toBe(0);
    });
  });

  describe('guests per address', () => {
    const s = serve(kind, { GUESTS_PER_HOUR: '3' });

    it('GUESTS_PER_HOUR: an address creates at most that many guests in an hour', async () => {
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await api(s.url, 'POST', '/api/guests', { name: `G${i}` }));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
      expect(results[3].body).toMatchObject({ code: 'too-many-guests' });
      const res = await fetch(`${s.url}/api/guests`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-real-ip': '10.0.0.1',
          'x-forwarded-for': '10.0.0.2',
        },
        body: JSON.stringify({ name: 'Spoofer' }),
      });
      // Neither a forwarding header nor the one the edge sets (x-real-ip) changes the address counted.
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});

/**
 * Absent players: the SDK's own reconnection and a fresh join with the seat token within the grace period;
 * a bot takes the seat after it, and the player takes it back on return. Also the per-connection rate limit.
 */
import { matchMaker } from '@colyseus/core';
import type { TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { api, autoplay, Conn, createTable, DB_KINDS, guest, isState, serve, testGame } from './helpers.ts';

const GRACE = 1.5;
const GAME = testGame();
const short = GAME === 'differenzler' ? { rounds: 2 } : {};

async function playNow(url: string, name: string) {
  const me = await guest(url, name);
  const r = await api<{ table: TableInfo }>(
    url,
    'POST',
    '/api/play-now',
    { game: GAME, level: 'random', options: short },
    me.token,
  );
  return { me, id: r.body.table.id };
}

/** The first update where seat 0 is to act: nobody else moves until it does (bots act on their turns). */
async function myTurn(c: Conn) {
  const m = await c.waitFor((x) => isState(x) && x.d.view.toAct[0] === 0 && x.d.legal.length > 0, 30_000);
  return (m as Extract<typeof m, { t: 'state' }>).d;
}

const tableMsg = (c: Conn, pred: (t: TableInfo) => boolean) =>
  c.waitFor((m) => (m.t === 'table' && pred(m.d)) || (m.t === 'welcome' && pred(m.d.table)));

describe.each(DB_KINDS)('absent players (%s)', (kind) => {
  const srv = serve(kind, { GRACE_SECONDS: String(GRACE), RATE_LIMIT: '20', RATE_BURST: '40' });

  describe('within the grace period', () => {
    it('the SDK reconnects a dropped connection to the same seat', async () => {
      const { me, id } = await playNow(srv.url, 'Rita');
      const c = await Conn.join(srv.url, id, { token: me.token });
      const before = await myTurn(c);
      c.room.reconnection.minUptime = 0;
      const reconnected = new Promise<void>((resolve) => c.room.onReconnect(() => resolve()));
      // Cut the connection abruptly from the server's side, as a network failure would.
      const room = matchMaker.getLocalRoomById(id);
      (room.clients[0] as unknown as { ref: { terminate(): void } }).ref.terminate();
      await reconnected;
      const n = c.messages.length;
      const sid = c.request('sync', {});
      const s = await c.waitFor((m) => isState(m) && m.id === sid);
      expect(isState(s) && s.d.seq).toBe(before.seq);
      expect(isState(s) && s.d.view).toEqual(before.view);
      const info = c.messages.slice(n).find((m) => m.t === 'table');
      expect(info?.t === 'table' && info.d.seats[0]).toMatchObject({ connected: true, botActive: false });
      await c.leave();
    });

    it('a fresh join with the seat token takes the seat back', async () => {
      const { me, id } = await playNow(srv.url, 'Sven');
      const c = await Conn.join(srv.url, id, { token: me.token });
      const w = await c.waitFor((m) => m.t === 'welcome');
      const seatToken = w.t === 'welcome' ? w.d.seatToken : null;
      expect(seatToken).toBeTruthy();
      const before = await myTurn(c);
      await c.leave();
      const c2 = await Conn.join(srv.url, id, { seatToken: seatToken! });
      const w2 = await c2.waitFor((m) => m.t === 'welcome');
      expect(w2.t === 'welcome' && w2.d.seat).toBe(0);
      expect(w2.t === 'welcome' && w2.d.table.seats[0].botActive).toBe(false);
      const s = await c2.waitFor(isState);
      expect(isState(s) && s.d.view).toEqual(before.view);
      // A wrong seat token is refused.
      await expect(Conn.join(srv.url, id, { seatToken: 'x'.repeat(32) })).rejects.toThrow(/seat token/);
      await c2.leave();
    });
  });

  describe('after the grace period', () => {
    it('a bot plays the seat until the player returns and takes it back', async () => {
      const a = await guest(srv.url, 'Ada');
      const b = await guest(srv.url, 'Ben');
      const seats = [
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'bot', level: 'random' },
        { kind: 'bot', level: 'random' },
      ];
      const r = await createTable(srv.url, a.token, {
        game: GAME,
        players: 4,
        options: short,
        seats,
        visibility: 'public',
      });
      const id = r.table.id;
      const ca = await Conn.join(srv.url, id, { token: a.token });
      const cb = await Conn.join(srv.url, id, { token: b.token });
      await cb.waitFor(isState);
      autoplay(cb, 1);
      // Ada leaves at once (on PostgreSQL usually while the first deal is still being written).
      const left = Date.now();
      await ca.leave();
      await tableMsg(cb, (t) => !t.seats[0].connected && !t.seats[0].botActive);
      await tableMsg(cb, (t) => t.seats[0].botActive);
      // The room clock counts from its last tick (every patchRate, 100 ms): never earlier than that.
      expect(Date.now() - left).toBeGreaterThanOrEqual(GRACE * 1000 - 100);
      // The bot plays seat 0: the match runs on through seat 0's turns.
      const seq0 = cb.latest()!.seq;
      await cb.waitFor((m) => isState(m) && m.d.seq >= seq0 + 10);
      // The player returns with his guest token and gets seat 0 back.
      const ca2 = await Conn.join(srv.url, id, { token: a.token });
      const w = await ca2.waitFor((m) => m.t === 'welcome');
      expect(w.t === 'welcome' && w.d.seat).toBe(0);
      expect(w.t === 'welcome' && w.d.table.seats[0]).toMatchObject({ connected: true, botActive: false });
      // Now the seat waits for him: when he alone may act nobody else moves, so his action is taken, not
      // beaten by a bot's. A bot move decided before he came back may still be on its way to the database
      // when he sees the table (his first answer is then `stale`); his next turn is his for sure.
      let accepted = false;
      let after = -1;
      for (let tries = 0; tries < 3 && !accepted; tries++) {
        const turn = await ca2.waitFor(
          (m) =>
            isState(m) &&
            m.d.seq > after &&
            (m.d.outcome !== null ||
              (m.d.view.toAct.length === 1 && m.d.view.toAct[0] === 0 && m.d.legal.length > 0)),
          30_000,
        );
        if (!isState(turn) || turn.d.outcome !== null) break;
        const rid = ca2.request('act', { action: turn.d.legal[0], seq: turn.d.seq });
        const res = await ca2.waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);
        if (isState(res)) {
          expect(res.d.seq).toBeGreaterThan(turn.d.seq);
          accepted = true;
        } else expect(res.t === 'error' && res.d.code).toBe('stale');
        after = turn.d.seq;
      }
      if (!accepted) expect(ca2.latest()?.outcome).not.toBeNull();
      await Promise.all([ca2.leave(), cb.leave()]);
    });
  });

  describe('rate limit', () => {
    it('answers a flood with rate-limited errors and keeps the connection', async () => {
      const { me, id } = await playNow(srv.url, 'Flo');
      const c = await Conn.join(srv.url, id, { token: me.token });
      await c.waitFor(isState);
      for (let i = 0; i < 200; i++) c.send({ t: 'ping', id: 1000 + i });
      await c.waitFor((m) => (m.t === 'pong' || m.t === 'error') && m.id === 1199);
      const limited = c.messages.filter((m) => m.t === 'error' && m.d.code === 'rate-limited').length;
      const pongs = c.messages.filter((m) => m.t === 'pong').length;
      expect(limited).toBeGreaterThan(100);
      expect(pongs).toBeGreaterThanOrEqual(40);
      await new Promise((res) => setTimeout(res, 1000));
      const id2 = c.request('ping', {});
      await c.waitFor((m) => m.t === 'pong' && m.id === id2);
      await c.leave();
    });
  });

  describe('turn timer', () => {
    it('lets the takeover bot act once when a person lets his time run out', async () => {
      const me = await guest(srv.url, 'Tim');
      const seats = [
        { kind: 'human' },
        { kind: 'bot', level: 'random' },
        { kind: 'bot', level: 'random' },
        { kind: 'bot', level: 'random' },
      ];
      const created = Date.now();
      const r = await createTable(srv.url, me.token, {
        game: GAME,
        players: 4,
        options: short,
        seats,
        turnTimer: 2,
        seat: 0,
      });
      const c = await Conn.join(srv.url, r.table.id, { token: me.token });
      // His turn with its deadline: the state sent on joining may come before the match goes on (a person
      // alone with computers: presence.ts), and the deadline follows at the same step once it does.
      const mine = await c.waitFor(
        (m) => isState(m) && m.d.view.toAct[0] === 0 && m.d.deadline !== null,
        30_000,
      );
      if (!isState(mine)) return;
      // The deadline is 2 s after his turn began: after the table was created, before this update arrived.
      expect(mine.d.deadline).toBeGreaterThanOrEqual(created + 2000);
      expect(mine.d.deadline).toBeLessThanOrEqual(Date.now() + 2000);
      // Nobody acts for seat 0: after the deadline its bot does, and the match goes on.
      const next = await c.waitFor((m) => isState(m) && m.d.seq > mine.d.seq, 30_000);
      expect(Date.now()).toBeGreaterThanOrEqual(mine.d.deadline!);
      expect(isState(next) && next.d.seq).toBeGreaterThan(mine.d.seq);
      await c.leave();
    });
  });
});

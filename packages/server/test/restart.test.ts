/**
 * Restart: the server (a child process) is killed in the middle of a deal and started again on the same
 * database; every seat reconnects with its seat token into exactly the state it saw before. Runs on
 * SQLite, and on PostgreSQL too when STICH_TEST_DATABASE_URL is set.
 */
import { gameById, type Seat } from '@stich/engine';
import type { StateUpdate } from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  killChildren,
  startChild,
  testDb,
  testGame,
} from './helpers.ts';

afterAll(killChildren);

const GAME = testGame();

/** Plays one step: the seat to act takes a legal action (chosen by `k`) and gets its update. */
async function step(conns: Conn[], k: number): Promise<void> {
  const s = conns[0].latest()!;
  const seat = s.view.toAct[0] as Seat;
  const c = conns[seat];
  const legal = c.latest()!.legal;
  const id = c.request('act', { action: legal[k % legal.length] });
  const r = await c.waitFor((m) => (isState(m) || m.t === 'error') && m.id === id);
  expect(r.t).toBe('state');
  // Every seat has seen the new state before the next step.
  const seq = (r as { d: StateUpdate }).d.seq;
  await Promise.all(conns.map((x) => x.waitFor((m) => isState(m) && m.d.seq === seq)));
}

async function snapshot(c: Conn) {
  const id = c.request('sync', {});
  const m = await c.waitFor((x) => isState(x) && x.id === id);
  return (m as { d: StateUpdate }).d;
}

describe.each(DB_KINDS)('restart (%s)', (kind) => {
  it('restores an unfinished table from its record after a crash', async () => {
    const db = testDb(kind);
    const first = await startChild(db.env);
    let second: Awaited<ReturnType<typeof startChild>> | undefined;
    try {
      const game = gameById(GAME)!;
      const players = [4, 3, 2].find((n) => game.parseConfig({ players: n }).ok)!;
      const guests = await Promise.all(Array.from({ length: players }, (_, i) => guest(first.url, `P${i}`)));
      const seats = guests.map(() => ({ kind: 'human' }));
      const r = await createTable(first.url, guests[0].token, {
        game: GAME,
        players,
        seats,
        visibility: 'public',
      });
      const id = r.table.id;
      const conns: Conn[] = [];
      const tokens: string[] = [];
      for (let i = 0; i < players; i++) {
        const c = await Conn.join(first.url, id, { token: guests[i].token, seat: i });
        const w = await c.waitFor((m) => m.t === 'welcome');
        tokens.push(w.t === 'welcome' ? w.d.seatToken! : '');
        c.room.reconnection.enabled = false;
        conns.push(c);
      }
      await Promise.all(conns.map((c) => c.waitFor((m) => isState(m) && m.d.view.toAct.length > 0)));
      for (let k = 0; k < 11; k++) await step(conns, k * 7 + 3);
      const before = await Promise.all(conns.map(snapshot));
      expect(before[0].outcome).toBeNull();

      first.child.kill('SIGKILL');
      await new Promise((res) => first.child.once('exit', res));
      second = await startChild(db.env);
      const again: Conn[] = [];
      for (let i = 0; i < players; i++) {
        const c = await Conn.join(second.url, id, { seatToken: tokens[i] });
        c.room.reconnection.enabled = false;
        again.push(c);
      }
      const after = await Promise.all(again.map(snapshot));
      for (let i = 0; i < players; i++) {
        expect(after[i].seq).toBe(before[i].seq);
        expect(after[i].view).toEqual(before[i].view);
        expect(after[i].legal).toEqual(before[i].legal);
      }
      // And the match goes on.
      await step(again, 1);
      await Promise.all(again.map((c) => c.leave()));
    } finally {
      first.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await new Promise((res) => second!.child.once('exit', res));
      }
      await db.cleanup();
    }
  });
});

/**
 * Issue 22, the minor items, against a real server on SQLite and PostgreSQL: names that read as a computer's
 * label, typed matchmaking errors, seat holders apart from anonymous reservations, a program's seat kept
 * when it leaves a waiting table, /healthz under a lock on what actions write, and a deal whose seed could
 * not be stored (its record says no commitment was published, and no check counts it).
 */

import type { TableInfo } from '@stich/protocol';
import { checkRevealedGame, verifyRecord } from '@stich/protocol/fair';
import { afterAll, describe, expect, it } from 'vitest';
import { faults } from './faults.ts';
import {
  api,
  autoplay,
  type ChildServer,
  Conn,
  createTable,
  DB_KINDS,
  DUEL,
  guest,
  isState,
  killChildren,
  serve,
  startChild,
} from './helpers.ts';

afterAll(() => killChildren());

/** A table of `seats` made by `token`'s guest. */
async function table(url: string, token: string, seats: object[], extra: object = {}): Promise<string> {
  const r = await createTable(url, token, {
    ...DUEL,
    seats,
    ...extra,
  });
  return r.table.id;
}

const seatTokenOf = async (c: Conn) => {
  const w = await c.waitFor((m) => m.t === 'welcome');
  return w.t === 'welcome' ? w.d.seatToken : null;
};

describe.each(DB_KINDS)('issue 22, minor items (%s)', (kind) => {
  describe('one server', () => {
    const srv = serve(kind);

    it('refuses a person’s name that reads as a computer player, with a typed error', async () => {
      for (const name of ['Bot (search)', ' bot(rule) ', 'BOT ( random )']) {
        const r = await api(srv.url, 'POST', '/api/guests', { name });
        expect(r.status, name).toBe(422);
        expect(r.body).toMatchObject({ code: 'reserved-name' });
      }
      const anna = await guest(srv.url, 'Anna');
      const renamed = await api(srv.url, 'PATCH', '/api/me', { name: 'Bot (search)' }, anna.token);
      expect(renamed.status).toBe(422);
      expect(renamed.body).toMatchObject({ code: 'reserved-name' });
      expect(
        (await api<{ player: { name: string } }>(srv.url, 'GET', '/api/me', undefined, anna.token)).body
          .player.name,
      ).toBe('Anna');
      // Names that only begin so are people's.
      expect((await api(srv.url, 'POST', '/api/guests', { name: 'Botschafter' })).status).toBe(201);
      expect((await api(srv.url, 'POST', '/api/guests', { name: 'Bot' })).status).toBe(201);
    });

    it('answers a reconnection to no table, or with a bogus token, with a typed error', async () => {
      const gone = await api<{ error: string }>(srv.url, 'POST', '/matchmake/reconnect/table', {
        reconnectionToken: 'bogus',
      });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toMatch(/^not-found: /);
      const anna = await guest(srv.url, 'Anna');
      const id = await table(srv.url, anna.token, [{ kind: 'human' }, { kind: 'bot', level: 'random' }]);
      const c = await Conn.join(srv.url, id, { token: anna.token });
      await c.waitFor(isState);
      const bogus = await api<{ error: string }>(srv.url, 'POST', `/matchmake/reconnect/${id}`, {
        reconnectionToken: `${id}:bogus`,
      });
      expect(bogus.status).toBe(403);
      expect(bogus.body.error).toMatch(/^forbidden: /);
      const none = await api<{ error: string }>(srv.url, 'POST', `/matchmake/reconnect/${id}`, {});
      expect(none.status).toBe(400);
      expect(none.body.error).toMatch(/^malformed: /);
      await c.leave();
    });

    it('keeps a program’s seat when the program leaves a waiting table: its bot token takes it again', async () => {
      const host = await guest(srv.url, 'Host');
      const id = await table(srv.url, host.token, [{ kind: 'human' }, { kind: 'human' }]);
      const given = await api<{ seatToken: string }>(
        srv.url,
        'POST',
        `/api/tables/${id}/bot-seat`,
        { seat: 1, name: 'PyBot' },
        host.token,
      );
      expect(given.status).toBe(201);
      const first = await Conn.join(srv.url, id, { seatToken: given.body.seatToken });
      await first.waitFor(isState);
      await first.leave();
      // The program is restarted: the same bot token, the same seat.
      const again = await Conn.join(srv.url, id, { seatToken: given.body.seatToken });
      const w = await again.waitFor((m) => m.t === 'welcome');
      expect(w.t === 'welcome' && w.d.seat).toBe(1);
      const seen = await api<{ table: TableInfo }>(srv.url, 'GET', `/api/tables/${id}`);
      expect(seen.body.table.seats[1]).toMatchObject({ program: true, name: 'PyBot' });
      expect(seen.body.table.status).toBe('waiting');
      await again.leave();
    });
  });

  describe('reservations from one address', () => {
    const srv = serve(kind, { JOINS_PER_ADDRESS: '3' });

    it('never lock a seat holder out: anonymous spectators are counted apart', async () => {
      const anna = await guest(srv.url, 'Anna');
      const id = await table(srv.url, anna.token, [{ kind: 'human' }, { kind: 'bot', level: 'random' }], {
        visibility: 'public',
      });
      const c = await Conn.join(srv.url, id, { token: anna.token });
      const seatToken = await seatTokenOf(c);
      expect(seatToken).toBeTruthy();
      // Three spectators' reservations from this address that never connect: the address's limit.
      for (let i = 0; i < 3; i++)
        expect((await api(srv.url, 'POST', `/matchmake/joinById/${id}`, { spectate: true })).status).toBe(
          200,
        );
      const fourth = await api<{ error: string }>(srv.url, 'POST', `/matchmake/joinById/${id}`, {
        spectate: true,
      });
      expect(fourth.status).toBe(429);
      expect(fourth.body.error).toMatch(/^rate-limited: /);
      // The seat holder comes back from the same address, by seat token and by player token.
      const back = await Conn.join(srv.url, id, { seatToken: seatToken! });
      await back.waitFor(isState);
      const again = await Conn.join(srv.url, id, { token: anna.token });
      await again.waitFor(isState);
      await again.leave();
      await back.leave();
      await c.leave();
    });
  });

  describe('storage faults (a server process of its own)', () => {
    let srv: ChildServer | undefined;
    afterAll(() => srv?.child.kill('SIGKILL'));

    it('/healthz says degraded while a lock stops the writes of actions', async () => {
      const f = await faults(kind);
      try {
        srv = await startChild(f.env);
        expect((await api(srv.url, 'GET', '/healthz')).status).toBe(200);
        // PostgreSQL: a lock on steps, which every action writes; SQLite: the database's write lock.
        const release =
          kind === 'postgres'
            ? await f.holdSteps()
            : await f.breakWrites().then(() => () => f.restoreWrites());
        try {
          const h = await api<{ storage: string; db: boolean }>(srv.url, 'GET', '/healthz');
          expect(h.status).toBe(503);
          expect(h.body).toMatchObject({ storage: 'degraded', db: true });
        } finally {
          await release();
        }
        expect((await api(srv.url, 'GET', '/healthz')).status).toBe(200);
      } finally {
        srv?.child.kill('SIGKILL');
        await f.cleanup();
      }
    }, 60_000);

    it('records a deal whose seed could not be stored as not published; no check counts it', async () => {
      const f = await faults(kind);
      try {
        srv = await startChild(f.env);
        const url = srv.url;
        const play = async () => {
          const anna = await guest(url, 'Anna');
          const id = await table(url, anna.token, [{ kind: 'human' }, { kind: 'bot', level: 'random' }]);
          const c = await Conn.join(url, id, { token: anna.token });
          autoplay(c, 0);
          await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
          await c.leave();
          const rec = await api<{ deals: { fair: { published?: boolean } }[] }>(
            url,
            'GET',
            `/api/tables/${id}/record`,
            undefined,
            anna.token,
          );
          expect(rec.status).toBe(200);
          return rec.body;
        };
        const stop = await f.failSeeds();
        let record: Awaited<ReturnType<typeof play>>;
        try {
          record = await play();
        } finally {
          await stop();
        }
        expect(record.deals.length).toBeGreaterThan(0);
        expect(record.deals.every((d) => d.fair.published === false)).toBe(true);
        const report = await verifyRecord(record);
        expect(report.ok).toBe(false);
        expect(report.error).toBeNull();
        expect(report.deals.every((d) => d.result === 'unverifiable')).toBe(true);
        expect(report.deals[0].reason).toMatch(/no commitment was published/);
        // The table's badge checks a revealed deal the same way: not shown as checked.
        const live = await checkRevealedGame(
          'klaberjass',
          { players: 2, options: { target: 100 } },
          0,
          record.deals[0],
        );
        expect(live.result).toBe('unverifiable');
        // Seeds stored again: every deal's commitment goes out before it, and the record verifies.
        const fine = await play();
        expect(fine.deals.every((d) => d.fair.published === true)).toBe(true);
        expect((await verifyRecord(fine)).ok).toBe(true);
      } finally {
        srv?.child.kill('SIGKILL');
        await f.cleanup();
      }
    }, 120_000);
  });
});

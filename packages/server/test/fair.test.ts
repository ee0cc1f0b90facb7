/**
 * The fair deal at a live table (docs/fair-deal.md): the commitment of a deal is out before it is dealt,
 * survives a restart, a seat's value is mixed into its deal, every deal is revealed once it is over, and
 * the stored record passes `verifyRecord`. Runs on SQLite, and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */

import { gameById, unwrap } from '@stich/engine';
import type { FairNews } from '@stich/protocol';
import { commitmentOf, type FairProof, fairDeal, randomHex32, verifyRecord } from '@stich/protocol/fair';
import { describe, expect, it } from 'vitest';
import { NODE_CRYPTO } from '../src/fair.ts';
import { api, autoplay, Conn, createTable, DB_KINDS, guest, startTestServer, testDb } from './helpers.ts';

describe('the server’s primitives (node:crypto) against WebCrypto', () => {
  it('give the same commitments and the same deals in every game', async () => {
    for (const [id, players] of [
      ['klapperjas', 4],
      ['klapperjas', 3],
      ['klaberjass', 2],
      ['differenzler', 4],
      ['doppelkopf', 4],
    ] as const) {
      const game = gameById(id);
      if (!game) throw new Error(id);
      const state = game.start(unwrap(game.parseConfig({ players })), 1);
      for (let i = 0; i < 4; i++) {
        const seed = randomHex32();
        const clients = Array.from({ length: players }, (_, s) => (s === i % players ? null : randomHex32()));
        expect(await commitmentOf(seed, NODE_CRYPTO)).toBe(await commitmentOf(seed));
        expect(await fairDeal(game, state, i, seed, clients, NODE_CRYPTO)).toEqual(
          await fairDeal(game, state, i, seed, clients),
        );
      }
    }
  });
});

type FairMsg = { t: 'fair'; d: FairNews; id?: number };
const isFair = (m: { t: string }): m is FairMsg => m.t === 'fair';

describe.each(DB_KINDS)('fair deal (%s)', (kind) => {
  it('commits before the deal, keeps the seed over a restart, mixes in a value and reveals every deal', async () => {
    const db = testDb(kind);
    let server = await startTestServer(db.env);
    try {
      const g = await Promise.all([guest(server.url, 'Ada'), guest(server.url, 'Bo')]);
      const r = await createTable(server.url, g[0].token, {
        game: 'differenzler',
        players: 4,
        options: { rounds: 2 },
        seats: [
          { kind: 'human' },
          { kind: 'human' },
          { kind: 'bot', level: 'random' },
          { kind: 'bot', level: 'random' },
        ],
      });
      const id = r.table.id;

      // Seat 0 sits down: the table waits for seat 1, and deal 0 is committed to.
      let a = await Conn.join(server.url, id, { token: g[0].token, seat: 0 });
      const first = await a.waitFor(isFair);
      expect(first.d.next?.deal).toBe(0);
      expect(first.d.revealed).toBeNull();
      const commitment = first.d.next!.commitment;
      await a.leave();

      // A restart: the same commitment stands (its seed was stored before it went out).
      await server.close();
      server = await startTestServer(db.env);
      a = await Conn.join(server.url, id, { token: g[0].token, seat: 0 });
      expect((await a.waitFor(isFair)).d.next).toEqual({ deal: 0, commitment });

      // Seat 0 sends its value (a wrong deal number is refused), then seat 1 comes and the match starts.
      const value = randomHex32();
      const wrong = a.request('seed', { deal: 5, value });
      expect(await a.waitFor((m) => m.t === 'error' && m.id === wrong)).toMatchObject({
        d: { code: 'stale' },
      });
      const ok = a.request('seed', { deal: 0, value });
      await a.waitFor((m) => isFair(m) && m.id === ok);
      const b = await Conn.join(server.url, id, { token: g[1].token, seat: 1 });
      autoplay(a, 0);
      autoplay(b, 1);
      await a.waitFor((m) => m.t === 'state' && m.d.outcome !== null, 30_000);
      const end = (await a.waitFor((m) => isFair(m) && m.d.revealed?.deal === 1)) as FairMsg;

      // Deal 0 was revealed when deal 1 was dealt, with the commitment sent before it and seat 0's value.
      const reveals = a.messages.filter(isFair).flatMap((m) => (m.d.revealed ? [m.d.revealed] : []));
      const deal0 = reveals.find((x) => x.deal === 0)!;
      const proof = deal0.dealt.fair as FairProof;
      expect(proof.commitment).toBe(commitment);
      expect(await commitmentOf(proof.seed)).toBe(commitment);
      expect(proof.clients).toEqual([value, null, null, null]);
      // No message showed a seed before its deal was over.
      for (const x of reveals) {
        const seed = (x.dealt.fair as FairProof).seed;
        const at = a.messages.findIndex((m) => isFair(m) && m.d.revealed?.deal === x.deal);
        expect(JSON.stringify(a.messages.slice(0, at))).not.toContain(seed);
      }
      expect(end.d.next).toBeNull();

      const rec = await api(server.url, 'GET', `/api/tables/${id}/record`);
      const report = await verifyRecord(rec.body);
      expect(report).toEqual({
        ok: true,
        error: null,
        deals: [
          { deal: 0, result: 'ok' },
          { deal: 1, result: 'ok' },
        ],
      });
      await Promise.all([a.leave(), b.leave()]);
    } finally {
      await server.close();
      await db.cleanup();
    }
  });
});

/**
 * Issue 21: the analysis of a record as the server writes it (every deal with its `fair` proof), for every
 * game and preset, on both databases; and a deal whose analysis fails is stored as failed, served as such
 * and not tried again.
 */
import { GAME_META, parseRecord } from '@stich/engine';
import type { AnalysisResponse } from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import {
  api,
  autoplay,
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  SHORT_OPTIONS,
  serve,
  testGames,
} from './helpers.ts';

// The analysis thread runs at the lowest priority: on a loaded test machine it waits for every other job.
const until = async <T>(f: () => Promise<T | undefined>, ms = 200_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** One deal or a few per match; Doppelkopf's DDV preset without Pflichtsoli (a one-deal match would be a Vorführung). */
const OPTIONS: Record<string, Record<string, Record<string, unknown>>> = {
  doppelkopf: { ddv: { games: 1, pflichtsolo: false }, house: { games: 1 } },
};

const CASES = testGames().flatMap((game) =>
  GAME_META[game]!.presets.map((p) => ({ game, preset: p.id, players: GAME_META[game]!.players[0] })),
);

describe.each(DB_KINDS)('analysis of server-written records (%s)', (kind) => {
  const srv = serve(kind, { ANALYZE_DEALS: 'on', ANALYZE_BUSY: '1' });
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });

  /** A finished match of one person (who plays the first legal action) against random computers. */
  async function finished(game: string, preset: string, players: number) {
    const anna = await guest(srv.url, 'Anna');
    const r = await createTable(srv.url, anna.token, {
      game,
      players,
      preset,
      options: OPTIONS[game]?.[preset] ?? SHORT_OPTIONS[game] ?? {},
      seats: [
        { kind: 'human' },
        ...Array.from({ length: players - 1 }, () => ({ kind: 'bot', level: 'random' })),
      ],
      visibility: 'private',
      seat: 0,
    });
    const id = r.table.id;
    const c = await Conn.join(srv.url, id, { token: anna.token });
    conns.push(c);
    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 120_000);
    await c.leave();
    const rec = await api(srv.url, 'GET', `/api/tables/${id}/record`, undefined, anna.token);
    const record = parseRecord(rec.body);
    if (!record.ok) throw new Error(record.error.reason);
    return { id, token: anna.token, record: record.value };
  }

  const analysis = async (id: string, token: string) => {
    const a = await api<AnalysisResponse>(srv.url, 'GET', `/api/tables/${id}/analysis`, undefined, token);
    expect(a.status).toBe(200);
    return a.body;
  };

  it.each(CASES)(
    'analyses every deal of a $game ($preset) match',
    async ({ game, preset, players }) => {
      const { id, token, record } = await finished(game, preset, players);
      // The record is the server's own: every deal carries its proof of a fair shuffle.
      expect(record.deals.length).toBeGreaterThan(0);
      expect(record.deals.every((d) => 'fair' in d)).toBe(true);
      const done = await until(async () => {
        const a = await analysis(id, token);
        return a.pending.length === 0 ? a : undefined;
      });
      expect(done.failed).toEqual([]);
      expect(done.deals.map((d) => d.deal)).toEqual(record.deals.map((_, i) => i));
      expect(done.deals.some((d) => d.moves.length > 0)).toBe(true);
    },
    400_000,
  );

  it('stores a failed analysis as failed, says why and does not try it again', async () => {
    const { id, token, record } = await finished('klaberjass', 'hoyle', 2);
    // Analysed as it ended; then its analyses are dropped and its first deal's stored cards broken, so
    // the record no longer replays from that deal on.
    await until(async () => ((await analysis(id, token)).pending.length === 0 ? true : undefined));
    const db = context().store.db;
    await db.deleteFrom('analyses').where('table_id', '=', id).execute();
    const first = await db
      .selectFrom('steps')
      .select(['seq', 'data'])
      .where('table_id', '=', id)
      .where('kind', '=', 'deal')
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    const broken = { ...JSON.parse(first.data), hands: 'none' };
    await db
      .updateTable('steps')
      .set({ data: JSON.stringify(broken) })
      .where('table_id', '=', id)
      .where('seq', '=', first.seq)
      .execute();
    const done = await until(async () => {
      const a = await analysis(id, token);
      return a.pending.length === 0 ? a : undefined;
    });
    expect(done.failed.map((f) => f.deal)).toEqual(record.deals.map((_, i) => i));
    expect(done.failed[0].reason).toMatch(/^deal 0: /);
    expect(done.deals).toEqual([]);
    // Stored: asked again, nothing is queued.
    const again = await analysis(id, token);
    expect(again.pending).toEqual([]);
    expect(again.failed).toEqual(done.failed);
  }, 400_000);
});

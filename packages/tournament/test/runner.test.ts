import { type AnyGame, gameById, unwrap } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { duplicateSeed, type PracticeReport, practice, rotatedDeal } from '../src/runner.ts';
import { standings } from '../src/standings.ts';

function run(settings: object, players: number): PracticeReport {
  const r = practice({ settings, players, level: 'rule' });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('practice tournaments of computer players', () => {
  it('a 16-player DDV-style tournament runs to its end; standings are the sums of the game points', () => {
    const rep = run({ format: 'ddv', rounds: 2, games: 4, seed: '1' }, 16);
    expect(rep.results).toHaveLength(8);
    // Each player: 2 series of 4 games at tables of four.
    const sum = new Map<string, number>();
    for (const r of rep.results) {
      expect(r.games).toHaveLength(4);
      for (const g of r.games) {
        // Doppelkopf is zero-sum at the table.
        expect(g.scores.reduce((a: number, x) => a + (x ?? 0), 0)).toBe(0);
        g.scores.forEach((x, s) => {
          sum.set(r.players[s], (sum.get(r.players[s]) ?? 0) + (x ?? 0));
        });
      }
    }
    expect(rep.standings).toHaveLength(16);
    for (const s of rep.standings) {
      expect(s.total).toBe(sum.get(s.player));
      expect(s.games).toBe(8);
    }
    const totals = rep.standings.map((s) => s.total);
    expect(totals).toStrictEqual([...totals].sort((a, b) => b - a));
    expect(rep.standings[0].rank).toBe(1);
    // Series 2 is drawn anew: nobody sits with a player of series 1 again (possible for 16).
    const first = rep.rounds[0].tables.map((t) => new Set(t.players));
    for (const t of rep.rounds[1].tables)
      for (const f of first) expect(t.players.filter((p) => f.has(p)).length).toBeLessThanOrEqual(1);
    // Reproducible for the seed.
    expect(run({ format: 'ddv', rounds: 2, games: 4, seed: '1' }, 16).standings).toStrictEqual(rep.standings);
  });

  it('a table of five plays a quarter more games and its dealer sits out', () => {
    const rep = run({ format: 'ddv', rounds: 1, games: 4, seed: '2' }, 9);
    const five = rep.results.find((r) => r.players.length === 5);
    expect(five?.games).toHaveLength(5);
    five?.games.forEach((g, i) => {
      expect(g.scores[i % 5]).toBeNull();
      expect(g.scores.filter((x) => x === null)).toHaveLength(1);
    });
    for (const s of rep.standings) expect(s.games).toBe(4);
  });

  it('an 8-player duplicate Doppelkopf tournament: both tables play the same deals, standings match', () => {
    const rep = run({ format: 'duplicate', game: 'doppelkopf', rounds: 2, games: 4, seed: '1' }, 8);
    expect(rep.results).toHaveLength(4);
    for (const r of rep.results) expect(r.rotation).toBe(r.table % 4);
    expect(standings('duplicate', 'doppelkopf', rep.players, rep.results)).toStrictEqual(rep.standings);
    // Matchpoints are shared out: each comparison gives 2 between two results, so the mean is 50%.
    const mean = rep.standings.reduce((a, s) => a + s.total, 0) / 8;
    expect(mean).toBeCloseTo(50, 1);
    for (const s of rep.standings) expect(s.games).toBe(8);
  });

  it.each(['doppelkopf', 'differenzler', 'klapperjas'])(
    'duplicate %s: a table rotated by one holds each hand one seat on',
    (id) => {
      const g = gameById(id as 'doppelkopf') as AnyGame;
      const config = unwrap(g.parseConfig({ players: 4 }));
      const seed = duplicateSeed('x', 0, 3);
      type Deal = { hands: unknown[]; trump?: unknown };
      const t0 = rotatedDeal(g, config, 3, 0, seed) as Deal;
      const t1 = rotatedDeal(g, config, 3, 1, seed) as Deal;
      expect(t0.hands).toHaveLength(4);
      for (let s = 0; s < 4; s++) expect(t1.hands[s]).toStrictEqual(t0.hands[(s + 1) % 4]);
      expect(t1.trump).toStrictEqual(t0.trump);
      // Another deal number gives other cards.
      expect((rotatedDeal(g, config, 3, 0, duplicateSeed('x', 0, 4)) as Deal).hands).not.toStrictEqual(
        t0.hands,
      );
      // The rotated deal is one the engine accepts.
      expect(g.applyDeal(g.start(config, 3), t1).ok).toBe(true);
    },
  );

  it('Differenzler passes and a Swiss Klaberjass tournament run to their end', () => {
    const d = run({ format: 'differenzler', rounds: 2, games: 4, seed: '1' }, 8);
    const totals = d.standings.map((s) => s.total);
    expect(totals).toStrictEqual([...totals].sort((a, b) => a - b));
    const s = run({ format: 'swiss', game: 'klaberjass', seed: '1' }, 5);
    expect(s.rounds).toHaveLength(3);
    // Every round: two matches and a bye; match points in all: 3 rounds x (2 + 2 + 2 or 1 + 1 + 2 ...).
    expect(s.rounds.every((r) => r.bye !== null && r.tables.length === 2)).toBe(true);
    expect(new Set(s.rounds.map((r) => r.bye)).size).toBe(3);
  });

  it('bad settings give the typed error', () => {
    const r = practice({ settings: { format: 'ddv', games: 4 }, players: 7, level: 'rule' });
    expect(r.ok ? null : r.error.code).toBe('bad-players');
  });

  it('house redeals (Krankheit, Armut refused) are no games: each table plays exactly its games', () => {
    // Seed h1: the old runner counted 29 games at the DDV table (5 void deals as 0-point games) and
    // 3 void deals among the 24 at each duplicate table.
    for (const [format, players, tables] of [
      ['ddv', 4, 1],
      ['ddv', 5, 1],
      ['duplicate', 8, 2],
    ] as const) {
      const rep = run({ format, preset: 'house', rounds: 1, games: 24, seed: 'h1' }, players);
      expect(rep.results, format).toHaveLength(tables);
      for (const r of rep.results) {
        expect(r.games, `${format} ${players}`).toHaveLength(players === 5 ? 30 : 24);
        if (format === 'duplicate') expect(r.games.map((g) => g.deal)).toEqual([...Array(24).keys()]);
      }
      expect(rep.standings.map((x) => x.games)).toEqual(Array(players).fill(24));
    }
  });
});

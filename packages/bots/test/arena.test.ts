import { describe, expect, it } from 'vitest';
import { arena, mergeReports } from '../src/arena.ts';

describe('arena', () => {
  it('plays duplicate deals and reports margins with intervals', () => {
    const r = arena({ game: 'klapperjas', players: 4, bots: ['rule', 'random'], deals: 6, seed: 't' });
    expect(r.deals).toBe(6);
    expect(r.cardPoints.margin.mean).toBeCloseTo(r.cardPoints.a.mean - r.cardPoints.b.mean, 2);
    expect(r.cardPoints.margin.low).toBeLessThanOrEqual(r.cardPoints.margin.high);
    expect(r.winRate.mean).toBeGreaterThanOrEqual(0);
    expect(r.winRate.mean).toBeLessThanOrEqual(1);
    expect(r.decisionMs.rule.n).toBeGreaterThan(0);
    expect(r.decisionMs.random.n).toBeGreaterThan(0);
    // The same seed replays the same deals with the same decisions.
    const again = arena({ game: 'klapperjas', players: 4, bots: ['rule', 'random'], deals: 6, seed: 't' });
    expect(again.cardPoints).toStrictEqual(r.cardPoints);
  });

  it('merges runs as if they were one', () => {
    const a = arena({ game: 'klaberjass', players: 2, bots: ['rule', 'random'], deals: 4, seed: 'm1' });
    const b = arena({ game: 'klaberjass', players: 2, bots: ['rule', 'random'], deals: 4, seed: 'm2' });
    const m = mergeReports([a, b]);
    expect(m.deals).toBe(8);
    expect(m.cardPoints.margin.mean).toBeCloseTo(
      (a.cardPoints.margin.mean + b.cardPoints.margin.mean) / 2,
      2,
    );
  });

  it('plays whole matches in duplicate and reports the match win rate', () => {
    const opts = { game: 'klapperjas', players: 2, bots: ['rule', 'random'], deals: 0, seed: 'mt' } as const;
    const r = arena({ ...opts, matches: 10 });
    expect(r.deals).toBe(0);
    const m = r.matches;
    expect(m?.played).toBe(10);
    if (!m) return;
    expect(m.winRate.low).toBeLessThanOrEqual(m.winRate.high);
    // Klapper-Jas 2 players plays to 12 match points: several deals. Match decisions are timed too.
    expect(m.dealsPerMatch.mean).toBeGreaterThan(1);
    expect(m.longestMatch).toBeGreaterThanOrEqual(m.dealsPerMatch.mean);
    // Rule beats random in most matches.
    expect(m.winRate.mean).toBeGreaterThan(0.5);
    expect(r.decisionMs.rule.n).toBeGreaterThan(0);
    // The same seed replays the same matches with the same decisions.
    expect(arena({ ...opts, matches: 10 }).matches).toStrictEqual(m);
    // Deal mode alone reports no match part; with deals too the deal fields are the deal mode's.
    expect(arena({ ...opts, deals: 2 }).matches).toBeUndefined();
    const both = arena({ ...opts, deals: 2, matches: 1 });
    expect(both.cardPoints).toStrictEqual(arena({ ...opts, deals: 2 }).cardPoints);
  });

  it('plays 3-player and Differenzler matches to their end', () => {
    const three = arena({
      game: 'klapperjas',
      players: 3,
      bots: ['rule', 'random'],
      deals: 0,
      matches: 2,
      seed: 'm3',
    });
    // Three replays per match, each won (A first) or lost, no ties: pair scores are thirds.
    const mean = three.matches?.winRate.mean ?? Number.NaN;
    expect(Math.abs(mean * 6 - Math.round(mean * 6))).toBeLessThan(0.01);
    // Differenzler plays its 12 rounds (the default) in every replay.
    const d = arena({ game: 'differenzler', bots: ['rule', 'random'], deals: 0, matches: 1, seed: 'md' });
    expect(d.matches?.dealsPerMatch.mean).toBe(12);
    expect(d.matches?.longestMatch).toBe(12);
  });

  it('stops a match that does not end with a clear error', () => {
    expect(() =>
      arena({
        game: 'klaberjass',
        bots: ['rule', 'random'],
        deals: 0,
        matches: 1,
        maxMatchDeals: 1,
        seed: 'x',
      }),
    ).toThrow(/did not end within 1 deals/);
  });

  it('merges the match part of runs as if they were one', () => {
    const opts = { game: 'klaberjass', players: 2, bots: ['rule', 'random'], deals: 1 } as const;
    const a = arena({ ...opts, matches: 2, seed: 'mm1' });
    const b = arena({ ...opts, matches: 3, seed: 'mm2' });
    const c = arena({ ...opts, seed: 'mm3' });
    const m = mergeReports([c, a, b]);
    expect(m.deals).toBe(3);
    expect(m.matches?.played).toBe(5);
    expect(m.matches?.winRate.mean).toBeCloseTo(
      (2 * a.matches!.winRate.mean + 3 * b.matches!.winRate.mean) / 5,
      2,
    );
    expect(m.matches?.longestMatch).toBe(Math.max(a.matches!.longestMatch, b.matches!.longestMatch));
    expect(mergeReports([c, c]).matches).toBeUndefined();
  });
});

describe('arena: optional calls (Doppelkopf)', () => {
  const ddv = { game: 'doppelkopf', config: { players: 4, preset: 'ddv' }, deals: 12 } as const;

  it('asks the bots about calls while another seat is to play, the same way for a seed', () => {
    const r = arena({ ...ddv, bots: ['rule', 'rule'], seed: 'opt' });
    const d = r.doppelkopf;
    expect(d?.a.games).toBe(24);
    expect(d?.b.games).toBe(24);
    if (!d) return;
    // Calls made as an optional actor, not only at the seat's own turn.
    expect(d.a.offTurn + d.b.offTurn).toBeGreaterThan(0);
    expect(d.a.offTurn).toBeLessThanOrEqual(Object.values(d.a.calls).reduce((x, y) => x + y, 0));
    // Deterministic for a seed: the same deals, calls and scores.
    const again = arena({ ...ddv, bots: ['rule', 'rule'], seed: 'opt' });
    expect(again.doppelkopf).toStrictEqual(d);
    expect(again.gamePoints).toStrictEqual(r.gamePoints);
  });

  it('never asks the random level off its turn', () => {
    const r = arena({ ...ddv, bots: ['rule', 'random'], seed: 'opt' });
    expect(r.doppelkopf?.b.offTurn).toBe(0);
    expect(r.doppelkopf?.a.offTurn).toBeGreaterThan(0);
  });
});

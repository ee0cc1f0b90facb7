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
});

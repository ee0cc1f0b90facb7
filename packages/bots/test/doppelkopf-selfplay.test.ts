/**
 * Doppelkopf bots in self-play (selfplay.ts checks every decision: one of the legal actions, accepted by the
 * engine, the same again for the same request): both presets and option sets that reach every decision
 * (Vorführung with a short match and Pflichtsolo, Armut with trumps only, the looser Schwein readings).
 */
import { describe, expect, it } from 'vitest';
import { allRule, randomOrRule, selfPlay, someSearch, summary, type Table } from './selfplay.ts';

const TABLE: Table = { game: 'doppelkopf', players: 4 };

const SETUPS = [
  { label: 'preset ddv', config: { preset: 'ddv' } },
  { label: 'preset house', config: { preset: 'house' } },
  // A short DDV match with Pflichtsolo: Vorführungen come at its end (the solo is forced, `declare`).
  { label: 'ddv, 6 games (Vorführung)', config: { preset: 'ddv', options: { games: 6 } } },
  {
    label: 'house, Armut with trumps only, Schwein party, zero-sum',
    config: { preset: 'house', options: { armut: 'trumps', schwein: 'party', credit: 'zero-sum' } },
  },
] as const;

describe('Doppelkopf self-play: random and rule players', () => {
  for (const s of SETUPS)
    it(`${s.label}: every action chosen is one offered`, () => {
      const stats = selfPlay({
        table: TABLE,
        config: s.config,
        deals: 150,
        seed: `dk-rule/${s.label}`,
        seating: randomOrRule,
        deepCheck: (_, i) => i % 7 === 0,
      });
      console.log(summary(s.label, stats));
      expect(stats.deals).toBe(150);
      const rule = stats.byLevel.rule ?? {};
      // The rule player plays cards, says gesund and announces by strength.
      for (const k of ['play', 'healthy', 'announce', ...(s.label.includes('Vorführung') ? ['declare'] : [])])
        expect(rule[k] ?? 0, k).toBeGreaterThan(0);
    });

  it('house, all rule players: Vorbehalt, Armut and Reizen decided by the rule player', () => {
    const stats = selfPlay({
      table: TABLE,
      config: { preset: 'house' },
      deals: 300,
      seed: 'dk-rule/house-all',
      seating: allRule,
      deepCheck: (_, i) => i % 11 === 0,
    });
    console.log(summary('house all rule', stats));
    const rule = stats.byLevel.rule ?? {};
    for (const k of ['play', 'healthy', 'reserve', 'declare', 'give', 'return', 'solo'])
      expect(rule[k] ?? 0, k).toBeGreaterThan(0);
  });
});

describe('Doppelkopf self-play: search players', () => {
  for (const s of SETUPS.slice(0, 2))
    it(`${s.label}: every action chosen is one offered, the same for the same seed`, () => {
      const stats = selfPlay({
        table: TABLE,
        config: s.config,
        deals: 8,
        seed: `dk-search/${s.label}`,
        seating: someSearch,
        deepCheck: (_, i) => i % 5 === 0,
      });
      console.log(summary(s.label, stats));
      expect(stats.byLevel.search?.play ?? 0).toBeGreaterThan(0);
    }, 600_000);
});

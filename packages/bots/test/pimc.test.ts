import type { Card } from '@stich/engine';
import { DECK32, seeded, shuffle } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import type { PlayContext } from '../src/play/context.ts';
import { bestCard, pimc } from '../src/play/pimc.ts';
import { JAS32 } from '../src/solver/model.ts';

/** A 4-player Klapper-Jas position with `size` cards per hand, seat 0 to lead, the rest of the deck unseen. */
function position(seed: string, size: number): PlayContext {
  const rng = seeded(seed);
  const hand = shuffle(DECK32, rng).slice(0, size);
  return {
    rules: JAS32,
    deck: DECK32,
    order: [0, 1, 2, 3],
    me: 0,
    trump: rng.int(4),
    hand,
    handCounts: [size, size, size, size],
    tricks: [],
    trick: { leader: 0, cards: [] },
    known: [[], [], [], []],
    outOfPlay: [],
    party: [0, 1, 0, 1],
    objective: 'difference',
  };
}

const unlimited = { samples: 20, nodes: Number.POSITIVE_INFINITY, perSample: Number.POSITIVE_INFINITY };

describe('PIMC: dropping clearly worse cards', () => {
  it('keeps the exact totals of the cards still solved and picks one of them', () => {
    for (let i = 0; i < 6; i++) {
      const ctx = position(`pimc-prune-${i}`, 4);
      const legal = [...ctx.hand] as Card[];
      const full = pimc(ctx, legal, seeded(`s${i}`), unlimited);
      const dropped: Card[] = [];
      const pruned = pimc(ctx, legal, seeded(`s${i}`), { ...unlimited, prune: { after: 4, z: 2 } }, (v) => {
        for (const c of legal) if (!v.has(c) && !dropped.includes(c)) dropped.push(c);
      });
      expect(pruned.samples).toBe(full.samples);
      for (const c of legal)
        if (!dropped.includes(c)) expect(pruned.totals.get(c), `card ${c}`).toBe(full.totals.get(c));
      expect(dropped).not.toContain(bestCard(pruned, legal, legal[0]));
      // A dropped card was worse than the best on average over the deals it was solved in.
      for (const c of dropped)
        expect(pruned.totals.get(c)!).toBeLessThan(pruned.totals.get(bestCard(pruned, legal, legal[0]))!);
    }
  });

  it('drops cards, so later deals solve fewer of them', () => {
    let solved = 0;
    let all = 0;
    for (let i = 0; i < 6; i++) {
      const ctx = position(`pimc-prune-${i}`, 4);
      pimc(ctx, ctx.hand, seeded(`s${i}`), { ...unlimited, prune: { after: 4, z: 2 } }, (v) => {
        solved += v.size;
        all += ctx.hand.length;
      });
    }
    expect(solved).toBeLessThan(all);
  });
});

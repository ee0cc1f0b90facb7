import { describe, expect, it } from 'vitest';
import { drawTables, meet, repeats } from '../src/draw.ts';
import { type SwissPlayer, swissPairing } from '../src/swiss.ts';

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe('table draws', () => {
  it('are deterministic for a seed and seat everyone once', () => {
    const a = drawTables(names(17), [4, 4, 4, 5], new Map(), 's');
    expect(drawTables(names(17), [4, 4, 4, 5], new Map(), 's')).toStrictEqual(a);
    expect(drawTables(names(17), [4, 4, 4, 5], new Map(), 't')).not.toStrictEqual(a);
    expect(a.flat().sort()).toStrictEqual(names(17).sort());
    expect(a.map((t) => t.length)).toStrictEqual([4, 4, 4, 5]);
  });

  it('avoid repeat meetings: 16 players meet nobody twice over five series (an affine plane exists)', () => {
    // 16 players at 4 tables of 4 meet 3 new players per series; 5 series meet all 15 exactly once
    // (the affine plane of order 4), so a perfect draw exists. The greedy search must get near it.
    let met = new Map<string, number>();
    let total = 0;
    for (let r = 0; r < 3; r++) {
      const t = drawTables(names(16), [4, 4, 4, 4], met, `s/${r}`);
      total += repeats(met, t);
      met = meet(met, t);
    }
    expect(total).toBe(0);
  });
});

describe('Swiss pairing', () => {
  const players = (pts: number[], met: string[][] = [], byes: number[] = []): SwissPlayer[] =>
    pts.map((points, i) => ({ id: `p${i}`, points, met: met[i] ?? [], byes: byes[i] ?? 0 }));

  it('pairs by score from the top and gives the bye to the lowest without one', () => {
    const p = swissPairing(players([4, 2, 2, 0, 0], [], [0, 0, 0, 0, 1]));
    expect(p.bye).toBe('p3');
    expect(p.pairs).toStrictEqual([
      ['p0', 'p1'],
      ['p2', 'p4'],
    ]);
  });

  it('backs up to avoid a rematch', () => {
    // p0-p1 met, so p0 takes p2; p1 then takes p3.
    const p = swissPairing(players([2, 2, 0, 0], [['p1'], ['p0']]));
    expect(p.pairs).toStrictEqual([
      ['p0', 'p2'],
      ['p1', 'p3'],
    ]);
    // p0 has met p1 and p2: the search must back up so that p0 meets p3.
    const q = swissPairing(players([2, 2, 2, 0], [['p1', 'p2'], ['p0'], ['p0'], []]));
    expect(q.pairs).toStrictEqual([
      ['p0', 'p3'],
      ['p1', 'p2'],
    ]);
  });

  it('allows rematches only when no other pairing exists', () => {
    const p = swissPairing(players([2, 0], [['p1'], ['p0']]));
    expect(p.pairs).toStrictEqual([['p0', 'p1']]);
  });
});

import { describe, expect, it } from 'vitest';
import type { TableResult } from '../src/results.ts';
import { standings } from '../src/standings.ts';

const view = (s: ReturnType<typeof standings>) => s.map((x) => [x.rank, x.player, x.total, ...x.tie]);

describe('standings against hand computation', () => {
  it('DDV: sum of game points, then games won, then a shared place; a table of five with its sitter', () => {
    const results: TableResult[] = [
      {
        round: 0,
        table: 0,
        players: ['A', 'B', 'C', 'D'],
        games: [{ scores: [2, -2, 2, -2] }, { scores: [-3, -3, -3, 9] }],
      },
      {
        round: 0,
        table: 1,
        players: ['E', 'F', 'G', 'H', 'I'],
        // Game 0: E deals and sits out; game 1: F does.
        games: [{ scores: [null, 1, -1, 1, -1] }, { scores: [-4, null, 4, 4, -4] }],
      },
    ];
    // By hand: A 2-3=-1 (1 won), B -2-3=-5 (0), C 2-3=-1 (1), D -2+9=7 (1);
    // E -4 (0, sat out once), F 1 (1), G -1+4=3 (1), H 1+4=5 (2), I -1-4=-5 (0).
    // Ranks: D 7; H 5; G 3; F 1; A and C -1 with 1 won each share 5th; E -4 is 7th; B and I -5
    // with 0 won share 8th (listed in the field's order).
    const s = standings('ddv', 'doppelkopf', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], results);
    expect(view(s)).toStrictEqual([
      [1, 'D', 7, 1],
      [2, 'H', 5, 2],
      [3, 'G', 3, 1],
      [4, 'F', 1, 1],
      [5, 'A', -1, 1],
      [5, 'C', -1, 1],
      [7, 'E', -4, 0],
      [8, 'B', -5, 0],
      [8, 'I', -5, 0],
    ]);
    expect(s.find((x) => x.player === 'E')?.games).toBe(1);
  });

  it('duplicate: matchpoints per hand across tables, in percent; tie-break the score sum', () => {
    const results: TableResult[] = [
      {
        round: 0,
        table: 0,
        players: ['A', 'B', 'C', 'D'],
        rotation: 0,
        games: [
          { deal: 0, scores: [3, -3, -3, 3] },
          { deal: 1, scores: [2, 2, -2, -2] },
        ],
      },
      {
        round: 0,
        table: 1,
        players: ['E', 'F', 'G', 'H'],
        rotation: 1,
        games: [
          { deal: 0, scores: [1, -1, 1, -1] },
          { deal: 1, scores: [-2, 2, 2, -2] },
        ],
      },
    ];
    // Table 1 seat s holds hand s+1: E hand 1, F hand 2, G hand 3, H hand 0.
    // Deal 0: hand 0 A 3 > H -1 (A 2, H 0); hand 1 B -3 < E 1 (B 0, E 2); hand 2 C -3 < F -1 (F 2);
    //         hand 3 D 3 > G 1 (D 2).
    // Deal 1: hand 0 A 2 > H -2 (A 2); hand 1 B 2 > E -2 (B 2); hand 2 C -2 < F 2 (F 2); hand 3 D -2 < G 2 (G 2).
    // Out of 4: A 4 = 100%, F 4 = 100%, B 2, D 2, E 2, G 2 = 50%, C 0, H 0 = 0%.
    // Score sums: A 5, F 1; G 3, D 1, B -1, E -1 (shared); H -3, C -5.
    const s = standings('duplicate', 'doppelkopf', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], results);
    expect(view(s)).toStrictEqual([
      [1, 'A', 100, 5],
      [2, 'F', 100, 1],
      [3, 'G', 50, 3],
      [4, 'D', 50, 1],
      [5, 'B', 50, -1],
      [5, 'E', 50, -1],
      [7, 'H', 0, -3],
      [8, 'C', 0, -5],
    ]);
  });

  it('duplicate Differenzler: the smaller difference is the better result', () => {
    const results: TableResult[] = [0, 1].map((t) => ({
      round: 0,
      table: t,
      players: t === 0 ? ['A', 'B', 'C', 'D'] : ['E', 'F', 'G', 'H'],
      rotation: 0,
      games: [{ deal: 0, scores: t === 0 ? [5, 5, 5, 5] : [0, 10, 5, 5] }],
    }));
    // Hand 0: E 0 beats A 5; hand 1: B 5 beats F 10; hands 2 and 3 tie (1 each of 2).
    const s = standings('duplicate', 'differenzler', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], results);
    const pct = Object.fromEntries(s.map((x) => [x.player, x.total]));
    expect(pct).toStrictEqual({ A: 0, B: 100, C: 50, D: 50, E: 100, F: 0, G: 50, H: 50 });
  });

  it('Differenzler: the smallest total difference, then more exact estimates', () => {
    const results: TableResult[] = [
      {
        round: 0,
        table: 0,
        players: ['A', 'B', 'C', 'D'],
        games: [{ scores: [10, 0, 5, 20] }, { scores: [0, 12, 5, 3] }],
      },
    ];
    // By hand: A 10 (1 exact), B 12 (1), C 10 (0), D 23 (0): A before C on exact hits.
    expect(view(standings('differenzler', 'differenzler', ['A', 'B', 'C', 'D'], results))).toStrictEqual([
      [1, 'A', 10, 1],
      [2, 'C', 10, 0],
      [3, 'B', 12, 1],
      [4, 'D', 23, 0],
    ]);
  });

  it('Swiss: match points, then Buchholz, then the score margin; a bye counts as won', () => {
    const results: TableResult[] = [
      { round: 0, table: 0, players: ['A', 'B'], games: [{ scores: [100, 50] }], winners: ['A'] },
      { round: 0, table: 1, players: ['C'], games: [], winners: ['C'] },
      { round: 1, table: 0, players: ['C', 'A'], games: [{ scores: [80, 80] }], winners: ['C', 'A'] },
      { round: 1, table: 1, players: ['B'], games: [], winners: ['B'] },
    ];
    // By hand: A 2+1=3, B 0+2=2, C 2+1=3. Buchholz: A: B 2 + C 3 = 5; C: A 3; B: A 3.
    // Margins: A +50, C 0, B -50.
    expect(view(standings('swiss', 'klaberjass', ['A', 'B', 'C'], results))).toStrictEqual([
      [1, 'A', 3, 5, 50],
      [2, 'C', 3, 3, 0],
      [3, 'B', 2, 3, -50],
    ]);
  });
});

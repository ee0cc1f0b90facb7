/**
 * `hochzeitAfter`, the Hochzeit rule the bots' searches play by (docs/rules/doppelkopf.md, Hochzeit: "The
 * partner is the winner of the first of tricks 1-3 not won by the holder (any trick); if the holder wins
 * tricks 1-3 he plays alone").
 */
import { describe, expect, it } from 'vitest';
import { HOCHZEIT_TRICKS, hochzeitAfter } from '../src/doppelkopf/index.ts';

describe('hochzeitAfter', () => {
  // [holder, winner, trick (from 0), expected, what the rule says]
  const cases: [number, number, number, number, string][] = [
    [0, 2, 0, 2, 'trick 1 won by another seat: its winner is the partner'],
    [1, 3, 2, 3, 'trick 3 won by another seat: its winner is the partner'],
    [2, 2, 0, 2, 'trick 1 won by the holder: still open'],
    [2, 2, 1, 2, 'trick 2 won by the holder: still open'],
    [3, 3, 2, -1, 'tricks 1-3 all won by the holder: he plays alone'],
  ];
  it.each(cases)('holder %i, winner %i, trick %i: %i (%s)', (holder, winner, trick, want) => {
    expect(hochzeitAfter(holder, winner, trick)).toBe(want);
  });

  it('closes at the trick the engine closes it at', () => {
    expect(HOCHZEIT_TRICKS).toBe(3);
    expect(hochzeitAfter(0, 0, HOCHZEIT_TRICKS - 2)).toBe(0);
    expect(hochzeitAfter(0, 0, HOCHZEIT_TRICKS - 1)).toBe(-1);
  });
});

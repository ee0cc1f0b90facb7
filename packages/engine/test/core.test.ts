import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS,
  cardFromId,
  cardId,
  count,
  DECK32,
  DECK36,
  fromIndices,
  highest,
  indices,
  isCard,
  lowest,
  parseCards,
  parseRecord,
  seeded,
  shuffle,
} from '../src/index.ts';

describe('cards', () => {
  it.each([
    ['HJ', 'Herz Bube'],
    ['CT', 'Kreuz Zehn'],
    ['S9', 'Pik Neun'],
    ['D6', 'Karo Sechs'],
  ])('%s is a card (%s)', (text) => {
    expect(isCard(text)).toBe(true);
    expect(cardFromId(cardId(text as never))).toBe(text);
  });

  it.each(['', 'H', 'HX', 'XJ', 'hj', 'HJJ', 'H10'])('%j is not a card', (text) => {
    expect(isCard(text)).toBe(false);
  });

  it('decks have the right sizes and no unknown cards', () => {
    expect(ALL_CARDS).toHaveLength(36);
    expect(DECK32).toHaveLength(32);
    expect(DECK32.some((c) => c[1] === '6')).toBe(false);
    expect(DECK36).toHaveLength(36);
  });

  it('parses card lists and rejects unknown cards', () => {
    expect(parseCards('HJ h9, CA')).toEqual(['HJ', 'H9', 'CA']);
    expect(parseCards('HJ ZZ')).toBeUndefined();
  });
});

describe('bit sets', () => {
  it('count, lowest, highest and indices agree with a plain list', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 31 })), (list) => {
        const set = fromIndices(list);
        const sorted = [...list].sort((a, b) => a - b);
        expect(count(set)).toBe(list.length);
        expect(indices(set)).toEqual(sorted);
        if (list.length > 0) {
          expect(lowest(set)).toBe(sorted[0]);
          expect(highest(set)).toBe(sorted[sorted.length - 1]);
        }
      }),
    );
  });
});

describe('seeded generator (xoshiro128**)', () => {
  it('gives the same sequence for the same seed on every machine', () => {
    const a = seeded('stich');
    const first = [a.next(), a.next(), a.next()];
    const b = seeded('stich');
    expect([b.next(), b.next(), b.next()]).toEqual(first);
    // Computed by the C reference of xoshiro128** with the documented FNV-1a + splitmix32 seeding;
    // a change here breaks every record that stores a seed.
    expect(first).toEqual([3529051725, 3088404000, 3657883933]);
  });

  it('shuffles into a permutation', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const deck = shuffle(DECK32, seeded(seed));
        expect([...deck].sort()).toEqual([...DECK32].sort());
      }),
    );
  });

  it('draws every value of int(n) in range and roughly evenly', () => {
    const rng = seeded(1);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[rng.int(3)]++;
    for (const c of counts) expect(c).toBeGreaterThan(9_400);
  });
});

describe('records', () => {
  it.each([
    ['not JSON', '{'],
    ['wrong format', { format: 'x', version: 1 }],
    ['unknown game', { format: 'stich-record', version: 1, game: 'skat', dealer: 0, deals: [], actions: [] }],
    [
      'bad action',
      { format: 'stich-record', version: 1, game: 'klapperjas', dealer: 0, deals: [], actions: [{}] },
    ],
  ])('rejects a record with %s', (_name, input) => {
    const r = parseRecord(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad-record');
  });
});

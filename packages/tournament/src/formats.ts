/**
 * The tournament formats as data (docs/tournaments.md explains each with its source), and the seat
 * counts they allow. Pure: no I/O, no clock.
 */
import type { GameId } from '@stich/engine';
import { done, fail, type TResult } from './errors.ts';

export const FORMAT_IDS = ['ddv', 'differenzler', 'swiss', 'duplicate'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export interface Format {
  readonly id: FormatId;
  readonly name: { readonly de: string; readonly en: string };
  /** Games the format takes; the first is the default. */
  readonly games: readonly GameId[];
  /** What a round is called: a series (DDV), a pass (Differenzler), a round (Swiss, duplicate). */
  readonly round: 'series' | 'pass' | 'round';
  /** Default rounds (series, passes); Swiss: 0 means ceil(log2 players). */
  readonly rounds: number;
  /** Default games per round at a table of four (DDV: per series; duplicate: deals per round; Swiss: unused, a round is one whole match). */
  readonly perRound: number;
  /** Whether higher totals rank first (Differenzler: the smallest difference ranks first). */
  readonly higher: boolean;
}

export const FORMATS: Readonly<Record<FormatId, Format>> = {
  ddv: {
    id: 'ddv',
    name: { de: 'Doppelkopf nach DDV-Art', en: 'Doppelkopf, DDV style' },
    games: ['doppelkopf'],
    round: 'series',
    rounds: 3,
    perRound: 24,
    higher: true,
  },
  differenzler: {
    id: 'differenzler',
    name: { de: 'Differenzler-Turnier', en: 'Differenzler tournament' },
    games: ['differenzler'],
    round: 'pass',
    rounds: 4,
    perRound: 4,
    higher: false,
  },
  swiss: {
    id: 'swiss',
    name: { de: 'Schweizer System', en: 'Swiss system' },
    games: ['klaberjass', 'klapperjas'],
    round: 'round',
    rounds: 0,
    perRound: 1,
    higher: true,
  },
  duplicate: {
    id: 'duplicate',
    name: { de: 'Duplicate', en: 'Duplicate' },
    games: ['doppelkopf', 'differenzler', 'klapperjas'],
    round: 'round',
    rounds: 3,
    perRound: 8,
    higher: true,
  },
};

export const isFormat = (x: unknown): x is FormatId => (FORMAT_IDS as readonly unknown[]).includes(x);

/** Most entrants any tournament takes (the server may set a lower limit). */
export const MAX_ENTRANTS = 512;

/**
 * Table sizes for `n` players in the format, largest tables last. DDV: tables of four, and as many
 * tables of five as `n mod 4` demands (6, 7 and 11 players cannot be seated). Differenzler and
 * duplicate: tables of four only. Swiss: pairs, one player with a bye when `n` is odd.
 */
export function tableSizes(format: FormatId, n: number): TResult<number[]> {
  if (!Number.isInteger(n) || n < 0) return fail('bad-players', `${n} is not a player count`);
  if (n > MAX_ENTRANTS) return fail('bad-players', `at most ${MAX_ENTRANTS} players, not ${n}`);
  switch (format) {
    case 'ddv': {
      // n = 4a + 5b with the fewest tables of five: b = n mod 4.
      const five = n % 4;
      if (n < 4 || 5 * five > n)
        return fail(
          'bad-players',
          `${n} players cannot sit at tables of four and five (possible: 4, 5, 8, 9, 10, 12 and more)`,
        );
      return done([...Array((n - 5 * five) / 4).fill(4), ...Array(five).fill(5)]);
    }
    case 'differenzler':
      if (n < 4 || n % 4 !== 0)
        return fail('bad-players', `Differenzler needs a multiple of 4 players, not ${n}`);
      return done(Array(n / 4).fill(4));
    case 'duplicate':
      // One table has nobody to compare with: at least two tables.
      if (n < 8 || n % 4 !== 0)
        return fail(
          'bad-players',
          `duplicate needs a multiple of 4 players, at least 8 (two tables), not ${n}`,
        );
      return done(Array(n / 4).fill(4));
    case 'swiss':
      if (n < 2) return fail('bad-players', `the Swiss system needs at least 2 players, not ${n}`);
      return done(Array(Math.floor(n / 2)).fill(2));
  }
}

/** Swiss rounds by default: enough for one unbeaten winner among `n`, ceil(log2 n), at least 1. */
export const swissRounds = (n: number): number => Math.max(1, Math.ceil(Math.log2(Math.max(2, n))));

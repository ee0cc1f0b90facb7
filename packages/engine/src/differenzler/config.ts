/**
 * Differenzler setup: `{ players: 4, preset?: 'standard', options?: { rounds, undertrump, tiebreak } }`.
 */
import { type Config, type OptionSchema, parseWith } from '../core/options.ts';
import type { Result } from '../core/result.ts';
import { UNDERTRUMP_RULES, type UndertrumpRule } from './play.ts';

export const PRESETS = ['standard'] as const;
export type Preset = (typeof PRESETS)[number];

/** How a tie for the lowest total is settled: shared win, or more exact estimates first. */
export const TIEBREAKS = ['shared', 'hits'] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

export const MAX_ROUNDS = 100;

export interface DifferenzlerOptions {
  /** Rounds (deals) in a match; 12 by default, so that every seat deals three times. */
  readonly rounds: number;
  readonly undertrump: UndertrumpRule;
  readonly tiebreak: Tiebreak;
}

export type DifferenzlerConfig = Config<4, Preset, DifferenzlerOptions>;

/** Every option with its values and texts, and the one preset (core/options.ts); parseConfig and meta.ts read it. */
export const SCHEMA: OptionSchema<4, Preset, DifferenzlerOptions> = {
  game: 'Differenzler',
  players: [4],
  presets: {
    standard: {
      name: ['Standard', 'Standard'],
      description: [
        '36 Karten, Trumpf ausgelost, 12 Runden; wer am Ende die kleinste Differenzsumme hat, gewinnt.',
        '36 cards, random trump, 12 rounds; the lowest sum of differences wins.',
      ],
      options: { rounds: 12, undertrump: '002', tiebreak: 'shared' },
    },
  },
  options: {
    rounds: {
      kind: 'integer',
      min: 1,
      max: MAX_ROUNDS,
      name: ['Runden', 'Rounds'],
      description: [
        'Anzahl der Runden; 12 = jeder gibt dreimal.',
        'Number of rounds; 12 = everyone deals three times.',
      ],
    },
    undertrump: {
      kind: 'choice',
      values: UNDERTRUMP_RULES,
      name: ['Untertrumpfen', 'Undertrumping'],
      description: [
        'Wann ein niedrigerer Trumpf auf einen schon gestochenen Stich darf.',
        'When a lower trump may go on a trick already trumped.',
      ],
      labels: {
        '002': ['nur wer nicht bedienen kann (Regeltext)', 'only who cannot follow suit (rule text)'],
        swiss: [
          'nur wer nur noch Trumpf hat (Schweizer Jass)',
          'only who holds nothing but trumps (Swiss Jass)',
        ],
      },
    },
    tiebreak: {
      kind: 'choice',
      values: TIEBREAKS,
      name: ['Gleichstand', 'Ties'],
      description: ['Wer bei gleicher kleinster Summe gewinnt.', 'Who wins on an equal lowest sum.'],
      labels: {
        shared: ['gemeinsamer Sieg', 'shared win'],
        hits: ['mehr genaue Schätzungen', 'more exact estimates'],
      },
    },
  },
  lenient: { preset: true, options: true, values: true },
};

export const DEFAULT_OPTIONS: DifferenzlerOptions = SCHEMA.presets.standard.options;

export const parseConfig = (input: unknown): Result<DifferenzlerConfig> => parseWith(SCHEMA, input);

/**
 * Mini's setup: `{ players: 4, preset?: 'named' | 'plain', options?: { trump, deals } }`. Four players only:
 * the parties are the seats opposite each other. The schema (core/options.ts) gives `parseConfig`; a
 * registered game's meta.ts would build its presets and options from it as well.
 */
import { type Config, type OptionSchema, parseWith } from '../../../src/core/options.ts';
import type { Result } from '../../../src/index.ts';

export const PRESETS = ['named', 'plain'] as const;
export type Preset = (typeof PRESETS)[number];

/** Who decides trump: the seat after the dealer names a suit, or there is none. */
export const TRUMPS = ['named', 'none'] as const;
export type TrumpRule = (typeof TRUMPS)[number];

export const MAX_DEALS = 20;

export interface MiniOptions {
  readonly trump: TrumpRule;
  /** Deals in a match. */
  readonly deals: number;
}

export type MiniConfig = Config<4, Preset, MiniOptions>;

const SCHEMA: OptionSchema<4, Preset, MiniOptions> = {
  game: 'Mini',
  players: [4],
  presets: {
    named: {
      name: ['Trumpf angesagt', 'Named trump'],
      description: ['Der Spieler nach dem Geber sagt Trumpf an.', 'The seat after the dealer names trump.'],
      options: { trump: 'named', deals: 4 },
    },
    plain: {
      name: ['Ohne Trumpf', 'No trump'],
      description: ['Es gibt keinen Trumpf.', 'There is no trump.'],
      options: { trump: 'none', deals: 4 },
    },
  },
  options: {
    trump: {
      kind: 'choice',
      values: TRUMPS,
      name: ['Trumpf', 'Trump'],
      description: ['Wer Trumpf bestimmt.', 'Who decides trump.'],
      labels: { named: ['angesagt', 'named'], none: ['keiner', 'none'] },
    },
    deals: {
      kind: 'integer',
      min: 1,
      max: MAX_DEALS,
      name: ['Spiele', 'Deals'],
      description: ['Spiele einer Partie.', 'Deals in a match.'],
    },
  },
  lenient: { preset: true, options: true, values: true },
};

export const PRESET_OPTIONS: Readonly<Record<Preset, MiniOptions>> = {
  named: SCHEMA.presets.named.options,
  plain: SCHEMA.presets.plain.options,
};

export const parseConfig = (input: unknown): Result<MiniConfig> => parseWith(SCHEMA, input);

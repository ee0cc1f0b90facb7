/** Classic Klaberjass setup: `{ players?: 2, preset?: 'hoyle', options?: { target, sequences } }`. */
import { type OptionSchema, parseWith } from '../core/options.ts';
import type { Result } from '../core/result.ts';
import type { SequenceCompare } from './cards.ts';
import type { KlaberjassConfig, KlaberjassOptions } from './types.ts';

/** Both ways of comparing sequences (cards.ts `SequenceCompare`); the type check below keeps them complete. */
const SEQUENCES = ['value', 'length'] as const satisfies readonly SequenceCompare[];
type Missing = Exclude<SequenceCompare, (typeof SEQUENCES)[number]>;
const complete: [Missing] extends [never] ? true : never = true;
void complete;

/** Every option with its values and texts, and the one preset (core/options.ts); parseConfig and meta.ts read it. */
export const SCHEMA: OptionSchema<2, 'hoyle', KlaberjassOptions> = {
  game: 'Classic Klaberjass',
  players: [2],
  defaultPlayers: 2,
  presets: {
    hoyle: {
      name: ['Hoyle (klassisch zu zweit)', 'Hoyle (classic two-player)'],
      description: [
        'Nehmen, Passen, Schmeiß; zweite Runde mit anderer Farbe; Trumpf-7 tauschen; Sequenzen mit „gut / nicht gut“; Partie bis 500.',
        'Take, pass, schmeiss; second round for another suit; trump-7 exchange; sequences with "good / not good"; match to 500.',
      ],
      options: { target: 500, sequences: 'value' },
    },
  },
  options: {
    target: {
      kind: 'integer',
      min: 1,
      max: 100_000,
      name: ['Partie bis', 'Match to'],
      description: ['Punkte, mit denen die Partie gewonnen ist (500).', 'Points that win the match (500).'],
    },
    sequences: {
      kind: 'choice',
      values: SEQUENCES,
      name: ['Sequenzen vergleichen', 'Comparing sequences'],
      description: ['Welche Sequenz höher ist.', 'Which sequence is higher.'],
      labels: {
        value: ['nach Wert (20/50), dann höchste Karte', 'by value (20/50), then top card'],
        length: ['nach Länge, dann höchste Karte', 'by length, then top card'],
      },
    },
  },
  lenient: { config: true, options: true, values: true },
};

export const parseConfig = (input: unknown): Result<KlaberjassConfig> => parseWith(SCHEMA, input);

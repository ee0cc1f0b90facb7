/** Classic Klaberjass described for clients (core/meta.ts): values from parseConfig, texts in German and English. */
import { alone, choice, type GameMeta, type OptionMeta, texts } from '../core/meta.ts';
import { unwrap } from '../core/result.ts';
import {
  type KlaberjassOptions,
  klaberjass,
  PLAIN_ORDER,
  type SequenceCompare,
  TRUMP_ORDER,
} from './index.ts';

/** Both ways of comparing sequences (cards.ts `SequenceCompare`); the type check below keeps them complete. */
const SEQUENCES = ['value', 'length'] as const satisfies readonly SequenceCompare[];
type Missing = Exclude<SequenceCompare, (typeof SEQUENCES)[number]>;
const complete: [Missing] extends [never] ? true : never = true;
void complete;

/** Bounds of `target` as parseConfig checks them (the meta test holds the two together). */
export const TARGET = { min: 1, max: 100_000 } as const;

const OPTIONS: Record<keyof KlaberjassOptions, OptionMeta> = {
  target: {
    key: 'target',
    kind: 'integer',
    name: texts(['Partie bis', 'Match to']),
    description: texts([
      'Punkte, mit denen die Partie gewonnen ist (500).',
      'Points that win the match (500).',
    ]),
    ...TARGET,
  },
  sequences: choice(
    'sequences',
    texts(['Sequenzen vergleichen', 'Comparing sequences']),
    texts(['Welche Sequenz höher ist.', 'Which sequence is higher.']),
    SEQUENCES,
    {
      value: ['nach Wert (20/50), dann höchste Karte', 'by value (20/50), then top card'],
      length: ['nach Länge, dann höchste Karte', 'by length, then top card'],
    },
  ),
};

// The one preset's values are what parseConfig gives without options.
const hoyle = unwrap(klaberjass.parseConfig({ players: 2, preset: 'hoyle' })).options;

export const klaberjassMeta: GameMeta = {
  id: 'klaberjass',
  name: { de: 'Klaberjass', en: 'Klaberjass' },
  summary: {
    de: 'Der klassische Zweier: nehmen, passen oder schmeißen, Sequenzen vergleichen, Partie bis 500.',
    en: 'The classic two-player game: take, pass or schmeiss, compare sequences, game to 500.',
  },
  players: [2],
  parties: alone([2]),
  presets: [
    {
      id: 'hoyle',
      name: texts(['Hoyle (klassisch zu zweit)', 'Hoyle (classic two-player)']),
      description: texts([
        'Nehmen, Passen, Schmeiß; zweite Runde mit anderer Farbe; Trumpf-7 tauschen; Sequenzen mit „gut / nicht gut“; Partie bis 500.',
        'Take, pass, schmeiss; second round for another suit; trump-7 exchange; sequences with "good / not good"; match to 500.',
      ]),
      options: { ...hoyle },
    },
  ],
  options: (Object.keys(hoyle) as (keyof KlaberjassOptions)[]).map((k) => OPTIONS[k]),
  ranks: { trump: TRUMP_ORDER, plain: PLAIN_ORDER },
  direction: 'clockwise',
};

/** Differenzler described for clients (core/meta.ts): values from config.ts, texts in German and English. */
import { RANKS, type Rank } from '../core/cards.ts';
import { alone, choice, type GameMeta, type OptionMeta, type Pair, texts } from '../core/meta.ts';
import {
  DEFAULT_OPTIONS,
  type DifferenzlerOptions,
  MAX_ROUNDS,
  PLAIN_STRENGTH,
  PRESETS,
  type Preset,
  TIEBREAKS,
  TRUMP_STRENGTH,
  UNDERTRUMP_RULES,
} from './index.ts';

const PRESET_TEXTS: Record<Preset, { readonly name: Pair; readonly description: Pair }> = {
  standard: {
    name: ['Standard', 'Standard'],
    description: [
      '36 Karten, Trumpf ausgelost, 12 Runden; wer am Ende die kleinste Differenzsumme hat, gewinnt.',
      '36 cards, random trump, 12 rounds; the lowest sum of differences wins.',
    ],
  },
};

/** Every option, typed by the options: a new one needs its entry here. */
const OPTIONS: Record<keyof DifferenzlerOptions, OptionMeta> = {
  rounds: {
    key: 'rounds',
    kind: 'integer',
    name: texts(['Runden', 'Rounds']),
    description: texts([
      'Anzahl der Runden; 12 = jeder gibt dreimal.',
      'Number of rounds; 12 = everyone deals three times.',
    ]),
    min: 1,
    max: MAX_ROUNDS,
  },
  undertrump: choice(
    'undertrump',
    texts(['Untertrumpfen', 'Undertrumping']),
    texts([
      'Wann ein niedrigerer Trumpf auf einen schon gestochenen Stich darf.',
      'When a lower trump may go on a trick already trumped.',
    ]),
    UNDERTRUMP_RULES,
    {
      '002': ['nur wer nicht bedienen kann (Regeltext)', 'only who cannot follow suit (rule text)'],
      swiss: [
        'nur wer nur noch Trumpf hat (Schweizer Jass)',
        'only who holds nothing but trumps (Swiss Jass)',
      ],
    },
  ),
  tiebreak: choice(
    'tiebreak',
    texts(['Gleichstand', 'Ties']),
    texts(['Wer bei gleicher kleinster Summe gewinnt.', 'Who wins on an equal lowest sum.']),
    TIEBREAKS,
    { shared: ['gemeinsamer Sieg', 'shared win'], hits: ['mehr genaue Schätzungen', 'more exact estimates'] },
  ),
};

/** Ranks strongest first by a strength table indexed like RANKS (cards.ts). */
const byStrength = (strength: readonly number[]): Rank[] =>
  RANKS.map((r, i) => ({ r, s: strength[i] }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.r);

export const differenzlerMeta: GameMeta = {
  id: 'differenzler',
  name: { de: 'Differenzler', en: 'Differenzler' },
  summary: {
    de: 'Schweizer Jass zu viert: jeder schätzt geheim seine Augen, gezählt wird der Unterschied.',
    en: 'Swiss Jass for four: each player secretly estimates his points; the difference counts.',
  },
  players: [4],
  parties: alone([4]),
  presets: PRESETS.map((id) => ({
    id,
    name: texts(PRESET_TEXTS[id].name),
    description: texts(PRESET_TEXTS[id].description),
    // One preset: its values are the defaults.
    options: { ...DEFAULT_OPTIONS },
  })),
  options: (Object.keys(DEFAULT_OPTIONS) as (keyof DifferenzlerOptions)[]).map((k) => OPTIONS[k]),
  ranks: { trump: byStrength(TRUMP_STRENGTH), plain: byStrength(PLAIN_STRENGTH) },
  // 002 Art. 4.4: play goes counterclockwise.
  direction: 'counterclockwise',
};

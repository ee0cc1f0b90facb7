/** Differenzler described for clients (core/meta.ts): presets and options from the schema in config.ts. */
import { RANKS, type Rank } from '../core/cards.ts';
import { alone, type GameMeta } from '../core/meta.ts';
import { optionsMeta, presetsMeta } from '../core/options.ts';
import { PLAIN_STRENGTH, TRUMP_STRENGTH } from './cards.ts';
import { SCHEMA } from './config.ts';

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
  presets: presetsMeta(SCHEMA),
  options: optionsMeta(SCHEMA),
  ranks: { trump: byStrength(TRUMP_STRENGTH), plain: byStrength(PLAIN_STRENGTH) },
  // 002 Art. 4.4: play goes counterclockwise.
  direction: 'counterclockwise',
};

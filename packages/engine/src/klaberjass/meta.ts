/** Classic Klaberjass described for clients (core/meta.ts): presets and options from the schema in config.ts. */
import { alone, type GameMeta } from '../core/meta.ts';
import { optionsMeta, presetsMeta } from '../core/options.ts';
import { PLAIN_ORDER, TRUMP_ORDER } from './cards.ts';
import { SCHEMA } from './config.ts';

export const klaberjassMeta: GameMeta = {
  id: 'klaberjass',
  name: { de: 'Klaberjass', en: 'Klaberjass' },
  summary: {
    de: 'Der klassische Zweier: nehmen, passen oder schmeißen, Sequenzen vergleichen, Partie bis 500.',
    en: 'The classic two-player game: take, pass or schmeiss, compare sequences, game to 500.',
  },
  players: [2],
  parties: alone([2]),
  presets: presetsMeta(SCHEMA),
  options: optionsMeta(SCHEMA),
  ranks: { trump: TRUMP_ORDER, plain: PLAIN_ORDER },
  direction: 'clockwise',
};

/** Klapper-Jas described for clients (core/meta.ts): presets and options from the schema in config.ts. */
import type { GameMeta } from '../core/meta.ts';
import { optionsMeta, presetsMeta } from '../core/options.ts';
import { PLAIN_ORDER, TRUMP_ORDER } from '../kernel/jass.ts';
import { SCHEMA } from './config.ts';
import { parties } from './view.ts';

const PLAYERS = SCHEMA.players;

export const klapperjasMeta: GameMeta = {
  id: 'klapperjas',
  name: { de: 'Klapper-Jas', en: 'Klapper-Jas' },
  summary: {
    de: 'Zu zweit, dritt oder viert: Orgi, Kleines und besser bieten, Terz und Halber melden, Würfel bis 12.',
    en: 'For two, three or four: bid Orgi, Kleines or besser, meld Terz and Halber, dice to 12.',
  },
  players: PLAYERS,
  // The parties the view names (4 players: crosswise partners).
  parties: Object.fromEntries(PLAYERS.map((n) => [String(n), parties(n)])),
  presets: presetsMeta(SCHEMA),
  options: optionsMeta(SCHEMA),
  // The Jass orders of 000 Abb. 1 and 2 (the same tables as Klaberjass); the 32-card deck has no Six.
  ranks: {
    trump: TRUMP_ORDER['ten-high'].filter((r) => r !== '6'),
    plain: PLAIN_ORDER['ten-high'].filter((r) => r !== '6'),
  },
  direction: 'clockwise',
};

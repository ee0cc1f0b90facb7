/** Klapper-Jas described for clients (core/meta.ts): presets and options from the schema in config.ts. */
import { SPECTATOR } from '../core/game.ts';
import type { GameMeta } from '../core/meta.ts';
import { optionsMeta, presetsMeta } from '../core/options.ts';
import { unwrap } from '../core/result.ts';
import { PLAIN_ORDER, TRUMP_ORDER } from '../kernel/jass.ts';
import { SCHEMA } from './config.ts';
import { klapperjas } from './index.ts';

const PLAYERS = SCHEMA.players;

/** The parties the game's own view names for each player count (4 players: crosswise partners). */
const parties = Object.fromEntries(
  PLAYERS.map((n) => {
    const state = klapperjas.start(unwrap(klapperjas.parseConfig({ players: n })), 0);
    return [String(n), klapperjas.viewFor(state, SPECTATOR).parties];
  }),
);

export const klapperjasMeta: GameMeta = {
  id: 'klapperjas',
  name: { de: 'Klapper-Jas', en: 'Klapper-Jas' },
  summary: {
    de: 'Zu zweit, dritt oder viert: Orgi, Kleines und besser bieten, Terz und Halber melden, Würfel bis 12.',
    en: 'For two, three or four: bid Orgi, Kleines or besser, meld Terz and Halber, dice to 12.',
  },
  players: PLAYERS,
  parties,
  presets: presetsMeta(SCHEMA),
  options: optionsMeta(SCHEMA),
  // The Jass-32 orders (000 Abb. 1 and 2), the same tables as Klaberjass.
  // The 32-card deck has no Six; the orders are the Jass ones of 000 Abb. 1 and 2.
  ranks: {
    trump: TRUMP_ORDER['ten-high'].filter((r) => r !== '6'),
    plain: PLAIN_ORDER['ten-high'].filter((r) => r !== '6'),
  },
  direction: 'clockwise',
};

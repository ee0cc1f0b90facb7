/** Doppelkopf described for clients (core/meta.ts): presets and options from the schema in config.ts. */
import { alone, type GameMeta } from '../core/meta.ts';
import { optionsMeta, presetsMeta } from '../core/options.ts';
import { SCHEMA } from './config.ts';

export const doppelkopfMeta: GameMeta = {
  id: 'doppelkopf',
  name: { de: 'Doppelkopf', en: 'Doppelkopf' },
  summary: {
    de: 'Zu viert mit doppeltem Blatt: Re gegen Kontra, wer wer ist, zeigt sich im Spiel; Soli, Hochzeit und Ansagen.',
    en: 'Four players, a doubled pack: Re against Kontra, who is who shows in play; solos, Hochzeit and announcements.',
  },
  players: [4],
  // The parties change from deal to deal; the match score is kept per seat.
  parties: alone([4]),
  presets: presetsMeta(SCHEMA),
  options: optionsMeta(SCHEMA),
  // Normal game: Dullen, Damen, Buben, then the Karo Ass, Zehn, König, Neun; plain suits A T K 9. Views list
  // hands already in the contract's order (view.ts), so this is the rank order of the normal game.
  ranks: { trump: ['T', 'Q', 'J', 'A', 'K', '9'], plain: ['A', 'T', 'K', 'Q', 'J', '9'] },
  direction: 'clockwise',
};

/** Klapper-Jas (Klaberjass) for 2, 3 and 4 players: rules in docs/rules/klapperjas.md. */
export {
  afterExchange,
  BELLE_VALUE,
  BESSER_TRUMP,
  declarerBeats,
  FOLLOW_RULE,
  handSize,
  hasExchange,
  kleinesSuits,
  trickRules,
  turnedSeven,
} from './cards.ts';
export type { KlapperjasConfig, KlapperjasOptions, Preset } from './config.ts';
export { PRESET_OPTIONS, PRESETS } from './config.ts';
export { klapperjas } from './game.ts';
export { type MeldSpec, specValue } from './melds.ts';
export type * from './state.ts';
export type { Announced, Dice, KlapperjasOutcome, KlapperjasView, PlayedCard, TrickView } from './view.ts';

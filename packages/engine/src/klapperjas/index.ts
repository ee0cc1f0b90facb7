/** Klapper-Jas (Klaberjass) for 2, 3 and 4 players: rules in docs/rules/klapperjas.md. */
import type { Game } from '../core/game.ts';
import { type KlapperjasConfig, parseConfig } from './config.ts';
import * as R from './rules.ts';
import type { KlapperjasAction, KlapperjasDeal, KlapperjasState } from './state.ts';
import { type KlapperjasOutcome, type KlapperjasView, outcome, viewFor } from './view.ts';

export { FOLLOW_RULE, trickRules } from './cards.ts';
export type { KlapperjasConfig, KlapperjasOptions, Preset } from './config.ts';
export { CHOICES, PRESET_OPTIONS, PRESETS } from './config.ts';
export type { MeldSpec } from './melds.ts';
export type * from './state.ts';
export type { Announced, Dice, KlapperjasOutcome, KlapperjasView, PlayedCard, TrickView } from './view.ts';

export const klapperjas: Game<
  KlapperjasConfig,
  KlapperjasState,
  KlapperjasAction,
  KlapperjasDeal,
  KlapperjasView,
  KlapperjasOutcome
> = {
  id: 'klapperjas',
  parseConfig,
  start: R.start,
  config: (s) => s.m.cfg,
  seats: (s) => s.m.n,
  phase: (s) => s.phase,
  awaitsDeal: (s) => s.phase === 'deal',
  toAct: R.toAct,
  isOver: (s) => s.phase === 'over',
  randomDeal: R.randomDeal,
  parseDeal: R.parseDeal,
  applyDeal: R.applyDeal,
  legalActions: R.legalActions,
  parseAction: R.parseAction,
  apply: R.apply,
  viewFor,
  outcome,
};

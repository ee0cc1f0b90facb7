/**
 * Klapper-Jas as a `Game`. Phases: deal → orgi → kleines → besser → trump → (melds) → play → deal ... → over;
 * deal.ts deals, phases.ts says who acts and dispatches actions, play.ts plays a card, score.ts ends a deal.
 */
import type { Game } from '../core/game.ts';
import { parseAction } from './actions.ts';
import { type KlapperjasConfig, parseConfig } from './config.ts';
import { applyDeal, parseDeal, randomDeal, start } from './deal.ts';
import { apply, legalActions, toAct } from './phases.ts';
import type { KlapperjasAction, KlapperjasDeal, KlapperjasState } from './state.ts';
import { type KlapperjasOutcome, type KlapperjasView, outcome, viewFor } from './view.ts';

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
  start,
  config: (s) => s.m.cfg,
  seats: (s) => s.m.n,
  phase: (s) => s.phase,
  awaitsDeal: (s) => s.phase === 'deal',
  toAct,
  isOver: (s) => s.phase === 'over',
  randomDeal,
  parseDeal,
  applyDeal,
  legalActions,
  parseAction,
  apply,
  viewFor,
  outcome,
};

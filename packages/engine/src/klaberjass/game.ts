/**
 * Classic 2-player Klaberjass (rule source 003, the "Hoyle" rules) as a `Game`: the deal (deal.ts), the
 * bidding and sequence talk (phases.ts), the card play (play.ts) and the scoring (score.ts). Decisions:
 * docs/rules/klaberjass.md.
 */
import type { Game, Seat } from '../core/game.ts';
import { type KlaberjassAction, parseAction } from './actions.ts';
import { parseConfig } from './config.ts';
import { applyDeal, parseDeal, randomDeal, start } from './deal.ts';
import { apply, HANDLERS, PLAY_HANDLER } from './phases.ts';
import { outcome } from './score.ts';
import type {
  KlaberjassConfig,
  KlaberjassDeal,
  KlaberjassOutcome,
  KlaberjassPhase,
  KlaberjassState,
  KlaberjassView,
} from './types.ts';
import { viewFor } from './view.ts';

type State = KlaberjassState;

const NONE: readonly Seat[] = [];
const NO_ACTIONS: readonly KlaberjassAction[] = [];
const TO_ACT: readonly (readonly Seat[])[] = [[0], [1]];

export function legalActions(s: State, seat: Seat): readonly KlaberjassAction[] {
  if (seat !== s.turn) return NO_ACTIONS;
  // Shortcut (kernel phases.ts): the hottest phase's handler by name, the others through the table.
  if (s.phase === 'play') return PLAY_HANDLER.legal(s, seat);
  return HANDLERS[s.phase].legal(s, seat);
}

const toAct = (s: State): readonly Seat[] => (s.turn < 0 ? NONE : TO_ACT[s.turn]);

export const klaberjass: Game<
  KlaberjassConfig,
  KlaberjassState,
  KlaberjassAction,
  KlaberjassDeal,
  KlaberjassView,
  KlaberjassOutcome
> = {
  id: 'klaberjass',
  parseConfig,
  start,
  config: (s) => s.m.config,
  seats: () => 2,
  phase: (s): KlaberjassPhase => s.phase,
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

/**
 * Doppelkopf (DDV tournament rules and the house rules of 004) as a `Game`. Seats in the order of play
 * (clockwise, 004 "im Uhrzeigersinn"); the forehand (dealer + 1) is asked first in the Vorbehalt round and
 * leads trick 1 unless a Pflichtsolo is played. See docs/rules/doppelkopf.md and docs/record-format.md.
 *
 * Phases: deal → reserve (gesund / Vorbehalt, or a solo at once) → declare (seats with a Vorbehalt name it,
 * or a Vorführung's soloist names his solo) → play → deal ... → over. Announcements are optional actors in
 * `toAct` during play (announce.ts).
 */
import type { Game } from '../core/game.ts';
import { type DoppelkopfAction, parseAction } from './actions.ts';
import { toAct } from './announce.ts';
import { type DoppelkopfConfig, parseConfig } from './config.ts';
import { applyDeal, type DoppelkopfDeal, parseDeal, randomDeal, SEATS, start } from './deal.ts';
import { type DoppelkopfOutcome, outcome } from './outcome.ts';
import { apply, legalActions } from './phases.ts';
import type { DoppelkopfState } from './state.ts';
import { type DoppelkopfView, viewFor } from './view.ts';

type S = DoppelkopfState;
type A = DoppelkopfAction;

export type DoppelkopfGame = Game<DoppelkopfConfig, S, A, DoppelkopfDeal, DoppelkopfView, DoppelkopfOutcome>;

export const doppelkopf: DoppelkopfGame = {
  id: 'doppelkopf',
  parseConfig,
  start,
  config: (state) => state.config,
  seats: () => SEATS,
  phase: (state) => state.phase,
  awaitsDeal: (state) => state.phase === 'deal',
  toAct,
  isOver: (state) => state.phase === 'over',
  randomDeal,
  parseDeal,
  applyDeal,
  legalActions,
  parseAction,
  apply,
  viewFor,
  outcome,
};

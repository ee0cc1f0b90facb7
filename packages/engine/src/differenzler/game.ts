/**
 * Differenzler (rule source 002) on the kernel's `trickGame`: its spec. Seats are numbered in the order of
 * play, which 002 Art. 4.4 makes counterclockwise: seat i + 1 sits to the right of seat i. The deal passes
 * the same way, and Vorhand (dealer + 1) leads the first trick. See docs/rules/differenzler.md.
 */
import type { Seat } from '../core/game.ts';
import { JASS36, type TrickGame, type TrickGameSpec, trickGame } from '../kernel/index.ts';
import { LAST_TRICK_BONUS } from './cards.ts';
import { type DifferenzlerConfig, parseConfig } from './config.ts';
import { PACKET, TRUMP_DRAW } from './deal.ts';
import { beginDeal, ESTIMATE, parseAction } from './phases.ts';
import { cardPoints, exempt, FAST, fault, orderOf, policyOf } from './play.ts';
import {
  type DifferenzlerOutcome,
  dealScore,
  isMatchOver,
  matchWinners,
  outcome,
  scoreDeal,
} from './score.ts';
import type { DifferenzlerDeal, DifferenzlerOwn, EstimateAction, RoundResult } from './types.ts';
import { type DifferenzlerView, viewFor } from './view.ts';

export type DifferenzlerSpec = TrickGameSpec<
  'differenzler',
  DifferenzlerConfig,
  DifferenzlerOwn,
  EstimateAction,
  RoundResult,
  object,
  Omit<DifferenzlerDeal, 'hands'>,
  DifferenzlerView,
  DifferenzlerOutcome
>;

export const SPEC: DifferenzlerSpec = {
  id: 'differenzler',
  parseConfig,
  initial: () => ({ trump: -1, estimates: [-1, -1, -1, -1] }),
  deck: () => JASS36,
  packet: PACKET,
  chance: TRUMP_DRAW,
  order: orderOf,
  cardPoints,
  lastTrickBonus: () => LAST_TRICK_BONUS,
  policy: policyOf,
  exempt,
  fault,
  phases: { estimate: ESTIMATE },
  parseAction,
  beginDeal: (s, deal) => beginDeal(s, deal),
  scoreDeal,
  dealScore,
  isMatchOver,
  matchWinners: (s): readonly Seat[] => matchWinners(s),
  pointedTricks: true,
  viewFor,
  outcome,
  fast: FAST,
};

export type DifferenzlerGame = TrickGame<
  'differenzler',
  DifferenzlerConfig,
  DifferenzlerOwn,
  EstimateAction,
  RoundResult,
  object,
  Omit<DifferenzlerDeal, 'hands'>,
  DifferenzlerView,
  DifferenzlerOutcome
>;

export const differenzler: DifferenzlerGame = trickGame(SPEC);

/**
 * Classic 2-player Klaberjass (rule source 003, the "Hoyle" rules) on the kernel's `trickGame`: its spec.
 * The deal of its own shape (deal.ts), the bidding, exchange and sequence talk as its own phases
 * (phases.ts), the play as the kernel's with Bella as a claim and a fast follow check (play.ts), the
 * scoring (score.ts) and the view (view.ts). Decisions: docs/rules/klaberjass.md.
 */
import { JASS32, type TrickGame, type TrickGameSpec, trickGame } from '../kernel/index.ts';
import { type KlaberjassAction, parseAction } from './actions.ts';
import { parseConfig } from './config.ts';
import { beginDeal, DEALING, INITIAL } from './deal.ts';
import { PHASES } from './phases.ts';
import { BELLA, FAST, fault, orderOf, pointsOf } from './play.ts';
import { dealRow, isMatchOver, LAST_TRICK, settle } from './score.ts';
import { step } from './step.ts';
import type {
  KlaberjassConfig,
  KlaberjassDeal,
  KlaberjassDealResult,
  KlaberjassOutcome,
  KlaberjassOwn,
  KlaberjassView,
} from './types.ts';
import { viewFor } from './view.ts';

export type KlaberjassSpec = TrickGameSpec<
  'klaberjass',
  KlaberjassConfig,
  KlaberjassOwn,
  KlaberjassAction,
  KlaberjassDealResult,
  object,
  Omit<KlaberjassDeal, 'hands'>,
  KlaberjassView,
  KlaberjassOutcome
>;

export const SPEC: KlaberjassSpec = {
  id: 'klaberjass',
  parseConfig,
  initial: () => INITIAL,
  deck: () => JASS32,
  dealing: DEALING,
  order: orderOf,
  cardPoints: pointsOf,
  lastTrickBonus: () => LAST_TRICK,
  policy: () => 'ruff-overtrump',
  fault,
  phases: PHASES,
  parseAction,
  beginDeal,
  claim: BELLA,
  scoreDeal: dealRow,
  dealScore: (row) => row.scored,
  settle,
  isMatchOver,
  viewFor,
  // The follow check and `beats` (play.ts) and the whole play step (step.ts) on the 32-bit hands.
  fast: { ...FAST, step },
};

export type KlaberjassGame = TrickGame<
  'klaberjass',
  KlaberjassConfig,
  KlaberjassOwn,
  KlaberjassAction,
  KlaberjassDealResult,
  object,
  Omit<KlaberjassDeal, 'hands'>,
  KlaberjassView,
  KlaberjassOutcome
>;

export const klaberjass: KlaberjassGame = trickGame(SPEC);

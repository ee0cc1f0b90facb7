/** Differenzler (rule source 002): see docs/rules/differenzler.md. */
export {
  LAST_TRICK_BONUS,
  ORDERS,
  PLAIN_STRENGTH,
  PLAIN_VALUE,
  TOTAL_POINTS,
  TRUMP_STRENGTH,
  TRUMP_VALUE,
} from './cards.ts';
export {
  DEFAULT_OPTIONS,
  type DifferenzlerConfig,
  type DifferenzlerOptions,
  MAX_ROUNDS,
  PRESETS,
  type Preset,
  TIEBREAKS,
  type Tiebreak,
} from './config.ts';
export { type DifferenzlerGame, type DifferenzlerSpec, differenzler, SPEC } from './game.ts';
export { ESTIMATES } from './phases.ts';
export { POLICIES, UNDERTRUMP_RULES, type UndertrumpRule } from './play.ts';
export type { DifferenzlerOutcome } from './score.ts';
export type {
  DifferenzlerAction,
  DifferenzlerDeal,
  DifferenzlerOwn,
  DifferenzlerState,
  EstimateAction,
  Phase,
  PlayAction,
  RoundResult,
} from './types.ts';
export type { DifferenzlerTrick, DifferenzlerView } from './view.ts';

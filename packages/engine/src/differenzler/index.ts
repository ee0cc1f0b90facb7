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
export {
  type DifferenzlerAction,
  type DifferenzlerDeal,
  type DifferenzlerGame,
  differenzler,
  ESTIMATES,
  type EstimateAction,
  PLAYS,
  type PlayAction,
} from './game.ts';
export type { DifferenzlerOutcome } from './outcome.ts';
export { POLICIES, UNDERTRUMP_RULES, type UndertrumpRule } from './rules.ts';
export type { DifferenzlerState, Phase, RoundResult } from './state.ts';
export type { DifferenzlerTrick, DifferenzlerView } from './view.ts';

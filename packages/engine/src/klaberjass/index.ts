export type { KlaberjassAction, Verdict } from './actions.ts';
export {
  afterExchange,
  type KjRank,
  PLAIN_ORDER,
  type SequenceCompare,
  TRUMP_ORDER,
  trumpSeven,
} from './cards.ts';
export { type KlaberjassGame, type KlaberjassSpec, klaberjass, SPEC } from './game.ts';
export { legalPlays, nonDealerOf } from './play.ts';
export { BELLA_VALUE, HAND_SIZE, LAST_TRICK, makerWins, scoreDeal } from './score.ts';
export type {
  KlaberjassConfig,
  KlaberjassDeal,
  KlaberjassDealResult,
  KlaberjassOptions,
  KlaberjassOutcome,
  KlaberjassOwn,
  KlaberjassPhase,
  KlaberjassSequences,
  KlaberjassState,
  KlaberjassTrick,
  KlaberjassView,
  PlayedCard,
  Said,
} from './types.ts';

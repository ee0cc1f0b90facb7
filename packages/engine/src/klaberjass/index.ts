export type { KlaberjassAction, Verdict } from './actions.ts';
export { type KjRank, PLAIN_ORDER, type SequenceCompare, TRUMP_ORDER } from './cards.ts';
export { klaberjass } from './game.ts';
export { legalPlays } from './play.ts';
export { scoreDeal } from './score.ts';
export type {
  DealPart,
  KlaberjassConfig,
  KlaberjassDeal,
  KlaberjassDealResult,
  KlaberjassOptions,
  KlaberjassOutcome,
  KlaberjassPhase,
  KlaberjassSequences,
  KlaberjassState,
  KlaberjassTrick,
  KlaberjassView,
  MatchPart,
  PlayedCard,
  PlayNode,
  Said,
} from './types.ts';

export type { KlaberjassAction, Verdict } from './actions.ts';
export { type KjRank, PLAIN_ORDER, type SequenceCompare, TRUMP_ORDER } from './cards.ts';
export { klaberjass, legalPlays, scoreDeal } from './game.ts';
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

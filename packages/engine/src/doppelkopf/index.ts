/** Doppelkopf (rule sources: 004 house rules, DDV tournament rules): see docs/rules/doppelkopf.md. */
export {
  ACTION_KINDS,
  type AnnounceAction,
  type DeclareAction,
  type DoppelkopfAction,
  type PlayAction,
  parseAction,
} from './actions.ts';
export { allowedLevels, optionalActors } from './announce.ts';
export {
  CJ,
  CQ,
  DA,
  type Declared,
  displayOrder,
  ESUIT,
  GAMES_DECLARED,
  HT,
  KIND_CARDS,
  ORDERS,
  POINTS,
  SOLOS,
  type Solo,
  STRENGTH,
  SUIT_MASK,
  trickOrder,
} from './cards.ts';
export {
  DEADLINE_RULES,
  type DoppelkopfConfig,
  type DoppelkopfOptions,
  DULLE_RULES,
  MAX_GAMES,
  PRESET_OPTIONS,
  PRESETS,
  type Preset,
  SCORING_RULES,
} from './config.ts';
export { type DoppelkopfDeal, type DoppelkopfGame, doppelkopf, legalKinds } from './game.ts';
export type { DoppelkopfOutcome } from './outcome.ts';
export { scoreDdv, scoreHouse } from './score.ts';
export {
  CALLS,
  type Call,
  CONTRACT_KINDS,
  type Contract,
  type ContractKind,
  type DealResult,
  type DoppelkopfState,
  type Party,
  PHASES,
  type Phase,
  type ScoreItem,
} from './state.ts';
export type { AnnouncementView, DoppelkopfView, ReservationView } from './view.ts';

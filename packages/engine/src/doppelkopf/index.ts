/** Doppelkopf (rule sources: 004 house rules, DDV tournament rules): see docs/rules/doppelkopf.md. */
export {
  ACTION_KINDS,
  type AnnounceAction,
  type DeclareAction,
  type DoppelkopfAction,
  HOUSE_KINDS,
  type PlayAction,
  parseAction,
} from './actions.ts';
export { allowedLevels, callsOpen, optionalActors, toAct } from './announce.ts';
export {
  beatsBest,
  CJ,
  CQ,
  copiesIn,
  DA,
  DECK_POINTS,
  type Declared,
  displayOrder,
  dulleSecondIn,
  ESUIT,
  GAMES_DECLARED,
  HT,
  KIND_CARDS,
  KINDS,
  kindOf,
  ORDERS,
  orderOfContract,
  orderOfSolo,
  PIG_STRENGTH,
  POINTS,
  SOLOS,
  type Solo,
  STRENGTH,
  SUIT_MASK,
  strengthOf,
  trickOrder,
  trickRules,
} from './cards.ts';
export {
  ARMUT_RULES,
  CREDIT_RULES,
  DEADLINE_RULES,
  type DoppelkopfConfig,
  type DoppelkopfOptions,
  DULLE_RULES,
  handSizeOf,
  MAX_GAMES,
  MELDEN_RULES,
  PRESET_OPTIONS,
  PRESETS,
  type Preset,
  SCHWEIN_RULES,
  SCORING_RULES,
} from './config.ts';
export { type CallDeadline, callDeadlines } from './deadline.ts';
export type { DoppelkopfDeal } from './deal.ts';
export { counted as countedSpecials, type FinishedTrick, specials } from './finish.ts';
export { type DoppelkopfGame, doppelkopf } from './game.ts';
// House preset (004): doko-house.
export { POOR_TRUMPS } from './house.ts';
export type { DoppelkopfOutcome } from './outcome.ts';
export { dealOrder, followKinds, HOCHZEIT_TRICKS, hochzeitAfter, legalKinds } from './play.ts';
export { HOUSE_LIMIT, scoreDdv, scoreHouse } from './score.ts';
export {
  type ArmutDeal,
  CALLS,
  type Call,
  CONTRACT_KINDS,
  type Contract,
  type ContractKind,
  type DealResult,
  type DealState,
  type DoppelkopfState,
  type HouseDeal,
  type HouseResult,
  handWords,
  held,
  heldTwice,
  levelOf,
  type MatchState,
  type Need,
  type Needs,
  type Party,
  PHASES,
  type Phase,
  type RedealReason,
  type ScoreItem,
} from './state.ts';
export type { AnnouncementView, ArmutView, DoppelkopfView, HouseView, ReservationView } from './view.ts';

/**
 * The Doppelkopf match state: plain read-only data, shared between states where unchanged.
 *
 * Hands are the kernel's card sets (kernel/cardset.ts, `TrickState.held`): per seat two words, slot = kind +
 * copy * 24 over the game's kinds (cards.ts, the DOKO48 numbering for both decks), a kind's second copy
 * leaving the hand first. The kinds held at least once are then the low word's 24 bits and the kinds held
 * twice the rest (`held`, `heldTwice`); doppelkopf.fast.test.ts checks the words against `CardSet`.
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import type { Solo } from './cards.ts';
import type { DoppelkopfConfig } from './config.ts';

/**
 * Phases: `deal` (a deal is due), `reserve` (the Vorbehalt round: gesund / Vorbehalt), `declare` (seats with
 * a Vorbehalt name it; a Vorführung's soloist names his solo), `bid` (house: several solo candidates bid,
 * "Reizen"), `armut` (house: the poor player's cards are passed, offered, taken and returned), `play`, `over`.
 */
export const PHASES = ['deal', 'reserve', 'declare', 'bid', 'armut', 'play', 'over'] as const;
export type Phase = (typeof PHASES)[number];

export const CONTRACT_KINDS = ['normal', 'silent-solo', 'hochzeit', 'solo', 'armut', 'redeal'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** The game played in a deal (the outcome's `contract`, docs/record-format.md). */
export interface Contract {
  readonly kind: ContractKind;
  /** Soloist, Hochzeit holder, silent soloist, poor player; null in a normal game. */
  readonly declarer: Seat | null;
  /** Hochzeit: the partner once found (null before, and when the Hochzeit failed). */
  readonly partner: Seat | null;
  readonly solo: Solo | null;
  /** A solo that is the declarer's Pflichtsolo. */
  readonly pflicht: boolean;
  /** A solo forced at the end of the match (Vorführung). */
  readonly vorfuehrung: boolean;
  /** A solo declared at once in the Vorbehalt round. */
  readonly immediate: boolean;
  /** Hochzeit: the trick (1-3) that found the partner or, failed, 3; 0 while open. */
  readonly clarification: number;
  /** Hochzeit: the holder took the first three tricks and plays alone. */
  readonly failed: boolean;
}

export const PARTIES = ['re', 'kontra'] as const;
export type Party = (typeof PARTIES)[number];

/** Announcement levels: 1 Re/Kontra, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz. */
export const CALLS = ['re', 'kontra', 'keine90', 'keine60', 'keine30', 'schwarz'] as const;
export type Call = (typeof CALLS)[number];
export const levelOf = (call: Call): number => (call === 're' || call === 'kontra' ? 1 : CALLS.indexOf(call));

/** One announcement; a list newest first. */
export interface AnnCell {
  readonly seat: Seat;
  readonly party: Party;
  readonly level: number;
  /** The call as made (a higher call includes the lower ones not yet made). */
  readonly call: Call;
  /** Cards played in the deal before it. */
  readonly played: number;
  /** Cards the announcer held. */
  readonly hand: number;
  /** A late Re/Kontra allowed only as an answer to the opponents' announcement (DDV). */
  readonly reply: boolean;
  readonly prev: AnnCell | null;
}

/** One card played in the deal; a list newest first, so that a card adds one cell and copies nothing. */
export interface PlayCell {
  readonly seat: Seat;
  readonly kind: number;
  readonly prev: PlayCell | null;
}

/**
 * The state, split by how often its parts change: the fields of the card in play at the top (a new state per
 * card copies only these), the deal's `d` (copied once per trick and at the deal's few other steps) and the
 * match's `m` (copied once per deal).
 */
export interface DoppelkopfState {
  readonly config: DoppelkopfConfig;
  readonly phase: Phase;
  /** The seat to act: asked in the Vorbehalt round, to declare, or to play. */
  readonly turn: Seat;
  /** Cards played in this deal. */
  readonly played: number;
  /**
   * Hands (see above): `held[2 * seat]` and `held[2 * seat + 1]`, the kernel's two words of the seat's slots
   * (a card copies the eight words, as the kernel's play step). Read them through `held` and `heldTwice`.
   */
  readonly held: readonly number[];
  /**
   * The open trick, packed (game.ts `T_BEST` ...): effective suit led + 1 (0 while no trick is open), best kind,
   * its strength and seat, points.
   */
  readonly trick: number;
  readonly plays: PlayCell | null;
  /** Optional actors: seats besides `turn` that toAct lists now (a mask). */
  readonly opt: number;
  /** Seats that said they announce nothing until the next card (`quiet`). */
  readonly quiet: number;
  /**
   * Whether any seat could still announce in either party. Deadlines only pass as cards are played and only
   * an announcement opens a reply, so once false it stays false for the deal (announce.ts).
   */
  readonly calls: boolean;
  /** Tricks taken by seat, four bits each (`seatTricks`). */
  readonly tricks: number;
  /** Winners of the finished tricks, two bits each from bit 0 (trick 1). */
  readonly winners: number;
  readonly d: DealState;
  readonly m: MatchState;
}

export interface DealState {
  /** The hands as dealt, by seat (sorted card lists), for the outcome. */
  readonly dealt: readonly (readonly Card[])[];
  /** Vorbehalt round by seat: -1 not asked, 0 gesund, 1 Vorbehalt, 2 declared a solo at once. */
  readonly answers: readonly number[];
  /** Declarations by seat: -1 none, else an index of GAMES_DECLARED. */
  readonly decls: readonly number[];
  /** Seats still to declare (phase `declare`), in the order they are asked; the first is `turn`. */
  readonly queue: readonly Seat[];
  /** The Vorführung's soloist of this deal, -1 when none. */
  readonly forced: Seat;
  readonly contract: Contract | null;
  /** Trick order index (cards.ts ORDERS) of the contract. */
  readonly order: number;
  /** The Re party as a seat mask (the truth; views show what a viewer knows). */
  readonly re: number;
  /** Leader of trick 1. */
  readonly leader: Seat;
  /** Highest announcement level by party (0 none .. 5 schwarz). */
  readonly annRe: number;
  readonly annKo: number;
  /** Parties whose first call was in time (1 Re, 2 Kontra; DDV deadlines). */
  readonly inTime: number;
  readonly anns: AnnCell | null;
  /**
   * House Schwein (schwein.ts): -1 none; 0..3 the seat whose remaining Karo-Ass is the Schwein; 4..7 (seat + 4)
   * while the first of that seat's two Füchse lies in the open trick.
   */
  readonly pig: Seat;
  /** House preset (004 Melden): solo bidding and Armut (below); null otherwise. */
  readonly house: HouseDeal | null;
}

export interface MatchState {
  /** Deals finished (and counted) in the match. */
  readonly deals: number;
  readonly dealer: Seat;
  /** Asked first in the Vorbehalt round; leads trick 1 unless a Pflichtsolo is played. */
  readonly forehand: Seat;
  /** Seats that have played their Pflichtsolo (a mask). */
  readonly soloDone: number;
  readonly results: readonly DealResult[];
  /** Match totals by seat. */
  readonly scores: readonly number[];
}

/** A finished deal as the outcome shows it. */
export interface DealResult {
  /** 1-based. */
  readonly deal: number;
  readonly dealer: Seat;
  readonly forehand: Seat;
  readonly leader: Seat;
  readonly hands: readonly (readonly Card[])[];
  readonly contract: Contract;
  readonly parties: { readonly re: readonly Seat[]; readonly kontra: readonly Seat[] };
  readonly announcements: readonly {
    readonly seat: Seat;
    readonly party: Party;
    readonly call: Call;
    readonly played: number;
    readonly hand: number;
    readonly reply: boolean;
  }[];
  readonly tricks: readonly {
    readonly leader: Seat;
    readonly plays: readonly (readonly [Seat, Card])[];
    readonly winner: Seat;
    readonly points: number;
  }[];
  readonly cardPoints: { readonly re: number; readonly kontra: number; readonly bySeat: readonly number[] };
  readonly tricksWon: { readonly re: number; readonly kontra: number; readonly bySeat: readonly number[] };
  readonly winner: Party | 'none';
  /** What each party needed to win (score.ts `Needs`); null for a redeal. */
  readonly needs: Needs | null;
  readonly items: readonly ScoreItem[];
  /** Sum of the items for Re (Re's items positive, Kontra's negative), and the solo multiplier. */
  readonly forRe: number;
  readonly multiplier: number;
  /** This deal's points by seat. */
  readonly score: readonly number[];
  /** House preset: redeal, bidding, Armut, Schwein (below); null with `melden: 'ddv'` and no Schweine. */
  readonly house: HouseResult | null;
}

/**
 * What a party needed to win: card points (at least this many), or tricks: `trick` (at least one, against
 * the opponents' schwarz), `all-tricks` (its own schwarz).
 */
export type Need = number | 'trick' | 'all-tricks';
export interface Needs {
  readonly re: Need;
  readonly kontra: Need;
}

export interface ScoreItem {
  readonly kind: string;
  readonly party: Party;
  readonly points: number;
  /** Special points: the trick (1-based). */
  readonly trick?: number;
  /** Announcement items: the announcing party. */
  readonly by?: Party;
}

/** The kinds `seat` holds at least once: the first copies, the low word's 24 bits. */
export const held = (s: DoppelkopfState, seat: number): number => s.held[2 * seat] & 0xffffff;
/** The kinds `seat` holds twice (a subset of `held`): the second copies, slots 24-31 and 32-47. */
export const heldTwice = (s: DoppelkopfState, seat: number): number =>
  (s.held[2 * seat] >>> 24) | (s.held[2 * seat + 1] << 8);
/** The hands as eight words: at `seat` the kinds held at least once, at `4 + seat` those held twice. */
export const handWords = (s: DoppelkopfState): number[] => [
  ...[0, 1, 2, 3].map((seat) => held(s, seat)),
  ...[0, 1, 2, 3].map((seat) => heldTwice(s, seat)),
];

export const seatTricks = (tricks: number, seat: number): number => (tricks >>> (4 * seat)) & 15;

/** The call that names a level in the Reizen and in results: 1 RE, then KEINE-90 .. KEINE-1 (`schwarz`). */
export const callOfLevel = (level: number): Call => (level === 1 ? 're' : CALLS[level]);

/** The bidding's steps as views and results name them: a level's call, or `fold`. */
export const bidCalls = (bids: readonly { readonly seat: Seat; readonly level: number }[]) =>
  bids.map((b) => ({ seat: b.seat, call: b.level === 0 ? ('fold' as const) : callOfLevel(b.level) }));

/** A contract's fields before anything is declared: a normal game. */
export const CONTRACT_BASE: Contract = {
  kind: 'normal',
  declarer: null,
  partner: null,
  solo: null,
  pflicht: false,
  vorfuehrung: false,
  immediate: false,
  clarification: 0,
  failed: false,
};

// ---- house preset ---------------------------------------------------------------------------------------

/**
 * The house preset's part of a deal's state and result (004 "Melden", "Armut", "Schwein"): plain read-only
 * data, replaced as a whole at its few steps (none of them on the card path). See house.ts, armut.ts, schwein.ts.
 */
/** One step of the bidding ("Reizen"): a level bid or held (1 RE .. 5 KEINE-1), or 0 for folding. */
export interface HouseBid {
  readonly seat: Seat;
  readonly level: number;
}

/** Armut in progress or played. Card sets are a hand's two words (kinds held once / twice). */
export interface ArmutDeal {
  readonly poor: Seat;
  /** Cards the poor player passes. */
  readonly n: number;
  /** The face-down cards passed (and, once taken, the taker's); words as a hand's. */
  readonly given1: number;
  readonly given2: number;
  readonly given: number;
  /** The seat the cards are offered to (-1 while the poor player is still giving). */
  readonly at: Seat;
  /** Seats that passed the cards on ("weiterschieben"), in order. */
  readonly shoved: readonly Seat[];
  readonly taker: Seat;
  /** The cards returned face down so far. */
  readonly back1: number;
  readonly back2: number;
  readonly returned: number;
  /** Announced by the taker once all are returned: whether trumps came back (null before). */
  readonly trumpsBack: boolean | null;
}

export interface HouseDeal {
  /** Solo candidates in the order of the Melden round (from the forehand): "vorne" first. */
  readonly cands: readonly Seat[];
  /** Bidding: the front player (holds), the rear player (bids), the next candidate's index in `cands`. */
  readonly holder: Seat;
  readonly challenger: Seat;
  readonly next: number;
  /** The level reached: 0 none, 1 RE, 2 KEINE-90, 3 KEINE-60, 4 KEINE-30, 5 KEINE-1. */
  readonly level: number;
  readonly bids: readonly HouseBid[];
  /** The bidding's winner, who names his solo (-1 before). */
  readonly soloist: Seat;
  readonly armut: ArmutDeal | null;
}

export const REDEAL_REASONS = ['krankheit', 'two-poor', 'armut-refused'] as const;
export type RedealReason = (typeof REDEAL_REASONS)[number];

/** What a finished deal (or a redeal) shows of the house rules (null with `melden: 'ddv'` and no Schweine). */
export interface HouseResult {
  readonly redeal: RedealReason | null;
  /** Krankheit: the sick player; two poor players: both. */
  readonly seats: readonly Seat[];
  readonly bids: readonly { readonly seat: Seat; readonly call: string }[];
  readonly armut: {
    readonly poor: Seat;
    readonly taker: Seat;
    readonly shoved: readonly Seat[];
    readonly given: readonly Card[];
    readonly returned: readonly Card[];
    readonly trumpsBack: boolean | null;
  } | null;
  /** The Schwein, announced when it was played: its owner and trick (1-based). */
  readonly schwein: { readonly seat: Seat; readonly trick: number } | null;
}

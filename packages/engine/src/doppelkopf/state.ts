/**
 * The Doppelkopf match state: plain read-only data, shared between states where unchanged.
 *
 * Hands use the game's own layout (docs/architecture.md, shortcut table): per seat two 24-bit words over the
 * card kinds (cards.ts), `one` = kinds held at least once, `two` = kinds held twice. A kind leaves `two`
 * before `one`. This is the kernel's two-copy set with its copies normalised (kernel/cardset.ts: both
 * copies of a kind are the same card); doppelkopf.fast.test.ts checks it against `CardSet`.
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import type { Solo } from './cards.ts';
import type { DoppelkopfConfig } from './config.ts';

/**
 * Phases: `deal` (a deal is due), `reserve` (the Vorbehalt round: gesund / Vorbehalt), `declare` (seats with
 * a Vorbehalt name it; a Vorführung's soloist names his solo), `play`, `over`.
 */
export const PHASES = ['deal', 'reserve', 'declare', 'play', 'over'] as const;
export type Phase = (typeof PHASES)[number];

export const CONTRACT_KINDS = ['normal', 'silent-solo', 'hochzeit', 'solo', 'armut', 'redeal'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** The game played in a deal (DOKO-API.md `contract`). */
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

export interface DoppelkopfState {
  readonly config: DoppelkopfConfig;
  readonly phase: Phase;
  /** Deals finished (and counted) in the match. */
  readonly deals: number;
  readonly dealer: Seat;
  /** Asked first in the Vorbehalt round; leads trick 1 unless a Pflichtsolo is played. */
  readonly forehand: Seat;
  /** Hands: kinds held at least once / twice, by seat. */
  readonly one: readonly number[];
  readonly two: readonly number[];
  /** The hands as dealt, by seat (sorted card lists), for the outcome; empty before the first deal. */
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
  /** The seat to act: asked in the Vorbehalt round, to declare, or to play. */
  readonly turn: Seat;
  /** Leader of trick 1. */
  readonly leader: Seat;
  /** Cards played in this deal. */
  readonly played: number;
  /** Open trick: effective suit led (-1 when no trick is open), best kind, its strength and seat, points. */
  readonly led: number;
  readonly best: number;
  readonly bestStr: number;
  readonly bestSeat: Seat;
  readonly trickPoints: number;
  readonly plays: PlayCell | null;
  /** Winners of the finished tricks, two bits each from bit 0 (trick 1). */
  readonly winners: number;
  /** Card points and tricks taken, by seat. */
  readonly points: readonly number[];
  readonly won: readonly number[];
  /** Highest announcement level by party (0 none .. 5 schwarz), and a mask of parties that replied late (1 Re, 2 Kontra). */
  readonly annRe: number;
  readonly annKo: number;
  readonly replied: number;
  readonly anns: AnnCell | null;
  /** Seats that said they announce nothing until the next card (`quiet`). */
  readonly quiet: number;
  /** Optional actors: seats besides `turn` that toAct lists now (a mask). */
  readonly opt: number;
  /** House Schwein: the seat whose Karo-Ass is a Schwein, -1 when none. */
  readonly pig: Seat;
  /** Seats that have played their Pflichtsolo (a mask). */
  readonly soloDone: number;
  readonly results: readonly DealResult[];
  /** Match totals by seat. */
  readonly scores: readonly number[];
}

/** A finished deal as the outcome shows it (DOKO-API.md). */
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
  readonly items: readonly ScoreItem[];
  /** Sum of the items for Re (Re's items positive, Kontra's negative), and the solo multiplier. */
  readonly forRe: number;
  readonly multiplier: number;
  /** This deal's points by seat. */
  readonly score: readonly number[];
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

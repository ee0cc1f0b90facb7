/** Server -> client: the table room's messages, the HTTP API's answers, and around the table (replays, my tables). */
import type { Action, GameId, GameMeta, GameOutcome, GameView, Seat } from '@stich/engine';
import { z } from 'zod';
import { type ErrorCode, type PROTOCOL_VERSION, text } from './base.ts';
import type { ChatEntry, ChatRules } from './chat.ts';
import type { RequestId } from './client.ts';
import type { EventFrame, Snapshot } from './events.ts';
import type { Player, TableInfo, TableProgress, TableStatus } from './tables.ts';

// ---------------------------------------------------------------------------------------------------------
// Server -> client
// ---------------------------------------------------------------------------------------------------------

/** The state of the table for one connection. */
export interface StateUpdate {
  /** Number of steps (deals and actions) applied so far; send it back in `act` to guard against races. */
  readonly seq: number;
  /** `game.viewFor(state, seat)` or the spectator view: the game's own view type, told apart by `view.game`. */
  readonly view: GameView;
  /** The seat's legal actions now (empty for spectators or when it may not act). */
  readonly legal: readonly Action[];
  /** The public outcome when the match is over, else null. */
  readonly outcome: GameOutcome | null;
  /** Unix ms by which the seat to act must act (turn timer), else null. */
  readonly deadline: number | null;
}

export interface Welcome {
  readonly protocol: typeof PROTOCOL_VERSION;
  readonly table: TableInfo;
  readonly role: 'seat' | 'spectator';
  readonly seat: Seat | null;
  /** Reconnect token for this seat: join again with `{ seatToken }` to take the seat back. */
  readonly seatToken: string | null;
  readonly player: Player | null;
}

export type ServerMessage =
  /** First message after joining a table. */
  | { readonly t: 'welcome'; readonly d: Welcome }
  /** The table info changed (someone sat down, left, a bot took over). */
  | { readonly t: 'table'; readonly d: TableInfo }
  /** The state changed; `id` is set on the update that answers this connection's own `act` or `sync`. */
  | { readonly t: 'state'; readonly d: StateUpdate; readonly id?: RequestId }
  /**
   * The whole table, for a connection that joined with `events` (events.ts): after joining, `sync` and a
   * reconnection; `id` is set when it answers this connection's `sync`.
   */
  | { readonly t: 'snap'; readonly d: Snapshot; readonly id?: RequestId }
  /** What changed, for a connection that joined with `events`; `id` as with `state`. */
  | { readonly t: 'ev'; readonly d: EventFrame; readonly id?: RequestId }
  | { readonly t: 'pong'; readonly d: { readonly time: number }; readonly id: RequestId }
  /** The fair deal (docs/fair-deal.md): the next deal's commitment and the last deal revealed. */
  | { readonly t: 'fair'; readonly d: FairNews; readonly id?: RequestId }
  /** Chat (docs/chat.md), on joining: the latest entries of the connection's channels, and its rules. */
  | {
      readonly t: 'chat-log';
      readonly d: { readonly entries: readonly ChatEntry[]; readonly rules: ChatRules };
    }
  /** Chat: a new message; `id` is set for its writer (the answer to his `chat`). */
  | { readonly t: 'chat'; readonly d: ChatEntry; readonly id?: RequestId }
  /** Chat: a moderator hid message `n`; it is no longer shown. */
  | { readonly t: 'chat-hidden'; readonly d: { readonly n: number } }
  /** Chat: the connection's rules changed (the host turned free text on or off, a bar). */
  | { readonly t: 'chat-rules'; readonly d: ChatRules }
  /** Chat: a `chat-report`, `chat-hide`, `chat-bar` or `chat-free` was done. */
  | {
      readonly t: 'chat-done';
      readonly d: { readonly what: 'report' | 'hide' | 'bar' | 'free' };
      readonly id: RequestId;
    }
  /** A request failed; nothing changed. `id` is null when the message carried no readable id. */
  | {
      readonly t: 'error';
      readonly d: { readonly code: ErrorCode; readonly reason: string };
      readonly id: RequestId | null;
    }
  /**
   * Lobby room, sent on join: the newest open public tables (one page, LOBBY_PAGE) and how many there are
   * in all; further pages from `GET /api/tables?offset=&limit=`.
   */
  | { readonly t: 'lobby'; readonly d: { readonly tables: readonly TableInfo[]; readonly total: number } }
  /** Lobby room: a table appeared or changed. */
  | { readonly t: 'lobby+'; readonly d: TableInfo }
  /** Lobby room: a table is no longer listed. */
  | { readonly t: 'lobby-'; readonly d: { readonly id: string } };

/**
 * A table's commit and reveal (docs/fair-deal.md), sent on joining, after `sync`, in answer to `seed`, and
 * whenever a deal is dealt or the match ends.
 */
export interface FairNews {
  /** The commitment to the seed of the next deal (the record's deal number `deal`), or null: none is due. */
  readonly next: { readonly deal: number; readonly commitment: string } | null;
  /** The last finished deal as the record holds it (its cards and its proof `fair`), or null: none yet. */
  readonly revealed: { readonly deal: number; readonly dealt: Readonly<Record<string, unknown>> } | null;
}

export const errorMessage = (
  code: ErrorCode,
  reason: string,
  id: RequestId | null = null,
): ServerMessage => ({
  t: 'error',
  d: { code, reason },
  id,
});

// ---------------------------------------------------------------------------------------------------------
// HTTP API (JSON). Errors: status 4xx/5xx with { code: ErrorCode, reason }.
// ---------------------------------------------------------------------------------------------------------

export interface GuestResponse {
  readonly player: Player;
  /** Keep it (localStorage): it is the guest identity. Send as `Authorization: Bearer <token>`. */
  readonly token: string;
}
/** GET /api/tables?offset=&limit=: one page of the open public tables, newest first. */
export interface TablesResponse {
  readonly tables: readonly TableInfo[];
  /** Open public tables in all. */
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}
export interface TableResponse {
  readonly table: TableInfo;
  /** Private tables, to their creator: the invite code and a link path `/join/<code>`. */
  readonly invite?: { readonly code: string; readonly path: string };
}
export interface PlayNowResponse {
  readonly table: TableInfo;
  readonly seat: Seat;
  /** The table is private; this invites friends to watch (or to nothing else: every other seat is a bot). */
  readonly invite: { readonly code: string; readonly path: string };
}
/** GET /api/games: every game this server has, with its player counts, presets, options and their texts. */
export interface GamesResponse {
  readonly games: readonly GameMeta[];
}
export interface HttpError {
  readonly code: ErrorCode;
  readonly reason: string;
}

/** HTTP paths. `:id` is a table id, `:code` an invite code. */
export const API = {
  health: '/healthz',
  guests: '/api/guests',
  me: '/api/me',
  games: '/api/games',
  tables: '/api/tables',
  table: '/api/tables/:id',
  record: '/api/tables/:id/record',
  invite: '/api/invite/:code',
  playNow: '/api/play-now',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Around the table (issue 17): replays, my tables
// ---------------------------------------------------------------------------------------------------------

/** One step of a replay: the state after a deal or an action, as one seat saw it, with every hand open. */
export interface ReplayStep {
  readonly seq: number;
  readonly view: GameView;
  /** Each seat's cards in hand at this step (the match is over: nothing is hidden any more). */
  readonly hands: readonly (readonly string[])[];
}
/**
 * GET /api/tables/:id/replay: a finished match for anyone who may see it, as its record, sent once. The
 * client steps through it with the engine (`@stich/protocol/replay`), so the server never builds a view per
 * step; the answer is the record's size and is cached per table.
 */
export interface ReplayResponse {
  /** The requester's seat (his view is shown), or null for anyone else (a spectator's view, nobody is "you"). */
  readonly viewer: Seat | null;
  /** The replay's address for whoever may see the match: with the invite code of a private table. */
  readonly link: string;
  /** The match's record (docs/record-format.md): names, deals, actions, `meta.hints`. */
  readonly record: unknown;
}
/** One legal card of a move with its two figures (docs/analysis.md); null: not computed. */
interface AnalysisOption {
  readonly card: string;
  /** All cards known (double dummy). */
  readonly dd: number | null;
  /** What the seat knew then (the search player's expectation): the fair figure. */
  readonly view: number | null;
}
interface AnalysisFigure {
  readonly best: string;
  /** Points lost against `best`, in the analysis' unit (≥ 0). */
  readonly loss: number;
}
export interface AnalysisMove {
  /** Index of the action in the record's actions. */
  readonly index: number;
  /** Index of the replay step showing the state after the action (`ReplayStep.seq`). */
  readonly step: number;
  readonly seat: Seat;
  readonly action: { readonly t: string } & Readonly<Record<string, unknown>>;
  readonly kind: 'card' | 'call';
  readonly forced: boolean;
  readonly options?: readonly AnalysisOption[];
  readonly dd?: AnalysisFigure | null;
  readonly view?: AnalysisFigure | null;
  readonly won?: { readonly played: boolean; readonly best: boolean } | null;
  readonly samples?: number;
  /** Calls: the search player's choice from the same view. */
  readonly search?: { readonly t: string } & Readonly<Record<string, unknown>>;
  readonly agrees?: boolean;
}
export interface AnalysisSeat {
  readonly seat: Seat;
  readonly ddLoss: number;
  readonly viewLoss: number;
  readonly disagreements: number;
  /** Largest mistakes: action indices with their losses. */
  readonly largest: readonly { readonly index: number; readonly view: number; readonly dd: number }[];
}
export interface DealAnalysisWire {
  readonly deal: number;
  readonly moves: readonly AnalysisMove[];
  readonly seats: readonly AnalysisSeat[];
}
/** GET /api/tables/:id/analysis: the analysis of each finished deal of a finished match. */
export interface AnalysisResponse {
  readonly game: GameId;
  readonly unit: 'card points' | 'distance' | 'game points';
  readonly names: readonly string[];
  /** Analysed deals, in order. */
  readonly deals: readonly DealAnalysisWire[];
  /** Per seat over the analysed deals. */
  readonly match: readonly AnalysisSeat[];
  /** Deals whose analysis is still being computed (ask again). */
  readonly pending: readonly number[];
  /** Deals whose analysis failed, with why; not tried again. */
  readonly failed: readonly AnalysisFailure[];
}
export interface AnalysisFailure {
  readonly deal: number;
  readonly reason: string;
}
/** POST /api/tables/:id/hint: the suggestion for the caller's current decision, from his seat's view only. */
export interface HintResponse {
  /** The table's step the hint is for (`StateUpdate.seq`). */
  readonly seq: number;
  readonly action: Action;
  readonly unit: AnalysisResponse['unit'];
  /** Card play: every legal card with its expected value, best first (higher is better); null for calls. */
  readonly options: readonly { readonly action: Action; readonly value: number }[] | null;
}
/** GET /api/me/tables: the tables the requester holds a seat at, newest first (at most 30). */
export interface MyTable {
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  readonly preset: string | null;
  /** Absent where the record could not be read. */
  readonly progress?: TableProgress;
  /** `parked`: unfinished and asleep (nobody was there for a while); it wakes when opened. */
  readonly status: TableStatus | 'parked';
  readonly seat: Seat;
  /** Names by seat: people who hold a seat, null for a free human seat, `bot` for a computer player. */
  readonly names: readonly (string | null)[];
  readonly createdAt: string;
}
export interface MyTablesResponse {
  readonly tables: readonly MyTable[];
}
export const AROUND_API = {
  replay: '/api/tables/:id/replay',
  /** POST: the search player's hint for the caller's seat now (docs/analysis.md); answers `HintResponse`. */
  hint: '/api/tables/:id/hint',
  /** GET: the analysis of every finished deal of a finished match (docs/analysis.md); answers `AnalysisResponse`. */
  analysis: '/api/tables/:id/analysis',
  myTables: '/api/me/tables',
  /**
   * POST: ask for (or accept) the rematch of a finished match (same setup, next dealer); answers
   * `RematchResponse`. GET: whether a rematch was asked for; answers `RematchOfferResponse`.
   */
  rematch: '/api/tables/:id/rematch',
  /** POST: the host starts a waiting table now; free seats get computer players. */
  start: '/api/tables/:id/start',
  /** GET: a game's written rules (docs/rules/<game>.md). */
  rules: '/api/rules/:game',
  /** POST `BotSeatRequest` (the host, table waiting): a free seat for an outside program; answers `BotSeatResponse`. */
  botSeat: '/api/tables/:id/bot-seat',
} as const;

/** POST /api/tables/:id/bot-seat: the seat to give to an outside program and the name it is shown with. */
export const botSeatSchema = z.object({
  seat: z.number().int().min(0).max(15),
  name: text(32).min(1).default('Bot'),
});
export type BotSeatRequest = z.input<typeof botSeatSchema>;
/** The bot token: a seat token for that seat (join with `{ seatToken }`, e.g. `stich connect`). */
export interface BotSeatResponse {
  readonly seat: Seat;
  readonly seatToken: string;
}
export interface RulesResponse {
  readonly game: GameId;
  /** The language of the text (the rules documentation is written in English). */
  readonly lang: 'en';
  readonly markdown: string;
}
export interface RematchResponse {
  readonly table: TableInfo;
  readonly seat: Seat;
  /** The requester asked first: he may start the rematch before the others accept. */
  readonly host: boolean;
  readonly invite?: { readonly code: string; readonly path: string };
}

/** The rematch of a finished match as its players see it: who asked, and who has accepted. */
export interface RematchOffer {
  /** The rematch table. */
  readonly id: string;
  readonly status: TableStatus | 'parked';
  /** The name of the player who asked for it. */
  readonly by: string | null;
  /** The requester is the one who asked. */
  readonly host: boolean;
  /** Every person's seat: accepted (sat down, or asked) or still invited. */
  readonly seats: readonly { readonly seat: Seat; readonly name: string; readonly accepted: boolean }[];
}

export interface RematchOfferResponse {
  readonly rematch: RematchOffer | null;
}

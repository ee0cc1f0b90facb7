/**
 * The Stich wire protocol, shared by the server, the web client and external programs (docs/protocol.md).
 *
 * Transport: Colyseus 0.18 over one WebSocket per room. Every protocol message, in both directions, travels
 * as the payload of the Colyseus room message type `CHANNEL` ("m"). A client message is the object
 * `{ t, d, id }` (msgpack-encoded by the Colyseus SDK) or the same object as JSON text. The server parses it
 * once with `parseClientMessage` into the typed union `ClientMessage`; anything else is answered with an
 * `error` message carrying a code and, where one could be read, the client's request id.
 *
 * Hidden information never travels: a seat receives `game.viewFor(state, seat)` and its legal actions,
 * a spectator the spectator view. There is no shared synchronised Schema state.
 */
import type { Action, GameId, GameMeta, GameOutcome, GameView, Seat } from '@stich/engine';
import { BOT_LEVELS, type BotLevel, ERROR_CODES as ENGINE_ERROR_CODES, GAME_IDS } from '@stich/engine';
import { z } from 'zod';
import type { StateDelta } from './delta.ts';

export { applyDelta, type StateDelta } from './delta.ts';

export const PROTOCOL_VERSION = 1;

/** The engine's types the messages carry: each game's view and outcome, told apart by `game`, and its description. */
export type {
  ChoiceMeta,
  DifferenzlerOutcome,
  DifferenzlerView,
  DoppelkopfOutcome,
  DoppelkopfView,
  GameId,
  GameMeta,
  GameOutcome,
  GameView,
  KlaberjassOutcome,
  KlaberjassView,
  KlapperjasOutcome,
  KlapperjasView,
  OptionMeta,
  OptionValue,
  PresetMeta,
  Texts,
} from '@stich/engine';

/** Colyseus room names. */
export const ROOM_TABLE = 'table';
export const ROOM_LOBBY = 'lobby';
/** The one Colyseus message type that carries every protocol message, both ways. */
export const CHANNEL = 'm';

/** Largest client message the server reads (JSON text length, or the JSON length of a decoded object). */
export const MAX_MESSAGE_BYTES = 4096;
/** Larger WebSocket frames close the connection (close code 1009); smaller oversized ones get `too-large`. */
export const MAX_FRAME_BYTES = 65536;

export { BOT_LEVELS, type BotLevel } from '@stich/engine/levels';

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

/** Error codes of the protocol: the engine's codes (an action's rules) and the server's own. */
export const ERROR_CODES = [
  ...ENGINE_ERROR_CODES,
  /** The message is text but not JSON. */
  'bad-json',
  /** The message is longer than MAX_MESSAGE_BYTES. */
  'too-large',
  /** The message has a `t` this endpoint does not know. */
  'unknown-type',
  /** Too many messages per second from this connection; the message was not processed. */
  'rate-limited',
  /** The connection watches (spectator) and may not act. */
  'not-seated',
  /** The match has not started: human seats are still free. */
  'waiting',
  /** `seq` in an action names an older state than the table's current one. */
  'stale',
  /** Missing or unknown player token. */
  'unauthorized',
  /** Not allowed: a private table without its code, a seat held by someone else. */
  'forbidden',
  /** No such table, player or invite. */
  'not-found',
  /** The seat asked for is taken or is a bot seat. */
  'seat-taken',
  /** The match is not over yet (records of running matches are not published). */
  'not-finished',
  /** The server could not store the action; the table is unchanged. */
  'storage',
  /** The server failed unexpectedly; the table is unchanged. */
  'internal',
  /** This guest has created TABLES_PER_HOUR tables in the last hour, or has OPEN_TABLES open tables. */
  'too-many-tables',
  /** This address has created GUESTS_PER_HOUR guests in the last hour. */
  'too-many-guests',
  /** This address holds CONNECTIONS_PER_ADDRESS open WebSocket connections. */
  'too-many-connections',
  /** This address asked for REPLAYS_PER_MINUTE replays or records in the last minute. */
  'too-many-requests',
  /** A person's name that reads as a computer player's label (`Bot (level)`). */
  'reserved-name',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------------------

/** Control characters (Unicode Cc) and unpaired surrogates (Cs: in a `u` regex only lone ones match). */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;

/** True for well-formed Unicode text without control characters: what every text input must be. */
export const isPlainText = (s: string): boolean => !NOT_TEXT.test(s);

const PLAIN = { message: 'must be well-formed Unicode text without control characters' };

/**
 * A text input of at most `max` characters, checked the same way for every database (PostgreSQL refuses
 * U+0000 in text, SQLite stores it; neither should see it).
 */
export const text = (max: number) => z.string().max(max).refine(isPlainText, PLAIN);

/** A table id (the server issues 12 base64url characters). */
export const tableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** An invite code (the server issues 24 base64url characters). */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

// ---------------------------------------------------------------------------------------------------------
// Client -> server (table room)
// ---------------------------------------------------------------------------------------------------------

/** A request id chosen by the client; every answer to the request carries it back. */
export const requestId = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), text(64)]);
export type RequestId = z.infer<typeof requestId>;

/** An action as the engine takes it: a JSON object tagged by `t`. Its shape is checked by the engine. */
export const actionSchema = z.looseObject({ t: text(40).min(1) });

const emptyData = z.object({}).optional();

export const clientMessageSchema = z.discriminatedUnion('t', [
  /** Take an action for the connection's seat. `seq`, when given, must be the current state's. */
  z.object({
    t: z.literal('act'),
    id: requestId,
    d: z.object({ action: actionSchema, seq: z.number().int().min(0).optional() }),
  }),
  /** Ask for the table info and the current state again. */
  z.object({ t: z.literal('sync'), id: requestId, d: emptyData }),
  /** Liveness check; answered with `pong`. */
  z.object({ t: z.literal('ping'), id: requestId, d: emptyData }),
  /**
   * A seat's own random value for the deal whose commitment it was sent (`fair` message, docs/fair-deal.md):
   * 32 bytes as 64 lowercase hex digits. Answered with `fair`; a later value for the same deal replaces it.
   */
  z.object({
    t: z.literal('seed'),
    id: requestId,
    d: z.object({ deal: z.number().int().min(0), value: z.string().regex(/^[0-9a-f]{64}$/) }),
  }),
  /**
   * How long computer players wait before they act at this table (ms, 0 to MAX_BOT_DELAY_MS), for as long as
   * the room lives. Only from the one person seated among computers; nothing is answered unless refused.
   */
  z.object({
    t: z.literal('speed'),
    id: requestId,
    d: z.object({ botDelayMs: z.number().int().min(0).max(5000) }),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['t'];
export const CLIENT_MESSAGE_TYPES: readonly ClientMessageType[] = ['act', 'sync', 'ping', 'seed', 'speed'];

export type ParsedClientMessage =
  | { readonly ok: true; readonly msg: ClientMessage }
  | { readonly ok: false; readonly code: ErrorCode; readonly reason: string; readonly id: RequestId | null };

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Reads a request id if there is a valid one, so that even a malformed message's error can carry it. */
function readId(x: unknown): RequestId | null {
  if (!isObject(x)) return null;
  const r = requestId.safeParse(x.id);
  return r.success ? r.data : null;
}

/**
 * Parses one client message: a decoded object or JSON text. Never throws. Checks size, JSON, shape and
 * type; an error names the first problem and keeps the request id when one can be read.
 */
export function parseClientMessage(input: unknown): ParsedClientMessage {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_MESSAGE_BYTES)
      return {
        ok: false,
        code: 'too-large',
        reason: `message longer than ${MAX_MESSAGE_BYTES} bytes`,
        id: null,
      };
    try {
      value = JSON.parse(input);
    } catch (e) {
      return { ok: false, code: 'bad-json', reason: `not JSON: ${(e as Error).message}`, id: null };
    }
  } else {
    let size: number;
    try {
      size = JSON.stringify(input)?.length ?? 0;
    } catch {
      return { ok: false, code: 'malformed', reason: 'message cannot be read as JSON data', id: null };
    }
    if (size > MAX_MESSAGE_BYTES)
      return {
        ok: false,
        code: 'too-large',
        reason: `message longer than ${MAX_MESSAGE_BYTES} bytes`,
        id: readId(input),
      };
  }
  const id = readId(value);
  if (!isObject(value))
    return { ok: false, code: 'malformed', reason: 'a message is an object { t, d, id }', id };
  if (typeof value.t !== 'string')
    return { ok: false, code: 'malformed', reason: 'message type t must be a string', id };
  if (!(CLIENT_MESSAGE_TYPES as readonly string[]).includes(value.t))
    return {
      ok: false,
      code: 'unknown-type',
      reason: `unknown message type ${JSON.stringify(value.t.slice(0, 40))}`,
      id,
    };
  if (id === null)
    return {
      ok: false,
      code: 'malformed',
      reason: 'id must be an integer or a string of at most 64 characters',
      id,
    };
  const parsed = clientMessageSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.join('.') : 'message';
    return { ok: false, code: 'malformed', reason: `${where}: ${issue.message}`, id };
  }
  return { ok: true, msg: parsed.data };
}

/** Joining a table room: the options of `client.joinById(tableId, options)`. */
export const joinOptionsSchema = z.object({
  /** The guest token from POST /api/guests; needed to take a seat. */
  token: text(128).optional(),
  /** The reconnect token of a seat (from `welcome`): takes that seat back, also after a server restart. */
  seatToken: text(128).optional(),
  /** The seat wanted; without it the first free human seat (or the player's own seat) is taken. */
  seat: z.number().int().min(0).max(15).optional(),
  /** Watch only: the spectator view. */
  spectate: z.boolean().optional(),
  /** The invite code of a private table. */
  code: text(128).optional(),
  /** Receive every server message as JSON text instead of a msgpack object (cheaper for the server). */
  json: z.boolean().optional(),
  /** Receive state updates after the first as `delta` messages: only what changed (delta.ts). */
  delta: z.boolean().optional(),
});
export type JoinOptions = z.infer<typeof joinOptionsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------

export const seatSetupSchema = z.discriminatedUnion('kind', [
  /** `program`: the seat was given to an outside program with a bot token (POST /api/tables/:id/bot-seat). */
  z.object({ kind: z.literal('human'), program: z.literal(true).optional() }),
  z.object({ kind: z.literal('bot'), level: z.enum(BOT_LEVELS) }),
]);
export type SeatSetup = z.infer<typeof seatSetupSchema>;

/** POST /api/tables: a new table. `players`, `preset` and `options` go to the engine's `parseConfig`. */
export const createTableSchema = z.object({
  game: z.enum(GAME_IDS),
  players: z.number().int().min(2).max(8),
  preset: text(40).optional(),
  options: z.record(text(40), z.unknown()).optional(),
  /** One entry per seat, in seat order. */
  seats: z.array(seatSetupSchema).min(2).max(8),
  visibility: z.enum(['public', 'private']).default('public'),
  /** Seconds a human seat has to act; then its takeover bot acts once. Null or absent: no timer. */
  turnTimer: z.number().int().min(2).max(3600).nullable().optional(),
  /** Reserve this seat for the creating player. */
  seat: z.number().int().min(0).max(7).optional(),
  /** The "Tipp" button (docs/analysis.md); absent: on when exactly one seat is a person's. */
  hints: z.boolean().optional(),
});
export type CreateTable = z.infer<typeof createTableSchema>;

/** POST /api/play-now: one human seat (seat 0, the caller's) against computer players. */
export const playNowSchema = z.object({
  game: z.enum(GAME_IDS),
  level: z.enum(BOT_LEVELS).default('rule'),
  players: z.number().int().min(2).max(8).optional(),
  preset: text(40).optional(),
  options: z.record(text(40), z.unknown()).optional(),
});
export type PlayNow = z.infer<typeof playNowSchema>;

/**
 * The label records give computer players, `Bot (level)`: a person may not take a name that reads as one
 * (after trimming, in any case and spacing), or a replay would show him as a computer.
 */
export const isComputerLabel = (name: string): boolean => /^bot\s*\(.*\)$/iu.test(name.trim());

/** POST /api/guests and PATCH /api/me. */
export const guestSchema = z.object({ name: z.string().trim().min(1).max(32).refine(isPlainText, PLAIN) });
export type GuestInput = z.infer<typeof guestSchema>;

export type TableStatus = 'waiting' | 'playing' | 'over';

export interface SeatInfo {
  readonly seat: Seat;
  readonly kind: 'human' | 'bot';
  /** Bot seats: the bot's level. Human seats: the level of the bot that stands in while the player is away. */
  readonly level: BotLevel;
  /** Display name of the player sitting there (null: free human seat). */
  readonly name: string | null;
  /** A human seat with a live connection. */
  readonly connected: boolean;
  /** A human seat whose player has been gone longer than the grace period: a bot plays it until he returns. */
  readonly botActive: boolean;
  /** While a dropped player's grace period runs: Unix ms when a bot takes his seat over. */
  readonly takeoverAt?: number;
  /** The seat is played by an outside program (bot token, docs/bot-interface.md): a computer player. */
  readonly program?: true;
  /** A rematch's seat held for a person who was asked and has not accepted yet (rematch.ts). */
  readonly invited?: true;
}

/** What everyone may know about a table; no cards. */
export interface TableInfo {
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  readonly preset: string | null;
  readonly options: Readonly<Record<string, unknown>>;
  readonly visibility: 'public' | 'private';
  readonly status: TableStatus;
  readonly seats: readonly SeatInfo[];
  readonly spectators: number;
  readonly turnTimer: number | null;
  readonly createdAt: string;
  /** Hints at this table (docs/analysis.md): whether the "Tipp" button is offered, and the seats that used it. */
  readonly hints?: { readonly allowed: boolean; readonly used: readonly Seat[] };
  /** How far the match has come (live tables). */
  readonly progress?: TableProgress;
}

export interface Player {
  readonly id: string;
  readonly name: string;
}

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
  /** The state changed, for a connection that joined with `delta`: what changed since its last update. */
  | { readonly t: 'delta'; readonly d: StateDelta; readonly id?: RequestId }
  | { readonly t: 'pong'; readonly d: { readonly time: number }; readonly id: RequestId }
  /** The fair deal (docs/fair-deal.md): the next deal's commitment and the last deal revealed. */
  | { readonly t: 'fair'; readonly d: FairNews; readonly id?: RequestId }
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
export type ServerMessageType = ServerMessage['t'];

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
export interface MeResponse {
  readonly player: Player;
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
export interface AnalysisOption {
  readonly card: string;
  /** All cards known (double dummy). */
  readonly dd: number | null;
  /** What the seat knew then (the search player's expectation): the fair figure. */
  readonly view: number | null;
}
export interface AnalysisFigure {
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
/** How far a match has come (server progress.ts). */
export interface TableProgress {
  /** Deals finished. */
  readonly deals: number;
  /** Deals the match has, where its rules fix the number (Doppelkopf, Differenzler); null: played to a target. */
  readonly of: number | null;
  /** The match score by seat, as the game counts it. */
  readonly scores: readonly number[];
}

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

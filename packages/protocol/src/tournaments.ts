/**
 * Tournaments on the server (docs/tournaments.md): the HTTP contract between the server, the web client and
 * external programs. The formats, settings, standings and their typed errors come from `@stich/tournament`
 * (pure); the server keeps each tournament, opens its tables as ordinary tables with reserved seats, and
 * answers these routes. Every tournament route needs a signed-in account (players are account names);
 * state-changing requests carry `CSRF_HEADER` as every account request does. A client follows a running
 * tournament by polling `TOURNAMENTS_API.one` (every `TOURNAMENT_POLL_SECONDS`): a tournament changes at
 * most once per finished table, and a poll is served from any process of a cluster.
 */
import type { GameId } from '@stich/engine';
import type { FormatId, Settings, Standing, TourneyErrorCode } from '@stich/tournament';
import { z } from 'zod';
import { isPlainText, PLAIN } from './base.ts';

export type { Settings as TournamentSettings, Standing } from '@stich/tournament';
export { FORMAT_IDS, FORMATS, type Format, type FormatId } from '@stich/tournament/formats';

/** The tournaments' routes; `:id` is a tournament id. */
export const TOURNAMENTS_API = {
  /**
   * GET: `TournamentList` (public ones, and those the caller organizes or plays in): every open and running
   * one and the newest finished or cancelled ones; `?before=` a list answer's `next` pages on through the
   * ended ones. POST `createTournamentSchema`: `TournamentDetail`.
   */
  list: '/api/tournaments',
  /** GET: `TournamentDetail` (an invite-only one needs its code as `?code=` unless the caller is in it). PATCH `editTournamentSchema` (organizer, before the start). DELETE: cancel (organizer, before the start). */
  one: '/api/tournaments/:id',
  /** POST `registerTournamentSchema`: register oneself. DELETE: unregister oneself (both until the start). */
  players: '/api/tournaments/:id/players',
  /** POST: the organizer starts it now (otherwise it starts by itself at `startsAt`). */
  start: '/api/tournaments/:id/start',
} as const;

/** Seconds between two polls of a running tournament by the web client. */
export const TOURNAMENT_POLL_SECONDS = 5;
/** Most tournaments one organizer may hold open (not yet finished or cancelled). */
export const TOURNAMENTS_OPEN_MAX = 3;
/** Most entrants the server takes in one tournament (below the core's MAX_ENTRANTS). */
export const TOURNAMENT_ENTRANTS_MAX = 64;

export const tournamentNameSchema = z.string().trim().min(3).max(60).refine(isPlainText, PLAIN);

/** POST /api/tournaments. `settings` is checked by `@stich/tournament`'s `parseSettings` (its typed errors). */
export const createTournamentSchema = z.object({
  name: tournamentNameSchema,
  /** Public: listed for everyone. Otherwise by invite: listed only for those in it, reachable by its code. */
  public: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
});
/** PATCH /api/tournaments/:id: a new name or settings before the start. */
export const editTournamentSchema = z.object({
  name: tournamentNameSchema.optional(),
  public: z.boolean().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
/** POST /api/tournaments/:id/players: the invite code of an invite-only tournament. */
export const registerTournamentSchema = z.object({ code: z.string().max(64).optional() });

/**
 * The error codes of the tournament routes: the core's (`malformed`, `unknown-format`, `bad-players`,
 * `already-registered`, `not-registered`, `late-registration`, `started`, `full`, `bad-result`) and the
 * server's own; each answer is `{ code, reason }`.
 */
export type TournamentErrorCode =
  | TourneyErrorCode
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'too-many-requests'
  /** The organizer holds TOURNAMENTS_OPEN_MAX open tournaments. */
  | 'too-many-tournaments';

export type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';

export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly organizer: string;
  readonly public: boolean;
  readonly format: FormatId;
  readonly game: GameId;
  readonly status: TournamentStatus;
  /** Registered players. */
  readonly entrants: number;
  readonly maxPlayers: number;
  /** ISO time, or null: the organizer starts it. */
  readonly startsAt: string | null;
}

export interface TournamentList {
  readonly tournaments: readonly TournamentSummary[];
  /** More finished or cancelled ones: ask again with `?before=` this; null when there are no more. */
  readonly next: string | null;
}

/** One seat of a tournament table. */
export interface TournamentSeat {
  readonly name: string;
  /** A computer player fills an empty seat. */
  readonly bot: boolean;
  /** The player dropped out: a computer plays his seat for the rest of the series, and he is marked. */
  readonly dropped: boolean;
}

export interface TournamentTable {
  /** The table's number in its round, from 0. */
  readonly table: number;
  /** The table's id: players join it as any table; when done, its record and replay are at the usual routes. */
  readonly tableId: string;
  readonly seats: readonly TournamentSeat[];
  readonly status: 'playing' | 'done';
  /** Games finished at this table out of those it plays this round. */
  readonly played: number;
  readonly games: number;
}

export interface TournamentRound {
  readonly round: number;
  /** A round is done when its slowest table is; the next one is drawn then. */
  readonly status: 'playing' | 'done';
  readonly tables: readonly TournamentTable[];
  /** Swiss: the player with a bye this round. */
  readonly bye: string | null;
}

/** GET /api/tournaments/:id. */
export interface TournamentDetail extends TournamentSummary {
  readonly settings: Settings;
  /** Registered players in registration order. */
  readonly players: readonly string[];
  /** Whether the caller is registered. */
  readonly registered: boolean;
  /** Whether the caller organizes it (may edit, start, cancel). */
  readonly organizing: boolean;
  /** The invite code, for the organizer of an invite-only tournament (to pass on); null otherwise. */
  readonly code: string | null;
  readonly rounds: readonly TournamentRound[];
  /** Live: from every finished table so far. Empty before the first table finishes. */
  readonly standings: readonly Standing[];
  /** Players who dropped out (played on by a computer). */
  readonly dropped: readonly string[];
}

/** Tables: setups, new tables and guests (HTTP input), and what anyone may know about a table. */
import type { GameId, Seat } from '@stich/engine';
import { BOT_LEVELS, type BotLevel, GAME_IDS } from '@stich/engine';
import { z } from 'zod';
import { isPlainText, PLAIN, text } from './base.ts';

// ---------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------

const seatSetupSchema = z.discriminatedUnion('kind', [
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
  /** A tournament's table (or one part of a table played in parts): the tournament's id (docs/tournaments.md). */
  readonly tournament?: string | null;
}

export interface Player {
  readonly id: string;
  readonly name: string;
}

/** How far a match has come (server progress.ts). */
export interface TableProgress {
  /** Deals finished. */
  readonly deals: number;
  /** Deals the match has, where its rules fix the number (Doppelkopf, Differenzler); null: played to a target. */
  readonly of: number | null;
  /** The match score by seat, as the game counts it. */
  readonly scores: readonly number[];
}

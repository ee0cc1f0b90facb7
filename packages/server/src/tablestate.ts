/**
 * What a live table is (table.ts): the engine state and the seats, shared by the parts of its room
 * (seating.ts, outbox.ts, queue.ts, autoplay.ts, parking.ts, inbox.ts). Only the room's queue changes
 * the engine state (queue.ts).
 */
import type { AnyGame, Seat } from '@stich/engine';
import type { TableStatus } from '@stich/protocol';
import type { TableFairness } from './fair.ts';
import type { SeatRt } from './presence.ts';
import type { TableRow } from './store.ts';
import type { TournamentSeat } from './tournaments-tables.ts';

export class TableState {
  game!: AnyGame;
  row!: TableRow;
  /** The engine state. */
  gs: unknown;
  /** Steps (deals and actions) applied so far. */
  seq = 0;
  /** The engine states of the last few steps, newest last: an action sent for one of them may still hold (queue.ts). */
  past: { readonly seq: number; readonly gs: unknown }[] = [];
  status: TableStatus = 'waiting';
  seats: SeatRt[] = [];
  /** Seat of each connection by session id; null for spectators. */
  readonly roles = new Map<string, Seat | null>();
  /** Commit and reveal of this table's deals (fair.ts). */
  fair!: TableFairness;
  /** Hints (hints.ts): offered here, and the seats that used one. */
  hints: { allowed: boolean; used: Seat[] } = { allowed: false, used: [] };
  /** The turn timer's deadline of the seat to act, shown to everyone (autoplay.ts). */
  deadline: number | null = null;
  disposed = false;
  /** The first deal is on its way to the database: from here on the seats are kept as in a match. */
  starting = false;
  /** Parked: stored as `parked`, plays no more and is going away; restored when someone asks for it. */
  parked = false;
  /**
   * A tournament's table (tournaments-run.ts): it is never parked, computers always take over absent
   * players (who are marked as dropped out), and a duplicate table deals the round's fixed cards.
   */
  tournament: TournamentSeat | null = null;
}

/**
 * A table's life in memory (table.ts): restored from its record in the store when its room is created,
 * and parked when no person has been connected to a seat for IDLE_SECONDS: stored as `parked`, its room
 * closed, and not restored at start until someone asks for it (GET /api/tables/:id or its invite).
 */
import { ServerError } from '@colyseus/core';
import { gameById, replay } from '@stich/engine';
import { context } from './context.ts';
import { TableFairness } from './fair.ts';
import { tableHints } from './hints.ts';
import type { SeatRt } from './presence.ts';
import type { ChangeQueue } from './queue.ts';
import { buildRecord } from './records.ts';
import { seatsOf } from './seating.ts';
import type { TableState } from './tablestate.ts';
import { after, type Timer } from './timers.ts';
import { tournamentOfTable } from './tournaments-tables.ts';

/** Close code for spectators of a table parked for lack of people (IDLE_SECONDS). */
const CLOSE_PARKED = 4101;

/** Loads the table `id` into `t`: its record replayed, its deals' commitments, its seats (nobody connected). */
export async function restore(t: TableState, id: string): Promise<void> {
  const { store } = context();
  const row = await store.table(id);
  if (!row) throw new ServerError(404, `table ${id} not found`);
  const game = gameById(row.game);
  if (!game) throw new ServerError(500, `game ${row.game} is not available on this server`);
  const [holders, steps] = await Promise.all([store.holders(row.id), store.steps(row.id)]);
  const r = replay(game, buildRecord(row, steps, holders));
  if (!r.ok) throw new ServerError(500, `table ${row.id} cannot be restored: ${r.error.reason}`);
  t.game = game;
  t.row = row;
  t.gs = r.value.state;
  t.seq = steps.length;
  t.past = [];
  t.hints = await tableHints(row.id, row.setup);
  t.fair = new TableFairness(row.id);
  await t.fair.restore(steps, row.status === 'over');
  if (row.status === 'parked') {
    // Someone asked for a parked table: it is live again, and restored at start again.
    t.status = steps.length > 0 ? 'playing' : 'waiting';
    await store.setStatus(row.id, t.status);
  } else t.status = row.status;
  t.seats = seatsOf(row, holders);
  t.tournament = await tournamentOfTable(store.db, row.id);
}

function humanConnected(seats: readonly SeatRt[]): boolean {
  return seats.some((s) => s.kind === 'human' && s.client !== null);
}

/** The idle timer of a table, and its parking. */
export class Parking {
  private readonly t: TableState;
  private readonly queue: ChangeQueue;
  /** Parked: the table's timers stop. */
  private readonly halt: () => void;
  /** Closes the room and every connection to it with a close code. */
  private readonly disconnect: (code: number) => Promise<unknown>;
  /** Runs while no person is connected to a seat; when it fires the table is parked (IDLE_SECONDS). */
  private idle: Timer | null = null;

  constructor(
    t: TableState,
    queue: ChangeQueue,
    halt: () => void,
    disconnect: (code: number) => Promise<unknown>,
  ) {
    this.t = t;
    this.queue = queue;
    this.halt = halt;
    this.disconnect = disconnect;
  }

  dispose() {
    this.idle?.clear();
  }

  /**
   * Starts the idle timer when no person is connected to a seat (spectators do not count) and stops it
   * when one is. A table idle for IDLE_SECONDS is parked: bots stop, the room closes, and the table is
   * not restored at start until someone asks for it (GET /api/tables/:id or its invite).
   */
  check() {
    const t = this.t;
    // A tournament's table plays on without people (computers take their seats) until its round is done.
    if (t.disposed || t.parked || t.tournament) return;
    if (t.status === 'over' || humanConnected(t.seats)) {
      this.idle?.clear();
      this.idle = null;
      return;
    }
    if (this.idle) return;
    this.idle = after(context().config.limits.idleSeconds * 1000, () => {
      this.idle = null;
      this.queue.enqueue(() => this.park());
    });
  }

  private async park() {
    const t = this.t;
    if (t.disposed || t.parked || t.status === 'over' || humanConnected(t.seats)) return;
    const { store, log } = context();
    try {
      await store.setStatus(t.row.id, 'parked');
    } catch (e) {
      log.error({ table: t.row.id, err: e }, 'parking failed; the table stays live');
      this.check();
      return;
    }
    if (humanConnected(t.seats) || t.disposed) {
      // Someone sat down while the status was written: the table stays live.
      await store.setStatus(t.row.id, t.status).catch((e: unknown) => {
        log.error({ table: t.row.id, err: e }, 'unparking failed');
      });
      return;
    }
    t.parked = true;
    this.halt();
    log.info({ table: t.row.id, seq: t.seq }, 'table parked: nobody connected');
    // Not awaited here: onDispose waits for this queue, and this job is in it.
    setImmediate(() => void this.disconnect(CLOSE_PARKED).catch(() => {}));
  }
}

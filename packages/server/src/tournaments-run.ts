/**
 * Running tournaments on the server (docs/tournaments.md, "On the server"). Every `TICK_MS` (and when a
 * tournament table of this process ends, or an organizer starts one) each process:
 *
 * 1. starts the open tournaments whose start time has come (compare-and-set on the row's status);
 * 2. drives each running tournament whose lease it holds or can take (leases.ts, key `tournament:<id>`):
 *    it stores the results of the current round's finished tables, brings back tables nobody runs, and
 *    when the round's slowest table is done draws the next round (`nextRound`) and opens its tables; after
 *    the last round the tournament is finished.
 *
 * All progress is in the database (the round's tables, their results), and every step is idempotent: a
 * round's table ids are derived from the tournament, round and table; results are written only where none
 * is; status changes compare and set. So a process that dies leaves nothing half done that another cannot
 * finish, once its lease has expired.
 */
import { createHash } from 'node:crypto';
import {
  checkResult,
  nextRound,
  type Round,
  start,
  type TableResult,
  type TResult,
  tableSizes,
} from '@stich/tournament';
import type { Logger } from 'pino';
import { context } from './context.ts';
import { setHints } from './hints.ts';
import { type SeatHolder, secret, type TableRow } from './store.ts';
import {
  configFits,
  partConfig,
  parted,
  partResult,
  partSeating,
  partsOf,
  resultOf,
  tableConfig,
} from './tournaments-play.ts';
import {
  coreOf,
  type TournamentRow,
  type TournamentTableRow,
  tablesOf,
  toTournament,
  tournamentById,
} from './tournaments-tables.ts';

/** How often each process looks at the tournaments (ms). */
export const TICK_MS = 1000;
/** Seconds a person has for each move at a tournament table (then the computer moves for him). */
export const TOURNAMENT_TURN_SECONDS = 60;

const leaseKey = (id: string): string => `tournament:${id}`;

/** Part p's id of a table played in parts. */
export const partTableId = (id: string, round: number, table: number, p: number): string =>
  tournamentTableId(id, round, table * 1000 + p + 1_000_000);

/** A round's table id: the same in every process, looking like any table id. */
export const tournamentTableId = (id: string, round: number, table: number): string =>
  createHash('sha256')
    .update(`tournament:${id}/${round}/${table}`)
    .digest()
    .subarray(0, 9)
    .toString('base64url');

/** A computer entrant's id (`fill`): no player id has a colon (they are base64url). */
export const COMPUTER = 'computer:';
export const isComputer = (id: string): boolean => id.startsWith(COMPUTER);

/** Whether a field of `n` can be seated (the core's table sizes). */
const playable = (format: TournamentRow['settings']['format'], n: number): boolean =>
  tableSizes(format, n).ok;

/**
 * The field at the start: with `fill`, as few computer entrants as make it playable (at most 7: the next
 * the duplicate format's 8) when at least two people registered; otherwise as registered.
 */
export function fieldOf(t: TournamentRow): readonly string[] {
  const { format, fill } = t.settings;
  if (!fill || t.players.length < 2 || playable(format, t.players.length)) return t.players;
  for (let k = 1; k <= 7; k++)
    if (playable(format, t.players.length + k))
      return [...t.players, ...Array.from({ length: k }, (_, i) => `${COMPUTER}${i + 1}`)];
  return t.players;
}

/**
 * Starts a tournament (the organizer's request, or its start time): the core's `start` of the field
 * (computers added where `fill` asks for them), and whether the game takes the tables' setup. The stored row
 * changes only if it is still as read (`open`, same players).
 */
export async function startTournament(t: TournamentRow): Promise<TResult<TournamentRow> | null> {
  const players = fieldOf(t);
  const started = start({ ...coreOf(t), players });
  if (!started.ok) return started;
  const s = started.value.settings;
  const sizes = tableSizes(s.format, players.length);
  if (!configFits(s, sizes.ok ? sizes.value : []))
    return {
      ok: false,
      error: { code: 'malformed', reason: `${s.game} cannot be played as ${s.format} on this server` },
    };
  const now = new Date().toISOString();
  const r = await context()
    .store.db.updateTable('tournaments')
    .set({
      status: 'running',
      settings: JSON.stringify(s),
      players: JSON.stringify(players),
      started_at: now,
    })
    .where('id', '=', t.id)
    .where('status', '=', 'open')
    .where('players', '=', JSON.stringify(t.players))
    .executeTakeFirst();
  // Changed meanwhile (a registration, another start): the caller reads again.
  if (Number(r.numUpdatedRows) !== 1) return null;
  context().log.info({ tournament: t.id, players: t.players.length }, 'tournament started');
  context().tournaments.poke();
  return { ok: true, value: { ...t, players, settings: s, status: 'running', startedAt: now } };
}

export class TournamentRunner {
  private readonly log: Logger;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(log: Logger) {
    this.log = log;
  }

  start(): void {
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick().finally(() => {
          if (!this.stopped) loop();
        });
      }, TICK_MS);
      this.timer.unref();
    };
    loop();
  }

  /** Looks at the tournaments now (a table ended, one was started); coalesced with a running look. */
  poke(): void {
    if (this.stopped) return;
    if (this.busy) this.again = true;
    else void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.busy;
  }

  private tick(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      do {
        this.again = false;
        try {
          await this.round();
        } catch (e) {
          this.log.warn({ err: (e as Error).message }, 'tournaments: look failed; trying again');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.busy = null;
    });
    return this.busy;
  }

  private async round(): Promise<void> {
    const { db } = context().store;
    const now = new Date().toISOString();
    const due = await db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', '=', 'open')
      .where('starts_at', 'is not', null)
      .where('starts_at', '<=', now)
      .execute();
    for (const r of due) {
      if (this.stopped) return;
      const t = toTournament(r);
      const a = await startTournament(t);
      if (a && !a.ok) {
        // Nobody is there to fix it at the start time: the tournament is called off, with the reason logged.
        await db
          .updateTable('tournaments')
          .set({ status: 'cancelled' })
          .where('id', '=', t.id)
          .where('status', '=', 'open')
          .execute();
        this.log.info({ tournament: t.id, reason: a.error.reason }, 'tournament cancelled at its start time');
      }
    }
    const running = await db.selectFrom('tournaments').select('id').where('status', '=', 'running').execute();
    for (const { id } of running) {
      if (this.stopped) return;
      const { leases } = context().owner;
      const key = leaseKey(id);
      if (!leases.holds(key)) {
        // Read first: every process looks every second, and only a missing or lapsed lease is worth a write.
        const held = await leases.get(key);
        if (held?.live && held.owner !== leases.owner) continue;
        if (!(await leases.acquire(key))) continue;
      }
      try {
        await this.drive(id);
      } catch (e) {
        this.log.warn({ tournament: id, err: (e as Error).message }, 'tournament step failed');
      }
    }
  }

  /** One step of a running tournament whose lease this process holds. */
  private async drive(id: string): Promise<void> {
    const { store, owner } = context();
    const key = leaseKey(id);
    const t = await tournamentById(store.db, id);
    if (t?.status !== 'running') {
      await owner.leases.release(key);
      return;
    }
    const rows = await tablesOf(store.db, id);
    const current = rows.reduce((a, r) => Math.max(a, r.round), -1);
    const earlier = rows.filter((r) => r.round < current && r.result).map((r) => r.result as TableResult);
    if (current < 0) return this.open(t, []);
    const plan = nextRound(coreOf(t), earlier);
    if (!plan.ok) throw new Error(`round ${current}: ${plan.error.reason}`);
    let done = true;
    for (const row of rows.filter((r) => r.round === current && !r.result)) {
      if (!owner.leases.holds(key)) return;
      if (!(await this.settle(t, plan.value, row))) done = false;
    }
    if (!done) return;
    // The round's tables are done: the next round is drawn (or the tournament ends).
    const all = (await tablesOf(store.db, id)).flatMap((r) => (r.result ? [r.result] : []));
    if (current + 1 < t.settings.rounds) return this.open(t, all);
    const r = await store.db
      .updateTable('tournaments')
      .set({ status: 'finished' })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) this.log.info({ tournament: id }, 'tournament finished');
    await owner.leases.release(key);
  }

  /**
   * A table of the current round without a result: stores it once the table is over (true); otherwise
   * makes sure the table exists and is live somewhere (a process that died leaves it to be taken over).
   */
  private async settle(t: TournamentRow, plan: Round, row: TournamentTableRow): Promise<boolean> {
    const { store, owner } = context();
    if (parted(t.settings, row.players.length)) return this.settleParts(t, plan, row);
    const table = await store.table(row.tableId);
    if (!table) {
      // The process that drew the round died between its two writes.
      await this.createTable(t, row);
      await owner.ensureLive(row.tableId);
      return false;
    }
    if (table.status !== 'over') {
      await owner.ensureLive(row.tableId);
      return false;
    }
    const record = await store.record(row.tableId);
    const drawn = plan.tables[row.table];
    if (!record || !drawn) throw new Error(`table ${row.tableId} has no record or is not drawn`);
    const result = resultOf(t.settings, row.round, row.table, drawn, record);
    if (typeof result === 'string') throw new Error(`table ${row.tableId}: ${result}`);
    const checked = checkResult(plan, result);
    if (!checked.ok) throw new Error(checked.error.reason);
    await store.db
      .updateTable('tournament_tables')
      .set({ result: JSON.stringify(checked.value) })
      .where('tournament_id', '=', t.id)
      .where('round', '=', row.round)
      .where('table_no', '=', row.table)
      .where('result', 'is', null)
      .executeTakeFirst()
      .then((u) => {
        if (Number(u.numUpdatedRows) === 1)
          this.log.info({ tournament: t.id, round: row.round, table: row.table }, 'tournament table done');
      });
    return true;
  }

  /**
   * A table played in parts (a DDV table of five, a duplicate Klapper-Jas table) plays its round as parts
   * of one game each (tournaments-play.ts `partConfig`), one after the other: each finished part's game is
   * added to the row's `parts` and the next part's table is opened; after the last part the games are the
   * table's result. The next part's table is created before the row moves to it, and the row changes only
   * if its parts are still as read.
   */
  private async settleParts(t: TournamentRow, plan: Round, row: TournamentTableRow): Promise<boolean> {
    const { store, owner } = context();
    const parts = row.parts ?? [];
    const part = parts.length;
    const table = await store.table(row.tableId);
    if (!table) {
      await this.createTable(t, row, part);
      await owner.ensureLive(row.tableId);
      return false;
    }
    if (table.status !== 'over') {
      await owner.ensureLive(row.tableId);
      return false;
    }
    const record = await store.record(row.tableId);
    if (!record) throw new Error(`table ${row.tableId} has no record`);
    const game = partResult(t.settings, row.players.length, part, record);
    if (typeof game === 'string') throw new Error(`table ${row.tableId}: ${game}`);
    const games = [...parts, game];
    const base = store.db
      .updateTable('tournament_tables')
      .where('tournament_id', '=', t.id)
      .where('round', '=', row.round)
      .where('table_no', '=', row.table)
      .where('result', 'is', null);
    const where =
      row.parts === null ? base.where('parts', 'is', null) : base.where('parts', '=', JSON.stringify(parts));
    if (games.length < partsOf(t.settings, row.players.length)) {
      const next = { ...row, tableId: partTableId(t.id, row.round, row.table, games.length), parts: games };
      await this.createTable(t, next, games.length);
      await where.set({ parts: JSON.stringify(games), table_id: next.tableId }).execute();
      await owner.ensureLive(next.tableId);
      return false;
    }
    const dup = t.settings.format === 'duplicate' ? { rotation: row.rotation } : {};
    const result = { round: row.round, table: row.table, players: row.players, ...dup, games };
    const checked = checkResult(plan, result);
    if (!checked.ok) throw new Error(checked.error.reason);
    const u = await where
      .set({ parts: JSON.stringify(games), result: JSON.stringify(checked.value) })
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) === 1)
      this.log.info({ tournament: t.id, round: row.round, table: row.table }, 'tournament table done');
    return true;
  }

  /** Draws the next round and opens its tables (a Swiss bye is stored as its result at once). */
  private async open(t: TournamentRow, results: readonly TableResult[]): Promise<void> {
    const { store, owner } = context();
    const plan = nextRound(coreOf(t), results);
    if (!plan.ok) throw new Error(plan.error.reason);
    const r = plan.value;
    const rows: TournamentTableRow[] = r.tables.map((x, i) => ({
      round: r.index,
      table: i,
      // A table played in parts starts with its first part.
      tableId: parted(t.settings, x.players.length)
        ? partTableId(t.id, r.index, i, 0)
        : tournamentTableId(t.id, r.index, i),
      rotation: x.rotation,
      players: x.players,
      result: null,
      parts: null,
    }));
    const bye: TournamentTableRow[] =
      r.bye === null
        ? []
        : [
            {
              round: r.index,
              table: r.tables.length,
              tableId: '',
              rotation: 0,
              players: [r.bye],
              parts: null,
              result: {
                round: r.index,
                table: r.tables.length,
                players: [r.bye],
                games: [],
                winners: [r.bye],
              },
            },
          ];
    // The round is in the database first: a process taking over finds it and opens what is missing.
    await store.db
      .insertInto('tournament_tables')
      .values(
        [...rows, ...bye].map((x) => ({
          tournament_id: t.id,
          round: x.round,
          table_no: x.table,
          table_id: x.tableId,
          rotation: x.rotation,
          players: JSON.stringify(x.players),
          result: x.result === null ? null : JSON.stringify(x.result),
        })),
      )
      .onConflict((oc) => oc.columns(['tournament_id', 'round', 'table_no']).doNothing())
      .execute();
    this.log.info({ tournament: t.id, round: r.index, tables: rows.length }, 'tournament round drawn');
    for (const x of rows) await this.createTable(t, x, parted(t.settings, x.players.length) ? 0 : undefined);
    for (const x of rows) await owner.ensureLive(x.tableId);
  }

  /**
   * A round's table as an ordinary private table, every seat held for its drawn player; `part`: the part
   * of a table played in parts (tournaments-play.ts `partSeating`), known as the tournament's part first.
   */
  private async createTable(t: TournamentRow, x: TournamentTableRow, part?: number): Promise<void> {
    const { store } = context();
    if (await store.table(x.tableId)) return;
    const seating = part === undefined ? null : partSeating(x.players.length, part);
    const players = seating === null ? x.players : seating.seats.map((seat) => x.players[seat]);
    if (part !== undefined)
      await store.db
        .insertInto('tournament_parts')
        .values({ table_id: x.tableId, tournament_id: t.id, round: x.round, table_no: x.table, part })
        .onConflict((oc) => oc.column('table_id').doNothing())
        .execute();
    const names = await namesOf(players);
    const row: TableRow = {
      id: x.tableId,
      game: t.settings.game,
      config: part === undefined ? tableConfig(t.settings) : partConfig(t.settings),
      // A computer entrant (`fill`) has a computer's seat; every other seat is its player's.
      setup: players.map((p) =>
        isComputer(p)
          ? { kind: 'bot' as const, level: context().config.takeoverLevel }
          : { kind: 'human' as const },
      ),
      visibility: 'private',
      invite: secret(18),
      status: 'waiting',
      // Seat 0 deals first (DDV TSR 8.4); at a duplicate table every table has the same dealer. A part of
      // a table of five is dealt by its sitter: engine seat 3 deals, so the first of the four leads; a
      // duplicate part p by seat p mod 4.
      dealer: seating === null ? 0 : seating.dealer,
      turnTimer: TOURNAMENT_TURN_SECONDS,
      // Nobody hosts it: nobody may start it early or give seats away.
      createdBy: null,
      createdAt: new Date().toISOString(),
    };
    // Held for each drawn player (not an invitation): the match starts at once, and whoever is not
    // there has the grace period to come before a computer plays his seat.
    const holders: SeatHolder[] = players.flatMap((p, seat) =>
      isComputer(p)
        ? []
        : [{ seat, playerId: p, name: names.get(p) ?? p, tokenHash: `reserved:${secret()}` }],
    );
    try {
      await store.createTable(row, holders);
      // No hints in a tournament, whatever the default of its seats would be.
      await setHints(row.id, false);
    } catch (e) {
      if (!(await store.table(row.id))) throw e;
    }
  }
}

/** Players' names by id; a computer entrant is `Computer n`. */
export async function namesOf(ids: readonly string[]): Promise<Map<string, string>> {
  const people = ids.filter((id) => !isComputer(id));
  const rows =
    people.length === 0
      ? []
      : await context()
          .store.db.selectFrom('players')
          .select(['id', 'name'])
          .where('id', 'in', people)
          .execute();
  const out = new Map(rows.map((r) => [r.id, r.name]));
  for (const id of ids) if (isComputer(id)) out.set(id, `Computer ${id.slice(COMPUTER.length)}`);
  return out;
}

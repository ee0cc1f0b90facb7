/**
 * Who sits where at a live table (table.ts): a joining connection's seat (a seat token, a player's own
 * seat, a free one, or a spectator's place), the seat holders stored as they change, and the seats the
 * host changes before the match starts (start.ts, program.ts).
 */

import { type Client, ServerError } from '@colyseus/core';
import type { Seat } from '@stich/engine';
import { type JoinOptions, joinOptionsSchema, type Player } from '@stich/protocol';
import { blockedAt } from './blocks.ts';
import { context } from './context.ts';
import { spectatorCount } from './outbox.ts';
import type { SeatRt } from './presence.ts';
import type { ProgramSeatAnswer } from './program.ts';
import { isInvited } from './rematch.ts';
import { dropInvited, freeSeatsToBots, type StartAnswer, storeSetup } from './start.ts';
import { hash, type SeatHolder, secret, type TableRow } from './store.ts';
import type { TableState } from './tablestate.ts';
import { withheld } from './tournaments-tables.ts';

/** What a connection joins as (the room's onAuth answer). */
export interface Auth {
  readonly seat: Seat | null;
  readonly player: Player | null;
  readonly seatToken: string | null;
  /** Send this connection JSON text instead of msgpack objects. */
  readonly json: boolean;
  /** Send this connection the table as events (events.ts) instead of whole states. */
  readonly events: boolean;
  /** The connection's address (the chat's per-address limit); set by the room from its auth context. */
  readonly address?: string;
}

/** Close code for a connection replaced by a newer one of the same seat. */
export const CLOSE_REPLACED = 4100;
/** Most spectators of one table. Seat holders always get in: they are not counted. */
export const MAX_SPECTATORS = 200;

/** The seats of a table just loaded: nobody connected yet. */
export function seatsOf(row: TableRow, holders: readonly SeatHolder[]): SeatRt[] {
  const takeover = context().config.takeoverLevel;
  return row.setup.map((s, seat) => ({
    seat,
    kind: s.kind,
    level: s.kind === 'bot' ? s.level : takeover,
    program: s.kind === 'human' && s.program === true,
    holder: holders.find((h) => h.seat === seat) ?? null,
    client: null,
    // After a restart nobody is connected yet; bots stand in only after the grace period.
    botActive: false,
    grace: null,
  }));
}

/** The seat (or spectator's place) a connection gets, its holder stored; refused by a ServerError. */
export async function seatFor(t: TableState, options: unknown): Promise<Auth> {
  const { store } = context();
  const parsed = joinOptionsSchema.safeParse(options ?? {});
  if (!parsed.success)
    throw new ServerError(400, `malformed: join options: ${parsed.error.issues[0].message}`);
  const o: JoinOptions = parsed.data;
  if (t.parked) throw new ServerError(404, 'not-found: this table was just parked; ask for it again');
  const player = o.token ? await store.playerByToken(o.token) : undefined;
  if (o.token && !player) throw new ServerError(401, 'unauthorized: unknown player token');

  if (o.seatToken) {
    const h = hash(o.seatToken);
    const s = t.seats.find((x) => x.holder?.tokenHash === h);
    if (!s) throw new ServerError(403, 'forbidden: unknown seat token');
    return {
      seat: s.seat,
      player: { id: s.holder!.playerId, name: s.holder!.name },
      seatToken: o.seatToken,
      json: o.json === true,
      events: o.events === true,
    };
  }
  const member = player ? t.seats.find((s) => s.holder?.playerId === player.id) : undefined;
  if (t.row.visibility === 'private' && !member && o.code !== t.row.invite)
    throw new ServerError(403, 'forbidden: this private table needs its invite code');
  // A player blocked by someone seated here neither sits down nor watches (docs/friends.md).
  const holders = t.seats.flatMap((s) => (s.holder ? [s.holder.playerId] : []));
  if (player && !member && (await blockedAt(store.db, player.id, holders)))
    throw new ServerError(403, 'forbidden: a player at this table does not accept you here');
  if (o.spectate) {
    // A duplicate round's cards are the same at every table: nobody watches one before all are done.
    if (t.tournament?.duplicate && (await withheld(store.db, t.row.id)))
      throw new ServerError(403, 'forbidden: this duplicate round is still being played at other tables');
    if (spectatorCount(t.roles) >= MAX_SPECTATORS)
      throw new ServerError(409, `seat-taken: this table has its ${MAX_SPECTATORS} spectators`);
    return {
      seat: null,
      player: player ?? null,
      seatToken: null,
      json: o.json === true,
      events: o.events === true,
    };
  }
  if (!player) throw new ServerError(401, 'unauthorized: a seat needs a player token (POST /api/guests)');

  let target: SeatRt | undefined;
  if (member && (o.seat === undefined || o.seat === member.seat)) target = member;
  // One seat per person: whoever sat in two seats would see two hands.
  else if (member) throw new ServerError(409, `seat-taken: you already sit in seat ${member.seat}`);
  else if (o.seat !== undefined) {
    target = t.seats[o.seat];
    if (!target) throw new ServerError(400, `bad-seat: no seat ${o.seat} at this table`);
    if (target.kind !== 'human') throw new ServerError(409, `seat-taken: seat ${o.seat} is a bot seat`);
    if (target.program && target.holder?.playerId !== player.id)
      throw new ServerError(409, `seat-taken: seat ${o.seat} is a program's seat (its bot token takes it)`);
    if (target.holder && target.holder.playerId !== player.id)
      throw new ServerError(409, `seat-taken: seat ${o.seat} is taken`);
  } else {
    target = t.seats.find((s) => s.kind === 'human' && !s.program && !s.holder);
    if (!target) throw new ServerError(409, 'seat-taken: no free seat at this table; join as spectator');
  }
  // A new seat token for each sit-down; the old one (if any) stops working.
  const seatToken = secret(24);
  const holder: SeatHolder = {
    seat: target.seat,
    playerId: player.id,
    name: player.name,
    tokenHash: hash(seatToken),
  };
  // Held at once (against a second join for the same seat), given back if it cannot be stored.
  const previous = target.holder;
  target.holder = holder;
  try {
    await store.setHolder(t.row.id, holder);
  } catch (e) {
    if (target.holder === holder) target.holder = previous;
    context().log.error({ table: t.row.id, seat: target.seat, err: e }, 'storing seat holder failed');
    throw new ServerError(503, 'storage: the seat could not be stored; try again');
  }
  return { seat: target.seat, player, seatToken, json: o.json === true, events: o.events === true };
}

/**
 * A seat's connection left; false when the seat has another connection by now. Before the match starts,
 * leaving frees the seat for someone else (not once the first deal is being written: the match starts
 * with this seat held, and its grace period runs). A program's seat stays its own: a restarted program
 * comes back with the same bot token.
 */
export function seatLeft(t: TableState, s: SeatRt, client: Client): boolean {
  if (s.client !== client && s.client?.sessionId !== client.sessionId) return false;
  s.client = null;
  if (t.status === 'waiting' && !t.starting && s.holder && !s.program) {
    const h = s.holder;
    s.holder = null;
    context()
      .store.removeHolder(t.row.id, h)
      .catch((e: unknown) => context().log.error({ table: t.row.id, err: e }, 'freeing seat failed'));
  }
  return true;
}

/** Whether every seat is taken (a rematch's invited seat waits for its person to accept: rematch.ts). */
export function allSeated(t: TableState): boolean {
  return t.seats.every((s) => s.kind === 'bot' || (s.holder && !isInvited(s.holder)));
}

/**
 * The host starts the match before every seat is taken (start.ts): the free human seats become bot
 * seats, first in memory (nobody can sit down there any more), then in the stored setup.
 */
export async function startEarly(t: TableState): Promise<StartAnswer> {
  if (t.status !== 'waiting' || t.starting || t.parked)
    return { ok: false, code: 'wrong-phase', reason: 'the match has started already' };
  // Free seats, and a rematch's seats whose persons have not accepted (rematch.ts).
  const free = t.seats.filter((s) => s.kind === 'human' && (!s.holder || isInvited(s.holder)));
  const level = context().config.takeoverLevel;
  const held = new Set(t.seats.filter((s) => !free.includes(s)).map((s) => s.seat));
  const setup = freeSeatsToBots(t.row.setup, held, level);
  for (const s of free) Object.assign(s, { kind: 'bot', level });
  const stored = await storeSetup(t.row.id, setup).catch(() => false);
  if (!stored) {
    for (const s of free) Object.assign(s, { kind: 'human', level });
    return { ok: false, code: 'storage', reason: 'the seats could not be stored; try again' };
  }
  t.row = { ...t.row, setup };
  await dropInvited(t.row.id, free);
  return { ok: true };
}

/**
 * The host gives a free human seat of a waiting table to an outside program (program.ts): the seat is
 * marked in the stored setup, held by a guest of the program's name, and its seat token (the bot token)
 * is returned once.
 */
export async function giveToProgram(t: TableState, seat: number, name: string): Promise<ProgramSeatAnswer> {
  if (t.status !== 'waiting' || t.starting || t.parked)
    return {
      ok: false,
      code: 'wrong-phase',
      reason: 'seats are given to programs only before the match starts',
    };
  const s = t.seats[seat];
  if (!s) return { ok: false, code: 'bad-seat', reason: `no seat ${seat} at this table` };
  if (s.kind !== 'human' || s.holder)
    return { ok: false, code: 'seat-taken', reason: `seat ${seat} is not a free seat` };
  const { store } = context();
  const seatToken = secret(24);
  // Held at once (against a join for the same seat meanwhile), given back if it cannot be stored.
  s.holder = { seat, playerId: '', name, tokenHash: hash(seatToken) };
  s.program = true;
  try {
    // The program's own identity, so that every seat holder is a player.
    const { player } = await store.createGuest(name);
    const holder: SeatHolder = { seat, playerId: player.id, name, tokenHash: hash(seatToken) };
    s.holder = holder;
    const setup = t.row.setup.map((x, i) =>
      i === seat ? { kind: 'human' as const, program: true as const } : x,
    );
    if (!(await storeSetup(t.row.id, setup))) throw new Error('the table is no longer waiting');
    t.row = { ...t.row, setup };
    await store.setHolder(t.row.id, holder);
  } catch (e) {
    s.holder = null;
    s.program = false;
    context().log.error({ table: t.row.id, seat, err: e }, 'storing a program seat failed');
    return { ok: false, code: 'storage', reason: 'the seat could not be stored; try again' };
  }
  return { ok: true, seat, seatToken };
}

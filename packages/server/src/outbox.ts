/**
 * What a table sends its connections: each seat its own view and legal actions (spectators the spectator
 * view), the table's info, the fair deal's news. Every message is encoded at most once per format
 * (wire.ts). A connection that asked for events gets a snapshot of the table's projection, then each
 * change as the patch operations from the projection before (events.ts): the public part encoded once for
 * every connection, each seat's own part added to its frame.
 */
import type { Client } from '@colyseus/core';
import { type Seat, SPECTATOR } from '@stich/engine';
import type { RequestId, SeatInfo, ServerMessage, StateUpdate, TableInfo } from '@stich/protocol';
import { context } from './context.ts';
import { overSendBuffer } from './edge.ts';
import { type Now, Projector } from './events.ts';
import { progressOf } from './progress.ts';
import { isInvited } from './rematch.ts';
import type { TableState } from './tablestate.ts';
import { TailTracer, tail } from './trace.ts';
import { Outgoing, Wire } from './wire.ts';

/** The update for a seat (or a spectator: null). Runs viewFor before anything is serialised. */
export function updateFor(t: TableState, seat: Seat | null): StateUpdate {
  const game = t.game;
  const over = t.status === 'over';
  return {
    seq: t.seq,
    view: game.viewFor(t.gs, seat === null ? SPECTATOR : seat),
    legal: seat === null || t.status !== 'playing' ? [] : game.legalActions(t.gs, seat),
    outcome: over ? game.outcome(t.gs) : null,
    deadline: t.deadline,
  };
}

/** How many connections watch without a seat. */
export function spectatorCount(roles: ReadonlyMap<string, Seat | null>): number {
  let spectators = 0;
  for (const seat of roles.values()) if (seat === null) spectators++;
  return spectators;
}

/** The table as everyone (and the listing) sees it: no cards. */
export function infoOf(t: TableState): TableInfo {
  const seats: SeatInfo[] = t.seats.map((s) => ({
    seat: s.seat,
    kind: s.kind,
    level: s.level,
    name: s.kind === 'bot' ? null : (s.holder?.name ?? null),
    connected: s.client !== null,
    botActive: s.botActive,
    ...(s.grace && s.graceEnds ? { takeoverAt: s.graceEnds } : {}),
    ...(s.program ? { program: true as const } : {}),
    ...(isInvited(s.holder) ? { invited: true as const } : {}),
  }));
  return {
    id: t.row.id,
    game: t.row.game,
    players: t.row.config.players,
    preset: t.row.config.preset ?? null,
    options: t.row.config.options ?? {},
    visibility: t.row.visibility,
    status: t.status,
    seats,
    spectators: spectatorCount(t.roles),
    turnTimer: t.row.turnTimer,
    createdAt: t.row.createdAt,
    hints: t.hints,
    progress: progressOf(t.game, t.gs, t.row.config),
    // Its players' browsers follow the tournament to their next table from here (web TableScreen.tsx).
    ...(t.tournament ? { tournament: t.tournament.tournament } : {}),
  };
}

/** The connections of one table, and what each is sent. */
export class Outbox {
  private readonly t: TableState;
  /** The room's connections (joined or joining). */
  private readonly clients: () => Iterable<Client>;
  private readonly wire = new Wire();
  /** Connections that asked for JSON text frames. */
  private readonly jsonClients = new Set<string>();
  /** Connections that asked for events, and whether each has been sent its snapshot (frames follow it). */
  private readonly eventClients = new Map<string, boolean>();
  private readonly projector = new Projector();

  constructor(t: TableState, clients: () => Iterable<Client>) {
    this.t = t;
    this.clients = clients;
  }

  /** A connection joined, asking for JSON text frames and/or events. */
  joined(sessionId: string, json: boolean, events: boolean) {
    if (json) this.jsonClients.add(sessionId);
    if (events) this.eventClients.set(sessionId, false);
  }

  left(sessionId: string) {
    this.jsonClients.delete(sessionId);
    this.eventClients.delete(sessionId);
    if (this.eventClients.size === 0) this.projector.reset();
  }

  sendTo(client: Client, msg: ServerMessage) {
    this.deliver(client, new Outgoing(msg));
  }

  /** Sends a message encoded at most once per format, whoever else it goes to (wire.ts). */
  deliver(client: Client, out: Outgoing) {
    if (overSendBuffer(client, context().config.sendBufferMax)) return;
    this.wire.send(client, out, this.jsonClients.has(client.sessionId));
  }

  /** The same message to every connection of the table. */
  toAll(clients: Iterable<Client>, msg: ServerMessage) {
    const out = new Outgoing(msg);
    for (const client of clients) if (this.t.roles.has(client.sessionId)) this.deliver(client, out);
  }

  /**
   * The whole state for `seat`'s connection (null: a spectator), after joining, `sync` or a reconnection:
   * a `state`, or for an event connection a snapshot of the projection every event connection holds
   * (brought to the table now first).
   */
  sendState(client: Client, seat: Seat | null, id?: RequestId) {
    if (!this.eventClients.has(client.sessionId)) {
      const d = updateFor(this.t, seat);
      this.sendTo(client, id === undefined ? { t: 'state', d } : { t: 'state', d, id });
      return;
    }
    // Frames sent before the snapshot would not follow what this connection holds (a reconnection).
    this.eventClients.set(client.sessionId, false);
    this.sendEvents({});
    const d = this.projector.snapshot(this.now(), seat);
    this.eventClients.set(client.sessionId, true);
    this.sendTo(client, id === undefined ? { t: 'snap', d } : { t: 'snap', d, id });
  }

  /** Everyone's update after a change; `src`: whoever asked for it gets it with his request id. */
  broadcastState(clients: Iterable<Client>, src: { readonly client?: Client; readonly id?: RequestId }) {
    // Every spectator gets the same bytes; each seat its own view, encoded once.
    let spectators: Outgoing | undefined;
    let events = false;
    for (const client of clients) {
      const seat = this.t.roles.get(client.sessionId);
      if (seat === undefined) continue;
      if (this.eventClients.has(client.sessionId)) {
        events = true;
        continue;
      }
      const id = client === src.client ? src.id : undefined;
      if (seat !== null || id !== undefined) {
        const d = updateFor(this.t, seat);
        this.sendTo(client, id === undefined ? { t: 'state', d } : { t: 'state', d, id });
      } else {
        spectators ??= new Outgoing({ t: 'state', d: updateFor(this.t, null) });
        this.deliver(client, spectators);
      }
    }
    if (events) this.sendEvents(src);
  }

  private now(): Now {
    const t = this.t;
    return {
      game: t.game,
      gs: t.gs,
      seq: t.seq,
      playing: t.status === 'playing',
      over: t.status === 'over',
      deadline: t.deadline,
    };
  }

  /**
   * The step from the projection the event connections hold to the table now: one frame for every
   * connection whose seat's own part did not change (spectators, the seats not concerned), one per seat
   * whose did, and one for the request's answer.
   */
  private sendEvents(src: { readonly client?: Client; readonly id?: RequestId }) {
    const seats = new Set<Seat>();
    for (const [sessionId, snapped] of this.eventClients) {
      if (!snapped) continue;
      const seat = this.t.roles.get(sessionId);
      if (seat !== undefined && seat !== null) seats.add(seat);
    }
    // Tail tracing (trace.ts): the projection's share of the action being sent.
    const rec = tail ? tail.cur : null;
    const p0 = rec ? TailTracer.now() : 0;
    const step = this.projector.step(this.now(), seats);
    if (rec) rec.project += TailTracer.now() - p0;
    if (step === null) return;
    let common: Outgoing | undefined;
    const bySeat = new Map<Seat, Outgoing>();
    for (const client of this.clients()) {
      if (this.eventClients.get(client.sessionId) !== true) continue;
      const seat = this.t.roles.get(client.sessionId);
      if (seat === undefined) continue;
      const own = seat === null ? undefined : step.own.get(seat);
      const id = client === src.client ? src.id : undefined;
      if (id !== undefined) {
        const d = own ? { ...step.shared, ...own.part } : step.shared;
        const text = `{${step.sharedText}${own?.text ?? ''}}`;
        this.deliver(client, new Outgoing({ t: 'ev', d, id }, text));
        continue;
      }
      if (step.empty) continue;
      let out: Outgoing | undefined;
      if (own === undefined)
        out = common ??= new Outgoing({ t: 'ev', d: step.shared }, `{${step.sharedText}}`);
      else {
        out = bySeat.get(seat!);
        if (out === undefined) {
          out = new Outgoing(
            { t: 'ev', d: { ...step.shared, ...own.part } },
            `{${step.sharedText}${own.text}}`,
          );
          bySeat.set(seat!, out);
        }
      }
      this.deliver(client, out);
    }
  }
}

/**
 * What a table sends its connections: each seat its own view and legal actions (spectators the spectator
 * view), the table's info, the fair deal's news. Every message is encoded at most once per format
 * (wire.ts); a connection that asked for deltas gets each state update after the first as a delta against
 * the one it was sent last (delta.ts).
 */
import type { Client } from '@colyseus/core';
import { type Seat, SPECTATOR } from '@stich/engine';
import type { RequestId, SeatInfo, ServerMessage, StateUpdate, TableInfo } from '@stich/protocol';
import { context } from './context.ts';
import { Sent } from './delta.ts';
import { overSendBuffer } from './edge.ts';
import { progressOf } from './progress.ts';
import { isInvited } from './rematch.ts';
import type { TableState } from './tablestate.ts';
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
  };
}

/** The connections of one table, and what each is sent. */
export class Outbox {
  private readonly t: TableState;
  private readonly wire = new Wire();
  /** Connections that asked for JSON text frames. */
  private readonly jsonClients = new Set<string>();
  /** Connections that asked for deltas, with what each was sent last (the base of its next delta). */
  private readonly deltaClients = new Map<string, Sent | null>();

  constructor(t: TableState) {
    this.t = t;
  }

  /** A connection joined, asking for JSON text frames and/or deltas. */
  joined(sessionId: string, json: boolean, delta: boolean) {
    if (json) this.jsonClients.add(sessionId);
    if (delta) this.deltaClients.set(sessionId, null);
  }

  left(sessionId: string) {
    this.jsonClients.delete(sessionId);
    this.deltaClients.delete(sessionId);
  }

  sendTo(client: Client, msg: ServerMessage) {
    this.deliver(client, new Outgoing(msg));
  }

  /** Sends a message encoded at most once per format, whoever else it goes to (wire.ts). */
  deliver(client: Client, out: Outgoing) {
    if (overSendBuffer(client, context().config.sendBufferMax)) return;
    this.wire.send(client, out, this.jsonClients.has(client.sessionId));
  }

  /** The same message to every connection of the table (`clients`: the room's). */
  toAll(clients: Iterable<Client>, msg: ServerMessage) {
    const out = new Outgoing(msg);
    for (const client of clients) if (this.t.roles.has(client.sessionId)) this.deliver(client, out);
  }

  /** A whole state update; for a delta connection, the base of its next delta. */
  sendState(client: Client, d: StateUpdate, id?: RequestId) {
    if (this.deltaClients.has(client.sessionId))
      this.deltaClients.set(client.sessionId, Sent.of(d, this.wire.texts));
    this.sendTo(client, id === undefined ? { t: 'state', d } : { t: 'state', d, id });
  }

  /** Everyone's update after a change; `src`: whoever asked for it gets it with his request id. */
  broadcastState(clients: Iterable<Client>, src: { readonly client?: Client; readonly id?: RequestId }) {
    // Every spectator gets the same bytes (delta connections: those sent the same update last); each seat
    // its own view, encoded once.
    let spectator: StateUpdate | undefined;
    let spectators: Outgoing | undefined;
    let deltas: Map<Sent, { readonly out: Outgoing; readonly sent: Sent }> | undefined;
    for (const client of clients) {
      const seat = this.t.roles.get(client.sessionId);
      if (seat === undefined) continue;
      const id = client === src.client ? src.id : undefined;
      let d: StateUpdate;
      if (seat !== null) d = updateFor(this.t, seat);
      else {
        spectator ??= updateFor(this.t, null);
        d = spectator;
      }
      const prev = this.deltaClients.get(client.sessionId);
      if (prev === undefined || prev === null) {
        if (seat !== null || id !== undefined || prev === null) this.sendState(client, d, id);
        else {
          spectators ??= new Outgoing({ t: 'state', d });
          this.deliver(client, spectators);
        }
        continue;
      }
      let next = deltas?.get(prev);
      if (next === undefined || seat !== null || id !== undefined) {
        const x = prev.to(d, this.wire.texts);
        next = {
          out: new Outgoing(
            id === undefined ? { t: 'delta', d: x.delta } : { t: 'delta', d: x.delta, id },
            x.text,
          ),
          sent: x.sent,
        };
        // Spectators sent the same update last get the same bytes.
        if (seat === null && id === undefined) {
          deltas ??= new Map();
          deltas.set(prev, next);
        }
      }
      this.deltaClients.set(client.sessionId, next.sent);
      this.deliver(client, next.out);
    }
  }
}

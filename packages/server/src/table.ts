/**
 * One Colyseus room per table. The room holds the engine state and is the only place it changes: every
 * deal and action goes through one queue (apply → store → send, queue.ts), so the table never sees two
 * changes at once and every step is written before its update leaves. Each connection gets its own seat's
 * view and legal actions as a room message (outbox.ts); nothing hidden is ever put into a shared Schema
 * state. The room coordinates its parts: seats (seating.ts), messages (inbox.ts), bots and turn timers
 * (autoplay.ts), restoring and parking (parking.ts), all over one table state (tablestate.ts).
 */
import { type AuthContext, type Client, Room } from '@colyseus/core';
import { requestFor } from '@stich/bots';
import type { Seat } from '@stich/engine';
import {
  CHANNEL,
  type ChatChannel,
  PROTOCOL_VERSION,
  type ServerMessage,
  type TableInfo,
} from '@stich/protocol';
import { admitToTable, arrived, storageRefusal } from './admission.ts';
import { Autoplay } from './autoplay.ts';
import { TableChat } from './chat.ts';
import { context } from './context.ts';
import type { HintQuestion } from './hints.ts';
import { Inbox } from './inbox.ts';
import { infoOf, Outbox } from './outbox.ts';
import { Parking, restore } from './parking.ts';
import type { ProgramSeatAnswer } from './program.ts';
import { ChangeQueue, type Source } from './queue.ts';
import { liveClock } from './rates.ts';
import { type Auth, CLOSE_REPLACED, giveToProgram, seatFor, seatLeft, startEarly } from './seating.ts';
import type { StartAnswer } from './start.ts';
import { TableState } from './tablestate.ts';
import { after } from './timers.ts';

export interface CreateOptions {
  readonly tableId: string;
}

export class TableRoom extends Room {
  override autoDispose = false;
  // Colyseus counts pending reservations toward maxClients and locks a full room; no count of strangers
  // may keep a seat holder out, so spectators are limited in onAuth instead (MAX_SPECTATORS, seating.ts).
  override maxClients = Number.POSITIVE_INFINITY;
  // No Schema state, and the table's timers are plain ones (`after`), not the room clock's: Colyseus' patch
  // interval (which ticks that clock) has nothing to do, so it runs once in 2^30 ms instead of 10 times a
  // second per room (null would tick the clock every 16 ms).
  override patchRate = 2 ** 30;

  private readonly table = new TableState();
  private readonly outbox = new Outbox(this.table, () => this.clients);
  private readonly queue = new ChangeQueue(this.table, this.outbox, {
    advanced: (src, started, infoChanged, over) => this.advanced(src, started, infoChanged, over),
    fairChanged: () => this.outbox.toAll(this.clients, { t: 'fair', d: this.table.fair.news() }),
  });
  private readonly autoplay = new Autoplay(
    this.table,
    this.queue,
    () => this.tableChanged(),
    () => this.outbox.broadcastState(this.clients, {}),
  );
  private readonly parking = new Parking(
    this.table,
    this.queue,
    () => this.autoplay.halt(),
    (code) => this.disconnect(code),
  );
  private readonly chat = new TableChat(this.table, this.outbox, () => this.clients);
  private readonly inbox = new Inbox(
    this.table,
    this.outbox,
    this.queue,
    this.autoplay,
    () => this.info(),
    this.chat,
  );

  override async onCreate(options: CreateOptions) {
    const { log } = context();
    const t = this.table;
    this.roomId = options.tableId;
    await restore(t, options.tableId);
    await this.chat.load();
    this.metadata = this.info();
    if (t.row.visibility === 'private') await this.setPrivate(true, false);

    // Every frame of every kind counts; a connection far beyond its token bucket is closed by Colyseus.
    this.maxMessagesPerSecond = context().config.rateClose;
    liveClock(this);
    this.onMessage(CHANNEL, (client, message) => this.inbox.received(client, message));
    this.onMessage('*', (client, type) => this.inbox.unknown(client, type));

    if (t.status === 'playing') {
      // Seats of absent players get their bot after the grace period, as if the players had just dropped.
      for (const s of t.seats) if (s.kind === 'human') this.autoplay.startGrace(s);
      this.autoplay.afterChange();
    } else if (t.status === 'waiting') this.queue.startIfReady();
    this.parking.check();
    log.info({ table: t.row.id, game: t.row.game, seq: t.seq, status: t.status }, 'table loaded');
  }

  // ---------------------------------------------------------------------------------------------------
  // Joining and leaving
  // ---------------------------------------------------------------------------------------------------

  /** Run by the matchmaker before a seat is reserved: the same authority as joining (admission.ts). */
  static override async onAuth(_token: string, options: unknown, ctx: AuthContext): Promise<true> {
    return admitToTable(options, ctx);
  }

  override async onAuth(_client: Client, options: unknown, ctx: AuthContext): Promise<Auth> {
    arrived(ctx, this.roomId, options);
    try {
      return { ...(await seatFor(this.table, options)), address: ctx.ip ?? 'unknown' };
    } catch (e) {
      throw storageRefusal(e);
    }
  }

  override onJoin(client: Client, _options: unknown, auth: Auth) {
    const t = this.table;
    t.roles.set(client.sessionId, auth.seat);
    this.outbox.joined(client.sessionId, auth.json, auth.events);
    if (auth.seat !== null) {
      const s = t.seats[auth.seat];
      const old = s.client;
      s.client = client;
      if (old && old !== client) {
        t.roles.delete(old.sessionId);
        old.leave(CLOSE_REPLACED, 'this seat was taken over by a newer connection');
      }
      this.autoplay.returned(s);
    }
    const welcome: ServerMessage = {
      t: 'welcome',
      d: {
        protocol: PROTOCOL_VERSION,
        table: this.info(),
        role: auth.seat === null ? 'spectator' : 'seat',
        seat: auth.seat,
        seatToken: auth.seatToken,
        player: auth.player,
      },
    };
    this.outbox.sendTo(client, welcome);
    this.outbox.sendState(client, auth.seat);
    this.outbox.sendTo(client, { t: 'fair', d: t.fair.news() });
    this.chat
      .joined(client, { player: auth.player, seat: auth.seat, address: auth.address ?? 'unknown' })
      .catch((e: unknown) => context().log.warn({ err: e, table: t.row.id }, 'chat log not sent'));
    this.tableChanged();
    this.queue.startIfReady();
    this.parking.check();
    this.autoplay.presenceChanged();
  }

  override onDrop(client: Client) {
    const t = this.table;
    const seat = t.roles.get(client.sessionId);
    if (seat === undefined) return;
    if (seat !== null) {
      const s = t.seats[seat];
      if (s.client === client) {
        s.client = null;
        this.autoplay.startGrace(s);
        this.tableChanged();
        this.parking.check();
        this.autoplay.presenceChanged();
      }
    }
    // The SDK reconnects by itself; hold the session for the grace period.
    const grace = context().config.graceSeconds;
    if (grace > 0 && !t.disposed) this.allowReconnection(client, grace).catch?.(() => {});
  }

  override onReconnect(client: Client) {
    const t = this.table;
    const seat = t.roles.get(client.sessionId);
    if (seat === undefined) return;
    if (seat !== null) {
      const s = t.seats[seat];
      if (s.client && s.client !== client) {
        // Someone took the seat meanwhile (a fresh join with the seat token): this session is over.
        t.roles.delete(client.sessionId);
        client.leave(CLOSE_REPLACED, 'this seat was taken over by a newer connection');
        return;
      }
      s.client = client;
      this.autoplay.returned(s);
    }
    this.outbox.sendTo(client, { t: 'table', d: this.info() });
    this.outbox.sendState(client, seat);
    this.outbox.sendTo(client, { t: 'fair', d: t.fair.news() });
    // Messages written while the connection was away come with the log again.
    this.chat
      .rejoined(client)
      .catch((e: unknown) => context().log.warn({ err: e, table: t.row.id }, 'chat log not sent'));
    this.tableChanged();
    this.parking.check();
    this.autoplay.presenceChanged();
  }

  override onLeave(client: Client) {
    const t = this.table;
    const seat = t.roles.get(client.sessionId);
    t.roles.delete(client.sessionId);
    this.inbox.left(client.sessionId);
    this.chat.left(client.sessionId);
    this.outbox.left(client.sessionId);
    if (seat !== undefined && seat !== null) {
      const s = t.seats[seat];
      if (seatLeft(t, s, client)) this.autoplay.startGrace(s);
    }
    this.tableChanged();
    this.parking.check();
    this.autoplay.presenceChanged();
    this.disposeIfIdle();
  }

  override async onDispose() {
    this.table.disposed = true;
    this.autoplay.dispose();
    this.parking.dispose();
    this.queue.dispose();
    // Graceful shutdown: every write in the queue finishes before the room goes.
    await this.queue.drained();
  }

  private disposeIfIdle() {
    if (this.table.status === 'over' && this.clients.length === 0 && !this.table.disposed)
      after(1000, () => {
        if (this.clients.length === 0 && !this.table.disposed) this.disconnect().catch(() => {});
      });
  }

  // ---------------------------------------------------------------------------------------------------
  // The table changed
  // ---------------------------------------------------------------------------------------------------

  /** New steps are the table's state (queue.ts): bots and timers go on, and everyone gets the update. */
  private advanced(src: Source, started: boolean, infoChanged: boolean, over: boolean) {
    // Whoever left while the first deal was written keeps his seat for the grace period.
    if (started) for (const s of this.table.seats) this.autoplay.startGrace(s);
    this.autoplay.afterChange(src.aside === true);
    this.outbox.broadcastState(this.clients, src);
    // Everyone's table info and the lobby's listing (its metadata) follow the status and the progress.
    if (infoChanged) this.tableChanged();
    if (over) {
      this.autoDispose = true;
      context().log.info({ table: this.table.row.id, steps: this.table.seq }, 'match over');
      this.disposeIfIdle();
    }
  }

  private tableChanged() {
    if (this.table.disposed) return;
    const info = this.info();
    this.outbox.toAll(this.clients, { t: 'table', d: info });
    this.setMetadata(info).catch(() => {});
  }

  info(): TableInfo {
    return infoOf(this.table);
  }

  // ---------------------------------------------------------------------------------------------------
  // Called through the matchmaker (matchMaker.remoteRoomCall), so from any process
  // ---------------------------------------------------------------------------------------------------

  /** The host starts the match before every seat is taken (start.ts, seating.ts). */
  async hostStart(): Promise<StartAnswer> {
    const a = await startEarly(this.table);
    if (!a.ok) return a;
    this.tableChanged();
    this.queue.startIfReady();
    return a;
  }

  /** The host gives a free human seat of a waiting table to an outside program (program.ts, seating.ts). */
  async programSeat(seat: number, name: string): Promise<ProgramSeatAnswer> {
    const a = await giveToProgram(this.table, seat, name);
    if (a.ok) this.tableChanged();
    return a;
  }

  /** A hint's question (hints.ts, through the matchmaker): the seat's decision from the live state. */
  hintRequest(seat: Seat): HintQuestion | null {
    const t = this.table;
    if (t.status !== 'playing' || t.game.legalActions(t.gs, seat).length === 0) return null;
    const seed = `hint/${t.row.id}/${t.seq}`;
    return { seq: t.seq, req: requestFor(t.row.game, t.gs, seat, 'search', seed) };
  }

  /** The moderators' screen hid message `n` (moderation.ts, through the matchmaker): its readers drop it. */
  chatHidden(n: number, ch: ChatChannel): void {
    this.chat.dropped(n, ch);
  }

  /** The moderators' screen barred a player or lifted his bar (moderation.ts): his connections here learn it. */
  chatBarChanged(playerId: string): Promise<void> {
    return this.chat.barChanged(playerId);
  }

  /** A seat asked for a hint (hints.ts, through the matchmaker): everyone at the table is told. */
  hintUsed(seat: Seat): void {
    const t = this.table;
    if (t.hints.used.includes(seat)) return;
    t.hints = { ...t.hints, used: [...t.hints.used, seat].sort((a, b) => a - b) };
    this.tableChanged();
  }
}

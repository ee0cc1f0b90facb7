/**
 * One Colyseus room per table. The room holds the engine state and is the only place it changes: every
 * deal and action goes through one queue (apply → store → send), so the table never sees two changes at
 * once and every step is written before its update leaves. Each connection gets its own seat's view and
 * legal actions as a room message; nothing hidden is ever put into a shared Schema state.
 */
import { type AuthContext, type Client, Room, ServerError } from '@colyseus/core';
import { requestFor } from '@stich/bots';
import {
  type Action,
  type AnyGame,
  cryptoRng,
  gameById,
  pick,
  randomSeed,
  replay,
  type Seat,
  SPECTATOR,
} from '@stich/engine';
import {
  type BotLevel,
  CHANNEL,
  type ErrorCode,
  errorMessage,
  type JoinOptions,
  joinOptionsSchema,
  type Player,
  PROTOCOL_VERSION,
  parseClientMessage,
  type RequestId,
  type SeatInfo,
  type ServerMessage,
  type StateUpdate,
  type TableInfo,
  type TableStatus,
} from '@stich/protocol';
import { admitToTable, arrived, storageRefusal } from './admission.ts';
import { CryptoPool, randomDealer } from './chance.ts';
import { context } from './context.ts';
import { Sent } from './delta.ts';
import { overSendBuffer } from './edge.ts';
import { TableFairness } from './fair.ts';
import { type HintQuestion, tableHints } from './hints.ts';
import { mayPlay, type SeatRt, takesOver } from './presence.ts';
import type { ProgramSeatAnswer } from './program.ts';
import { progressOf } from './progress.ts';
import { liveClock, TokenBuckets } from './rates.ts';
import { isInvited } from './rematch.ts';
import { dropInvited, freeSeatsToBots, type StartAnswer, storeSetup } from './start.ts';
import { buildRecord, hash, type SeatHolder, type StoredStep, secret, type TableRow } from './store.ts';
import { after, type Timer } from './timers.ts';
import { Outgoing, Wire } from './wire.ts';

interface Auth {
  readonly seat: Seat | null;
  readonly player: Player | null;
  readonly seatToken: string | null;
  /** Send this connection JSON text instead of msgpack objects. */
  readonly json: boolean;
  /** Send this connection state updates after the first as deltas (delta.ts). */
  readonly delta: boolean;
}

interface Source {
  readonly client?: Client;
  readonly id?: RequestId;
  readonly seq?: number;
  /** The action came from an optional actor, not from the seat to act (a Doppelkopf announcement). */
  readonly aside?: boolean;
}

export interface CreateOptions {
  readonly tableId: string;
}

/** Close code for a connection replaced by a newer one of the same seat. */
export const CLOSE_REPLACED = 4100;
/** Most spectators of one table. Seat holders always get in: they are not counted. */
export const MAX_SPECTATORS = 200;

/**
 * Retry of an automatic step (the first deal, a bot's move, a takeover, an expired turn timer) whose write
 * failed: after 0.25 s, doubling up to 8 s, until a write succeeds (docs/server.md, storage faults).
 */
export const RETRY_FIRST_MS = 250;
export const RETRY_MAX_MS = 8000;

/** How a change went: applied and stored, refused (bad input, not its turn), or not stored. */
type Outcome = 'done' | 'refused' | 'storage';

/** A write that failed: it may still have been committed (a connection lost during COMMIT). */
interface Doubt {
  readonly steps: readonly StoredStep[];
  readonly state: unknown;
}
/** Close code for spectators of a table parked for lack of people (IDLE_SECONDS). */
export const CLOSE_PARKED = 4101;

export class TableRoom extends Room {
  override autoDispose = false;
  // Colyseus counts pending reservations toward maxClients and locks a full room; no count of strangers
  // may keep a seat holder out, so spectators are limited in onAuth instead (MAX_SPECTATORS).
  override maxClients = Number.POSITIVE_INFINITY;
  // No Schema state, and the table's timers are plain ones (`after`), not the room clock's: Colyseus' patch
  // interval (which ticks that clock) has nothing to do, so it runs once in 2^30 ms instead of 10 times a
  // second per room (null would tick the clock every 16 ms).
  override patchRate = 2 ** 30;

  private game!: AnyGame;
  private row!: TableRow;
  /** The engine state. */
  private gs: unknown;
  /** Steps (deals and actions) applied so far. */
  private seq = 0;
  private status: TableStatus = 'waiting';
  private seats: SeatRt[] = [];
  /** Seat of each connection by session id; null for spectators. */
  private readonly roles = new Map<string, Seat | null>();
  private readonly buckets = new TokenBuckets();
  /** Connections that asked for JSON text frames. */
  private readonly jsonClients = new Set<string>();
  /** Connections that asked for deltas, with what each was sent last (the base of its next delta). */
  private readonly deltaClients = new Map<string, Sent | null>();
  private readonly wire = new Wire();
  /** Cryptographic randomness for this table's deals (chance.ts). */
  private readonly chance = new CryptoPool();
  /** Commit and reveal of this table's deals (fair.ts). */
  private fair!: TableFairness;
  /** The seq for which a bot decision is under way, by seat. */
  private readonly botPending = new Map<Seat, number>();
  private queue: Promise<void> = Promise.resolve();
  /** A plain timer (the room clock only ticks every patchRate ms, too coarse for a deadline people see). */
  private turnTimer: ReturnType<typeof setTimeout> | null = null;
  /** The seat the turn timer runs for. */
  private turnSeat: Seat | null = null;
  /** Bots waiting out their delay before deciding (cleared when the room goes). */
  private readonly botTimers = new Set<Timer>();
  /** The bot delay the one person at the table asked for (`speed`); null: the server's BOT_DELAY_MS. */
  private botDelay: number | null = null;
  private deadline: number | null = null;
  private disposed = false;
  /** The first deal is on its way to the database: from here on the seats are kept as in a match. */
  private starting = false;
  /** The pending retry of an automatic step after a failed write, and how many failed in a row. */
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retries = 0;
  /** The last write failed; settled against the database before the table changes again. */
  private doubt: Doubt | null = null;
  /** Runs while no person is connected to a seat; when it fires the table is parked (IDLE_SECONDS). */
  private idle: Timer | null = null;
  /** Parked: stored as `parked`, plays no more and is going away; restored when someone asks for it. */
  private parked = false;
  /** The match waits for someone to come (presence.ts): no bot acts and no turn timer runs. */
  private paused = false;
  /** Hints (hints.ts): offered here, and the seats that used one. */
  private hints: { allowed: boolean; used: Seat[] } = { allowed: false, used: [] };

  override async onCreate(options: CreateOptions) {
    const { store, log } = context();
    this.roomId = options.tableId;
    const row = await store.table(options.tableId);
    if (!row) throw new ServerError(404, `table ${options.tableId} not found`);
    const game = gameById(row.game);
    if (!game) throw new ServerError(500, `game ${row.game} is not available on this server`);
    const [holders, steps] = await Promise.all([store.holders(row.id), store.steps(row.id)]);
    const r = replay(game, buildRecord(row, steps, holders));
    if (!r.ok) throw new ServerError(500, `table ${row.id} cannot be restored: ${r.error.reason}`);
    this.game = game;
    this.row = row;
    this.gs = r.value.state;
    this.seq = steps.length;
    this.hints = await tableHints(row.id, row.setup);
    this.fair = new TableFairness(row.id);
    await this.fair.restore(steps, row.status === 'over');
    if (row.status === 'parked') {
      // Someone asked for a parked table: it is live again, and restored at start again.
      this.status = steps.length > 0 ? 'playing' : 'waiting';
      await store.setStatus(row.id, this.status);
    } else this.status = row.status;
    const takeover = context().config.takeoverLevel;
    this.seats = row.setup.map((s, seat) => ({
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
    this.metadata = this.info();
    if (row.visibility === 'private') await this.setPrivate(true, false);

    // Every frame of every kind counts; a connection far beyond its token bucket is closed by Colyseus.
    this.maxMessagesPerSecond = context().config.rateClose;
    liveClock(this);
    this.onMessage(CHANNEL, (client, message) => this.onClientMessage(client, message));
    this.onMessage('*', (client, type) => {
      if (!this.take(client)) {
        this.sendTo(client, errorMessage('rate-limited', 'too many messages; slow down'));
        return;
      }
      this.sendTo(
        client,
        errorMessage('unknown-type', `unknown room message type ${String(type).slice(0, 40)}`),
      );
    });

    if (this.status === 'playing') {
      // Seats of absent players get their bot after the grace period, as if the players had just dropped.
      for (const s of this.seats) if (s.kind === 'human') this.startGrace(s);
      this.afterChange();
    } else if (this.status === 'waiting') this.startIfReady();
    this.checkIdle();
    log.info({ table: row.id, game: row.game, seq: this.seq, status: this.status }, 'table loaded');
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
      return await this.seatFor(options);
    } catch (e) {
      throw storageRefusal(e);
    }
  }

  private async seatFor(options: unknown): Promise<Auth> {
    const { store } = context();
    const parsed = joinOptionsSchema.safeParse(options ?? {});
    if (!parsed.success)
      throw new ServerError(400, `malformed: join options: ${parsed.error.issues[0].message}`);
    const o: JoinOptions = parsed.data;
    if (this.parked) throw new ServerError(404, 'not-found: this table was just parked; ask for it again');
    const player = o.token ? await store.playerByToken(o.token) : undefined;
    if (o.token && !player) throw new ServerError(401, 'unauthorized: unknown player token');

    if (o.seatToken) {
      const h = hash(o.seatToken);
      const s = this.seats.find((x) => x.holder?.tokenHash === h);
      if (!s) throw new ServerError(403, 'forbidden: unknown seat token');
      return {
        seat: s.seat,
        player: { id: s.holder!.playerId, name: s.holder!.name },
        seatToken: o.seatToken,
        json: o.json === true,
        delta: o.delta === true,
      };
    }
    const member = player ? this.seats.find((s) => s.holder?.playerId === player.id) : undefined;
    if (this.row.visibility === 'private' && !member && o.code !== this.row.invite)
      throw new ServerError(403, 'forbidden: this private table needs its invite code');
    if (o.spectate) {
      let spectators = 0;
      for (const seat of this.roles.values()) if (seat === null) spectators++;
      if (spectators >= MAX_SPECTATORS)
        throw new ServerError(409, `seat-taken: this table has its ${MAX_SPECTATORS} spectators`);
      return {
        seat: null,
        player: player ?? null,
        seatToken: null,
        json: o.json === true,
        delta: o.delta === true,
      };
    }
    if (!player) throw new ServerError(401, 'unauthorized: a seat needs a player token (POST /api/guests)');

    let target: SeatRt | undefined;
    if (member && (o.seat === undefined || o.seat === member.seat)) target = member;
    // One seat per person: whoever sat in two seats would see two hands.
    else if (member) throw new ServerError(409, `seat-taken: you already sit in seat ${member.seat}`);
    else if (o.seat !== undefined) {
      target = this.seats[o.seat];
      if (!target) throw new ServerError(400, `bad-seat: no seat ${o.seat} at this table`);
      if (target.kind !== 'human') throw new ServerError(409, `seat-taken: seat ${o.seat} is a bot seat`);
      if (target.program && target.holder?.playerId !== player.id)
        throw new ServerError(409, `seat-taken: seat ${o.seat} is a program's seat (its bot token takes it)`);
      if (target.holder && target.holder.playerId !== player.id)
        throw new ServerError(409, `seat-taken: seat ${o.seat} is taken`);
    } else {
      target = this.seats.find((s) => s.kind === 'human' && !s.program && !s.holder);
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
      await store.setHolder(this.row.id, holder);
    } catch (e) {
      if (target.holder === holder) target.holder = previous;
      context().log.error({ table: this.row.id, seat: target.seat, err: e }, 'storing seat holder failed');
      throw new ServerError(503, 'storage: the seat could not be stored; try again');
    }
    return { seat: target.seat, player, seatToken, json: o.json === true, delta: o.delta === true };
  }

  override onJoin(client: Client, _options: unknown, auth: Auth) {
    this.roles.set(client.sessionId, auth.seat);
    if (auth.json) this.jsonClients.add(client.sessionId);
    if (auth.delta) this.deltaClients.set(client.sessionId, null);
    if (auth.seat !== null) {
      const s = this.seats[auth.seat];
      const old = s.client;
      s.client = client;
      if (old && old !== client) {
        this.roles.delete(old.sessionId);
        old.leave(CLOSE_REPLACED, 'this seat was taken over by a newer connection');
      }
      this.returned(s);
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
    this.sendTo(client, welcome);
    this.sendState(client, this.update(auth.seat));
    this.sendTo(client, { t: 'fair', d: this.fair.news() });
    this.tableChanged();
    this.startIfReady();
    this.checkIdle();
    this.presenceChanged();
  }

  override onDrop(client: Client) {
    const seat = this.roles.get(client.sessionId);
    if (seat === undefined) return;
    if (seat !== null) {
      const s = this.seats[seat];
      if (s.client === client) {
        s.client = null;
        this.startGrace(s);
        this.tableChanged();
        this.checkIdle();
        this.presenceChanged();
      }
    }
    // The SDK reconnects by itself; hold the session for the grace period.
    const grace = context().config.graceSeconds;
    if (grace > 0 && !this.disposed) this.allowReconnection(client, grace).catch?.(() => {});
  }

  override onReconnect(client: Client) {
    const seat = this.roles.get(client.sessionId);
    if (seat === undefined) return;
    if (seat !== null) {
      const s = this.seats[seat];
      if (s.client && s.client !== client) {
        // Someone took the seat meanwhile (a fresh join with the seat token): this session is over.
        this.roles.delete(client.sessionId);
        client.leave(CLOSE_REPLACED, 'this seat was taken over by a newer connection');
        return;
      }
      s.client = client;
      this.returned(s);
    }
    this.sendTo(client, { t: 'table', d: this.info() });
    this.sendState(client, this.update(seat));
    this.sendTo(client, { t: 'fair', d: this.fair.news() });
    this.tableChanged();
    this.checkIdle();
    this.presenceChanged();
  }

  override onLeave(client: Client) {
    const seat = this.roles.get(client.sessionId);
    this.roles.delete(client.sessionId);
    this.buckets.delete(client.sessionId);
    this.jsonClients.delete(client.sessionId);
    this.deltaClients.delete(client.sessionId);
    if (seat !== undefined && seat !== null) {
      const s = this.seats[seat];
      if (s.client === client || s.client?.sessionId === client.sessionId) {
        s.client = null;
        if (this.status === 'waiting' && !this.starting && s.holder && !s.program) {
          // Before the match starts, leaving frees the seat for someone else (not once the first deal
          // is being written: the match starts with this seat held, and its grace period runs). A
          // program's seat stays its own: a restarted program comes back with the same bot token.
          const h = s.holder;
          s.holder = null;
          context()
            .store.removeHolder(this.row.id, h)
            .catch((e: unknown) =>
              context().log.error({ table: this.row.id, err: e }, 'freeing seat failed'),
            );
        }
        this.startGrace(s);
      }
    }
    this.tableChanged();
    this.checkIdle();
    this.presenceChanged();
    this.disposeIfIdle();
  }

  override async onDispose() {
    this.disposed = true;
    for (const s of this.seats) s.grace?.clear();
    this.idle?.clear();
    if (this.turnTimer) clearTimeout(this.turnTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const t of this.botTimers) t.clear();
    // Graceful shutdown: every write in the queue finishes before the room goes.
    await this.queue;
  }

  /** The player is back: his seat is his again. */
  private returned(s: SeatRt) {
    s.grace?.clear();
    s.grace = null;
    if (s.botActive) {
      s.botActive = false;
      context().log.info({ table: this.row.id, seat: s.seat }, 'player reclaimed seat');
      // His turn now: its timer runs for him (his bot's pending move is discarded).
      if (this.status === 'playing' && this.game.toAct(this.gs)[0] === s.seat) this.afterChange();
    }
  }

  /** Starts the grace period of an empty human seat; then its bot plays until the player returns. */
  private startGrace(s: SeatRt) {
    if (s.kind !== 'human' || s.client || s.botActive || s.grace || this.status !== 'playing') return;
    if (!takesOver(this.seats, s.seat)) return;
    const ms = context().config.graceSeconds * 1000;
    s.graceEnds = Date.now() + ms;
    s.grace = after(ms, () => {
      s.grace = null;
      if (s.client || this.status !== 'playing') return;
      s.botActive = true;
      context().log.info({ table: this.row.id, seat: s.seat }, 'bot took over seat');
      this.tableChanged();
      this.afterChange();
    });
  }

  /** Someone came or went: the match pauses or goes on (presence.ts). */
  private presenceChanged() {
    if (this.status !== 'playing' || this.disposed || this.parked) return;
    if (this.paused === mayPlay(this.seats, this.roles.size)) this.afterChange();
  }

  private humanConnected(): boolean {
    return this.seats.some((s) => s.kind === 'human' && s.client !== null);
  }

  /**
   * Starts the idle timer when no person is connected to a seat (spectators do not count) and stops it
   * when one is. A table idle for IDLE_SECONDS is parked: bots stop, the room closes, and the table is
   * not restored at start until someone asks for it (GET /api/tables/:id or its invite).
   */
  private checkIdle() {
    if (this.disposed || this.parked) return;
    if (this.status === 'over' || this.humanConnected()) {
      this.idle?.clear();
      this.idle = null;
      return;
    }
    if (this.idle) return;
    this.idle = after(context().config.limits.idleSeconds * 1000, () => {
      this.idle = null;
      this.enqueue(() => this.park());
    });
  }

  private async park() {
    if (this.disposed || this.parked || this.status === 'over' || this.humanConnected()) return;
    const { store, log } = context();
    try {
      await store.setStatus(this.row.id, 'parked');
    } catch (e) {
      log.error({ table: this.row.id, err: e }, 'parking failed; the table stays live');
      this.checkIdle();
      return;
    }
    if (this.humanConnected() || this.disposed) {
      // Someone sat down while the status was written: the table stays live.
      await store.setStatus(this.row.id, this.status).catch((e: unknown) => {
        log.error({ table: this.row.id, err: e }, 'unparking failed');
      });
      return;
    }
    this.parked = true;
    if (this.turnTimer) clearTimeout(this.turnTimer);
    for (const s of this.seats) s.grace?.clear();
    log.info({ table: this.row.id, seq: this.seq }, 'table parked: nobody connected');
    // Not awaited here: onDispose waits for this queue, and this job is in it.
    setImmediate(() => void this.disconnect(CLOSE_PARKED).catch(() => {}));
  }

  private disposeIfIdle() {
    if (this.status === 'over' && this.clients.length === 0 && !this.disposed)
      after(1000, () => {
        if (this.clients.length === 0 && !this.disposed) this.disconnect().catch(() => {});
      });
  }

  // ---------------------------------------------------------------------------------------------------
  // Messages
  // ---------------------------------------------------------------------------------------------------

  private onClientMessage(client: Client, raw: unknown) {
    const p = parseClientMessage(raw);
    if (!this.take(client)) {
      this.sendTo(
        client,
        errorMessage('rate-limited', 'too many messages; slow down', p.ok ? p.msg.id : p.id),
      );
      return;
    }
    if (!p.ok) {
      this.sendTo(client, errorMessage(p.code, p.reason, p.id));
      return;
    }
    const msg = p.msg;
    switch (msg.t) {
      case 'ping':
        this.sendTo(client, { t: 'pong', d: { time: Date.now() }, id: msg.id });
        return;
      case 'sync': {
        const seat = this.roles.get(client.sessionId) ?? null;
        this.sendTo(client, { t: 'table', d: this.info() });
        this.sendState(client, this.update(seat), msg.id);
        this.sendTo(client, { t: 'fair', d: this.fair.news() });
        return;
      }
      case 'seed': {
        const seat = this.roles.get(client.sessionId);
        if (seat === undefined || seat === null) {
          this.sendTo(client, errorMessage('not-seated', 'only seats send deal values', msg.id));
          return;
        }
        // Not queued: a value only ever counts for the deal committed to next, which the queue deals.
        if (!this.fair.receive(seat, msg.d.deal, msg.d.value)) {
          this.sendTo(client, errorMessage('stale', `deal ${msg.d.deal} is not the next deal`, msg.id));
          return;
        }
        this.sendTo(client, { t: 'fair', d: this.fair.news(), id: msg.id });
        return;
      }
      case 'speed': {
        const seat = this.roles.get(client.sessionId);
        // Only a person alone among computers sets their pace: with other people it would be imposed on them.
        const alone =
          seat !== undefined && seat !== null && this.seats.every((s) => s.seat === seat || s.kind === 'bot');
        if (!alone) {
          this.sendTo(
            client,
            errorMessage('forbidden', 'only a person alone with computers sets their pace', msg.id),
          );
          return;
        }
        this.botDelay = msg.d.botDelayMs;
        // A bot already waiting out the old delay would otherwise keep it: start it again with the new one.
        this.enqueue(async () => {
          const live = this.status === 'playing' && !this.disposed && !this.parked;
          const next = live ? this.game.toAct(this.gs)[0] : undefined;
          if (next === undefined || !this.controlledByBot(next)) return;
          for (const t of this.botTimers) t.clear();
          this.botTimers.clear();
          this.botPending.delete(next);
          this.runBot(next, this.seats[next].level, msg.d.botDelayMs);
        });
        return;
      }
      case 'act': {
        const seat = this.roles.get(client.sessionId);
        if (seat === undefined || seat === null) {
          this.sendTo(client, errorMessage('not-seated', 'spectators may not act', msg.id));
          return;
        }
        const action = msg.d.action;
        const src: Source =
          msg.d.seq === undefined ? { client, id: msg.id } : { client, id: msg.id, seq: msg.d.seq };
        this.enqueue(() => this.act(seat, action, src));
        return;
      }
    }
  }

  private take(client: Client): boolean {
    const { rateLimit, rateBurst } = context().config;
    return this.buckets.take(client.sessionId, rateLimit, rateBurst);
  }

  private sendTo(client: Client, msg: ServerMessage) {
    this.deliver(client, new Outgoing(msg));
  }

  /** Sends a message encoded at most once per format, whoever else it goes to (wire.ts). */
  private deliver(client: Client, out: Outgoing) {
    if (overSendBuffer(client, context().config.sendBufferMax)) return;
    this.wire.send(client, out, this.jsonClients.has(client.sessionId));
  }

  private fail(src: Source, code: ErrorCode, reason: string) {
    if (src.client) this.sendTo(src.client, errorMessage(code, reason, src.id ?? null));
  }

  // ---------------------------------------------------------------------------------------------------
  // The one queue through which the table changes
  // ---------------------------------------------------------------------------------------------------

  private enqueue(job: () => Promise<unknown>) {
    this.queue = this.queue
      .then(async () => {
        if (this.doubt) await this.settle();
        await job();
      })
      .catch((e: unknown) => {
        context().log.error({ table: this.row.id, err: e }, 'table job failed');
      });
  }

  /**
   * After a failed write: whether its steps reached the database after all (the connection broke after
   * COMMIT was sent). If they did, the table takes them as if the write had succeeded; if nothing was
   * stored, the table goes on from where it was. While the database cannot be asked, nothing is written.
   */
  private async settle(): Promise<void> {
    const d = this.doubt;
    if (!d) return;
    let stored: StoredStep[];
    try {
      stored = await context().store.stepsFrom(this.row.id, this.seq);
    } catch {
      return;
    }
    this.doubt = null;
    if (stored.length === 0) return;
    const same =
      stored.length === d.steps.length &&
      stored.every(
        (x, i) =>
          x.seq === d.steps[i].seq &&
          x.kind === d.steps[i].kind &&
          x.seat === d.steps[i].seat &&
          JSON.stringify(x.data) === JSON.stringify(d.steps[i].data),
      );
    if (!same) {
      // Cannot happen while this room is the table's only writer; the record wins at the next load.
      context().log.error({ table: this.row.id, seq: this.seq }, 'stored steps differ from the table');
      this.doubt = d;
      return;
    }
    context().log.warn({ table: this.row.id, seq: this.seq }, 'a failed write had been stored');
    const fair = this.fair.taken(d.steps, this.game.isOver(d.state));
    this.advance(d.state, d.steps.length, {});
    if (fair) this.broadcastFair();
  }

  private async act(seat: Seat, raw: unknown, src: Source): Promise<Outcome> {
    const refuse = (code: ErrorCode, reason: string): Outcome => {
      this.fail(src, code, reason);
      return 'refused';
    };
    if (this.parked) return refuse('not-found', 'this table was parked; ask for it again');
    if (this.status === 'waiting')
      return refuse('waiting', 'the match starts when every human seat is taken');
    if (src.seq !== undefined && src.seq !== this.seq)
      return refuse('stale', `the table is at step ${this.seq}, not ${src.seq}`);
    const game = this.game;
    const parsed = game.parseAction(raw);
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.reason);
    const r = game.apply(this.gs, seat, parsed.value);
    if (!r.ok) return refuse(r.error.code, r.error.reason);
    const steps: StoredStep[] = [{ seq: this.seq, kind: 'action', seat, data: parsed.value as Action }];
    const dealt = await this.dealIfDue(r.value, this.seq + 1, steps);
    if (!dealt) return refuse('internal', 'the next deal failed');
    const aside = seat !== game.toAct(this.gs)[0];
    return (await this.commit(dealt, steps, aside ? { ...src, aside } : src)) ? 'done' : 'storage';
  }

  /**
   * Deals while the game awaits a deal, every deal recorded explicitly: drawn from its committed seed and
   * the seats' values with its proof (fair.ts); a test's own dealer's deals have no proof.
   */
  private async dealIfDue(state: unknown, seq: number, steps: StoredStep[]): Promise<unknown> {
    const game = this.game;
    const { dealer } = context();
    let number = this.fair.next();
    while (!game.isOver(state) && game.awaitsDeal(state)) {
      const own = dealer === randomDealer ? undefined : dealer(this.row.id, game, state, this.chance);
      const deal = own ?? (await this.fair.draw(game, state, number));
      number++;
      // The proof (`fair`) is stored with the deal; the engine takes the cards.
      const { fair: _, ...cards } = deal as Record<string, unknown>;
      const next = game.applyDeal(state, own ?? cards);
      if (!next.ok) {
        context().log.error({ table: this.row.id, error: next.error }, 'deal failed');
        return undefined;
      }
      steps.push({ seq: seq++, kind: 'deal', seat: null, data: deal });
      state = next.value;
    }
    return state;
  }

  /**
   * Stores the steps, then makes them the table's state and sends every connection its update. A failed
   * write leaves the table as it was and answers `storage`; false then.
   */
  private async commit(state: unknown, steps: readonly StoredStep[], src: Source): Promise<boolean> {
    const status: TableStatus = this.game.isOver(state) ? 'over' : 'playing';
    const reason = 'the change could not be stored; the table is as it was, try again';
    // A parked table writes nothing more (a job queued before it was parked finds it so).
    if (this.parked) {
      this.fail(src, 'not-found', 'this table was parked; ask for it again');
      return false;
    }
    if (this.doubt) {
      // The last failed write is not settled yet (the database does not answer): write nothing.
      this.fail(src, 'storage', reason);
      return false;
    }
    if (!context().owner.leases.holds(this.row.id)) {
      // Its lease could not be renewed in time (owner.ts): another process may own the table by now.
      this.fail(src, 'storage', reason);
      return false;
    }
    try {
      await context().store.append(this.row.id, steps, status !== this.status ? status : undefined);
    } catch (e) {
      this.doubt = { steps, state };
      context().log.error({ table: this.row.id, seq: this.seq, err: e }, 'storing steps failed');
      this.fail(src, 'storage', reason);
      return false;
    }
    const fair = this.fair.taken(steps, status === 'over');
    this.advance(state, steps.length, src);
    // A new deal or the match result: the deals now over get analysed (analysis.ts).
    if (steps.some((s) => s.kind === 'deal') || this.game.isOver(state))
      context().analyses.dealsEnded(this.row.id);
    if (fair) this.broadcastFair();
    return true;
  }

  /** Makes stored steps the table's state and sends every connection its update. */
  private advance(state: unknown, count: number, src: Source) {
    const over = this.game.isOver(state);
    const status: TableStatus = over ? 'over' : 'playing';
    this.retries = 0;
    this.gs = state;
    this.seq += count;
    const statusChanged = status !== this.status;
    const started = this.status === 'waiting';
    this.status = status;
    if (started) {
      this.starting = false;
      // Whoever left while the first deal was written keeps his seat for the grace period.
      for (const s of this.seats) this.startGrace(s);
    }
    this.afterChange(src.aside === true);
    this.broadcastState(src);
    if (statusChanged) this.tableChanged();
    if (over) {
      this.autoDispose = true;
      context().log.info({ table: this.row.id, steps: this.seq }, 'match over');
      this.disposeIfIdle();
    }
  }

  /**
   * Runs an automatic step again after its write failed, with backoff; a newer change of the table makes
   * it moot (that change started its own steps). One pending retry per table.
   */
  private retryLater(step: () => void) {
    if (this.disposed) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const ms = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.retries);
    this.retries++;
    const seq = this.seq;
    context().log.warn({ table: this.row.id, seq, ms }, 'automatic step will be retried');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.disposed && !this.parked && this.seq === seq) step();
    }, ms);
  }

  /**
   * The host starts the match before every seat is taken (start.ts): the free human seats become bot
   * seats, first in memory (nobody can sit down there any more), then in the stored setup.
   */
  async hostStart(): Promise<StartAnswer> {
    if (this.status !== 'waiting' || this.starting || this.parked)
      return { ok: false, code: 'wrong-phase', reason: 'the match has started already' };
    // Free seats, and a rematch's seats whose persons have not accepted (rematch.ts).
    const free = this.seats.filter((s) => s.kind === 'human' && (!s.holder || isInvited(s.holder)));
    const level = context().config.takeoverLevel;
    const held = new Set(this.seats.filter((s) => !free.includes(s)).map((s) => s.seat));
    const setup = freeSeatsToBots(this.row.setup, held, level);
    for (const s of free) Object.assign(s, { kind: 'bot', level });
    const stored = await storeSetup(this.row.id, setup).catch(() => false);
    if (!stored) {
      for (const s of free) Object.assign(s, { kind: 'human', level });
      return { ok: false, code: 'storage', reason: 'the seats could not be stored; try again' };
    }
    this.row = { ...this.row, setup };
    await dropInvited(this.row.id, free);
    this.tableChanged();
    this.startIfReady();
    return { ok: true };
  }

  /**
   * The host gives a free human seat of a waiting table to an outside program (program.ts): the seat is
   * marked in the stored setup, held by a guest of the program's name, and its seat token (the bot
   * token) is returned once.
   */
  async programSeat(seat: number, name: string): Promise<ProgramSeatAnswer> {
    if (this.status !== 'waiting' || this.starting || this.parked)
      return {
        ok: false,
        code: 'wrong-phase',
        reason: 'seats are given to programs only before the match starts',
      };
    const s = this.seats[seat];
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
      const setup = this.row.setup.map((x, i) =>
        i === seat ? { kind: 'human' as const, program: true as const } : x,
      );
      if (!(await storeSetup(this.row.id, setup))) throw new Error('the table is no longer waiting');
      this.row = { ...this.row, setup };
      await store.setHolder(this.row.id, holder);
    } catch (e) {
      s.holder = null;
      s.program = false;
      context().log.error({ table: this.row.id, seat, err: e }, 'storing a program seat failed');
      return { ok: false, code: 'storage', reason: 'the seat could not be stored; try again' };
    }
    this.tableChanged();
    return { ok: true, seat, seatToken };
  }

  private startIfReady() {
    if (this.status !== 'waiting' || this.starting || this.parked) return;
    // A rematch's invited seat is held for its person, but waits for him to accept (rematch.ts).
    if (!this.seats.every((s) => s.kind === 'bot' || (s.holder && !isInvited(s.holder)))) return;
    this.starting = true;
    this.enqueue(async () => {
      // Parked while the deal waited in the queue: the table stays parked and waiting.
      if (this.parked) this.starting = false;
      if (this.status !== 'waiting' || this.parked) return;
      const steps: StoredStep[] = [];
      const state = await this.dealIfDue(this.gs, this.seq, steps);
      if (state === undefined) {
        this.starting = false;
        return;
      }
      if (await this.commit(state, steps, {})) return;
      this.retryLater(() => {
        if (this.status !== 'waiting') return;
        this.starting = false;
        this.startIfReady();
      });
    });
  }

  // ---------------------------------------------------------------------------------------------------
  // Views
  // ---------------------------------------------------------------------------------------------------

  /** The update for a seat (or a spectator: null). Runs viewFor before anything is serialised. */
  private update(seat: Seat | null): StateUpdate {
    const game = this.game;
    const over = this.status === 'over';
    return {
      seq: this.seq,
      view: game.viewFor(this.gs, seat === null ? SPECTATOR : seat),
      legal: seat === null || this.status !== 'playing' ? [] : game.legalActions(this.gs, seat),
      outcome: over ? game.outcome(this.gs) : null,
      deadline: this.deadline,
    };
  }

  /** A whole state update; for a delta connection, the base of its next delta. */
  private sendState(client: Client, d: StateUpdate, id?: RequestId) {
    if (this.deltaClients.has(client.sessionId))
      this.deltaClients.set(client.sessionId, Sent.of(d, this.wire.texts));
    this.sendTo(client, id === undefined ? { t: 'state', d } : { t: 'state', d, id });
  }

  private broadcastState(src: Source) {
    // Every spectator gets the same bytes (delta connections: those sent the same update last); each seat
    // its own view, encoded once.
    let spectator: StateUpdate | undefined;
    let spectators: Outgoing | undefined;
    let deltas: Map<Sent, { readonly out: Outgoing; readonly sent: Sent }> | undefined;
    for (const client of this.clients) {
      const seat = this.roles.get(client.sessionId);
      if (seat === undefined) continue;
      const id = client === src.client ? src.id : undefined;
      let d: StateUpdate;
      if (seat !== null) d = this.update(seat);
      else {
        spectator ??= this.update(null);
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

  /** The fair deal's news (a deal dealt: its commitment spent, the one before it revealed) to everyone. */
  private broadcastFair() {
    const out = new Outgoing({ t: 'fair', d: this.fair.news() });
    for (const client of this.clients) if (this.roles.has(client.sessionId)) this.deliver(client, out);
  }

  info(): TableInfo {
    const seats: SeatInfo[] = this.seats.map((s) => ({
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
    let spectators = 0;
    for (const seat of this.roles.values()) if (seat === null) spectators++;
    return {
      id: this.row.id,
      game: this.row.game,
      players: this.row.config.players,
      preset: this.row.config.preset ?? null,
      options: this.row.config.options ?? {},
      visibility: this.row.visibility,
      status: this.status,
      seats,
      spectators,
      turnTimer: this.row.turnTimer,
      createdAt: this.row.createdAt,
      hints: this.hints,
      progress: progressOf(this.game, this.gs, this.row.config),
    };
  }

  /** A hint's question (hints.ts, through the matchmaker): the seat's decision from the live state. */
  hintRequest(seat: Seat): HintQuestion | null {
    if (this.status !== 'playing' || this.game.legalActions(this.gs, seat).length === 0) return null;
    const seed = `hint/${this.row.id}/${this.seq}`;
    return { seq: this.seq, req: requestFor(this.row.game, this.gs, seat, 'search', seed) };
  }

  /** A seat asked for a hint (hints.ts, through the matchmaker): everyone at the table is told. */
  hintUsed(seat: Seat): void {
    if (this.hints.used.includes(seat)) return;
    this.hints = { ...this.hints, used: [...this.hints.used, seat].sort((a, b) => a - b) };
    this.tableChanged();
  }

  private tableChanged() {
    if (this.disposed) return;
    const info = this.info();
    const out = new Outgoing({ t: 'table', d: info });
    for (const client of this.clients) if (this.roles.has(client.sessionId)) this.deliver(client, out);
    this.setMetadata(info).catch(() => {});
  }

  // ---------------------------------------------------------------------------------------------------
  // Bots and the turn timer
  // ---------------------------------------------------------------------------------------------------

  private controlledByBot(seat: Seat): boolean {
    const s = this.seats[seat];
    return s.kind === 'bot' || s.botActive;
  }

  /**
   * After every change: start the bot of the seat to move, and the turn timer of a human seat. `aside`: the
   * change was an optional actor's (a Doppelkopf announcement or `quiet` while another seat is to play); the
   * seat to act keeps the deadline it had, so calls around it never give it more time.
   */
  private afterChange(aside = false) {
    const playing = this.status === 'playing' && !this.disposed && !this.parked;
    this.paused = playing && !mayPlay(this.seats, this.roles.size);
    const live = playing && !this.paused;
    // Bots act for the seat whose turn it is (toAct[0]); optional calls of the other listed seats are left
    // to people. In phases where every listed seat must act (secret estimates), each comes first in turn.
    const seat = live ? this.game.toAct(this.gs)[0] : undefined;
    if (aside && this.turnTimer && seat === this.turnSeat && !this.controlledByBot(seat)) return;
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
    this.turnSeat = null;
    this.deadline = null;
    if (seat === undefined) return;
    if (this.controlledByBot(seat))
      this.runBot(seat, this.seats[seat].level, this.botDelay ?? context().config.botDelayMs);
    else if (this.row.turnTimer !== null) {
      const ms = this.row.turnTimer * 1000;
      this.deadline = Date.now() + ms;
      this.turnSeat = seat;
      this.turnTimer = setTimeout(() => {
        this.turnTimer = null;
        this.turnSeat = null;
        if (this.disposed || this.status !== 'playing') return;
        // Every change but an optional actor's clears this timer; those leave the same seat to act.
        if (this.game.toAct(this.gs)[0] === seat) this.runBot(seat, this.seats[seat].level, 0, true);
      }, ms);
    }
  }

  /** Asks the seat's bot for an action; `timer`: a single move for a person whose turn timer ran out. */
  private runBot(seat: Seat, level: BotLevel, delay: number, timer = false) {
    const seq = this.seq;
    if (this.botPending.get(seat) === seq) return;
    this.botPending.set(seat, seq);
    const game = this.game;
    const req = {
      game: this.row.game,
      level,
      seat,
      view: game.viewFor(this.gs, seat),
      legal: game.legalActions(this.gs, seat),
      seed: randomSeed(),
    };
    if (req.legal.length === 0) return;
    // Asked again after a failed write or a failed decision, unless the table has moved on meanwhile.
    const again = () => {
      if (this.status === 'playing' && (timer || this.controlledByBot(seat)))
        this.runBot(seat, level, 0, timer);
    };
    const go = async () => {
      // A delayed bot may come due after the room (or the whole server) has gone, or the match paused.
      if (this.disposed || this.paused) {
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        return;
      }
      let action: Action;
      try {
        action = await context().bots.decide(req, {
          table: this.row.id,
          owner: this.row.createdBy ?? this.row.id,
        });
      } catch (e) {
        if (this.disposed) return;
        context().log.error({ table: this.row.id, seat, err: e }, 'bot failed');
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        this.retryLater(again);
        return;
      }
      this.enqueue(async () => {
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        // Discard a decision made for an older state, or for a seat whose player has come back.
        if (this.disposed || this.parked || this.paused || this.seq !== seq) return;
        if (!timer && !this.controlledByBot(seat)) return;
        let outcome = await this.act(seat, action, {});
        if (outcome === 'refused' && this.seq === seq && !this.disposed) {
          // The bot's choice was refused (it never should be): play a random legal action instead.
          context().log.warn({ table: this.row.id, seat, action }, 'bot action refused');
          const legal = this.game.legalActions(this.gs, seat);
          if (legal.length > 0) outcome = await this.act(seat, pick(legal, cryptoRng), {});
        }
        if (outcome === 'storage') this.retryLater(again);
      });
    };
    if (delay > 0) {
      const t = after(delay, () => {
        this.botTimers.delete(t);
        void go();
      });
      this.botTimers.add(t);
    } else void go();
  }
}

/**
 * One Colyseus room per table. The room holds the engine state and is the only place it changes: every
 * deal and action goes through one queue (apply → store → send), so the table never sees two changes at
 * once and every step is written before its update leaves. Each connection gets its own seat's view and
 * legal actions as a room message; nothing hidden is ever put into a shared Schema state.
 */
import { type Client, type Delayed, Room, ServerError } from '@colyseus/core';
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
import { context } from './context.ts';
import { buildRecord, hash, type SeatHolder, type StoredStep, secret, type TableRow } from './store.ts';

interface SeatRt {
  readonly seat: Seat;
  readonly kind: 'human' | 'bot';
  readonly level: BotLevel;
  holder: SeatHolder | null;
  client: Client | null;
  /** A bot plays this human seat (its player has been gone longer than the grace period). */
  botActive: boolean;
  grace: Delayed | null;
}

interface Auth {
  readonly seat: Seat | null;
  readonly player: Player | null;
  readonly seatToken: string | null;
  /** Send this connection JSON text instead of msgpack objects. */
  readonly json: boolean;
}

interface Source {
  readonly client?: Client;
  readonly id?: RequestId;
  readonly seq?: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

export interface CreateOptions {
  readonly tableId: string;
}

/** Close code for a connection replaced by a newer one of the same seat. */
export const CLOSE_REPLACED = 4100;
/** Close code for spectators of a table parked for lack of people (IDLE_SECONDS). */
export const CLOSE_PARKED = 4101;

export class TableRoom extends Room {
  override autoDispose = false;
  override maxClients = 200;
  // No Schema state: the interval only ticks the room clock (timers), so a slow one is enough.
  override patchRate = 100;

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
  private readonly buckets = new Map<string, Bucket>();
  /** Connections that asked for JSON text frames. */
  private readonly jsonClients = new Set<string>();
  /** The seq for which a bot decision is under way, by seat. */
  private readonly botPending = new Map<Seat, number>();
  private queue: Promise<void> = Promise.resolve();
  /** A plain timer (the room clock only ticks every patchRate ms, too coarse for a deadline people see). */
  private turnTimer: ReturnType<typeof setTimeout> | null = null;
  private deadline: number | null = null;
  private disposed = false;
  /** Runs while no person is connected to a seat; when it fires the table is parked (IDLE_SECONDS). */
  private idle: Delayed | null = null;
  /** Parked: stored as `parked`, plays no more and is going away; restored when someone asks for it. */
  private parked = false;

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
      holder: holders.find((h) => h.seat === seat) ?? null,
      client: null,
      // After a restart nobody is connected yet; bots stand in only after the grace period.
      botActive: false,
      grace: null,
    }));
    this.metadata = this.info();
    if (row.visibility === 'private') await this.setPrivate(true, false);

    this.onMessage(CHANNEL, (client, message) => this.onClientMessage(client, message));
    this.onMessage('*', (client, type) => {
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

  override async onAuth(_client: Client, options: unknown): Promise<Auth> {
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
      };
    }
    const member = player ? this.seats.find((s) => s.holder?.playerId === player.id) : undefined;
    if (this.row.visibility === 'private' && !member && o.code !== this.row.invite)
      throw new ServerError(403, 'forbidden: this private table needs its invite code');
    if (o.spectate) return { seat: null, player: player ?? null, seatToken: null, json: o.json === true };
    if (!player) throw new ServerError(401, 'unauthorized: a seat needs a player token (POST /api/guests)');

    let target: SeatRt | undefined;
    if (member && (o.seat === undefined || o.seat === member.seat)) target = member;
    // One seat per person: whoever sat in two seats would see two hands.
    else if (member) throw new ServerError(409, `seat-taken: you already sit in seat ${member.seat}`);
    else if (o.seat !== undefined) {
      target = this.seats[o.seat];
      if (!target) throw new ServerError(400, `bad-seat: no seat ${o.seat} at this table`);
      if (target.kind !== 'human') throw new ServerError(409, `seat-taken: seat ${o.seat} is a bot seat`);
      if (target.holder && target.holder.playerId !== player.id)
        throw new ServerError(409, `seat-taken: seat ${o.seat} is taken`);
    } else {
      target = this.seats.find((s) => s.kind === 'human' && !s.holder);
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
    target.holder = holder;
    await store.setHolder(this.row.id, holder);
    return { seat: target.seat, player, seatToken, json: o.json === true };
  }

  override onJoin(client: Client, _options: unknown, auth: Auth) {
    this.roles.set(client.sessionId, auth.seat);
    if (auth.json) this.jsonClients.add(client.sessionId);
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
    this.sendTo(client, { t: 'state', d: this.update(auth.seat) });
    this.tableChanged();
    this.startIfReady();
    this.checkIdle();
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
    this.sendTo(client, { t: 'state', d: this.update(seat) });
    this.tableChanged();
    this.checkIdle();
  }

  override onLeave(client: Client) {
    const seat = this.roles.get(client.sessionId);
    this.roles.delete(client.sessionId);
    this.buckets.delete(client.sessionId);
    this.jsonClients.delete(client.sessionId);
    if (seat !== undefined && seat !== null) {
      const s = this.seats[seat];
      if (s.client === client || s.client?.sessionId === client.sessionId) {
        s.client = null;
        if (this.status === 'waiting' && s.holder) {
          // Before the match starts, leaving frees the seat for someone else.
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
    this.disposeIfIdle();
  }

  override async onDispose() {
    this.disposed = true;
    for (const s of this.seats) s.grace?.clear();
    this.idle?.clear();
    if (this.turnTimer) clearTimeout(this.turnTimer);
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
    }
  }

  /** Starts the grace period of an empty human seat; then its bot plays until the player returns. */
  private startGrace(s: SeatRt) {
    if (s.kind !== 'human' || s.client || s.botActive || s.grace || this.status !== 'playing') return;
    const ms = context().config.graceSeconds * 1000;
    s.grace = this.clock.setTimeout(() => {
      s.grace = null;
      if (s.client || this.status !== 'playing') return;
      s.botActive = true;
      context().log.info({ table: this.row.id, seat: s.seat }, 'bot took over seat');
      this.tableChanged();
      this.afterChange();
    }, ms);
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
    this.idle = this.clock.setTimeout(() => {
      this.idle = null;
      this.enqueue(() => this.park());
    }, context().config.limits.idleSeconds * 1000);
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
      this.clock.setTimeout(() => {
        if (this.clients.length === 0 && !this.disposed) this.disconnect().catch(() => {});
      }, 1000);
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
        this.sendTo(client, { t: 'state', d: this.update(seat), id: msg.id });
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

  /** Token bucket per connection. */
  private take(client: Client): boolean {
    const { rateLimit, rateBurst } = context().config;
    const now = Date.now();
    let b = this.buckets.get(client.sessionId);
    if (!b) {
      b = { tokens: rateBurst, last: now };
      this.buckets.set(client.sessionId, b);
    }
    b.tokens = Math.min(rateBurst, b.tokens + ((now - b.last) / 1000) * rateLimit);
    b.last = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private sendTo(client: Client, msg: ServerMessage) {
    client.send(CHANNEL, this.jsonClients.has(client.sessionId) ? JSON.stringify(msg) : msg);
  }

  private fail(src: Source, code: ErrorCode, reason: string) {
    if (src.client) this.sendTo(src.client, errorMessage(code, reason, src.id ?? null));
  }

  // ---------------------------------------------------------------------------------------------------
  // The one queue through which the table changes
  // ---------------------------------------------------------------------------------------------------

  private enqueue(job: () => Promise<void>) {
    this.queue = this.queue.then(job).catch((e: unknown) => {
      context().log.error({ table: this.row.id, err: e }, 'table job failed');
    });
  }

  private async act(seat: Seat, raw: unknown, src: Source): Promise<void> {
    if (this.parked) return this.fail(src, 'not-found', 'this table was parked; ask for it again');
    if (this.status === 'waiting')
      return this.fail(src, 'waiting', 'the match starts when every human seat is taken');
    if (src.seq !== undefined && src.seq !== this.seq)
      return this.fail(src, 'stale', `the table is at step ${this.seq}, not ${src.seq}`);
    const game = this.game;
    const parsed = game.parseAction(raw);
    if (!parsed.ok) return this.fail(src, parsed.error.code, parsed.error.reason);
    const r = game.apply(this.gs, seat, parsed.value);
    if (!r.ok) return this.fail(src, r.error.code, r.error.reason);
    const steps: StoredStep[] = [{ seq: this.seq, kind: 'action', seat, data: parsed.value as Action }];
    const dealt = this.dealIfDue(r.value, this.seq + 1, steps);
    if (!dealt) return this.fail(src, 'internal', 'the next deal failed');
    await this.commit(dealt, steps, src);
  }

  /** Deals while the game awaits a deal: crypto randomness, every deal recorded explicitly. */
  private dealIfDue(state: unknown, seq: number, steps: StoredStep[]): unknown {
    const game = this.game;
    while (!game.isOver(state) && game.awaitsDeal(state)) {
      const deal = game.randomDeal(state, cryptoRng);
      const next = game.applyDeal(state, deal);
      if (!next.ok) {
        context().log.error({ table: this.row.id, error: next.error }, 'deal failed');
        return undefined;
      }
      steps.push({ seq: seq++, kind: 'deal', seat: null, data: deal });
      state = next.value;
    }
    return state;
  }

  /** Stores the steps, then makes them the table's state and sends every connection its update. */
  private async commit(state: unknown, steps: readonly StoredStep[], src: Source) {
    const over = this.game.isOver(state);
    const status: TableStatus = over ? 'over' : 'playing';
    try {
      await context().store.append(this.row.id, steps, status !== this.status ? status : undefined);
    } catch (e) {
      context().log.error({ table: this.row.id, err: e }, 'storing steps failed; table unchanged');
      return this.fail(src, 'storage', 'the action could not be stored; the table is unchanged');
    }
    this.gs = state;
    this.seq += steps.length;
    const statusChanged = status !== this.status;
    this.status = status;
    this.afterChange();
    this.broadcastState(src);
    if (statusChanged) this.tableChanged();
    if (over) {
      this.autoDispose = true;
      context().log.info({ table: this.row.id, steps: this.seq }, 'match over');
      this.disposeIfIdle();
    }
  }

  private startIfReady() {
    if (this.status !== 'waiting' || this.parked) return;
    if (!this.seats.every((s) => s.kind === 'bot' || s.holder)) return;
    this.enqueue(async () => {
      if (this.status !== 'waiting') return;
      const steps: StoredStep[] = [];
      const state = this.dealIfDue(this.gs, this.seq, steps);
      if (state === undefined) return;
      await this.commit(state, steps, {});
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

  private broadcastState(src: Source) {
    let spectatorUpdate: StateUpdate | undefined;
    for (const client of this.clients) {
      const seat = this.roles.get(client.sessionId);
      if (seat === undefined) continue;
      let d: StateUpdate;
      if (seat === null) {
        spectatorUpdate ??= this.update(null);
        d = spectatorUpdate;
      } else d = this.update(seat);
      this.sendTo(
        client,
        client === src.client && src.id !== undefined ? { t: 'state', d, id: src.id } : { t: 'state', d },
      );
    }
  }

  info(): TableInfo {
    const seats: SeatInfo[] = this.seats.map((s) => ({
      seat: s.seat,
      kind: s.kind,
      level: s.level,
      name: s.kind === 'bot' ? null : (s.holder?.name ?? null),
      connected: s.client !== null,
      botActive: s.botActive,
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
    };
  }

  private tableChanged() {
    if (this.disposed) return;
    const info = this.info();
    for (const client of this.clients)
      if (this.roles.has(client.sessionId)) this.sendTo(client, { t: 'table', d: info });
    this.setMetadata(info).catch(() => {});
  }

  // ---------------------------------------------------------------------------------------------------
  // Bots and the turn timer
  // ---------------------------------------------------------------------------------------------------

  private controlledByBot(seat: Seat): boolean {
    const s = this.seats[seat];
    return s.kind === 'bot' || s.botActive;
  }

  /** After every change: start the bot of the seat to move, and the turn timer of a human seat. */
  private afterChange() {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
    this.deadline = null;
    if (this.status !== 'playing' || this.disposed || this.parked) return;
    const toAct = this.game.toAct(this.gs);
    // Bots act for the seat whose turn it is (toAct[0]); optional calls of the other listed seats are left
    // to people. In phases where every listed seat must act (secret estimates), each comes first in turn.
    const seat = toAct[0];
    if (seat === undefined) return;
    if (this.controlledByBot(seat)) this.runBot(seat, this.seats[seat].level, context().config.botDelayMs);
    else if (this.row.turnTimer !== null) {
      const ms = this.row.turnTimer * 1000;
      this.deadline = Date.now() + ms;
      const seq = this.seq;
      this.turnTimer = setTimeout(() => {
        this.turnTimer = null;
        if (this.disposed) return;
        if (this.seq === seq) this.runBot(seat, this.seats[seat].level, 0, true);
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
    const go = async () => {
      let action: Action;
      try {
        action = await context().bots.decide(req);
      } catch (e) {
        context().log.error({ table: this.row.id, seat, err: e }, 'bot failed');
        return;
      }
      this.enqueue(async () => {
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        // Discard a decision made for an older state, or for a seat whose player has come back.
        if (this.disposed || this.parked || this.seq !== seq || (!timer && !this.controlledByBot(seat)))
          return;
        await this.act(seat, action, {});
        if (this.seq === seq && !this.disposed) {
          // The bot's choice was refused (it never should be): play a random legal action instead.
          context().log.warn({ table: this.row.id, seat, action }, 'bot action refused');
          const legal = this.game.legalActions(this.gs, seat);
          if (legal.length > 0) await this.act(seat, pick(legal, cryptoRng), {});
        }
      });
    };
    if (delay > 0) this.clock.setTimeout(() => void go(), delay);
    else void go();
  }
}

/**
 * Who plays when nobody sends an action (table.ts): the bot of a bot seat, the bot that takes over a
 * person's seat after his grace period (presence.ts), and the single move made for a person whose turn
 * timer ran out. Bots ask the bot workers (bots.ts) and act through the table's queue (queue.ts).
 *
 * Optional calls (docs/server.md "Bots"): a bot seat that `toAct` lists after the seat to act (a Doppelkopf
 * announcement or reply while another seat is to play) is asked at each step whether it calls, on the same
 * workers, while the seat to act decides. Nobody waits for the answer: the seat to act keeps its turn and
 * deadline, and the answer counts only for the step it was asked at. If the table has moved on meanwhile (a
 * card, another call), it is dropped, and the bot is asked again for the new step. Saying nothing sends
 * nothing (no `quiet` step).
 */
import { makesOptionalCalls } from '@stich/bots';
import { type Action, cryptoRng, pick, randomSeed, type Seat } from '@stich/engine';
import type { BotLevel } from '@stich/protocol';
import { context } from './context.ts';
import { mayPlay, type SeatRt, takesOver } from './presence.ts';
import type { ChangeQueue } from './queue.ts';
import type { TableState } from './tablestate.ts';
import { after, type Timer } from './timers.ts';
import { markDropped } from './tournaments-tables.ts';

/** The grace period at a tournament table of a player marked as dropped out (see startGrace). */
export const DROPPED_GRACE_MS = 10_000;

export class Autoplay {
  private readonly t: TableState;
  private readonly queue: ChangeQueue;
  /** The table's info changed (a takeover): everyone is told. */
  private readonly tableChanged: () => void;
  /** The seat to act got or lost a deadline without a change of the game: everyone is sent the state. */
  private readonly deadlineChanged: () => void;
  /** The seq for which a bot decision is under way, by seat. */
  private readonly botPending = new Map<Seat, number>();
  /** The seq for which a bot's optional call is being decided, by seat (apart: never its own turn). */
  private readonly optionalPending = new Map<Seat, number>();
  /** A plain timer (the room clock only ticks every patchRate ms, too coarse for a deadline people see). */
  private turnTimer: ReturnType<typeof setTimeout> | null = null;
  /** The seat the turn timer runs for. */
  private turnSeat: Seat | null = null;
  /** Bots waiting out their delay before deciding (cleared when the room goes). */
  private readonly botTimers = new Set<Timer>();
  /** The bot delay the one person at the table asked for (`speed`); null: the server's BOT_DELAY_MS. */
  private botDelay: number | null = null;
  /** The match waits for someone to come (presence.ts): no bot acts and no turn timer runs. */
  private paused = false;

  constructor(t: TableState, queue: ChangeQueue, tableChanged: () => void, deadlineChanged: () => void) {
    this.t = t;
    this.queue = queue;
    this.tableChanged = tableChanged;
    this.deadlineChanged = deadlineChanged;
  }

  /** The room goes: no timer fires any more. */
  dispose() {
    for (const s of this.t.seats) s.grace?.clear();
    if (this.turnTimer) clearTimeout(this.turnTimer);
    for (const t of this.botTimers) t.clear();
  }

  /** The table is parked: its turn timer and grace periods stop. */
  halt() {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    for (const s of this.t.seats) s.grace?.clear();
  }

  /** The player is back: his seat is his again. */
  returned(s: SeatRt) {
    const t = this.t;
    s.grace?.clear();
    s.grace = null;
    if (s.botActive) {
      s.botActive = false;
      context().log.info({ table: t.row.id, seat: s.seat }, 'player reclaimed seat');
      // His turn now: its timer runs for him (his bot's pending move is discarded).
      if (t.status === 'playing' && t.game.toAct(t.gs)[0] === s.seat) this.afterChange();
    }
  }

  /** Starts the grace period of an empty human seat; then its bot plays until the player returns. */
  startGrace(s: SeatRt) {
    const t = this.t;
    if (s.kind !== 'human' || s.client || s.botActive || s.grace || t.status !== 'playing') return;
    // A tournament never waits for one player: his seat is played on (and he is marked as dropped out).
    if (!takesOver(t.seats, s.seat) && !t.tournament) return;
    const grace = context().config.graceSeconds * 1000;
    // One who dropped out of the tournament and has not sat down again gets the short grace: he may come
    // back (and reclaims the seat then), but the others do not wait a whole period at each later table.
    const dropped = s.holder !== null && t.tournament?.dropped.includes(s.holder.playerId) === true;
    const ms = dropped ? Math.min(grace, DROPPED_GRACE_MS) : grace;
    s.graceEnds = Date.now() + ms;
    s.grace = after(ms, () => {
      s.grace = null;
      if (s.client || t.status !== 'playing') return;
      s.botActive = true;
      context().log.info({ table: t.row.id, seat: s.seat }, 'bot took over seat');
      if (t.tournament && s.holder)
        markDropped(context().store.db, t.tournament.tournament, s.holder.playerId).catch((e: unknown) =>
          context().log.warn({ table: t.row.id, err: e }, 'dropout not stored'),
        );
      this.tableChanged();
      this.afterChange();
    });
  }

  /** Someone came or went: the match pauses or goes on (presence.ts). */
  presenceChanged() {
    const t = this.t;
    if (t.status !== 'playing' || t.disposed || t.parked) return;
    if (this.paused !== this.mayPlay()) return;
    const before = t.deadline;
    this.afterChange();
    // A match that goes on starts the turn timer of the seat to act (or a pause stops it): the state the
    // person got on joining had no deadline (reconnect.test's turn timer failed now and then).
    if (t.deadline !== before) this.deadlineChanged();
  }

  /** The one person at the table set the computers' pace (`speed`). */
  setSpeed(botDelayMs: number) {
    const t = this.t;
    this.botDelay = botDelayMs;
    // A bot already waiting out the old delay would otherwise keep it: start it again with the new one.
    this.queue.enqueue(async () => {
      const live = t.status === 'playing' && !t.disposed && !t.parked;
      const next = live ? t.game.toAct(t.gs)[0] : undefined;
      if (next === undefined || !this.controlledByBot(next)) return;
      for (const x of this.botTimers) x.clear();
      this.botTimers.clear();
      this.botPending.delete(next);
      this.runBot(next, t.seats[next].level, botDelayMs);
    });
  }

  /** Whether the computers may act (presence.ts); a tournament's table always plays on. */
  private mayPlay(): boolean {
    const t = this.t;
    return t.tournament !== null || mayPlay(t.seats, t.roles.size);
  }

  private controlledByBot(seat: Seat): boolean {
    const s = this.t.seats[seat];
    return s.kind === 'bot' || s.botActive;
  }

  /**
   * After every change: start the bot of the seat to move, and the turn timer of a human seat. `aside`: the
   * change was an optional actor's (a Doppelkopf announcement or `quiet` while another seat is to play); the
   * seat to act keeps the deadline it had, so calls around it never give it more time.
   */
  afterChange(aside = false) {
    const t = this.t;
    const playing = t.status === 'playing' && !t.disposed && !t.parked;
    this.paused = playing && !this.mayPlay();
    const live = playing && !this.paused;
    // Bots act for the seat whose turn it is (toAct[0]); bots among the other listed seats are asked only
    // about optional calls (`askOptional`). In phases where every listed seat must act (secret estimates),
    // each comes first in turn.
    const listed = live ? t.game.toAct(t.gs) : [];
    const seat = listed[0];
    this.askOptional(listed);
    if (aside && this.turnTimer && seat === this.turnSeat && !this.controlledByBot(seat)) return;
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
    this.turnSeat = null;
    t.deadline = null;
    if (seat === undefined) return;
    if (this.controlledByBot(seat))
      this.runBot(seat, t.seats[seat].level, this.botDelay ?? context().config.botDelayMs);
    else if (t.row.turnTimer !== null) {
      const ms = t.row.turnTimer * 1000;
      t.deadline = Date.now() + ms;
      this.turnSeat = seat;
      this.turnTimer = setTimeout(() => {
        this.turnTimer = null;
        this.turnSeat = null;
        if (t.disposed || t.status !== 'playing') return;
        // Every change but an optional actor's clears this timer; those leave the same seat to act.
        if (t.game.toAct(t.gs)[0] === seat) this.runBot(seat, t.seats[seat].level, 0, true);
      }, ms);
    }
  }

  /** Asks the bots among the optional actors (`listed` after the seat to act) whether they call now. */
  private askOptional(listed: readonly Seat[]) {
    const t = this.t;
    for (let k = 1; k < listed.length; k++) {
      const seat = listed[k];
      if (!this.controlledByBot(seat) || !makesOptionalCalls(t.row.game, t.seats[seat].level)) continue;
      const seq = t.seq;
      if (this.optionalPending.get(seat) === seq) continue;
      const legal = t.game.legalActions(t.gs, seat);
      // One choice (Doppelkopf: only `quiet`, a seat listed so that `toAct` hides the parties): nothing to ask.
      if (legal.length < 2) continue;
      this.optionalPending.set(seat, seq);
      const req = {
        game: t.row.game,
        level: t.seats[seat].level,
        seat,
        view: t.game.viewFor(t.gs, seat),
        legal,
        seed: randomSeed(),
      };
      void context()
        .bots.optional(req, { table: t.row.id, owner: t.row.createdBy ?? t.row.id })
        .then((call) => {
          if (call === null || t.disposed) return;
          this.queue.enqueue(async () => {
            // Only for the step it was decided for: later steps ask again (see the head of this file).
            if (t.disposed || t.parked || this.paused || t.seq !== seq || !this.controlledByBot(seat)) return;
            const outcome = await this.queue.act(seat, call, {});
            if (outcome !== 'done')
              context().log.warn({ table: t.row.id, seat, call, outcome }, 'optional bot call not taken');
          });
        });
    }
  }

  /** Asks the seat's bot for an action; `timer`: a single move for a person whose turn timer ran out. */
  private runBot(seat: Seat, level: BotLevel, delay: number, timer = false) {
    const t = this.t;
    const seq = t.seq;
    if (this.botPending.get(seat) === seq) return;
    this.botPending.set(seat, seq);
    const game = t.game;
    const req = {
      game: t.row.game,
      level,
      seat,
      view: game.viewFor(t.gs, seat),
      legal: game.legalActions(t.gs, seat),
      seed: randomSeed(),
    };
    if (req.legal.length === 0) return;
    // Asked again after a failed write or a failed decision, unless the table has moved on meanwhile.
    const again = () => {
      if (t.status === 'playing' && (timer || this.controlledByBot(seat))) this.runBot(seat, level, 0, timer);
    };
    const go = async () => {
      // A delayed bot may come due after the room (or the whole server) has gone, or the match paused.
      if (t.disposed || this.paused) {
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        return;
      }
      let action: Action;
      try {
        action = await context().bots.decide(req, {
          table: t.row.id,
          owner: t.row.createdBy ?? t.row.id,
        });
      } catch (e) {
        if (t.disposed) return;
        context().log.error({ table: t.row.id, seat, err: e }, 'bot failed');
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        this.queue.retryLater(again);
        return;
      }
      this.queue.enqueue(async () => {
        if (this.botPending.get(seat) === seq) this.botPending.delete(seat);
        // Discard a decision made for an older state, or for a seat whose player has come back.
        if (t.disposed || t.parked || this.paused || t.seq !== seq) return;
        if (!timer && !this.controlledByBot(seat)) return;
        let outcome = await this.queue.act(seat, action, {});
        if (outcome === 'refused' && t.seq === seq && !t.disposed) {
          // The bot's choice was refused (it never should be): play a random legal action instead.
          context().log.warn({ table: t.row.id, seat, action }, 'bot action refused');
          const legal = t.game.legalActions(t.gs, seat);
          if (legal.length > 0) outcome = await this.queue.act(seat, pick(legal, cryptoRng), {});
        }
        if (outcome === 'storage') this.queue.retryLater(again);
      });
    };
    if (delay > 0) {
      const x = after(delay, () => {
        this.botTimers.delete(x);
        void go();
      });
      this.botTimers.add(x);
    } else void go();
  }
}

/**
 * The one queue through which a live table changes (table.ts): every deal and action runs through it
 * (apply → store → send), so the table never sees two changes at once and every step is written before
 * its update leaves. A failed write leaves the table as it was; an automatic step whose write failed is
 * tried again later (docs/server.md, storage faults).
 */
import type { Client } from '@colyseus/core';
import type { Action, Seat } from '@stich/engine';
import { type ErrorCode, errorMessage, type RequestId, type TableStatus } from '@stich/protocol';
import { CryptoPool, randomDealer } from './chance.ts';
import { context } from './context.ts';
import type { Outbox } from './outbox.ts';
import { allSeated } from './seating.ts';
import { matchEnded } from './statsdb.ts';
import type { StoredStep } from './store.ts';
import type { TableState } from './tablestate.ts';
import { fixedDeal } from './tournaments-play.ts';
import { type ActionTrace, TailTracer, tail } from './trace.ts';

/** Who asked for a change: a connection's request, or nobody (an automatic step). */
export interface Source {
  readonly client?: Client;
  readonly id?: RequestId;
  readonly seq?: number;
  /** The action came from an optional actor, not from the seat to act (a Doppelkopf announcement). */
  readonly aside?: boolean;
}

/** How a change went: applied and stored, refused (bad input, not its turn), or not stored. */
export type Outcome = 'done' | 'refused' | 'storage';

/**
 * Retry of an automatic step (the first deal, a bot's move, a takeover, an expired turn timer) whose write
 * failed: after 0.25 s, doubling up to 8 s, until a write succeeds (docs/server.md, storage faults).
 */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 8000;

/** A write that failed: it may still have been committed (a connection lost during COMMIT). */
interface Doubt {
  readonly steps: readonly StoredStep[];
  readonly state: unknown;
}

/** What the room does when the table has changed. */
interface QueueHooks {
  /**
   * New steps are the table's state (`started`: the first deal; `over`: the match result; `infoChanged`:
   * the table's info, status or progress, is not what it was).
   */
  advanced(src: Source, started: boolean, infoChanged: boolean, over: boolean): void;
  /** The fair deal's news changed (a deal dealt). */
  fairChanged(): void;
}

export class ChangeQueue {
  private readonly t: TableState;
  private readonly outbox: Outbox;
  private readonly hooks: QueueHooks;
  /** Cryptographic randomness for this table's deals (chance.ts). */
  private readonly chance = new CryptoPool();
  private queue: Promise<void> = Promise.resolve();
  /** The pending retry of an automatic step after a failed write, and how many failed in a row. */
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retries = 0;
  /** The last write failed; settled against the database before the table changes again. */
  private doubt: Doubt | null = null;

  constructor(t: TableState, outbox: Outbox, hooks: QueueHooks) {
    this.t = t;
    this.outbox = outbox;
    this.hooks = hooks;
  }

  enqueue(job: () => Promise<unknown>) {
    this.queue = this.queue
      .then(async () => {
        if (this.doubt) await this.settle();
        await job();
      })
      .catch((e: unknown) => {
        context().log.error({ table: this.t.row.id, err: e }, 'table job failed');
      });
  }

  /** Settles once every job queued so far is done (the room's last writes at dispose). */
  drained(): Promise<void> {
    return this.queue;
  }

  dispose() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  private fail(src: Source, code: ErrorCode, reason: string) {
    if (src.client) this.outbox.sendTo(src.client, errorMessage(code, reason, src.id ?? null));
  }

  /**
   * After a failed write: whether its steps reached the database after all (the connection broke after
   * COMMIT was sent). If they did, the table takes them as if the write had succeeded; if nothing was
   * stored, the table goes on from where it was. While the database cannot be asked, nothing is written.
   */
  private async settle(): Promise<void> {
    const d = this.doubt;
    if (!d) return;
    const t = this.t;
    let stored: StoredStep[];
    try {
      stored = await context().store.stepsFrom(t.row.id, t.seq);
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
      context().log.error({ table: t.row.id, seq: t.seq }, 'stored steps differ from the table');
      this.doubt = d;
      return;
    }
    context().log.warn({ table: t.row.id, seq: t.seq }, 'a failed write had been stored');
    const fair = t.fair.taken(d.steps, t.game.isOver(d.state));
    this.advance(d.state, d.steps, {});
    if (fair) this.hooks.fairChanged();
  }

  /** A seat's action (run in the queue): applied, dealt on if a deal is due, stored and sent. */
  async act(seat: Seat, raw: unknown, src: Source): Promise<Outcome> {
    const t = this.t;
    const refuse = (code: ErrorCode, reason: string): Outcome => {
      this.fail(src, code, reason);
      return 'refused';
    };
    if (t.parked) return refuse('not-found', 'this table was parked; ask for it again');
    if (t.status === 'waiting') return refuse('waiting', 'the match starts when every human seat is taken');
    if (src.seq !== undefined && src.seq !== t.seq && !sameChoice(t, seat, src.seq))
      return refuse('stale', `the table is at step ${t.seq}, not ${src.seq}`);
    const game = t.game;
    // Tail tracing (trace.ts): this action's time, split; null when off.
    const rec = tail ? tail.begin(t.row.id, seat, src.id) : null;
    const parsed = game.parseAction(raw);
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.reason);
    const r = game.apply(t.gs, seat, parsed.value);
    if (!r.ok) return refuse(r.error.code, r.error.reason);
    const steps: StoredStep[] = [{ seq: t.seq, kind: 'action', seat, data: parsed.value as Action }];
    const dealt = await this.dealIfDue(r.value, t.seq + 1, steps);
    if (!dealt) return refuse('internal', 'the next deal failed');
    const aside = seat !== game.toAct(t.gs)[0];
    if (rec) rec.apply = TailTracer.now() - rec.at;
    return (await this.commit(dealt, steps, aside ? { ...src, aside } : src, rec)) ? 'done' : 'storage';
  }

  /**
   * Deals while the game awaits a deal, every deal recorded explicitly: drawn from its committed seed and
   * the seats' values with its proof (fair.ts); a test's own dealer's deals have no proof.
   */
  private async dealIfDue(state: unknown, seq: number, steps: StoredStep[]): Promise<unknown> {
    const t = this.t;
    const game = t.game;
    const { dealer } = context();
    let number = t.fair.next();
    while (!game.isOver(state) && game.awaitsDeal(state)) {
      // A duplicate tournament table's cards are the round's (tournaments-play.ts), the same at every table.
      const dup = t.tournament?.duplicate;
      const own = dup
        ? fixedDeal(game, state, dup, t.tournament!.round, number)
        : dealer === randomDealer
          ? undefined
          : dealer(t.row.id, game, state, this.chance);
      const deal = own ?? (await t.fair.draw(game, state, number));
      number++;
      // The proof (`fair`) is stored with the deal; the engine takes the cards.
      const { fair: _, ...cards } = deal as Record<string, unknown>;
      const next = game.applyDeal(state, own ?? cards);
      if (!next.ok) {
        context().log.error({ table: t.row.id, error: next.error }, 'deal failed');
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
  private async commit(
    state: unknown,
    steps: readonly StoredStep[],
    src: Source,
    rec: ActionTrace | null = null,
  ): Promise<boolean> {
    const t = this.t;
    const status: TableStatus = t.game.isOver(state) ? 'over' : 'playing';
    const reason = 'the change could not be stored; the table is as it was, try again';
    // A parked table writes nothing more (a job queued before it was parked finds it so).
    if (t.parked) {
      this.fail(src, 'not-found', 'this table was parked; ask for it again');
      return false;
    }
    if (this.doubt) {
      // The last failed write is not settled yet (the database does not answer): write nothing.
      this.fail(src, 'storage', reason);
      return false;
    }
    if (!context().owner.leases.holds(t.row.id)) {
      // Its lease could not be renewed in time (owner.ts): another process may own the table by now.
      this.fail(src, 'storage', reason);
      return false;
    }
    const stored = rec ? TailTracer.now() : 0;
    try {
      await context().store.append(t.row.id, steps, status !== t.status ? status : undefined);
    } catch (e) {
      this.doubt = { steps, state };
      context().log.error({ table: t.row.id, seq: t.seq, err: e }, 'storing steps failed');
      this.fail(src, 'storage', reason);
      return false;
    }
    const ended = status === 'over' && t.status !== 'over';
    const fair = t.fair.taken(steps, status === 'over');
    const sent = rec ? TailTracer.now() : 0;
    if (rec) {
      rec.store = sent - stored;
      tail!.cur = rec;
    }
    this.advance(state, steps, src);
    const after = rec ? TailTracer.now() : 0;
    if (rec) {
      rec.send = after - sent - rec.project;
      tail!.cur = null;
    }
    // A new deal or the match result: the deals now over get analysed (analysis.ts).
    if (steps.some((s) => s.kind === 'deal') || t.game.isOver(state)) context().analyses.dealsEnded(t.row.id);
    // The match is over: its statistics are stored now, so the profiles show it within seconds (statsdb.ts).
    if (ended) matchEnded(context().store, t.row.id, context().log);
    // A tournament's table ended: its result is taken up at once where this process drives the tournament.
    if (ended && t.tournament) context().tournaments.poke();
    if (fair) this.hooks.fairChanged();
    if (rec) {
      const end = TailTracer.now();
      rec.after = end - after;
      rec.total = end - rec.at;
      rec.deal = steps.some((s) => s.kind === 'deal');
      rec.over = ended;
    }
    return true;
  }

  /** Makes stored steps the table's state; the room sends every connection its update. */
  private advance(state: unknown, steps: readonly StoredStep[], src: Source) {
    const t = this.t;
    const over = t.game.isOver(state);
    const status: TableStatus = over ? 'over' : 'playing';
    this.retries = 0;
    t.past.push({ seq: t.seq, gs: t.gs });
    if (t.past.length > PAST_STEPS) t.past.shift();
    t.gs = state;
    t.seq += steps.length;
    // A deal is dealt only once the one before has ended: the progress in the table's info (the deals played,
    // the score; the lobby's "Spiel 2 von 24") moved on.
    const infoChanged = status !== t.status || steps.some((x) => x.kind === 'deal');
    const started = t.status === 'waiting';
    t.status = status;
    if (started) t.starting = false;
    this.hooks.advanced(src, started, infoChanged, over);
  }

  /**
   * Runs an automatic step again after its write failed, with backoff; a newer change of the table makes
   * it moot (that change started its own steps). One pending retry per table.
   */
  retryLater(step: () => void) {
    const t = this.t;
    if (t.disposed) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const ms = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.retries);
    this.retries++;
    const seq = t.seq;
    context().log.warn({ table: t.row.id, seq, ms }, 'automatic step will be retried');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!t.disposed && !t.parked && t.seq === seq) step();
    }, ms);
  }

  /** Deals the first deal once every seat is taken (or the host started the match: start.ts). */
  startIfReady() {
    const t = this.t;
    if (t.status !== 'waiting' || t.starting || t.parked) return;
    if (!allSeated(t)) return;
    t.starting = true;
    this.enqueue(async () => {
      // Parked while the deal waited in the queue: the table stays parked and waiting.
      if (t.parked) t.starting = false;
      if (t.status !== 'waiting' || t.parked) return;
      const steps: StoredStep[] = [];
      const state = await this.dealIfDue(t.gs, t.seq, steps);
      if (state === undefined) {
        t.starting = false;
        return;
      }
      if (await this.commit(state, steps, {})) return;
      this.retryLater(() => {
        if (t.status !== 'waiting') return;
        t.starting = false;
        this.startIfReady();
      });
    });
  }
}

/** States kept for `sameChoice`: more steps than the other seats of a simultaneous choice can take. */
const PAST_STEPS = 8;

/**
 * Whether an action sent for an earlier step is still the seat's choice: its legal actions then and now are
 * the same, so only other seats moved meanwhile and nothing the seat chose from changed (three computers
 * giving their Differenzler estimates while a person types his). Any other earlier step is `stale`.
 */
function sameChoice(t: TableState, seat: Seat, seq: number): boolean {
  if (seq > t.seq) return false;
  const then = t.past.find((p) => p.seq === seq);
  if (!then) return false;
  const before = t.game.legalActions(then.gs, seat);
  return before.length > 0 && JSON.stringify(before) === JSON.stringify(t.game.legalActions(t.gs, seat));
}

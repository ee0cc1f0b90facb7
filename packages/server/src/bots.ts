/**
 * Runs computer players: the `random` level inline (it costs nothing), every other level on the worker
 * threads of a BotPool so the event loop never waits for a search. The pool starts on first use; its
 * requests are taken in turn by owner and table (fairq.ts).
 */
import { BotPool, type BotRequest, decide, makesOptionalCalls } from '@stich/bots';
import type { Hint } from '@stich/bots/analysis/hint';
import type { Action } from '@stich/engine';
import { cryptoRng, pick } from '@stich/engine';
import { FairQueue, type Who } from './fairq.ts';

/** Tests only: runs before each optional decision, which waits for it (e.g. to hold it back). */
export type OptionalGate = (req: BotRequest) => Promise<void>;

export class Bots {
  private pool: BotPool | undefined;
  private readonly size: number;
  private readonly queue: FairQueue;
  private readonly gate: OptionalGate | undefined;
  constructor(size: number, gate?: OptionalGate) {
    this.size = size;
    this.queue = new FairQueue(size);
    this.gate = gate;
  }

  private workers(): BotPool {
    this.pool ??= new BotPool({ size: this.size });
    return this.pool;
  }

  async decide(req: BotRequest, who: Who): Promise<Action> {
    if (req.legal.length === 0) throw new Error('no legal action');
    if (req.legal.length === 1) return req.legal[0];
    if (req.level === 'random') return decide(req);
    try {
      return await this.queue.run(who, () => this.workers().decide(req));
    } catch {
      // A failing bot must not stall the table: play a random legal action instead.
      return pick(req.legal, cryptoRng);
    }
  }

  /**
   * An optional actor's call (a seat listed in `toAct` after the seat to act), or null to say nothing, on the
   * same workers and in the same turn by owner as moves. A failure says nothing: nobody waits for the call.
   */
  async optional(req: BotRequest, who: Who): Promise<Action | null> {
    if (!makesOptionalCalls(req.game, req.level)) return null;
    try {
      await this.gate?.(req);
      return await this.queue.run(who, () => this.workers().optional(req));
    } catch {
      return null;
    }
  }

  /** The search player's hint for the request's seat (docs/analysis.md), on the bot workers. */
  hint(req: BotRequest, who: Who): Promise<Hint> {
    return this.queue.run(who, () => this.workers().hint(req));
  }

  async close(): Promise<void> {
    const p = this.pool;
    this.pool = undefined;
    await p?.close();
  }
}

/**
 * Runs computer players: the `random` level inline (it costs nothing), every other level on the worker
 * threads of a BotPool so the event loop never waits for a search. The pool starts on first use; its
 * requests are taken in turn by owner and table (fairq.ts).
 */
import { BotPool, type BotRequest, decide } from '@stich/bots';
import type { Hint } from '@stich/bots/analysis/hint';
import type { Action } from '@stich/engine';
import { cryptoRng, pick } from '@stich/engine';
import { FairQueue, type Who } from './fairq.ts';

export class Bots {
  private pool: BotPool | undefined;
  private readonly size: number;
  private readonly queue: FairQueue;
  constructor(size: number) {
    this.size = size;
    this.queue = new FairQueue(size);
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

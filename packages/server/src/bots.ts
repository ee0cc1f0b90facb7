/**
 * Runs computer players: the `random` level inline (it costs nothing), every other level on the worker
 * threads of a BotPool so the event loop never waits for a search. The pool starts on first use.
 */
import { BotPool, type BotRequest, decide } from '@stich/bots';
import type { Hint } from '@stich/bots/analysis/hint';
import type { Action } from '@stich/engine';
import { cryptoRng, pick } from '@stich/engine';

export class Bots {
  private pool: BotPool | undefined;
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }

  async decide(req: BotRequest): Promise<Action> {
    if (req.legal.length === 0) throw new Error('no legal action');
    if (req.legal.length === 1) return req.legal[0];
    if (req.level === 'random') return decide(req);
    this.pool ??= new BotPool({ size: this.size });
    try {
      return await this.pool.decide(req);
    } catch {
      // A failing bot must not stall the table: play a random legal action instead.
      return pick(req.legal, cryptoRng);
    }
  }

  /** The search player's hint for the request's seat (docs/analysis.md), on the bot workers. */
  hint(req: BotRequest): Promise<Hint> {
    this.pool ??= new BotPool({ size: this.size });
    return this.pool.hint(req);
  }

  async close(): Promise<void> {
    const p = this.pool;
    this.pool = undefined;
    await p?.close();
  }
}

/**
 * A pool of worker threads that run `decide`. Requests queue when every worker is busy; a worker that
 * dies rejects its request and is replaced.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Action } from '@stich/engine';
import type { Hint } from './analysis/hint.ts';
import type { BotRequest } from './index.ts';

interface Job {
  readonly req: BotRequest;
  /**
   * `hint`: the search player's suggestion with its values (analysis/hint.ts) instead of an action;
   * `optional`: an optional actor's call or null (`decideOptional`).
   */
  readonly kind?: 'hint' | 'optional';
  readonly resolve: (a: Action) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

const WORKER_URL = new URL('./worker.ts', import.meta.url);

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(opts?: { size?: number }) {
    const size = Math.max(1, opts?.size ?? Math.max(1, availableParallelism() - 1));
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  decide(req: BotRequest): Promise<Action> {
    if (this.closed) return Promise.reject(new Error('bot pool is closed'));
    return new Promise<Action>((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.pump();
    });
  }

  /** The search player's hint for the request's seat (docs/analysis.md), on the same workers as moves. */
  hint(req: BotRequest): Promise<Hint> {
    if (this.closed) return Promise.reject(new Error('bot pool is closed'));
    return new Promise<Hint>((resolve, reject) => {
      this.queue.push({ req, kind: 'hint', resolve: resolve as unknown as (a: Action) => void, reject });
      this.pump();
    });
  }

  /** An optional actor's call, or null to say nothing (`decideOptional`), on the same workers as moves. */
  optional(req: BotRequest): Promise<Action | null> {
    if (this.closed) return Promise.reject(new Error('bot pool is closed'));
    return new Promise<Action | null>((resolve, reject) => {
      this.queue.push({ req, kind: 'optional', resolve: resolve as (a: Action) => void, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('bot pool closed'));
    await Promise.all(
      this.slots.map(async (s) => {
        s.job?.reject(new Error('bot pool closed'));
        s.job = undefined;
        await s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), job: undefined };
    slot.worker.on('message', (msg: { ok: true; action: Action } | { ok: false; error: string }) => {
      const job = slot.job;
      slot.job = undefined;
      slot.worker.unref();
      if (job) {
        if (msg.ok) job.resolve(msg.action);
        else job.reject(new Error(msg.error));
      }
      this.pump();
    });
    // A worker that fails or stops rejects its request and is replaced (unless the pool is closing).
    const lost = (e: Error) => {
      const job = slot.job;
      slot.job = undefined;
      job?.reject(e);
      if (this.closed) return;
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots[i] = this.spawn();
      this.pump();
    };
    slot.worker.on('error', (e) => lost(e instanceof Error ? e : new Error(String(e))));
    slot.worker.on('exit', (code) => lost(new Error(`bot worker stopped (exit code ${code})`)));
    slot.worker.unref();
    return slot;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      // A busy worker keeps the process alive until it answers; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage(job.kind ? { kind: job.kind, req: job.req } : job.req);
    }
  }
}

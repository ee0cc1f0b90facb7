/**
 * Deal analyses off the event loop: one worker thread of its own (worker.ts, at the lowest scheduling
 * priority), apart from the bot workers, so a long analysis never holds up a bot's move. Jobs run one
 * after another in the order given; a worker that dies rejects its job and is replaced on the next one.
 */
import { Worker } from 'node:worker_threads';
import type { GameRecord } from '@stich/engine';
import type { DealAnalysis, Unit } from './index.ts';

export type StoredAnalysis = DealAnalysis & { readonly unit: Unit };

interface Job {
  readonly record: GameRecord;
  readonly deal: number;
  readonly resolve: (a: StoredAnalysis) => void;
  readonly reject: (e: Error) => void;
}

/** The job's worker died or the pool closed: not the record's fault, worth another try. */
export class AnalysisLost extends Error {}

const WORKER_URL = new URL('./worker.ts', import.meta.url);

export class AnalysisPool {
  private worker: Worker | undefined;
  private job: Job | undefined;
  private readonly queue: Job[] = [];
  private closed = false;

  /** Jobs waiting or running. */
  get pending(): number {
    return this.queue.length + (this.job ? 1 : 0);
  }

  analyze(record: GameRecord, deal: number): Promise<StoredAnalysis> {
    if (this.closed) return Promise.reject(new AnalysisLost('analysis pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ record, deal, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new AnalysisLost('analysis pool closed'));
    this.job?.reject(new AnalysisLost('analysis pool closed'));
    this.job = undefined;
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }

  private spawn(): Worker {
    const w = new Worker(WORKER_URL);
    w.on('message', (msg: { ok: true; analysis: StoredAnalysis } | { ok: false; error: string }) => {
      const job = this.job;
      this.job = undefined;
      if (job) {
        if (msg.ok) job.resolve(msg.analysis);
        else job.reject(new Error(msg.error));
      }
      this.pump();
    });
    const lost = (e: AnalysisLost) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      const job = this.job;
      this.job = undefined;
      job?.reject(e);
      if (!this.closed) this.pump();
    };
    w.on('error', (e) => lost(new AnalysisLost(e instanceof Error ? e.message : String(e))));
    w.on('exit', (code) => lost(new AnalysisLost(`analysis worker stopped (exit code ${code})`)));
    return w;
  }

  private pump(): void {
    if (this.closed || this.job || this.queue.length === 0) {
      // Idle: the worker does not keep the process alive.
      if (!this.job) this.worker?.unref();
      return;
    }
    this.worker ??= this.spawn();
    const job = this.queue.shift()!;
    this.job = job;
    this.worker.ref();
    this.worker.postMessage({ record: job.record, deal: job.deal });
  }
}

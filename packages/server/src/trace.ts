/**
 * Tail tracing (`TRACE_TAIL=<file>`, docs/server.md "Tail tracing"): where the server's time goes for each
 * action, to attribute the slow ones of a load test (bench/loadtest.ts `--trace`). Off unless the variable
 * is set: then `tail` is null and every hook is one check of it. On, the server records
 * - per action its own time, split: apply (parse, apply, deal), the store's wait (the group write and the
 *   turn it waits for), projection (events.ts), sending (encoding and socket writes), and what follows (the
 *   analysis and statistics calls); whether it dealt (a deal ended) or ended the match;
 * - each group write of steps (store.ts): when, how long, how many tables;
 * - GC pauses (PerformanceObserver 'gc'), the event loop's delay (monitorEventLoopDelay) and its stalls
 *   (a 5 ms timer late by 20 ms or more) with the main thread's CPU time in each: busy (JavaScript or GC
 *   held the loop) or starved (the thread waited for a core: the machine was loaded);
 * - analysis jobs queued (analysis.ts).
 * SIGUSR2 writes everything recorded since the last signal to the file (as JSON, through a rename, so a
 * reader never sees half of it) and starts over. Times are milliseconds since the Unix epoch
 * (`performance.timeOrigin + performance.now()`), comparable with the load generator's on one machine.
 *
 * This module's `tail` is the only state it holds: the tracer, made once at import when the variable is set.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

/** One action's server time (ms; `at`: epoch ms when the table's queue started it). */
export interface ActionTrace {
  table: string;
  seat: number;
  id: number | string | null;
  at: number;
  apply: number;
  store: number;
  project: number;
  send: number;
  after: number;
  total: number;
  /** The action ended a deal (the next one was dealt with it) or the match. */
  deal: boolean;
  over: boolean;
}

/** An interval of something else that ran (epoch ms, ms). */
export interface Span {
  at: number;
  ms: number;
}

const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
/** Stall detection: a timer every 5 ms; one that fires 20 ms or more late marks a blocked loop. */
const TICK_MS = 5;
const STALL_MS = 20;

export class TailTracer {
  readonly file: string;
  actions: ActionTrace[] = [];
  groups: (Span & { jobs: number; steps: number })[] = [];
  gc: (Span & { kind: string })[] = [];
  stalls: (Span & { cpuMs: number })[] = [];
  analyses: Span[] = [];
  /** The action whose update is being sent (set around the room's synchronous `advance`). */
  cur: ActionTrace | null = null;
  private readonly loop = monitorEventLoopDelay({ resolution: 1 });
  private since = TailTracer.now();

  constructor(file: string) {
    this.file = file;
    this.loop.enable();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? 0;
        this.gc.push({
          at: performance.timeOrigin + e.startTime,
          ms: e.duration,
          kind: GC_KINDS[kind] ?? String(kind),
        });
      }
    }).observe({ entryTypes: ['gc'] });
    let last = performance.now();
    let cpu = process.threadCpuUsage();
    setInterval(() => {
      const now = performance.now();
      const late = now - last - TICK_MS;
      const used = process.threadCpuUsage();
      if (late >= STALL_MS) {
        // The main thread's CPU time in the stall: near its length, JavaScript blocked the loop; far below,
        // the thread waited for a core (a loaded machine) or for the system.
        const cpuMs = (used.user + used.system - cpu.user - cpu.system) / 1000;
        this.stalls.push({ at: performance.timeOrigin + last + TICK_MS, ms: late, cpuMs });
      }
      last = now;
      cpu = used;
    }, TICK_MS).unref();
    process.on('SIGUSR2', () => this.dump());
  }

  static now(): number {
    return performance.timeOrigin + performance.now();
  }

  /** A new action record, started now. */
  begin(table: string, seat: number, id: number | string | null | undefined): ActionTrace {
    const a: ActionTrace = {
      table,
      seat,
      id: id ?? null,
      at: TailTracer.now(),
      apply: 0,
      store: 0,
      project: 0,
      send: 0,
      after: 0,
      total: 0,
      deal: false,
      over: false,
    };
    this.actions.push(a);
    return a;
  }

  /** Writes what was recorded since the last dump to the file, and starts over. */
  dump() {
    const h = this.loop;
    const ms = (ns: number) => ns / 1e6;
    const data = {
      from: this.since,
      to: TailTracer.now(),
      loopDelayMs: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean) },
      actions: this.actions,
      groups: this.groups,
      gc: this.gc,
      stalls: this.stalls,
      analyses: this.analyses,
    };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(data));
    renameSync(`${this.file}.tmp`, this.file);
    h.reset();
    this.since = data.to;
    this.actions = [];
    this.groups = [];
    this.gc = [];
    this.stalls = [];
    this.analyses = [];
  }
}

/** The tracer, when TRACE_TAIL names a file; null otherwise (every hook checks this once). */
export const tail: TailTracer | null = process.env.TRACE_TAIL ? new TailTracer(process.env.TRACE_TAIL) : null;

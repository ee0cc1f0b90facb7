/**
 * Deal analyses (docs/analysis.md): each finished deal of a table is analysed on the analysis worker
 * thread (AnalysisPool: its own thread at the lowest priority, so bot moves and the event loop never
 * wait for it) and stored in `analyses`, one row per deal. A table asks for it when a deal ends
 * (`dealsEnded`, with ANALYZE_DEALS=on); GET /api/tables/:id/analysis serves the stored analyses of a
 * finished match and queues any deal still missing (after a restart, or with ANALYZE_DEALS=off).
 */

import { performance } from 'node:perf_hooks';
import { createEndpoint } from '@colyseus/core';
import { AnalysisLost, AnalysisPool, type StoredAnalysis } from '@stich/bots/analysis/pool';
import { mergeSummaries, UNITS } from '@stich/bots/analysis/summary';
import { type GameRecord, gameById } from '@stich/engine';
import type { AnalysisFailure, AnalysisResponse, DealAnalysisWire } from '@stich/protocol';
import { AROUND_API } from '@stich/protocol';
import type { Logger } from 'pino';
import { context } from './context.ts';
import type { Db } from './db.ts';
import type { RouteKit } from './replay.ts';
import { withheld } from './tournaments-tables.ts';
import { TailTracer, tail } from './trace.ts';

/** The deals of a record that are over: all but the running one, every deal once the match is over. */
function finishedDeals(record: GameRecord, over: boolean): number[] {
  const n = over ? record.deals.length : record.deals.length - 1;
  return Array.from({ length: Math.max(0, n) }, (_, i) => i);
}

/** Tries of a deal whose analysis worker was lost before it is stored as failed. */
const LOST_TRIES = 3;

export class Analyses {
  private pool: AnalysisPool | undefined;
  /** `table/deal` of the analyses queued or running in this process. */
  private readonly queued = new Set<string>();
  /** `table/deal`: how often its analysis lost its worker (a crash, not the record's fault). */
  private readonly lost = new Map<string, number>();
  private closed = false;
  /** The event loop's utilisation in the last second, measured every second. */
  private utilization = 0;
  private readonly meter: NodeJS.Timeout;
  private readonly db: Db;
  private readonly log: Logger;

  constructor(db: Db, log: Logger) {
    this.db = db;
    this.log = log;
    let last = performance.eventLoopUtilization();
    this.meter = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.utilization = performance.eventLoopUtilization(now, last).utilization;
      last = now;
    }, 1000).unref();
  }

  /** Deal numbers of the table's stored analyses, failed ones included. */
  async storedDeals(tableId: string): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('analyses')
      .select('deal')
      .where('table_id', '=', tableId)
      .execute();
    return new Set(rows.map((r) => Number(r.deal)));
  }

  /** The table's stored analyses, and the deals whose analysis failed (stored as `{ deal, failed }`). */
  async stored(tableId: string): Promise<{ deals: DealAnalysisWire[]; failed: AnalysisFailure[] }> {
    const rows = await this.db
      .selectFrom('analyses')
      .select(['deal', 'data'])
      .where('table_id', '=', tableId)
      .orderBy('deal')
      .execute();
    const deals: DealAnalysisWire[] = [];
    const failed: AnalysisFailure[] = [];
    for (const r of rows) {
      const data = JSON.parse(r.data) as DealAnalysisWire | { deal: number; failed: string };
      if ('failed' in data) failed.push({ deal: Number(r.deal), reason: data.failed });
      else deals.push(data);
    }
    return { deals, failed };
  }

  /**
   * Queues every finished deal of the record that is neither stored nor queued; returns the deals
   * not stored yet. Never throws. A deal whose analysis fails is stored as failed and never tried again
   * (the same record fails the same way); one whose worker was lost is tried again up to LOST_TRIES times.
   */
  async queue(tableId: string, record: GameRecord, over: boolean): Promise<number[]> {
    const done = await this.storedDeals(tableId);
    const missing = finishedDeals(record, over).filter((d) => !done.has(d));
    for (const deal of missing) {
      const key = `${tableId}/${deal}`;
      if (this.queued.has(key)) continue;
      this.queued.add(key);
      this.pool ??= new AnalysisPool();
      this.pool
        .analyze(record, deal)
        .then(
          (a) => this.save(tableId, deal, a),
          (e: unknown) => this.failed(tableId, deal, e),
        )
        .catch((e: unknown) =>
          this.log.warn({ table: tableId, deal, err: String(e) }, 'deal analysis not stored'),
        )
        .finally(() => this.queued.delete(key));
    }
    return missing;
  }

  private async failed(tableId: string, deal: number, e: unknown): Promise<void> {
    const key = `${tableId}/${deal}`;
    const reason = e instanceof Error ? e.message : String(e);
    if (e instanceof AnalysisLost) {
      if (this.closed) return;
      const tries = (this.lost.get(key) ?? 0) + 1;
      this.lost.set(key, tries);
      this.log.warn({ table: tableId, deal, err: reason, tries }, 'deal analysis lost its worker');
      if (tries < LOST_TRIES) return;
    }
    this.lost.delete(key);
    this.log.warn({ table: tableId, deal, err: reason }, 'deal analysis failed; not tried again');
    await this.db
      .insertInto('analyses')
      .values({
        table_id: tableId,
        deal,
        data: JSON.stringify({ deal, failed: reason }),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['table_id', 'deal']).doNothing())
      .execute();
  }

  /**
   * Called by a table after steps that start a deal or end the match: analyses the deals now over, unless
   * `analyzeBacklog` analyses are already queued or running or the event loop is busier than `analyzeBusy`
   * (checked before the record is read, so a busy server pays nothing for the deals it leaves; they are
   * analysed when the match's analysis is asked for). 500 Differenzler tables at 3,000 actions/s end about
   * 80 deals a second; one thread analyses about 0.3.
   */
  dealsEnded(tableId: string): void {
    const { config } = context();
    if (!config.analyzeDeals || this.queued.size >= config.analyzeBacklog) return;
    // 1 is "never busy": a loop fully used for a second measures exactly 1.
    if (config.analyzeBusy < 1 && this.utilization >= config.analyzeBusy) return;
    void (async () => {
      const { store } = context();
      // Tail tracing (trace.ts): from here until the deals are queued (reading the whole record).
      const at = tail ? TailTracer.now() : 0;
      const [record, row] = await Promise.all([store.record(tableId), store.table(tableId)]);
      if (record && row) await this.queue(tableId, record, row.status === 'over');
      if (tail) tail.analyses.push({ at, ms: TailTracer.now() - at });
    })().catch((e: unknown) => this.log.warn({ table: tableId, err: String(e) }, 'deal analysis not queued'));
  }

  private async save(tableId: string, deal: number, a: StoredAnalysis): Promise<void> {
    const { unit: _, ...wire } = a;
    await this.db
      .insertInto('analyses')
      .values({ table_id: tableId, deal, data: JSON.stringify(wire), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['table_id', 'deal']).doNothing())
      .execute();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.meter);
    const p = this.pool;
    this.pool = undefined;
    await p?.close();
  }
}

export function analysisRoute(kit: RouteKit) {
  const { fail, json } = kit;
  return {
    tableAnalysis: createEndpoint(AROUND_API.analysis, { method: 'GET' }, async (ctx) => {
      const id = String(ctx.params.id);
      const code = typeof ctx.query?.code === 'string' ? ctx.query.code : undefined;
      const v = await kit.visibleTable(id, code, await kit.playerOf(ctx.headers));
      if (v.error) return v.error;
      // The analysis shows every hand: like the record, only once the match is over.
      if (v.row.status !== 'over')
        return fail('not-finished', 'the analysis is available when the match is over');
      if (await withheld(context().store.db, v.row.id))
        return fail('not-finished', 'the analysis is available when every table of the round is done');
      const { store, analyses } = context();
      const record = await store.record(id);
      if (!record || !gameById(record.game)) return fail('not-found', 'no record for this table');
      const pending = await analyses.queue(id, record, true);
      const { deals, failed } = await analyses.stored(id);
      const body: AnalysisResponse = {
        game: record.game,
        unit: UNITS[record.game],
        names: record.players ?? [],
        deals,
        match: mergeSummaries(deals, v.row.setup.length),
        pending,
        failed,
      };
      return json(body);
    }),
  };
}

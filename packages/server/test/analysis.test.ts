/**
 * Deal analyses on the server (docs/analysis.md): every finished deal is analysed on the analysis
 * worker and stored; GET /api/tables/:id/analysis serves them once the match is over. On both databases.
 */
import { analyzeRecord } from '@stich/bots/analysis/index';
import { parseRecord } from '@stich/engine';
import type { AnalysisResponse } from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { api, autoplay, Conn, createTable, DB_KINDS, DUEL, guest, isState, serve } from './helpers.ts';

// The analysis thread runs at the lowest priority: on a loaded test machine it waits for every other job.
const until = async <T>(f: () => Promise<T | undefined>, ms = 150_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** One person against a computer player: the table both describe blocks analyse. */
const ALONE = {
  ...DUEL,
  seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
  visibility: 'private',
  seat: 0,
};

describe.each(DB_KINDS)('deal analysis (%s)', (kind) => {
  // ANALYZE_BUSY 1 and a backlog larger than the match: every deal, however busy the test machine (its
  // analysis thread, at the lowest priority, may still hold the earlier deals when the match ends).
  const srv = serve(kind, { ANALYZE_DEALS: 'on', ANALYZE_BUSY: '1', ANALYZE_BACKLOG: '1000' });
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });

  it('analyses each finished deal in the worker, stores it and serves it after the match', async () => {
    const anna = await guest(srv.url, 'Anna');
    const r = await createTable(srv.url, anna.token, ALONE);
    const id = r.table.id;
    const c = await Conn.join(srv.url, id, { token: anna.token });
    conns.push(c);
    autoplay(c, 0);
    // While the match runs the analysis is not served: it shows every hand.
    const early = await api(srv.url, 'GET', `/api/tables/${id}/analysis`, undefined, anna.token);
    expect(early.status).toBe(409);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    const rec = await api(srv.url, 'GET', `/api/tables/${id}/record`, undefined, anna.token);
    const record = parseRecord(rec.body);
    if (!record.ok) throw new Error(record.error.reason);
    const deals = record.value.deals.length;
    // Stored without anyone asking: one row per deal.
    const db = context().store.db;
    await until(async () => {
      const rows = await db.selectFrom('analyses').select('deal').where('table_id', '=', id).execute();
      return rows.length === deals ? rows : undefined;
    });
    const a = await api<AnalysisResponse>(
      srv.url,
      'GET',
      `/api/tables/${id}/analysis`,
      undefined,
      anna.token,
    );
    expect(a.status).toBe(200);
    expect(a.body.pending).toEqual([]);
    expect(a.body.unit).toBe('card points');
    expect(a.body.names[0]).toBe('Anna');
    expect(a.body.deals.map((d) => d.deal)).toEqual(Array.from({ length: deals }, (_, i) => i));
    // What is stored is the analysis of the record (deterministic: the same on every machine).
    const fresh = analyzeRecord(record.value, { deal: 0 }).deals[0];
    expect(a.body.deals[0]).toEqual(JSON.parse(JSON.stringify(fresh)));
    const cards = a.body.deals.flatMap((d) => d.moves).filter((m) => m.kind === 'card' && !m.forced);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((m) => m.dd !== null && m.dd!.loss >= 0)).toBe(true);
    const total = a.body.deals.reduce((x, d) => x + d.seats[1].ddLoss, 0);
    expect(a.body.match[1].ddLoss).toBeCloseTo(total, 5);
    // Someone without access to the private table is not shown it.
    const bob = await guest(srv.url, 'Bob');
    expect((await api(srv.url, 'GET', `/api/tables/${id}/analysis`, undefined, bob.token)).status).toBe(404);
  }, 240_000);
});

describe.each<{ why: string; env: Record<string, string> }>([
  { why: 'a full backlog', env: { ANALYZE_BACKLOG: '0' } },
  { why: 'a busy event loop', env: { ANALYZE_BUSY: '0' } },
])('deal analysis with $why (sqlite)', ({ env }) => {
  // At 0 the worker or the event loop counts as busy: deals that end are left until the analysis is asked for.
  const srv = serve('sqlite', { ANALYZE_DEALS: 'on', ...env });
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });

  it('queues nothing while the match runs, and analyses every deal when the analysis is asked for', async () => {
    const anna = await guest(srv.url, 'Anna');
    const r = await createTable(srv.url, anna.token, ALONE);
    const id = r.table.id;
    const c = await Conn.join(srv.url, id, { token: anna.token });
    conns.push(c);
    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    const db = context().store.db;
    const stored = async () =>
      (await db.selectFrom('analyses').select('deal').where('table_id', '=', id).execute()).length;
    // A deal's analysis would be queued at the next deal's start: none was, and none is stored.
    await new Promise((res) => setTimeout(res, 500));
    expect(await stored()).toBe(0);
    const first = await api<AnalysisResponse>(
      srv.url,
      'GET',
      `/api/tables/${id}/analysis`,
      undefined,
      anna.token,
    );
    expect(first.status).toBe(200);
    const deals = first.body.pending.length;
    expect(deals).toBeGreaterThan(0);
    await until(async () => ((await stored()) === deals ? true : undefined));
  }, 240_000);
});

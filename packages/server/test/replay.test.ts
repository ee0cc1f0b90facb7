/**
 * Replays cost the server little (issue 22): a finished table's replay is its record, sent once and cached,
 * never a view per step; record files are not replayed by the server at all; each address may ask for
 * REPLAYS_PER_MINUTE replays and records. On both databases, with the audit's records (test/records.ts).
 */
import { gzipSync } from 'node:zlib';
import type { ReplayResponse } from '@stich/protocol';
import { replaySession } from '@stich/protocol/replay';
import { describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { api, DB_KINDS, serve } from './helpers.ts';
import { differenzlerRecord, klaberjassRecord, storeFinished } from './records.ts';

describe.each(DB_KINDS)('replays (%s)', (kind) => {
  const srv = serve(kind);

  it('answers a finished 100-round Differenzler match with its record once, the size of the record', async () => {
    const record = differenzlerRecord(100);
    const { id } = await storeFinished(record);
    const res = await fetch(`${srv.url}/api/tables/${id}/replay`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as ReplayResponse;
    expect(body.viewer).toBeNull();
    expect(body.link).toBe(`/#/replay/${id}`);
    const rec = await api(srv.url, 'GET', `/api/tables/${id}/record`);
    expect(body.record).toEqual(rec.body);
    // The answer is the record and a few bytes more (it was 49.9 MB of views: a view per step).
    expect(text.length).toBeLessThan(JSON.stringify(rec.body).length + 200);
    // The client steps through it: every step of the match is there.
    const s = replaySession(body.record, body.viewer);
    if (!s.ok) throw new Error(s.reason);
    expect(s.value.length).toBe(1 + record.deals.length + record.actions.length);
    // Gzip-compressed when asked for: the same body.
    const gz = await fetch(`${srv.url}/api/tables/${id}/replay`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves a finished table from its cache: the database is not read for the record again', async () => {
    const { id } = await storeFinished(differenzlerRecord(2));
    const first = await api<ReplayResponse>(srv.url, 'GET', `/api/tables/${id}/replay`);
    expect(first.status).toBe(200);
    // A finished table never changes; were its steps read again, this would show.
    await context().store.db.deleteFrom('steps').where('table_id', '=', id).execute();
    const again = await api<ReplayResponse>(srv.url, 'GET', `/api/tables/${id}/replay`);
    expect(again.body).toEqual(first.body);
    const record = await api(srv.url, 'GET', `/api/tables/${id}/record`);
    expect(record.body).toEqual(first.body.record);
  });

  it('replays no record file: POST /api/replay with the audit records is no endpoint', async () => {
    for (const rec of [klaberjassRecord(6000), differenzlerRecord(12)]) {
      const gz = gzipSync(JSON.stringify(rec)).toString('base64');
      expect(gz.length).toBeLessThan(16 * 1024);
      const r = await api(srv.url, 'POST', '/api/replay', { gz });
      expect(r.status).toBe(404);
    }
  });

  it('names the seat of a player, nobody for anyone else, and a link with the code of a private table', async () => {
    const { id, invite, tokens } = await storeFinished(differenzlerRecord(1), 'private');
    expect((await api(srv.url, 'GET', `/api/tables/${id}/replay`)).status).toBe(404);
    const seated = await api<ReplayResponse>(
      srv.url,
      'GET',
      `/api/tables/${id}/replay`,
      undefined,
      tokens[2],
    );
    expect(seated.body.viewer).toBe(2);
    expect(seated.body.link).toBe(`/#/replay/${id}?code=${invite}`);
    const other = await api<ReplayResponse>(srv.url, 'GET', `/api/tables/${id}/replay?code=${invite}`);
    expect(other.status).toBe(200);
    expect(other.body.viewer).toBeNull();
    expect(other.body.record).toEqual(seated.body.record);
  });
});

describe.each(DB_KINDS)('replays per address (%s)', (kind) => {
  const srv = serve(kind, { REPLAYS_PER_MINUTE: '3' });

  it('REPLAYS_PER_MINUTE: an address gets that many replays and records a minute, then 429', async () => {
    const { id } = await storeFinished(differenzlerRecord(1));
    const paths = [`/api/tables/${id}/replay`, `/api/tables/${id}/record`, `/api/tables/${id}/replay`];
    for (const p of paths) expect((await api(srv.url, 'GET', p)).status).toBe(200);
    const res = await fetch(`${srv.url}/api/tables/${id}/replay`);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe('too-many-requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(srv.url, 'GET', `/api/tables/${id}/record`)).status).toBe(429);
  });
});

/**
 * Hints (docs/analysis.md): POST /api/tables/:id/hint gives a seated person the search player's
 * suggestion for his own decision; on by default only with one person against computer players; every
 * hint is shown to the table and written into the record and the replay. On both databases.
 */
import type { HintResponse, ReplayResponse, TableInfo } from '@stich/protocol';
import { replaySession } from '@stich/protocol/replay';
import { afterAll, describe, expect, it } from 'vitest';
import { api, autoplay, Conn, createTable, DB_KINDS, DUEL, guest, isState, serve } from './helpers.ts';

type Legal = { t: string; card?: string };

describe.each(DB_KINDS)('hints (%s)', (kind) => {
  const srv = serve(kind);
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });

  const create = async (token: string, seats: unknown[], hints?: boolean) => {
    const r = await createTable(srv.url, token, {
      ...DUEL,
      seats,
      visibility: 'public',
      seat: 0,
      ...(hints === undefined ? {} : { hints }),
    });
    return r.table;
  };
  const bot = { kind: 'bot', level: 'random' };

  it('suggests the action for the seat’s own decision, shows the table that it was used, and records it', async () => {
    const anna = await guest(srv.url, 'Anna');
    const table = await create(anna.token, [{ kind: 'human' }, bot]);
    expect(table.hints).toEqual({ allowed: true, used: [] });
    const c = await Conn.join(srv.url, table.id, { token: anna.token });
    conns.push(c);
    const hintAt = (token: string) =>
      api<HintResponse>(srv.url, 'POST', `/api/tables/${table.id}/hint`, {}, token);
    // Play Anna's seat (first legal action) until she has a choice of cards; ask for hints on the way.
    let last = -1;
    let bidHint: HintResponse | undefined;
    let cardHint: HintResponse | undefined;
    while (!cardHint) {
      const m = await c.waitFor(
        (x) => isState(x) && x.d.seq > last && x.d.legal.length > 0 && x.d.view.toAct[0] === 0,
        30_000,
      );
      if (!isState(m)) throw new Error('not a state');
      last = m.d.seq;
      const legal = m.d.legal as Legal[];
      const cards = legal.filter((a) => a.t === 'play');
      if (cards.length >= 2 || !bidHint) {
        const h = await hintAt(anna.token);
        expect(h.status).toBe(200);
        expect(h.body.seq).toBe(m.d.seq);
        expect(legal).toContainEqual(h.body.action);
        if (cards.length >= 2) cardHint = h.body;
        else bidHint = h.body;
      }
      c.request('act', { action: legal[0], seq: m.d.seq });
    }
    expect(bidHint?.options).toBeNull();
    expect(cardHint.unit).toBe('card points');
    const values = cardHint.options!.map((o) => o.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(cardHint.options![0].action).toEqual(cardHint.action);
    // Everyone at the table is told that seat 0 used hints.
    await c.waitFor((m) => m.t === 'table' && (m.d as TableInfo).hints?.used.includes(0) === true);

    // Not for someone who does not sit at the table.
    const bob = await guest(srv.url, 'Bob');
    expect((await hintAt(bob.token)).status).toBe(403);

    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    const rec = await api<{ meta: { hints: { seat: number; seq: number }[] } }>(
      srv.url,
      'GET',
      `/api/tables/${table.id}/record`,
      undefined,
      anna.token,
    );
    expect(rec.body.meta.hints).toContainEqual({ seat: 0, seq: cardHint.seq });
    const rep = await api<ReplayResponse>(
      srv.url,
      'GET',
      `/api/tables/${table.id}/replay`,
      undefined,
      anna.token,
    );
    const session = replaySession(rep.body.record, rep.body.viewer);
    expect(session.ok && session.value.hints).toContainEqual({ seat: 0, step: cardHint.seq });
    // After the match there are no hints any more.
    const after = await hintAt(anna.token);
    expect(after.status).toBe(400);
    expect((after.body as unknown as { code: string }).code).toBe('wrong-phase');
  });

  it('offers no hints at a table of two people, nor where its creator turned them off', async () => {
    const anna = await guest(srv.url, 'Anna');
    const two = await create(anna.token, [{ kind: 'human' }, { kind: 'human' }]);
    expect(two.hints?.allowed).toBe(false);
    const off = await create(anna.token, [{ kind: 'human' }, bot], false);
    expect(off.hints?.allowed).toBe(false);
    const c = await Conn.join(srv.url, off.id, { token: anna.token });
    conns.push(c);
    await c.waitFor((m) => isState(m) && m.d.legal.length > 0, 30_000);
    const r = await api(srv.url, 'POST', `/api/tables/${off.id}/hint`, {}, anna.token);
    expect(r.status).toBe(403);
  });
});

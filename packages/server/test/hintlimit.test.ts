/**
 * Hints cost the bot workers one search per table, step and seat (hints.ts): a seat that asks again and
 * again for the same decision gets the same answer, at most HINTS_PER_STEP times; then `rate-limited`.
 */
import type { HintResponse } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { HINTS_PER_STEP } from '../src/hints.ts';
import { api, Conn, createTable, DB_KINDS, DUEL, guest, isState, serve } from './helpers.ts';

describe.each(DB_KINDS)('hint limit (%s)', (kind) => {
  const srv = serve(kind);

  it('answers twenty hints at once for one decision with one answer, and refuses those past the limit', async () => {
    const anna = await guest(srv.url, 'Anna');
    const r = await createTable(srv.url, anna.token, {
      ...DUEL,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
      seat: 0,
    });
    const id = r.table.id;
    const c = await Conn.join(srv.url, id, { token: anna.token });
    const turn = await c.waitFor(
      (x) => isState(x) && x.d.legal.length > 0 && x.d.view.toAct[0] === 0,
      30_000,
    );
    const seq = isState(turn) ? turn.d.seq : -1;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api<HintResponse & { code?: string }>(srv.url, 'POST', `/api/tables/${id}/hint`, {}, anna.token),
      ),
    );
    const given = answers.filter((a) => a.status === 200);
    expect(given).toHaveLength(HINTS_PER_STEP);
    for (const a of given) expect(a.body).toEqual(given[0].body);
    expect(given[0].body.seq).toBe(seq);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(20 - HINTS_PER_STEP);
    for (const a of refused) expect(a).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    await c.leave();
  }, 120_000);
});

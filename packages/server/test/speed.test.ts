/**
 * The pace of a table (client message `speed`, issue 21): the one person seated among computers sets how
 * long they wait before acting, bounded to 0..5000 ms; with another person at the table it is refused and
 * nothing changes. The server here waits a minute per computer move, so a computer that moves within
 * seconds of `speed` 0 moved because of it. On both databases.
 */
import type { ServerMessage } from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Conn, createTable, DB_KINDS, DUEL, guest, isState, serve } from './helpers.ts';

const bot = { kind: 'bot', level: 'random' };
const isError = (id: number) => (m: ServerMessage) => m.t === 'error' && m.id === id;

describe.each(DB_KINDS)('speed (%s)', (kind) => {
  const srv = serve(kind, { BOT_DELAY_MS: '60000' });
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });
  const create = async (token: string, seats: unknown[]) => {
    const r = await createTable(srv.url, token, {
      ...DUEL,
      seats,
      visibility: 'public',
      seat: 0,
    });
    return r.table;
  };

  it('a person alone with a computer sets its pace: the computer moves at once instead of after a minute', async () => {
    const anna = await guest(srv.url, 'Anna');
    const table = await create(anna.token, [{ kind: 'human' }, bot]);
    const c = await Conn.join(srv.url, table.id, { token: anna.token });
    conns.push(c);
    // Anna plays her turns until the computer is to act.
    let last = -1;
    for (;;) {
      const m = await c.waitFor((x) => isState(x) && x.d.seq > last, 20_000);
      if (!isState(m)) throw new Error('not a state');
      last = m.d.seq;
      if (m.d.view.toAct[0] === 1) break;
      if (m.d.view.toAct[0] === 0 && m.d.legal.length > 0) c.request('act', { action: m.d.legal[0] });
    }
    // Bounded: more than 5 s is refused and changes nothing.
    const bad = c.request('speed', { botDelayMs: 60_000 });
    await c.waitFor(isError(bad));
    c.request('speed', { botDelayMs: 0 });
    const moved = await c.waitFor((x) => isState(x) && x.d.seq > last, 20_000);
    expect(isState(moved) && moved.d.seq).toBeGreaterThan(last);
  }, 60_000);

  it('is refused with another person at the table', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bert = await guest(srv.url, 'Bert');
    const table = await create(anna.token, [{ kind: 'human' }, { kind: 'human' }]);
    const a = await Conn.join(srv.url, table.id, { token: anna.token });
    const b = await Conn.join(srv.url, table.id, { token: bert.token });
    conns.push(a, b);
    await a.waitFor(isState);
    const id = a.request('speed', { botDelayMs: 0 });
    const m = await a.waitFor(isError(id));
    expect(m.t === 'error' && m.d.code).toBe('forbidden');
  });
});

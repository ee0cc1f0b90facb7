/**
 * Who must be there for computers to play (presence.ts): a person alone against computers who leaves
 * finds his match where he left it, not played to its end by a takeover bot; a table of computers only
 * does not play while nobody is connected to it.
 */
import type { TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { api, autoplay, Conn, createTable, DB_KINDS, guest, isState, serve } from './helpers.ts';

const GRACE = 0.3;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const steps = async (id: string) => (await context().store.steps(id)).length;

describe.each(DB_KINDS)('presence (%s)', (kind) => {
  const s = serve(kind, { GRACE_SECONDS: String(GRACE) });

  it('pauses a match against computers while its one person is away, and goes on when he is back', async () => {
    const me = await guest(s.url, 'Alone');
    const r = await api<{ table: TableInfo }>(
      s.url,
      'POST',
      '/api/play-now',
      { game: 'differenzler', level: 'random', options: { rounds: 2 } },
      me.token,
    );
    const id = r.body.table.id;
    const c = await Conn.join(s.url, id, { token: me.token });
    await c.waitFor((m) => isState(m) && m.d.seq > 0);
    await c.leave();
    // Ten grace periods (a move on its way to the database when he left is stored meanwhile): a takeover
    // bot would have played the two rounds to their end by now.
    await pause(GRACE * 10_000);
    const t = await api<{ table: TableInfo }>(s.url, 'GET', `/api/tables/${id}`, undefined, me.token);
    expect(t.body.table.status).toBe('playing');
    expect(t.body.table.seats[0]).toMatchObject({ connected: false, botActive: false });
    const left = await steps(id);
    await pause(GRACE * 10_000);
    expect(await steps(id)).toBe(left);

    // Back at the table (Meine Tische), he plays the match to its end.
    const back = await Conn.join(s.url, id, { token: me.token });
    autoplay(back, 0);
    await back.waitFor((m) => isState(m) && m.d.outcome !== null, 60_000);
    await back.leave();
  }, 120_000);

  it('plays a table of computers only while someone is connected to it', async () => {
    const host = await guest(s.url, 'Host');
    const seats = Array.from({ length: 4 }, () => ({ kind: 'bot', level: 'random' }));
    const r = await createTable(s.url, host.token, {
      game: 'differenzler',
      players: 4,
      options: { rounds: 2 },
      seats,
    });
    const id = r.table.id;
    // Nobody is there: at most the first deal is stored, no bot plays.
    await pause(3000);
    expect(await steps(id)).toBeLessThanOrEqual(1);

    // Its host watches: the computers play, to the match's end.
    const watch = await Conn.join(s.url, id, { token: host.token, spectate: true });
    await watch.waitFor((m) => isState(m) && m.d.outcome !== null, 60_000);
    await watch.leave();
    const t = await api<{ table: TableInfo }>(s.url, 'GET', `/api/tables/${id}`, undefined, host.token);
    expect(t.body.table.status).toBe('over');
  }, 120_000);
});

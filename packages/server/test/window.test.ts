/**
 * The per-connection frame limit (RATE_CLOSE) is per second, not per connection: at the default limits a
 * person and an outside program (`stich connect`, docs/bot-interface.md) play a 100-round Differenzler
 * match, over a thousand frames each, without being cut off.
 */
import { join } from 'node:path';
import type { TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { connect } from '../../cli/src/connect.ts';
import { api, autoplay, Conn, createTable, DB_KINDS, guest, isState, serve } from './helpers.ts';

const bot = join(import.meta.dirname, '..', '..', '..', 'examples', 'bots', 'random-bot.ts');

// The defaults of config.ts (TEST_ENV raises them for the other tests).
const ROUNDS = Number(process.env.W_ROUNDS ?? 100);
const DEFAULT_RATES = { RATE_LIMIT: '20', RATE_BURST: '40' };
// The computers take a moment, as at a real table: with none, the match runs faster than any person, and
// both seats would send more than the 20 actions a second the limit allows (refused, not cut).
const PACE = { BOT_DELAY_MS: '30' };

describe.each(DB_KINDS)('frame limit per second (%s)', (kind) => {
  const s = serve(kind, { ...DEFAULT_RATES, ...PACE });

  it('lets a person and a program play a 100-round Differenzler match at the default limits', async () => {
    const host = await guest(s.url, 'Host');
    const created = await createTable(s.url, host.token, {
      game: 'differenzler',
      players: 4,
      options: { rounds: ROUNDS },
      seats: [
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'bot', level: 'random' },
        { kind: 'bot', level: 'random' },
      ],
    });
    const id = created.table.id;
    const given = await api<{ seatToken: string }>(
      s.url,
      'POST',
      `/api/tables/${id}/bot-seat`,
      { seat: 1, name: 'Prog' },
      host.token,
    );
    expect(given.status).toBe(201);
    const person = await Conn.join(s.url, id, { token: host.token, seat: 0 });
    autoplay(person, 0);
    // A cut connection leaves the match waiting for its seat: the test stops at the first cut (not hidden
    // by the SDK's reconnection).
    person.room.reconnection.enabled = false;
    const cut = new Promise<never>((_, reject) =>
      person.room.onLeave((code) => reject(new Error(`the person was cut off (${code})`))),
    );
    const r = await Promise.race([
      connect({
        server: s.url,
        table: id,
        token: given.body.seatToken,
        program: { command: `${process.execPath} ${bot}`, seed: 'w', stderr: () => {} },
      }),
      cut,
    ]);
    expect(r.outcome).toMatchObject({ over: true });
    expect(r.program.decisions).toBeGreaterThan(400);
    expect(r.refused).toBe(0);
    const last = await person.waitFor((m) => isState(m) && m.d.outcome !== null, 30_000);
    expect(last.t).toBe('state');
    const sent = person.messages
      .filter(isState)
      .filter((m) => m.d.legal.length > 0 && m.d.view.toAct[0] === 0);
    expect(sent.length).toBeGreaterThan(400);
    await person.leave();
    const after = await api<{ table: TableInfo }>(s.url, 'GET', `/api/tables/${id}`);
    expect(after.body.table.status).toBe('over');
  }, 600_000);
});

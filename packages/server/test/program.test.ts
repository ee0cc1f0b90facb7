/**
 * Bot tokens (docs/bot-interface.md): the host gives a seat to an outside program, everyone sees it as a
 * computer player, and the program plays the match through `stich connect` (packages/cli/src/connect.ts).
 */
import { join } from 'node:path';
import type { TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { connect } from '../../cli/src/connect.ts';
import { api, Conn, createTable, DUEL, guest, serve } from './helpers.ts';

const bot = join(import.meta.dirname, '..', '..', '..', 'examples', 'bots', 'random_bot.py');
const fast = join(import.meta.dirname, '..', '..', '..', 'examples', 'bots', 'random-bot.ts');

describe('a seat for an outside program', () => {
  const s = serve('sqlite');

  it('is given by the host with a bot token, shown as a computer player, and plays the match', async () => {
    const host = await guest(s.url, 'Host');
    const created = await createTable(s.url, host.token, {
      ...DUEL,
      seats: [{ kind: 'bot', level: 'rule' }, { kind: 'human' }],
    });
    const id = created.table.id;
    const path = `/api/tables/${id}/bot-seat`;

    // Only the host, only a free human seat.
    const other = await guest(s.url, 'Other');
    expect((await api(s.url, 'POST', path, { seat: 1 }, other.token)).status).toBe(403);
    expect((await api(s.url, 'POST', path, { seat: 1 })).status).toBe(401);
    expect(await api(s.url, 'POST', path, { seat: 0 }, host.token)).toMatchObject({
      status: 409,
      body: { code: 'seat-taken' },
    });
    expect((await api(s.url, 'POST', path, { seat: 5 }, host.token)).body).toMatchObject({
      code: 'bad-seat',
    });

    const given = await api<{ seat: number; seatToken: string }>(
      s.url,
      'POST',
      path,
      { seat: 1, name: 'PyBot' },
      host.token,
    );
    expect(given.status).toBe(201);
    expect(given.body.seat).toBe(1);
    // Everyone sees the seat as a computer player, under the program's name; the seat is no longer free.
    const seen = await api<{ table: TableInfo }>(s.url, 'GET', `/api/tables/${id}`);
    expect(seen.body.table.seats[1]).toMatchObject({ kind: 'human', program: true, name: 'PyBot' });
    expect(seen.body.table.seats[0].program).toBeUndefined();
    expect((await api(s.url, 'POST', path, { seat: 1 }, host.token)).status).toBe(409);
    // Nobody else sits down there: the seat is the program's.
    await expect(Conn.join(s.url, id, { token: other.token, seat: 1 })).rejects.toThrow(/seat-taken/);
    await expect(Conn.join(s.url, id, { token: other.token })).rejects.toThrow(/seat-taken/);

    // The program joins with the bot token; the match starts and is played to its end.
    const r = await connect({
      server: s.url,
      table: id,
      token: given.body.seatToken,
      program: { command: `python3 ${bot}`, seed: 't', stderr: () => {} },
    });
    expect(r.seat).toBe(1);
    expect(r.outcome).toMatchObject({ over: true });
    expect(r.program.decisions).toBeGreaterThan(5);
    expect(r.program.fallbacks).toBe(0);
    expect(r.refused).toBe(0);
    const after = await api<{ table: TableInfo }>(s.url, 'GET', `/api/tables/${id}`);
    expect(after.body.table.status).toBe('over');
    expect(after.body.table.seats[1]).toMatchObject({ program: true, name: 'PyBot' });
  }, 60_000);

  it('is refused once the match has started, and a wrong bot token does not join', async () => {
    const host = await guest(s.url, 'Host2');
    const created = await createTable(s.url, host.token, {
      game: 'klaberjass',
      players: 2,
      seats: [
        { kind: 'bot', level: 'rule' },
        { kind: 'bot', level: 'rule' },
      ],
    });
    const id = created.table.id;
    // A seat is not made a program's at creation: only a bot token does that.
    const marked = await createTable(s.url, host.token, {
      game: 'klaberjass',
      players: 2,
      seats: [{ kind: 'human', program: true }, { kind: 'human' }],
    });
    expect(marked.table.seats.map((x) => x.program)).toStrictEqual([undefined, undefined]);
    expect((await api(s.url, 'POST', `/api/tables/${id}/bot-seat`, { seat: 1 }, host.token)).status).toBe(
      400,
    );
    await expect(
      connect({ server: s.url, table: id, token: 'not-a-token', program: { command: 'cat' } }),
    ).rejects.toThrow(/forbidden/);
  });
});

describe('a program faster than the per-second limit', () => {
  const s = serve('sqlite', { RATE_LIMIT: '4', RATE_BURST: '4' });

  it('has its refused actions sent again by `stich connect`, and plays the match to its end', async () => {
    const host = await guest(s.url, 'Host');
    const created = await createTable(s.url, host.token, {
      ...DUEL,
      seats: [{ kind: 'bot', level: 'random' }, { kind: 'human' }],
    });
    const id = created.table.id;
    const given = await api<{ seatToken: string }>(
      s.url,
      'POST',
      `/api/tables/${id}/bot-seat`,
      { seat: 1, name: 'Fast' },
      host.token,
    );
    // The computer answers at once (BOT_DELAY_MS 0), so the program would send more than 4 actions a second:
    // before, the first refused action left the seat waiting for a state that never came.
    const r = await connect({
      server: s.url,
      table: id,
      token: given.body.seatToken,
      program: { command: `${process.execPath} ${fast}`, seed: 'f', stderr: () => {} },
    });
    expect(r.outcome).toMatchObject({ over: true });
    expect(r.retried).toBeGreaterThan(0);
    expect(r.refused).toBe(0);
  }, 120_000);
});

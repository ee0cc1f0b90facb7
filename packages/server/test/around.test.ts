/**
 * Around the table: replays of finished matches for anyone who may see them (GET /api/tables/:id/replay, the
 * record stepped through with `@stich/protocol/replay`), "Meine Tische" (GET /api/me/tables) and the
 * progress of an open table in the lobby. On both databases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@colyseus/sdk';
import { GAME_META, type GameId, gameById, parseRecord, replay } from '@stich/engine';
import {
  type MyTablesResponse,
  type RematchOfferResponse,
  type RematchResponse,
  type ReplayResponse,
  type ReplayStep,
  ROOM_LOBBY,
  type TableInfo,
} from '@stich/protocol';
import { replaySession } from '@stich/protocol/replay';
import { afterAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { rematchId } from '../src/rematch.ts';
import { RULES_DIR } from '../src/rules.ts';
import {
  api,
  autoplay,
  Conn,
  createTable,
  DB_KINDS,
  guest,
  isState,
  SHORT_OPTIONS,
  serve,
  testGames,
} from './helpers.ts';

const GAME = testGames()[0] as GameId;

describe.each(DB_KINDS)('around the table (%s)', (kind) => {
  const srv = serve(kind);
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave();
  });

  /** A finished match of Anna against bots at a private (or public) table; its id. */
  async function finished(token: string, visibility: 'private' | 'public'): Promise<TableInfo> {
    const players = GAME_META[GAME]!.players[0];
    const r = await createTable(srv.url, token, {
      game: GAME,
      players,
      options: SHORT_OPTIONS[GAME] ?? {},
      seats: Array.from({ length: players }, (_, i) =>
        i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
      ),
      visibility,
      seat: 0,
    });
    const c = await Conn.join(srv.url, r.table.id, { token });
    conns.push(c);
    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    return r.table;
  }

  it('replays a finished match for its player with names, his own view and every hand open', async () => {
    const anna = await guest(srv.url, 'Anna');
    const table = await finished(anna.token, 'private');
    const r = await api<ReplayResponse>(
      srv.url,
      'GET',
      `/api/tables/${table.id}/replay`,
      undefined,
      anna.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.viewer).toBe(0);
    const session = replaySession(r.body.record, r.body.viewer);
    if (!session.ok) throw new Error(session.reason);
    const shown = session.value;
    const steps: ReplayStep[] = Array.from({ length: shown.length }, (_, i) => shown.step(i));
    const rec = await api(srv.url, 'GET', `/api/tables/${table.id}/record`, undefined, anna.token);
    expect(r.body.record).toEqual(rec.body);
    const parsed = parseRecord(rec.body);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    const game = gameById(GAME)!;
    const states = replay<unknown>(game, parsed.value, true);
    if (!states.ok) throw new Error(states.error.reason);
    const all = states.value.states!;
    // One step per state: the start, every deal and every action.
    expect(steps).toHaveLength(all.length);
    expect(steps.length).toBe(1 + parsed.value.deals.length + parsed.value.actions.length);
    expect(shown.names[0]).toBe('Anna');
    expect(shown.viewer).toBe(0);
    // Each step is what seat 0 saw, and every seat's hand.
    for (const i of [0, 1, Math.floor(all.length / 2), all.length - 1]) {
      expect(steps[i].view).toEqual(game.viewFor(all[i], 0));
      for (let s = 0; s < shown.names.length; s++)
        expect(steps[i].hands[s]).toEqual((game.viewFor(all[i], s) as { hand: string[] | null }).hand ?? []);
    }
    // In the middle of a deal (the step halfway may fall between deals) the hands are really there.
    const mid = all.findIndex(
      (st, i) =>
        i >= all.length / 2 && ((game.viewFor(st, 0) as { hand: string[] | null }).hand ?? []).length > 0,
    );
    expect(mid).toBeGreaterThan(0);
    expect(steps[mid].hands.flat().length).toBeGreaterThan(0);
  });

  it('keeps a private match to those who may see it and a running one to nobody', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bob = await guest(srv.url, 'Bob');
    const table = await finished(anna.token, 'private');
    expect((await api(srv.url, 'GET', `/api/tables/${table.id}/replay`)).status).toBe(404);
    expect((await api(srv.url, 'GET', `/api/tables/${table.id}/replay`, undefined, bob.token)).status).toBe(
      404,
    );
    const pub = await finished(anna.token, 'public');
    const seen = await api<ReplayResponse>(
      srv.url,
      'GET',
      `/api/tables/${pub.id}/replay`,
      undefined,
      bob.token,
    );
    expect(seen.status).toBe(200);
    // Bob played no part: nobody's seat is his ("Du"), the steps are a spectator's view.
    expect(seen.body.viewer).toBeNull();
    // A running match is not replayed: its hands are still secret.
    const running = await api<{ table: TableInfo }>(
      srv.url,
      'POST',
      '/api/play-now',
      { game: GAME, level: 'random' },
      anna.token,
    );
    const r = await api(srv.url, 'GET', `/api/tables/${running.body.table.id}/replay`, undefined, anna.token);
    expect(r.status).toBe(409);
    expect((r.body as { code: string }).code).toBe('not-finished');
  });

  it('replays a record in the client and names the first error of a bad one; the server replays no file', async () => {
    const anna = await guest(srv.url, 'Anna');
    const table = await finished(anna.token, 'private');
    const rec = (await api(srv.url, 'GET', `/api/tables/${table.id}/record`, undefined, anna.token)).body;
    expect(replaySession(rec).ok).toBe(true);
    const bad = structuredClone(rec) as { actions: { action: { t: string } }[] };
    bad.actions[3].action = { t: 'nonsense' };
    const r = replaySession(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/^action 3 /);
    expect(replaySession({ format: 'x' }).ok).toBe(false);
    expect((await api(srv.url, 'POST', '/api/replay', { record: rec })).status).toBe(404);
  });

  it('lists the tables a guest sits at, newest first, and nobody else’s', async () => {
    const carla = await guest(srv.url, 'Carla');
    const dora = await guest(srv.url, 'Dora');
    expect((await api(srv.url, 'GET', '/api/me/tables')).status).toBe(401);
    const empty = await api<MyTablesResponse>(srv.url, 'GET', '/api/me/tables', undefined, carla.token);
    expect(empty.body.tables).toEqual([]);
    const done = await finished(carla.token, 'private');
    const open = await api<{ table: TableInfo }>(
      srv.url,
      'POST',
      '/api/play-now',
      { game: GAME, level: 'random' },
      carla.token,
    );
    await api(srv.url, 'POST', '/api/play-now', { game: GAME, level: 'random' }, dora.token);
    const mine = await api<MyTablesResponse>(srv.url, 'GET', '/api/me/tables', undefined, carla.token);
    expect(mine.status).toBe(200);
    expect(mine.body.tables.map((t) => t.id)).toEqual([open.body.table.id, done.id]);
    const [first, second] = mine.body.tables;
    expect(first).toMatchObject({ game: GAME, seat: 0, status: 'playing' });
    expect(first.names[0]).toBe('Carla');
    expect(first.names.slice(1).every((n) => n === 'bot')).toBe(true);
    expect(second.status).toBe('over');
    // Enough to tell two matches apart: the preset, and how far each came with its score.
    expect(first.preset).toBe(open.body.table.preset);
    expect(first.progress).toMatchObject({ deals: 0 });
    const rec = await api<{ deals: unknown[] }>(
      srv.url,
      'GET',
      `/api/tables/${done.id}/record`,
      undefined,
      carla.token,
    );
    const over = replaySession(rec.body);
    if (!over.ok) throw new Error(over.reason);
    expect(second.progress!.scores).toEqual(over.value.outcome!.scores);
    expect(second.progress!.deals).toBeGreaterThan(0);
    expect(second.progress!.deals).toBeLessThanOrEqual(rec.body.deals.length);
    // A live table's info carries its progress too.
    expect(open.body.table.progress).toMatchObject({ deals: 0 });
  });

  it('lists an open public table in the lobby with its progress, which follows every finished deal', async () => {
    const erik = await guest(srv.url, 'Erik');
    const lobby = new Conn(await new Client(srv.url).join(ROOM_LOBBY));
    conns.push(lobby);
    await lobby.waitFor((m) => m.t === 'lobby');
    const r = await createTable(srv.url, erik.token, {
      game: 'differenzler',
      players: 4,
      options: { rounds: 3 },
      seats: [0, 1, 2, 3].map((i) => (i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'random' })),
      visibility: 'public',
      seat: 0,
    });
    const id = r.table.id;
    const c = await Conn.join(srv.url, id, { token: erik.token });
    conns.push(c);
    autoplay(c, 0);
    await lobby.waitFor((m) => m.t === 'lobby-' && m.d.id === id, 60_000);
    // Every listing of the running match, by the rounds it had finished: each round's end came, not only
    // the seat and status changes.
    const listed = lobby.messages.flatMap((m) =>
      m.t === 'lobby+' && m.d.id === id && m.d.status === 'playing' ? [m.d.progress!] : [],
    );
    expect([...new Set(listed.map((p) => p.deals))]).toEqual([0, 1, 2]);
    expect(listed.every((p) => p.of === 3 && p.scores.length === 4)).toBe(true);
    // Each listed score is the match's score after that many rounds, as its record replays.
    const rec = await api(srv.url, 'GET', `/api/tables/${id}/record`, undefined, erik.token);
    const game = gameById('differenzler')!;
    const parsed = parseRecord(rec.body);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    const played = replay(game, parsed.value, true);
    if (!played.ok) throw new Error(played.error.reason);
    const outcomes = (played.value.states ?? []).map(
      (st) => game.outcome(st as never) as { deals: readonly unknown[]; scores: readonly number[] },
    );
    for (const p of listed)
      expect(p.scores).toEqual(outcomes.find((o) => o.deals.length === p.deals)!.scores);
  });

  it('opens one rematch for the players of a finished match: same setup and seats, the next dealer', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bob = await guest(srv.url, 'Bob');
    const table = await finished(anna.token, 'private');
    const path = `/api/tables/${table.id}/rematch`;
    expect((await api(srv.url, 'POST', path)).status).toBe(401);
    // Not a player of it: the table is not even found.
    expect((await api(srv.url, 'POST', path, undefined, bob.token)).status).toBe(404);
    const r = await api<RematchResponse>(srv.url, 'POST', path, undefined, anna.token);
    expect(r.status).toBe(200);
    expect(r.body.table.id).toBe(rematchId(table.id));
    expect(r.body.seat).toBe(0);
    expect(r.body.table).toMatchObject({ game: table.game, players: table.players, visibility: 'private' });
    expect(r.body.table.seats.map((x) => x.kind)).toEqual(table.seats.map((x) => x.kind));
    // Asked again (another player, another process): the same table.
    const again = await api<RematchResponse>(srv.url, 'POST', path, undefined, anna.token);
    expect(again.body.table.id).toBe(r.body.table.id);
    const [oldRow, newRow] = await Promise.all([
      context().store.table(table.id),
      context().store.table(r.body.table.id),
    ]);
    expect(newRow!.dealer).toBe((oldRow!.dealer + 1) % table.players);
    expect(newRow!.config).toEqual(oldRow!.config);
    // Her seat is hers: she sits down with her guest token.
    const c = await Conn.join(srv.url, r.body.table.id, { token: anna.token });
    conns.push(c);
    const w = await c.waitFor((m) => m.t === 'welcome');
    expect(w.t === 'welcome' && w.d.seat).toBe(0);
    // A running match has no rematch yet.
    const running = await api<RematchResponse>(
      srv.url,
      'POST',
      `/api/tables/${r.body.table.id}/rematch`,
      undefined,
      anna.token,
    );
    expect(running.status).toBe(409);
  });

  /** A finished match of two people (Anna in seat 0, Bob in seat 1) and bots; its table. */
  async function finishedTwo(anna: string, bob: string): Promise<TableInfo> {
    const players = GAME_META[GAME]!.players[0];
    const r = await createTable(srv.url, anna, {
      game: GAME,
      players,
      options: SHORT_OPTIONS[GAME] ?? {},
      seats: Array.from({ length: players }, (_, i) =>
        i < 2 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
      ),
      visibility: 'public',
      seat: 0,
    });
    const a = await Conn.join(srv.url, r.table.id, { token: anna });
    const b = await Conn.join(srv.url, r.table.id, { token: bob, seat: 1 });
    conns.push(a, b);
    autoplay(a, 0);
    autoplay(b, 1);
    await a.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    return r.table;
  }

  it('a rematch of two people asks the other and starts when both have accepted', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bob = await guest(srv.url, 'Bob');
    const table = await finishedTwo(anna.token, bob.token);
    const path = `/api/tables/${table.id}/rematch`;
    const offer = async (token: string) =>
      (await api<RematchOfferResponse>(srv.url, 'GET', path, undefined, token)).body.rematch;
    // Nobody asked yet; someone who did not play there learns nothing.
    expect(await offer(bob.token)).toBeNull();
    const carla = await guest(srv.url, 'Carla');
    expect((await api(srv.url, 'GET', path, undefined, carla.token)).status).toBe(404);

    const r = await api<RematchResponse>(srv.url, 'POST', path, undefined, anna.token);
    expect(r.status).toBe(200);
    expect(r.body.host).toBe(true);
    expect(r.body.table.status).toBe('waiting');
    // Bob's seat is held for him as an invitation, not as a player who dropped out.
    expect(r.body.table.seats[1]).toMatchObject({ name: 'Bob', invited: true });
    expect(r.body.table.seats[0].invited).toBeUndefined();
    const a = await Conn.join(srv.url, r.body.table.id, { token: anna.token });
    conns.push(a);
    await a.waitFor((m) => m.t === 'welcome');
    // Bob is told who asks and who has accepted.
    const asked = await offer(bob.token);
    expect(asked).toMatchObject({ id: r.body.table.id, by: 'Anna', host: false, status: 'waiting' });
    expect(asked!.seats).toEqual([
      { seat: 0, name: 'Anna', accepted: true },
      { seat: 1, name: 'Bob', accepted: false },
    ]);

    // Bob accepts: he sits down, and the match begins.
    const rb = await api<RematchResponse>(srv.url, 'POST', path, undefined, bob.token);
    expect(rb.body).toMatchObject({ seat: 1, host: false });
    expect(rb.body.table.id).toBe(r.body.table.id);
    const b = await Conn.join(srv.url, r.body.table.id, { token: bob.token });
    conns.push(b);
    await a.waitFor((m) => m.t === 'table' && m.d.status === 'playing');
    const seats = (await offer(anna.token))!.seats;
    expect(seats.every((x) => x.accepted)).toBe(true);
  });

  it('the one who asked for the rematch starts it with a computer in the seat of who did not accept', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bob = await guest(srv.url, 'Bob');
    const table = await finishedTwo(anna.token, bob.token);
    const path = `/api/tables/${table.id}/rematch`;
    const r = await api<RematchResponse>(srv.url, 'POST', path, undefined, anna.token);
    const a = await Conn.join(srv.url, r.body.table.id, { token: anna.token });
    conns.push(a);
    await a.waitFor((m) => m.t === 'welcome');
    // Only she may start it.
    const start = `/api/tables/${r.body.table.id}/start`;
    expect((await api(srv.url, 'POST', start, {}, bob.token)).status).toBe(403);
    expect((await api(srv.url, 'POST', start, {}, anna.token)).status).toBe(200);
    const playing = await a.waitFor((m) => m.t === 'table' && m.d.status === 'playing');
    expect(playing.t === 'table' && playing.d.seats[1]).toMatchObject({ kind: 'bot', name: null });
    // Bob is no longer asked; accepting now says the match went on without him.
    const late = await api<{ code: string }>(srv.url, 'POST', path, undefined, bob.token);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('seat-taken');
    const o = await api<RematchOfferResponse>(srv.url, 'GET', path, undefined, bob.token);
    expect(o.body.rematch!.seats.map((x) => x.name)).toEqual(['Anna']);
  });

  it('serves the written rules of every game and nothing else', async () => {
    for (const id of testGames()) {
      const r = await api<{ game: string; lang: string; markdown: string }>(
        srv.url,
        'GET',
        `/api/rules/${id}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.game).toBe(id);
      expect(r.body.markdown).toBe(readFileSync(join(RULES_DIR, `${id}.md`), 'utf8'));
    }
    for (const bad of ['skat', '..%2F..%2Fpackage', '%2e%2e'])
      expect((await api(srv.url, 'GET', `/api/rules/${bad}`)).status).toBe(404);
  });

  it('the host starts a waiting table early: free seats get computer players, nobody else may', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bob = await guest(srv.url, 'Bob');
    const players = GAME_META[GAME]!.players[0];
    const r = await createTable(srv.url, anna.token, {
      game: GAME,
      players,
      seats: Array.from({ length: players }, () => ({ kind: 'human' })),
      visibility: 'public',
      seat: 0,
    });
    const id = r.table.id;
    const c = await Conn.join(srv.url, id, { token: anna.token });
    conns.push(c);
    await c.waitFor((m) => m.t === 'welcome');
    expect((await api(srv.url, 'POST', `/api/tables/${id}/start`)).status).toBe(401);
    expect((await api(srv.url, 'POST', `/api/tables/${id}/start`, undefined, bob.token)).status).toBe(403);
    const ok = await api(srv.url, 'POST', `/api/tables/${id}/start`, undefined, anna.token);
    expect(ok.status).toBe(200);
    const table = await c.waitFor((m) => m.t === 'table' && m.d.status === 'playing');
    if (table.t !== 'table') throw new Error('no table info');
    expect(table.d.seats.map((x) => x.kind)).toEqual(['human', ...Array(players - 1).fill('bot')]);
    const row = await context().store.table(id);
    expect(row!.setup.slice(1).every((x) => x.kind === 'bot')).toBe(true);
    // Started once: a second start is refused and nobody can take a seat any more.
    expect((await api(srv.url, 'POST', `/api/tables/${id}/start`, undefined, anna.token)).status).toBe(400);
    await expect(Conn.join(srv.url, id, { token: bob.token })).rejects.toThrow(/seat-taken/);
  });
});

/**
 * Whole matches over real WebSockets, for every registered game: play now against bots, a public table
 * created and joined, a private table joined by its invite code, spectators, the lobby and the record
 * export; and the game descriptions of GET /api/games.
 */
import { Client } from '@colyseus/sdk';
import { GAME_META, type GameId, gameById, parseRecord, replay } from '@stich/engine';
import { ROOM_LOBBY, type TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
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

describe.each(DB_KINDS)('matches (%s)', (kind) => {
  const srv = serve(kind);

  it('GET /api/games describes every registered game as the engine does', async () => {
    const r = await api<{ games: { id: string }[] }>(srv.url, 'GET', '/api/games');
    expect(r.status).toBe(200);
    expect(r.body.games).toEqual(testGames().map((id) => GAME_META[id]));
  });

  it.each(['ddv', 'house'])(
    'seats people at Doppelkopf (%s preset): listed, and a table and play now made with the preset (issue 14)',
    async (preset) => {
      const g = await guest(srv.url, 'Doko');
      const games = await api<{ games: { id: string; presets: { id: string }[] }[] }>(
        srv.url,
        'GET',
        '/api/games',
      );
      const doko = games.body.games.find((x) => x.id === 'doppelkopf');
      expect(doko?.presets.map((p) => p.id)).toContain(preset);
      const seats = [0, 1, 2, 3].map(() => ({ kind: 'human' }));
      const made = await createTable(srv.url, g.token, { game: 'doppelkopf', players: 4, preset, seats });
      expect(made.table).toMatchObject({ game: 'doppelkopf', players: 4, preset, status: 'waiting' });
      // Quick play ("Doppelkopf gegen den Computer"): no player count needed, three computer players.
      const now = await api<{ table: TableInfo; seat: number }>(
        srv.url,
        'POST',
        '/api/play-now',
        { game: 'doppelkopf', preset, level: 'random' },
        g.token,
      );
      expect(now.status).toBe(201);
      expect(now.body.seat).toBe(0);
      expect(now.body.table).toMatchObject({ game: 'doppelkopf', players: 4, preset });
      expect(now.body.table.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot', 'bot']);
      // A preset the engine does not know is refused with the engine's reason.
      const bad = await api<{ code: string; reason: string }>(
        srv.url,
        'POST',
        '/api/play-now',
        { game: 'doppelkopf', preset: 'skat' },
        g.token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('bad-config');
      expect(bad.body.reason).toMatch(/preset/);
    },
  );

  describe.each(testGames())('%s', (GAME: GameId) => {
    const game = gameById(GAME)!;
    const short = SHORT_OPTIONS[GAME] ?? {};
    // The usual player count of the game (its description lists it first).
    const players = GAME_META[GAME]!.players[0];

    describe('play now', () => {
      it.each(['random', 'rule'])(
        'plays a whole match against %s bots and exports a record that replays',
        async (level) => {
          const me = await guest(srv.url, 'Anna');
          const r = await api<{ table: TableInfo; seat: number }>(
            srv.url,
            'POST',
            '/api/play-now',
            { game: GAME, level, options: short },
            me.token,
          );
          expect(r.status).toBe(201);
          expect(r.body.table.seats.filter((s) => s.kind === 'bot').length).toBe(r.body.table.players - 1);
          const c = await Conn.join(srv.url, r.body.table.id, { token: me.token });
          const welcome = await c.waitFor((m) => m.t === 'welcome');
          expect(welcome.t === 'welcome' && welcome.d.seat).toBe(0);
          autoplay(c, 0);
          const last = await c.waitFor((m) => isState(m) && m.d.outcome !== null, 30_000);
          expect(isState(last) && last.d.outcome?.over).toBe(true);
          const rec = await api(srv.url, 'GET', `/api/tables/${r.body.table.id}/record`, undefined, me.token);
          expect(rec.status).toBe(200);
          const parsed = parseRecord(rec.body);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(parsed.value.deals.every((d) => !('seed' in d))).toBe(true);
          const info = await api<{ table: TableInfo }>(
            srv.url,
            'GET',
            `/api/tables/${r.body.table.id}`,
            undefined,
            me.token,
          );
          expect(info.body.table.status).toBe('over');
          expect(info.body.table.seats[0].name).toBe('Anna');
          // Someone else does not even learn that the private table exists.
          expect((await api(srv.url, 'GET', `/api/tables/${r.body.table.id}`)).status).toBe(404);
          const rp = replay(game, parsed.value);
          expect(rp.ok).toBe(true);
          if (rp.ok) expect(game.isOver(rp.value.state)).toBe(true);
          await c.leave();
        },
      );
    });

    describe('tables', () => {
      it('creates a public table, lists it in the lobby, seats two people and lets a spectator watch', async () => {
        const a = await guest(srv.url, 'Bea');
        const b = await guest(srv.url, 'Carl');
        const lobbyClient = new Client(srv.url);
        const lobby = new Conn(await lobbyClient.join(ROOM_LOBBY));
        await lobby.waitFor((m) => m.t === 'lobby');
        const config = game.parseConfig({ players, options: short });
        expect(config.ok).toBe(true);
        expect(game.seats(game.start(config.ok ? config.value : undefined, 0))).toBe(players);
        const seats = Array.from({ length: players }, (_, i) =>
          i < 2 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
        );
        const r = await createTable(srv.url, a.token, {
          game: GAME,
          players,
          options: short,
          seats,
          visibility: 'public',
        });
        const id = r.table.id;
        await lobby.waitFor((m) => m.t === 'lobby+' && m.d.id === id);
        const list = await api<{ tables: TableInfo[] }>(srv.url, 'GET', '/api/tables');
        expect(list.body.tables.some((t) => t.id === id)).toBe(true);

        const ca = await Conn.join(srv.url, id, { token: a.token });
        const wa = await ca.waitFor((m) => m.t === 'welcome');
        expect(wa.t === 'welcome' && wa.d.role).toBe('seat');
        // Before the second person sits, the match waits.
        const early = ca.request('act', { action: { t: 'play', card: 'HA' } });
        const e = await ca.waitFor((m) => m.t === 'error' && m.id === early);
        expect(e.t === 'error' && e.d.code).toBe('waiting');
        const cb = await Conn.join(srv.url, id, { token: b.token });
        // The spectator asks for JSON text frames.
        const spec = await Conn.join(srv.url, id, { spectate: true, json: true });
        const ws = await spec.waitFor((m) => m.t === 'welcome');
        expect(ws.t === 'welcome' && ws.d.role).toBe('spectator');
        // A spectator may not act.
        const sid = spec.request('act', { action: { t: 'play', card: 'HA' } });
        const se = await spec.waitFor((m) => m.t === 'error' && m.id === sid);
        expect(se.t === 'error' && se.d.code).toBe('not-seated');
        autoplay(ca, 0);
        autoplay(cb, 1);
        await ca.waitFor((m) => isState(m) && m.d.outcome !== null, 30_000);
        const end = await spec.waitFor((m) => isState(m) && m.d.outcome !== null, 30_000);
        expect(isState(end) && end.d.view.viewer).toBe('spectator');
        expect(isState(end) && end.d.legal).toEqual([]);
        expect(spec.texts).toBe(spec.messages.length);
        expect(ca.texts).toBe(0);
        await lobby.waitFor((m) => m.t === 'lobby-' && m.d.id === id);
        await Promise.all([ca.leave(), cb.leave(), spec.leave(), lobby.leave()]);
      });

      it('joins a private table only with its invite code', async () => {
        const a = await guest(srv.url, 'Dora');
        const b = await guest(srv.url, 'Emil');
        const seats = Array.from({ length: players }, (_, i) =>
          i < 2 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
        );
        const r = await createTable(srv.url, a.token, {
          game: GAME,
          players,
          options: short,
          seats,
          visibility: 'private',
          seat: 0,
        });
        const { code } = r.invite!;
        expect(code.length).toBeGreaterThanOrEqual(24);
        const list = await api<{ tables: TableInfo[] }>(srv.url, 'GET', '/api/tables');
        expect(list.body.tables.some((t) => t.id === r.table.id)).toBe(false);
        await expect(Conn.join(srv.url, r.table.id, { token: b.token })).rejects.toThrow(/invite code/);
        await expect(Conn.join(srv.url, r.table.id, { token: b.token, code: 'wrong' })).rejects.toThrow(
          /invite code/,
        );
        const inv = await api<{ table: TableInfo }>(srv.url, 'GET', `/api/invite/${code}`);
        expect(inv.body.table.id).toBe(r.table.id);
        const cb = await Conn.join(srv.url, inv.body.table.id, { token: b.token, code });
        const w = await cb.waitFor((m) => m.t === 'welcome');
        // Seat 0 is reserved for the creator, so the guest gets seat 1.
        expect(w.t === 'welcome' && w.d.seat).toBe(1);
        await cb.leave();
      });
    });

    describe('seats', () => {
      it('frees a seat when its player leaves before the match starts', async () => {
        const a = await guest(srv.url, 'Gina');
        const b = await guest(srv.url, 'Hugo');
        const seats = Array.from({ length: players }, (_, i) =>
          i < 2 ? { kind: 'human' } : { kind: 'bot', level: 'random' },
        );
        const r = await createTable(srv.url, a.token, { game: GAME, players, options: short, seats });
        const id = r.table.id;
        const ca = await Conn.join(srv.url, id, { token: a.token, seat: 1 });
        await ca.waitFor((m) => m.t === 'welcome');
        await ca.leave();
        const cb = await Conn.join(srv.url, id, { token: b.token, seat: 1 });
        const w = await cb.waitFor((m) => m.t === 'welcome');
        expect(w.t === 'welcome' && w.d.seat).toBe(1);
        expect(w.t === 'welcome' && w.d.table.status).toBe('waiting');
        // A taken seat stays taken.
        await expect(Conn.join(srv.url, id, { token: a.token, seat: 1 })).rejects.toThrow(/seat-taken/);
        await cb.leave();
      });
    });

    describe('http api', () => {
      it('answers bad requests with codes and serves health, identity and records', async () => {
        const health = await api<{ ok: boolean }>(srv.url, 'GET', '/healthz');
        expect(health.status).toBe(200);
        expect(health.body.ok).toBe(true);
        expect((await api<{ code: string }>(srv.url, 'POST', '/api/guests', { name: '' })).body.code).toBe(
          'malformed',
        );
        const me = await guest(srv.url, 'Olga');
        const renamed = await api<{ player: { name: string } }>(
          srv.url,
          'PATCH',
          '/api/me',
          { name: 'Olga K.' },
          me.token,
        );
        expect(renamed.body.player.name).toBe('Olga K.');
        expect(
          (await api<{ player: { name: string } }>(srv.url, 'GET', '/api/me', undefined, me.token)).body
            .player.name,
        ).toBe('Olga K.');
        expect((await api(srv.url, 'GET', '/api/me', undefined, 'nope')).status).toBe(401);
        const seats = Array.from({ length: players }, () => ({ kind: 'human' }));
        expect((await api(srv.url, 'POST', '/api/tables', { game: GAME, players, seats })).status).toBe(401);
        const bad = await api<{ code: string }>(
          srv.url,
          'POST',
          '/api/tables',
          { game: GAME, players, seats, options: { nonsense: 1 } },
          me.token,
        );
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe('bad-config');
        const many = await api<{ code: string }>(
          srv.url,
          'POST',
          '/api/tables',
          { game: GAME, players, seats: [...seats, { kind: 'human' }] },
          me.token,
        );
        expect(many.body.code).toBe('bad-config');
        const t = await createTable(srv.url, me.token, { game: GAME, players, seats });
        expect(t.table.status).toBe('waiting');
        const rec = await api<{ code: string }>(srv.url, 'GET', `/api/tables/${t.table.id}/record`);
        expect(rec.status).toBe(409);
        expect(rec.body.code).toBe('not-finished');
        expect((await api(srv.url, 'GET', '/api/tables/nope')).status).toBe(404);
        expect((await api(srv.url, 'GET', '/api/nothing-here')).status).toBe(404);
        const games = await api<{ games: { id: string }[] }>(srv.url, 'GET', '/api/games');
        expect(games.body.games.map((g) => g.id)).toContain(GAME);
        expect((await api(srv.url, 'GET', '/')).status).toBe(200);
      });
    });
  });
});

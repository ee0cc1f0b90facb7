/**
 * The tournament routes (docs/tournaments.md, "On the server"): who may do what, the core's typed errors
 * passing through, the server's limits (open tournaments per organizer, entrants, registrations per
 * player), and bad input changing nothing. On SQLite, and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import {
  TOURNAMENT_ENTRANTS_MAX,
  TOURNAMENTS_API,
  TOURNAMENTS_OPEN_MAX,
  type TournamentDetail,
  type TournamentList,
} from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { REGISTRATIONS_PER_HOUR } from '../src/tournaments-routes.ts';
import { LIST_ENDED_MAX } from '../src/tournaments-tables.ts';
import { call } from './accounts.ts';
import { DB_KINDS, guest, serve } from './helpers.ts';
import { type Account, account, req, tpath } from './tournaments.ts';

const A = TOURNAMENTS_API;
const DDV = { format: 'ddv', games: 4, rounds: 1 };

describe.each(DB_KINDS)('tournament routes (%s)', (kind) => {
  const srv = serve(kind);
  const one = (id: string) => tpath(A.one, id);
  const players = (id: string) => tpath(A.players, id);

  async function make(who: Account, body: object) {
    const r = await req(srv.url, who, 'POST', A.list, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  }

  it('creating: accounts only, typed errors, the open limit', async () => {
    const org = await account(srv.url, 'Olga T');
    const g = await guest(srv.url, 'Gast T');
    expect((await call(srv.url, 'GET', A.list, { token: g.token })).status).toBe(401);
    const noCsrf = await call(srv.url, 'POST', A.list, {
      token: org.token,
      csrf: false,
      body: { name: 'Cup', public: true, settings: DDV },
    });
    expect([noCsrf.status, (noCsrf.body as { code: string }).code]).toEqual([403, 'forbidden']);
    const bad = [
      [{ name: 'x', public: true, settings: DDV }, 400, 'malformed'],
      [{ name: 'Cup', public: true, settings: { ...DDV, colour: 'red' } }, 400, 'malformed'],
      [{ name: 'Cup', public: true, settings: { format: 'poker' } }, 400, 'unknown-format'],
      [{ name: 'Cup', public: true, settings: { format: 'ddv', game: 'skat' } }, 400, 'unknown-format'],
      [{ name: 'Cup', public: true, settings: { ...DDV, games: 5 } }, 400, 'malformed'],
      [
        { name: 'Cup', public: true, settings: { ...DDV, maxPlayers: TOURNAMENT_ENTRANTS_MAX + 1 } },
        400,
        'malformed',
      ],
    ] as const;
    for (const [body, status, code] of bad) {
      const r = await req(srv.url, org, 'POST', A.list, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    // Nothing was created by the refused requests.
    const none = await req<TournamentList>(srv.url, org, 'GET', A.list);
    expect(none.body.tournaments.filter((t) => t.organizer === org.name)).toEqual([]);

    const made: TournamentDetail[] = [];
    for (let i = 0; i < TOURNAMENTS_OPEN_MAX; i++)
      made.push(await make(org, { name: `Cup ${i}`, public: true, settings: DDV }));
    expect(made[0]).toMatchObject({
      status: 'open',
      organizing: true,
      registered: false,
      code: null,
      maxPlayers: TOURNAMENT_ENTRANTS_MAX,
      format: 'ddv',
      game: 'doppelkopf',
      rounds: [],
      standings: [],
    });
    const over = await req(srv.url, org, 'POST', A.list, { name: 'Cup X', public: true, settings: DDV });
    expect([over.status, over.body.code]).toEqual([429, 'too-many-tournaments']);
    // Cancelling one frees a place; a cancelled one cannot be started or joined.
    expect((await req(srv.url, org, 'DELETE', one(made[0].id))).body.status).toBe('cancelled');
    await make(org, { name: 'Cup 4', public: true, settings: DDV });
    const late = await req(srv.url, org, 'POST', players(made[0].id));
    expect([late.status, late.body.code]).toEqual([409, 'late-registration']);
  });

  it('registering: invite codes, typed errors, full, start, the rate limit', async () => {
    const org = await account(srv.url, 'Otto T');
    const ann = await account(srv.url, 'Anna T');
    const ben = await account(srv.url, 'Ben T');
    const cat = await account(srv.url, 'Cat T');
    const t = await make(org, { name: 'Invite Cup', public: false, settings: { ...DDV, maxPlayers: 2 } });
    expect(t.code).toMatch(/^[\w-]{10,}$/);
    // Invite-only: neither listed nor readable nor joinable without its code.
    expect((await req(srv.url, ann, 'GET', one(t.id))).status).toBe(404);
    const listed = await req<TournamentList>(srv.url, ann, 'GET', A.list);
    expect(listed.body.tournaments.map((x) => x.id)).not.toContain(t.id);
    expect((await req(srv.url, ann, 'POST', players(t.id), {})).status).toBe(404);
    expect((await req(srv.url, ann, 'GET', `${one(t.id)}?code=${t.code}`)).body.code).toBeNull();

    const reg = await req(srv.url, ann, 'POST', players(t.id), { code: t.code });
    expect([reg.status, reg.body.registered, reg.body.players]).toEqual([200, true, ['Anna T']]);
    // In it now: listed and readable without the code.
    expect((await req(srv.url, ann, 'GET', one(t.id))).status).toBe(200);
    const errors = [
      [ann, 'POST', { code: t.code }, 409, 'already-registered'],
      // Unregistering from an invite-only tournament one cannot see.
      [ben, 'DELETE', undefined, 404, 'not-found'],
      [ben, 'POST', { code: 'wrong' }, 404, 'not-found'],
    ] as const;
    for (const [who, method, body, status, code] of errors) {
      const r = await req(srv.url, who, method, players(t.id), body);
      expect([r.status, r.body.code]).toEqual([status, code]);
    }
    await req(srv.url, ben, 'POST', players(t.id), { code: t.code });
    const full = await req(srv.url, cat, 'POST', players(t.id), { code: t.code });
    expect([full.status, full.body.code]).toEqual([409, 'full']);

    // Editing: the organizer only, the core's checks, nothing changes on a refusal.
    const edits = [
      [ann, { name: 'Mine now' }, 403, 'forbidden'],
      [org, { settings: { maxPlayers: 1 } }, 400, 'malformed'],
      [org, { settings: { games: 6 } }, 400, 'malformed'],
      [org, { settings: { format: 'swiss', game: 'doppelkopf' } }, 400, 'unknown-format'],
    ] as const;
    for (const [who, body, status, code] of edits) {
      const r = await req(srv.url, who, 'PATCH', one(t.id), body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const same = await req(srv.url, org, 'GET', one(t.id));
    expect([same.body.name, same.body.settings.games, same.body.settings.maxPlayers]).toEqual([
      'Invite Cup',
      4,
      2,
    ]);
    const grown = await req(srv.url, org, 'PATCH', one(t.id), { settings: { maxPlayers: 4 } });
    expect(grown.body.settings.maxPlayers).toBe(4);

    // Two players cannot sit at Doppelkopf tables (without computers to fill): the start is refused and
    // nothing changes.
    expect((await req(srv.url, org, 'PATCH', one(t.id), { settings: { fill: false } })).status).toBe(200);
    const bad = await req(srv.url, org, 'POST', tpath(A.start, t.id));
    expect([bad.status, bad.body.code]).toEqual([409, 'bad-players']);
    expect((await req(srv.url, ann, 'POST', tpath(A.start, t.id))).status).toBe(403);
    expect((await req(srv.url, org, 'GET', one(t.id))).body.status).toBe('open');
    const off = await req(srv.url, ann, 'DELETE', players(t.id));
    expect(off.body.players).toEqual(['Ben T']);

    // The rate limit: registrations and unregistrations per player and hour.
    const pub = await make(org, { name: 'Busy Cup', public: true, settings: DDV });
    const notIn = await req(srv.url, cat, 'DELETE', players(pub.id));
    expect([notIn.status, notIn.body.code]).toEqual([409, 'not-registered']);
    const dan = await account(srv.url, 'Dan T');
    let done = 0;
    let refused: { status: number; code: string } | null = null;
    for (let i = 0; i < REGISTRATIONS_PER_HOUR + 2 && !refused; i++) {
      const r = await req(srv.url, dan, i % 2 === 0 ? 'POST' : 'DELETE', players(pub.id), {});
      if (r.status === 200) done++;
      else refused = { status: r.status, code: r.body.code };
    }
    expect(done).toBe(REGISTRATIONS_PER_HOUR);
    expect(refused).toEqual({ status: 429, code: 'too-many-requests' });
  });

  it('after the start: registration, edits and cancelling are refused', async () => {
    const org = await account(srv.url, 'Olaf T');
    const four = await Promise.all(['P1 T', 'P2 T', 'P3 T', 'P4 T'].map((n) => account(srv.url, n)));
    const t = await make(org, { name: 'Quick Cup', public: true, settings: DDV });
    for (const p of four) expect((await req(srv.url, p, 'POST', players(t.id), {})).status).toBe(200);
    const started = await req(srv.url, org, 'POST', tpath(A.start, t.id));
    expect([started.status, started.body.status]).toEqual([200, 'running']);
    const late = await account(srv.url, 'Late T');
    const refusals = [
      [late, 'POST', players(t.id), undefined, 409, 'late-registration'],
      [four[0], 'DELETE', players(t.id), undefined, 409, 'late-registration'],
      [org, 'PATCH', one(t.id), { name: 'Renamed' }, 409, 'started'],
      [org, 'DELETE', one(t.id), undefined, 409, 'started'],
      [org, 'POST', tpath(A.start, t.id), undefined, 409, 'started'],
    ] as const;
    for (const [who, method, path, body, status, code] of refusals) {
      const r = await req(srv.url, who, method, path, body);
      expect([r.status, r.body.code], `${method} ${path}`).toEqual([status, code]);
    }
    // The first round is drawn and its table opened with the four players' seats.
    const d = await req(srv.url, org, 'GET', one(t.id));
    expect(d.body.players).toEqual(['P1 T', 'P2 T', 'P3 T', 'P4 T']);
  });

  it('starts by itself at its start time, or is cancelled when its field cannot be seated', async () => {
    const org = await account(srv.url, 'Tim T');
    const four = await Promise.all(['S1 T', 'S2 T', 'S3 T', 'S4 T'].map((n) => account(srv.url, n)));
    const at = Date.now() + 2500;
    const t = await make(org, { name: 'Timed Cup', public: true, settings: { ...DDV, startsAt: at } });
    const lonely = await make(org, { name: 'Lonely Cup', public: true, settings: { ...DDV, startsAt: at } });
    expect(t.startsAt).toBe(new Date(at).toISOString());
    for (const p of four) expect((await req(srv.url, p, 'POST', players(t.id), {})).status).toBe(200);
    expect((await req(srv.url, four[0], 'POST', players(lonely.id), {})).status).toBe(200);
    const deadline = Date.now() + 20_000;
    let a = t;
    let b = lonely;
    while ((a.status === 'open' || b.status === 'open') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      a = (await req(srv.url, org, 'GET', one(t.id))).body;
      b = (await req(srv.url, org, 'GET', one(lonely.id))).body;
    }
    expect([a.status, b.status]).toEqual(['running', 'cancelled']);
    const late = await req(srv.url, org, 'POST', players(t.id), {});
    expect([late.status, late.body.code]).toEqual([409, 'late-registration']);
  });

  it('lists every open and running one and pages through the ended ones, newest first', async () => {
    const org = await account(srv.url, 'Lister T');
    const other = await account(srv.url, 'Hider T');
    // More ended (cancelled) ones than one page holds, and one still open.
    const ended: string[] = [];
    for (let i = 0; i < LIST_ENDED_MAX + 3; i++) {
      const t = await make(org, { name: `Old ${i}`, public: true, settings: DDV });
      expect((await req(srv.url, org, 'DELETE', one(t.id))).status).toBe(200);
      ended.push(t.id);
    }
    const open = await make(org, { name: 'Still open', public: true, settings: DDV });
    const hidden = await make(other, { name: 'Hidden', public: false, settings: DDV });
    await req(srv.url, other, 'DELETE', one(hidden.id));

    const pages: TournamentList[] = [];
    let next: string | null = null;
    do {
      const path: string = next === null ? A.list : `${A.list}?before=${encodeURIComponent(next)}`;
      const r = await req<TournamentList>(srv.url, org, 'GET', path);
      expect(r.status).toBe(200);
      pages.push(r.body);
      next = r.body.next;
    } while (next !== null && pages.length < 10);
    expect(next).toBeNull();
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // Open and running ones come with the first answer only; each answer has one page of ended ones.
    expect(pages[0].tournaments.map((t) => t.id)).toContain(open.id);
    for (const [i, p] of pages.entries()) {
      const done = p.tournaments.filter((t) => t.status === 'finished' || t.status === 'cancelled');
      expect(done.length, `page ${i}`).toBeLessThanOrEqual(LIST_ENDED_MAX);
      if (i > 0) expect(done).toEqual(p.tournaments);
    }
    // Every ended one of the organizer once, newest first; another's invite-only one never.
    const all = pages.flatMap((p) => p.tournaments.map((t) => t.id));
    expect(all.filter((id) => ended.includes(id))).toEqual([...ended].reverse());
    expect(all).not.toContain(hidden.id);
    expect(new Set(all).size).toBe(all.length);
    // A cursor of the wrong shape is refused.
    for (const bad of ['yesterday', `2026-01-01T00:00:00.000Z~${'x'.repeat(65)}`, "x' or 1=1 --"]) {
      const r = await req(srv.url, org, 'GET', `${A.list}?before=${encodeURIComponent(bad)}`);
      expect([r.status, r.body.code], bad).toEqual([400, 'malformed']);
    }
  });
});

/**
 * Accounts (docs/accounts.md): a guest claims an account and keeps its tables; sign-in by name and
 * password with a session cookie and a play token; CSRF refused; names unique regardless of case and
 * look-alikes, no profanity; the same answer for an unknown name as for a wrong password and a growing
 * lockout; sign-out of one browser and of all others; an expired session refused. On SQLite, and on
 * PostgreSQL when STICH_TEST_DATABASE_URL is set. Export and deletion: account-data.test.ts.
 */
import { verify } from '@node-rs/argon2';
import { ACCOUNT_API, type AccountResponse, type Player, type TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { FREE_FAILURES } from '../src/logins.ts';
import { ARGON2, checkPassword, DUMMY, hashPassword } from '../src/passwords.ts';
import { call } from './accounts.ts';
import { api, DB_KINDS, guest, serve, testGame } from './helpers.ts';

const A = ACCOUNT_API;

describe.each(DB_KINDS)('accounts (%s)', (kind) => {
  const srv = serve(kind);
  const count = async (table: 'accounts' | 'players' | 'sessions') =>
    Number(
      (
        await context()
          .store.db.selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const register = (name: string, password: string, token?: string) =>
    call<AccountResponse & { code?: string }>(srv.url, 'POST', A.register, {
      body: { name, password },
      ...(token ? { token } : {}),
    });
  const login = (name: string, password: string) =>
    call<AccountResponse & { code?: string; reason?: string }>(srv.url, 'POST', A.login, {
      body: { name, password },
    });
  const me = (token: string) => api<{ player: Player }>(srv.url, 'GET', '/api/me', undefined, token);

  it('a guest claims an account: same player, his tables stay, a session cookie and a play token', async () => {
    const g = await guest(srv.url, 'Gast');
    const t = await api<{ table: TableInfo }>(
      srv.url,
      'POST',
      '/api/play-now',
      { game: testGame() },
      g.token,
    );
    expect(t.status).toBe(201);
    const r = await register('Annika', 'correct horse', g.token);
    expect(r.status).toBe(201);
    expect(r.body.account.player).toEqual({ id: g.id, name: 'Annika' });
    expect(r.body.account.hasPassword).toBe(true);
    expect(r.body.account.sessions).toHaveLength(1);
    expect(r.body.account.sessions[0].current).toBe(true);
    // The cookie: httpOnly, SameSite=Lax, whole site, 30 days; not Secure over plain http.
    const set = r.headers.get('set-cookie')!;
    expect(set).toMatch(
      /^stich_session=[A-Za-z0-9_-]{32}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    const cookie = r.cookie!;
    const play = r.body.token!;
    expect(play).not.toBe(g.token);
    // The play token, the guest token and the cookie all are this player.
    expect((await me(play)).body.player).toEqual({ id: g.id, name: 'Annika' });
    expect((await me(g.token)).body.player.name).toBe('Annika');
    const byCookie = await call<AccountResponse>(srv.url, 'GET', A.account, { cookie });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.account.player.id).toBe(g.id);
    expect(byCookie.body.token).toBeUndefined();
    expect(byCookie.cookie).toBe(cookie);
    expect((await call(srv.url, 'GET', A.account, { token: play })).status).toBe(200);
    // The table played as a guest is his, under the account's name.
    const mine = await api<{ tables: { id: string; names: (string | null)[] }[] }>(
      srv.url,
      'GET',
      '/api/me/tables',
      undefined,
      play,
    );
    expect(mine.body.tables.map((x) => x.id)).toEqual([t.body.table.id]);
    expect(mine.body.tables[0].names[0]).toBe('Annika');
    // An account's name is changed by nobody through PATCH /api/me; a second claim is refused.
    expect((await api(srv.url, 'PATCH', '/api/me', { name: 'Other' }, play)).status).toBe(403);
    expect((await register('Annika2', 'correct horse', g.token)).status).toBe(403);
    // Without a session nothing is signed in.
    expect((await call(srv.url, 'GET', A.account)).status).toBe(401);
    const other = await guest(srv.url, 'Guest only');
    expect((await call(srv.url, 'GET', A.account, { token: other.token })).body).toMatchObject({
      code: 'unauthorized',
    });
  });

  it('register without a guest token makes a new player; the play token joins tables', async () => {
    const players = await count('players');
    const r = await register('Bruno B', 'password 123');
    expect(r.status).toBe(201);
    expect(await count('players')).toBe(players + 1);
    const t = await api(srv.url, 'POST', '/api/play-now', { game: testGame() }, r.body.token);
    expect(t.status).toBe(201);
  });

  it('names: taken regardless of case, NFKC and look-alikes; profanity and computer labels refused; nothing changes', async () => {
    expect((await register('Clara', 'password 123')).status).toBe(201);
    const before = [await count('accounts'), await count('players'), await count('sessions')];
    const refused: [string, string, number][] = [
      ['CLARA', 'name-taken', 409],
      ['clara', 'name-taken', 409],
      ['Сlara', 'name-taken', 409], // Cyrillic С
      ['Ｃｌａｒａ', 'name-taken', 409], // fullwidth (NFKC)
      ['C1ara', 'name-taken', 409], // "1" reads as "l"
      ['Arschloch', 'bad-name', 422],
      ['Ar5chloch 77', 'bad-name', 422],
      ['fuck_you', 'bad-name', 422],
      ['Sh1thead', 'bad-name', 422],
      ['Hurensohn', 'bad-name', 422],
      ['ab', 'bad-name', 422],
      ['Tom <b>', 'bad-name', 422],
      ['Bot (rule)', 'reserved-name', 422],
    ];
    for (const [name, code, status] of refused) {
      const r = await register(name, 'password 123');
      expect([name, r.status, r.body.code]).toEqual([name, status, code]);
    }
    const short = await register('Dora', 'short');
    expect([short.status, short.body.code]).toEqual([400, 'malformed']);
    expect(String((short.body as { reason?: string }).reason)).toMatch(/^password/);
    expect([await count('accounts'), await count('players'), await count('sessions')]).toEqual(before);
    // Names with umlauts are not look-alikes of those without, and ordinary names pass the check.
    for (const name of ['Clära', 'Dickens', 'Hamster', 'Jürgen'])
      expect((await register(name, 'password 123')).status).toBe(201);
  });

  it('CSRF: a state-changing request without the header or from another origin is refused and changes nothing', async () => {
    const r = await register('Emil', 'password 123');
    const cookie = r.cookie!;
    const before = await count('sessions');
    const no = await call(srv.url, 'POST', A.logout, { cookie, csrf: false });
    expect([no.status, no.body.code]).toEqual([403, 'forbidden']);
    const foreign = await call(srv.url, 'POST', A.logout, {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'forbidden']);
    for (const path of [A.login, A.register, A.password, A.delete, A.logoutAll, A.passkeyLoginOptions]) {
      const x = await call(srv.url, 'POST', path, { cookie, csrf: false, body: {} });
      expect([path, x.status]).toEqual([path, 403]);
    }
    expect(await count('sessions')).toBe(before);
    expect((await call(srv.url, 'GET', A.account, { cookie })).status).toBe(200);
    // The same origin is fine.
    const own = await call(srv.url, 'POST', A.logout, { cookie, headers: { origin: srv.url } });
    expect(own.status).toBe(200);
    expect(own.cookie).toBe('');
    expect((await call(srv.url, 'GET', A.account, { cookie })).status).toBe(401);
  });

  it('login: an unknown name and a wrong password get the same answer after the same work', async () => {
    await register('Frieda', 'password 123');
    const wrong = await login('Frieda', 'password 124');
    const unknown = await login('Niemand', 'password 124');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.code).toBe('bad-login');
    // Both verify an Argon2id hash of the same cost: an unknown name verifies the dummy hash, which must be a
    // well-formed hash with the parameters of the real ones (a malformed one is refused at once, and a
    // cheaper one answers faster, which tells a name exists). Without it, an unknown name took 0.1–0.25 of
    // the time here; compared by structure, not by a timing that a loaded machine makes flaky.
    const params = (h: string) => h.split('$')[3];
    expect(params(DUMMY)).toBe(`m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}`);
    expect(DUMMY.startsWith('$argon2id$v=19$')).toBe(true);
    await expect(verify(DUMMY, 'password 999')).resolves.toBe(false);
    expect(params(await hashPassword('password 999'))).toBe(params(DUMMY));
    expect(await checkPassword(null, 'password 999')).toBe(false);
    const ok = await login('frieda', 'password 123');
    expect(ok.status).toBe(200);
    expect(ok.body.account.player.name).toBe('Frieda');
    expect(ok.cookie).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('failed logins lock the name for a growing time, also for the right password', async () => {
    await register('Gustav', 'password 123');
    for (let i = 0; i < FREE_FAILURES; i++) expect((await login('Gustav', 'nope nope')).status).toBe(401);
    // The next failure locks the name for a second.
    expect((await login('Gustav', 'nope nope')).status).toBe(401);
    const locked = await login('gustav', 'password 123');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too-many-logins');
    expect(Number(locked.headers.get('retry-after'))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login('Gustav', 'nope nope')).status).toBe(401);
    // The fifth failure in a row: two seconds.
    expect(Number((await login('Gustav', 'password 123')).headers.get('retry-after'))).toBe(2);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await login('Gustav', 'password 123')).status).toBe(200);
    // A success clears the count.
    expect((await login('Gustav', 'nope nope')).status).toBe(401);
    expect((await login('Gustav', 'password 123')).status).toBe(200);
  });

  it('logout ends the session and its play token; logout-all ends the others and the old guest token', async () => {
    const g = await guest(srv.url, 'Gast');
    const r = await register('Hanna', 'password 123', g.token);
    const a = await login('Hanna', 'password 123');
    const b = await login('Hanna', 'password 123');
    expect(a.body.account.sessions).toHaveLength(2);
    expect(b.body.account.sessions).toHaveLength(3);
    // Logout of browser a: its cookie and its play token stop working, the others go on.
    const out = await call(srv.url, 'POST', A.logout, { cookie: a.cookie! });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(
      /^stich_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/,
    );
    expect((await call(srv.url, 'GET', A.account, { cookie: a.cookie! })).status).toBe(401);
    expect((await me(a.body.token!)).status).toBe(401);
    expect((await me(b.body.token!)).status).toBe(200);
    // Logout-all from b (by its play token): r's session and the guest token end, b stays.
    const all = await call<AccountResponse>(srv.url, 'POST', A.logoutAll, { token: b.body.token! });
    expect(all.status).toBe(200);
    expect(all.body.account.sessions.map((s) => s.current)).toEqual([true]);
    expect((await me(r.body.token!)).status).toBe(401);
    expect((await call(srv.url, 'GET', A.account, { cookie: r.cookie! })).status).toBe(401);
    expect((await me(g.token)).status).toBe(401);
    expect((await me(b.body.token!)).body.player.id).toBe(g.id);
    expect((await call(srv.url, 'GET', A.account, { cookie: b.cookie! })).status).toBe(200);
  });

  it('an expired session is refused, by cookie and by play token', async () => {
    const r = await register('Ida', 'password 123');
    await context()
      .store.db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('player_id', '=', r.body.account.player.id)
      .execute();
    expect((await me(r.body.token!)).status).toBe(401);
    const x = await call(srv.url, 'GET', A.account, { cookie: r.cookie! });
    expect([x.status, x.body.code]).toEqual([401, 'unauthorized']);
    // The browser is told to drop the cookie.
    expect(x.cookie).toBe('');
    expect((await call(srv.url, 'POST', A.logoutAll, { cookie: r.cookie! })).status).toBe(401);
  });

  it('password change needs the current password and signs out the other browsers', async () => {
    const r = await register('Jana', 'password 123');
    const other = await login('Jana', 'password 123');
    const wrong = await call(srv.url, 'POST', A.password, {
      cookie: r.cookie!,
      body: { current: 'password 999', next: 'new password 1' },
    });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'bad-login']);
    const short = await call(srv.url, 'POST', A.password, {
      cookie: r.cookie!,
      body: { current: 'password 123', next: 'short' },
    });
    expect([short.status, short.body.code]).toEqual([400, 'malformed']);
    expect((await login('Jana', 'password 123')).status).toBe(200);
    const ok = await call(srv.url, 'POST', A.password, {
      cookie: r.cookie!,
      body: { current: 'password 123', next: 'new password 1' },
    });
    expect(ok.status).toBe(200);
    expect((await me(other.body.token!)).status).toBe(401);
    expect((await call(srv.url, 'GET', A.account, { cookie: r.cookie! })).status).toBe(200);
    expect((await login('Jana', 'password 123')).status).toBe(401);
    expect((await login('Jana', 'new password 1')).status).toBe(200);
    const stored = await context()
      .store.db.selectFrom('accounts')
      .select('password_hash')
      .where('player_id', '=', r.body.account.player.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('sign-in attempts per address', () => {
  const srv = serve('sqlite', { LOGINS_PER_HOUR: '3' });
  it('are limited (LOGINS_PER_HOUR), whatever the names', async () => {
    const at = (name: string) => call(srv.url, 'POST', A.login, { body: { name, password: 'x' } });
    for (const n of ['a1', 'a2', 'a3']) expect((await at(n)).status).toBe(401);
    const r = await at('a4');
    expect([r.status, r.body.code]).toEqual([429, 'too-many-logins']);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

/**
 * Export and deletion (docs/accounts.md, "Export and deletion"): the export holds the player's account,
 * passkeys, sessions, tables and hints; deleting the account (confirmed by the password) signs every
 * browser out for good, frees the name, and leaves the finished match's record, as others fetch it, with
 * an anonymous name. On SQLite, and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import type { GameRecord } from '@stich/engine';
import { ACCOUNT_API, type AccountResponse, type TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { call } from './accounts.ts';
import { api, autoplay, Conn, DB_KINDS, guest, isState, SHORT_OPTIONS, serve, testGame } from './helpers.ts';
import { SoftKey } from './softkey.ts';

const A = ACCOUNT_API;
const GAME = testGame();

describe.each(DB_KINDS)('account data (%s)', (kind) => {
  const srv = serve(kind);

  it('exports everything, then deletes the account: anonymous in the records, nothing signs in', async () => {
    // A guest plays a match against computers, asking for one hint, and then claims an account.
    const g = await guest(srv.url, 'Tanja');
    const t = await api<{ table: TableInfo; invite: { code: string } }>(
      srv.url,
      'POST',
      '/api/play-now',
      { game: GAME, level: 'random', options: SHORT_OPTIONS[GAME] ?? {} },
      g.token,
    );
    const table = t.body.table.id;
    const c = await Conn.join(srv.url, table, { token: g.token });
    const mine = await c.waitFor(
      (m) => isState(m) && m.d.legal.length > 0 && m.d.view.toAct[0] === 0,
      30_000,
    );
    const hint = await api(srv.url, 'POST', `/api/tables/${table}/hint`, {}, g.token);
    expect(hint.status).toBe(200);
    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    await c.leave();
    const r = await call<AccountResponse>(srv.url, 'POST', A.register, {
      token: g.token,
      body: { name: 'Tanja T', password: 'password 123' },
    });
    expect(r.status).toBe(201);
    const cookie = r.cookie!;
    await call(srv.url, 'POST', A.passkeyRegisterOptions, { cookie }).then((o) =>
      call(srv.url, 'POST', A.passkeyRegister, {
        cookie,
        body: { response: new SoftKey().create((o.body as never as { options: never }).options, srv.url) },
      }),
    );
    // Others see the record (by the invite code) under her name.
    const recordPath = `/api/tables/${table}/record?code=${t.body.invite.code}`;
    const before = await api<GameRecord>(srv.url, 'GET', recordPath);
    expect(before.body.players?.[0]).toBe('Tanja T');

    const ex = await call<{
      player: { id: string };
      account: AccountResponse['account'];
      tables: { id: string; seat: number; record: string; status: string }[];
      created: string[];
      hints: { table: string; seat: number; seq: number }[];
    }>(srv.url, 'GET', A.export, { cookie });
    expect(ex.status).toBe(200);
    expect(ex.headers.get('content-disposition')).toMatch(/attachment/);
    expect(ex.body.player.id).toBe(g.id);
    expect(ex.body.account.passkeys).toHaveLength(1);
    expect(ex.body.account.sessions).toHaveLength(1);
    expect(ex.body.tables).toEqual([
      expect.objectContaining({ id: table, seat: 0, status: 'over', record: `/api/tables/${table}/record` }),
    ]);
    expect(ex.body.created).toEqual([table]);
    expect(ex.body.hints).toEqual([
      { table, seat: 0, seq: isState(mine) ? mine.d.seq : -1, at: expect.any(String) },
    ]);
    expect(JSON.stringify(ex.body)).not.toMatch(/password_hash|public_key|argon2/);

    // A wrong password deletes nothing.
    const wrong = await call(srv.url, 'POST', A.delete, { cookie, body: { password: 'password 999' } });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'bad-login']);
    expect((await call(srv.url, 'GET', A.account, { cookie })).status).toBe(200);

    const other = await call<AccountResponse>(srv.url, 'POST', A.login, {
      body: { name: 'Tanja T', password: 'password 123' },
    });
    const del = await call<{ name: string }>(srv.url, 'POST', A.delete, {
      cookie,
      body: { password: 'password 123' },
    });
    expect(del.status).toBe(200);
    expect(del.cookie).toBe('');
    const anonymous = del.body.name;
    expect(anonymous).toMatch(/^Gelöscht #[A-Za-z0-9_-]{4}$/);
    // Every way in is closed: cookie, play tokens, the guest token, the password.
    expect((await call(srv.url, 'GET', A.account, { cookie })).body).toMatchObject({ code: 'unauthorized' });
    expect((await call(srv.url, 'GET', A.account, { cookie: other.cookie! })).status).toBe(401);
    expect((await api(srv.url, 'GET', '/api/me', undefined, r.body.token)).status).toBe(401);
    expect((await api(srv.url, 'GET', '/api/me', undefined, other.body.token)).status).toBe(401);
    expect((await api(srv.url, 'GET', '/api/me', undefined, g.token)).status).toBe(401);
    expect((await call(srv.url, 'GET', A.export, { cookie })).status).toBe(401);
    const login = await call(srv.url, 'POST', A.login, {
      body: { name: 'Tanja T', password: 'password 123' },
    });
    expect([login.status, login.body.code]).toEqual([401, 'bad-login']);
    const { db } = context().store;
    expect(await db.selectFrom('passkeys').selectAll().where('player_id', '=', g.id).execute()).toEqual([]);
    expect(await db.selectFrom('sessions').selectAll().where('player_id', '=', g.id).execute()).toEqual([]);
    // Her seat in the record others fetch is anonymous now (also where it was cached before).
    const after = await api<GameRecord>(srv.url, 'GET', recordPath);
    expect(after.body.players?.[0]).toBe(anonymous);
    expect(JSON.stringify(after.body)).not.toContain('Tanja');
    // The name is free again.
    const again = await call(srv.url, 'POST', A.register, {
      body: { name: 'Tanja T', password: 'password 456' },
    });
    expect(again.status).toBe(201);
  });
});

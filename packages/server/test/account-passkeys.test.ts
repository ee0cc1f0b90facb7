/**
 * Passkeys (docs/accounts.md, "Passkeys"): a signed-in account adds a passkey, signs in with it on another
 * browser, renames and removes it; a passkey answer for another origin, a replayed or expired challenge
 * and an unknown credential get `bad-passkey` and sign nobody in. A software authenticator (softkey.ts)
 * stands in for the browser's. On SQLite, and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import { ACCOUNT_API, type AccountResponse, type Player } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { call } from './accounts.ts';
import { api, DB_KINDS, serve } from './helpers.ts';
import { SoftKey } from './softkey.ts';

const A = ACCOUNT_API;

describe.each(DB_KINDS)('passkeys (%s)', (kind) => {
  const srv = serve(kind);
  const sessions = async () =>
    Number(
      (
        await context()
          .store.db.selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const register = async (name: string) => {
    const r = await call<AccountResponse>(srv.url, 'POST', A.register, {
      body: { name, password: 'password 123' },
    });
    expect(r.status).toBe(201);
    return { cookie: r.cookie!, id: r.body.account.player.id };
  };
  /** Adds a passkey to the account of `cookie`; the answer of the verification. */
  const addPasskey = async (cookie: string, key: SoftKey, origin = srv.url, name?: string) => {
    const o = await call<{ options: Parameters<SoftKey['create']>[0] }>(
      srv.url,
      'POST',
      A.passkeyRegisterOptions,
      {
        cookie,
      },
    );
    expect(o.status).toBe(200);
    return call<AccountResponse & { code?: string; reason?: string }>(srv.url, 'POST', A.passkeyRegister, {
      cookie,
      body: { response: key.create(o.body.options, origin), ...(name ? { name } : {}) },
    });
  };
  const loginOptions = async () => {
    const o = await call<{ options: Parameters<SoftKey['get']>[0] & { userVerification: string } }>(
      srv.url,
      'POST',
      A.passkeyLoginOptions,
    );
    expect(o.status).toBe(200);
    return o.body.options;
  };
  const passkeyLogin = (response: unknown) =>
    call<AccountResponse & { code?: string; reason?: string }>(srv.url, 'POST', A.passkeyLogin, {
      body: { response },
    });

  it('adds a passkey and signs in with it on another browser', async () => {
    const a = await register('Paula');
    const key = new SoftKey();
    const added = await addPasskey(a.cookie, key, srv.url, 'Phone');
    expect(added.status).toBe(201);
    expect(added.body.account.passkeys).toEqual([
      { id: key.id, name: 'Phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const options = await loginOptions();
    // Discoverable credentials: no list of allowed ones; user verification preferred.
    expect(options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'preferred' });
    expect((options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    const r = await passkeyLogin(key.get(options, srv.url));
    expect(r.status).toBe(200);
    expect(r.body.account.player.id).toBe(a.id);
    expect(r.cookie).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(r.body.account.passkeys[0].lastUsedAt).not.toBeNull();
    const me = await api<{ player: Player }>(srv.url, 'GET', '/api/me', undefined, r.body.token);
    expect(me.body.player).toEqual({ id: a.id, name: 'Paula' });
    // The same key again, with a new challenge: the counter goes on.
    expect((await passkeyLogin(key.get(await loginOptions(), srv.url))).status).toBe(200);
  });

  it('refuses another origin, a replayed or expired challenge and an unknown passkey, signing nobody in', async () => {
    const a = await register('Quentin');
    const key = new SoftKey();
    expect((await addPasskey(a.cookie, key)).status).toBe(201);
    const refused = async (response: unknown, why: RegExp) => {
      const before = await sessions();
      const r = await passkeyLogin(response);
      expect([r.status, r.body.code]).toEqual([400, 'bad-passkey']);
      expect(r.body.reason).toMatch(why);
      expect(r.cookie).toBeUndefined();
      expect(await sessions()).toBe(before);
    };
    await refused(key.get(await loginOptions(), 'https://evil.example'), /origin/i);
    const good = key.get(await loginOptions(), srv.url);
    expect((await passkeyLogin(good)).status).toBe(200);
    await refused(good, /used already or expired/);
    const late = await loginOptions();
    await context()
      .store.db.updateTable('challenges')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('challenge', '=', late.challenge)
      .execute();
    await refused(key.get(late, srv.url), /used already or expired/);
    await refused(new SoftKey().get(await loginOptions(), srv.url), /not registered/);
    // A made-up challenge.
    await refused(
      key.get({ challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, srv.url),
      /used already/,
    );
  });

  it('a registration answer for another origin or a replayed challenge stores nothing', async () => {
    const a = await register('Rosa');
    const key = new SoftKey();
    const foreign = await addPasskey(a.cookie, key, 'https://evil.example');
    expect([foreign.status, foreign.body.code]).toEqual([400, 'bad-passkey']);
    const o = await call<{ options: Parameters<SoftKey['create']>[0] }>(
      srv.url,
      'POST',
      A.passkeyRegisterOptions,
      {
        cookie: a.cookie,
      },
    );
    const answer = { response: key.create(o.body.options, srv.url) };
    // Another account cannot use Rosa's challenge.
    const b = await register('Rolf');
    const stolen = await call(srv.url, 'POST', A.passkeyRegister, { cookie: b.cookie, body: answer });
    expect([stolen.status, stolen.body.code]).toEqual([400, 'bad-passkey']);
    // The challenge is gone even for Rosa now.
    const replay = await call(srv.url, 'POST', A.passkeyRegister, { cookie: a.cookie, body: answer });
    expect([replay.status, replay.body.code]).toEqual([400, 'bad-passkey']);
    const account = await call<AccountResponse>(srv.url, 'GET', A.account, { cookie: a.cookie });
    expect(account.body.account.passkeys).toEqual([]);
    // Without an account nobody gets registration options.
    expect((await call(srv.url, 'POST', A.passkeyRegisterOptions)).status).toBe(401);
  });

  it('renames and removes passkeys; a removed passkey signs in no more', async () => {
    const a = await register('Sven');
    const key = new SoftKey();
    await addPasskey(a.cookie, key);
    const path = A.passkey.replace(':id', key.id);
    const renamed = await call<AccountResponse>(srv.url, 'POST', A.passkeyRename.replace(':id', key.id), {
      cookie: a.cookie,
      body: { name: 'Laptop' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account.passkeys[0].name).toBe('Laptop');
    const bad = await call(srv.url, 'POST', A.passkeyRename.replace(':id', key.id), {
      cookie: a.cookie,
      body: { name: '' },
    });
    expect(bad.status).toBe(400);
    // Someone else's passkey is not found for another account.
    const b = await register('Svea');
    expect((await call(srv.url, 'DELETE', path, { cookie: b.cookie })).status).toBe(404);
    const removed = await call<AccountResponse>(srv.url, 'DELETE', path, { cookie: a.cookie });
    expect(removed.status).toBe(200);
    expect(removed.body.account.passkeys).toEqual([]);
    const r = await passkeyLogin(key.get(await loginOptions(), srv.url));
    expect([r.status, r.body.code]).toEqual([400, 'bad-passkey']);
  });
});

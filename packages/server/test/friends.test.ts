/**
 * Friends, blocks and invitations to a seat (docs/friends.md): asking is answered by asking back; only
 * friends see each other online and at their tables and invite each other; a block ends the friendship
 * and keeps the blocked player out of the blocker's tables. On SQLite, and on PostgreSQL when
 * STICH_TEST_DATABASE_URL is set.
 */
import {
  ACCOUNT_API,
  type AccountResponse,
  FRIENDS_API,
  type FriendAnswer,
  type FriendsResponse,
  type ServerMessage,
} from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { call } from './accounts.ts';
import { Conn, createTable, DB_KINDS, DUEL, guest, serve, testGame } from './helpers.ts';

const F = FRIENDS_API;
const GAME = testGame();
const path = (p: string, name: string) => p.replace(':name', encodeURIComponent(name));

describe.each(DB_KINDS)('friends (%s)', (kind) => {
  const srv = serve(kind);

  /** A signed-in player: its guest token (room joins) and its session cookie (account requests). */
  async function account(name: string): Promise<{ id: string; token: string; cookie: string }> {
    const g = await guest(srv.url, name);
    const r = await call<AccountResponse>(srv.url, 'POST', ACCOUNT_API.register, {
      token: g.token,
      body: { name, password: 'password 123' },
    });
    expect(r.status).toBe(201);
    return { id: g.id, token: g.token, cookie: r.cookie! };
  }
  const list = async (who: { cookie: string }) =>
    (await call<FriendsResponse>(srv.url, 'GET', F.friends, { cookie: who.cookie })).body;

  it('asking, asking back, presence and tables, an invitation to a seat, ending it', async () => {
    const anna = await account('Anna F');
    const bert = await account('Bert F');
    const carl = await account('Carl F');

    // Guests have no friends; bad input changes nothing.
    const g = await guest(srv.url, 'Gast');
    expect((await call(srv.url, 'GET', F.friends, { token: g.token })).status).toBe(401);
    const bad = [
      [{ name: 'Nobody Here' }, 404, 'not-found'],
      [{ name: 'Anna F' }, 400, 'malformed'],
      [{ name: '<b>x</b>' }, 400, 'malformed'],
      [{}, 400, 'malformed'],
    ] as const;
    for (const [body, status, code] of bad) {
      const r = await call<{ code: string }>(srv.url, 'POST', F.friends, { cookie: anna.cookie, body });
      expect([r.status, r.body.code]).toEqual([status, code]);
    }
    const csrf = await call(srv.url, 'POST', F.friends, {
      cookie: anna.cookie,
      body: { name: 'Bert F' },
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    expect(await list(anna)).toMatchObject({ friends: [], incoming: [], outgoing: [] });

    // Anna asks Bert (by another spelling of his name); Bert sees the asking, and asking back makes friends.
    const asked = await call<FriendAnswer>(srv.url, 'POST', F.friends, {
      cookie: anna.cookie,
      body: { name: 'bert f' },
    });
    expect([asked.status, asked.body.state]).toEqual([201, 'asked']);
    expect((await list(anna)).outgoing).toEqual(['Bert F']);
    // Not yet friends: Bert is not shown to Anna as online.
    expect((await list(anna)).friends).toEqual([]);
    expect((await list(bert)).incoming).toEqual(['Anna F']);
    const back = await call<FriendAnswer>(srv.url, 'POST', F.friends, {
      cookie: bert.cookie,
      body: { name: 'Anna F' },
    });
    expect(back.body.state).toBe('friends');
    const a = await list(anna);
    expect(a.outgoing).toEqual([]);
    // Bert asked for his list just now: he is online.
    expect(a.friends).toEqual([{ name: 'Bert F', online: true, tables: [] }]);

    // Anna opens a private table for two people and sits down; Bert sees it among hers, with its free seat.
    const t = await createTable(srv.url, anna.token, {
      game: GAME,
      players: 4,
      seats: [0, 1, 2, 3].map(() => ({ kind: 'human' })),
      visibility: 'private',
      seat: 0,
    });
    const id = t.table.id;
    const friendOfBert = (await list(bert)).friends[0];
    expect(friendOfBert.tables).toEqual([{ id, game: GAME, players: 4, free: 3, private: true }]);

    // Only a friend is invited, only to a table one sits at.
    const notFriend = await call<{ code: string }>(srv.url, 'POST', path(F.invite, 'Carl F'), {
      cookie: anna.cookie,
      body: { tableId: id },
    });
    expect([notFriend.status, notFriend.body.code]).toEqual([403, 'forbidden']);
    const elsewhere = await call<{ code: string }>(srv.url, 'POST', path(F.invite, 'Anna F'), {
      cookie: bert.cookie,
      body: { tableId: id },
    });
    expect(elsewhere.body.code).toBe('not-seated');
    const inv = await call<{ id: string }>(srv.url, 'POST', path(F.invite, 'Bert F'), {
      cookie: anna.cookie,
      body: { tableId: id },
    });
    expect(inv.status).toBe(201);
    const [invitation] = (await list(bert)).invitations;
    expect(invitation).toMatchObject({
      id: inv.body.id,
      from: 'Anna F',
      tableId: id,
      game: GAME,
      players: 4,
    });
    expect(invitation.code).toMatch(/^[A-Za-z0-9_-]+$/);
    // Carl is not invited: the private table stays closed to him, and he sees nothing of it.
    expect((await list(carl)).invitations).toEqual([]);
    await expect(Conn.join(srv.url, id, { token: carl.token })).rejects.toThrow(/invite code/);
    // The invitation's code lets Bert sit down.
    const c = await Conn.join(srv.url, id, { token: bert.token, code: invitation.code! });
    await c.waitFor((m) => m.t === 'welcome');
    await c.leave();
    // Bert dismisses the invitation; ending the friendship clears both lists.
    await call(srv.url, 'DELETE', F.invitation.replace(':id', invitation.id), { cookie: bert.cookie });
    expect((await list(bert)).invitations).toEqual([]);
    expect((await call(srv.url, 'DELETE', path(F.friend, 'Anna F'), { cookie: bert.cookie })).status).toBe(
      200,
    );
    expect((await list(anna)).friends).toEqual([]);
    expect((await list(bert)).friends).toEqual([]);
  }, 30_000);

  it('a block ends the friendship, refuses askings and keeps the blocked player out of the table', async () => {
    const dora = await account('Dora F');
    const emil = await account('Emil F');
    await call(srv.url, 'POST', F.friends, { cookie: dora.cookie, body: { name: 'Emil F' } });
    await call(srv.url, 'POST', F.friends, { cookie: emil.cookie, body: { name: 'Dora F' } });
    expect((await list(dora)).friends.map((f) => f.name)).toEqual(['Emil F']);

    expect(
      (await call(srv.url, 'POST', F.blocks, { cookie: dora.cookie, body: { name: 'Emil F' } })).status,
    ).toBe(200);
    expect(await list(dora)).toMatchObject({ friends: [], blocked: ['Emil F'] });
    expect((await list(emil)).friends).toEqual([]);
    const again = await call<{ code: string }>(srv.url, 'POST', F.friends, {
      cookie: emil.cookie,
      body: { name: 'Dora F' },
    });
    expect([again.status, again.body.code]).toEqual([403, 'forbidden']);

    // Dora's public table: Emil can neither sit down nor watch; someone else can.
    const t = await createTable(srv.url, dora.token, {
      game: GAME,
      players: 4,
      seats: [0, 1, 2, 3].map(() => ({ kind: 'human' })),
      seat: 0,
    });
    const id = t.table.id;
    const d = await Conn.join(srv.url, id, { token: dora.token });
    await d.waitFor((m) => m.t === 'welcome');
    await expect(Conn.join(srv.url, id, { token: emil.token })).rejects.toThrow(/does not accept you/);
    await expect(Conn.join(srv.url, id, { token: emil.token, spectate: true })).rejects.toThrow(
      /does not accept you/,
    );
    const other = await guest(srv.url, 'Fritz');
    const f = await Conn.join(srv.url, id, { token: other.token });
    await f.waitFor((m) => m.t === 'welcome');

    // Unblocked, Emil may sit down again.
    await call(srv.url, 'DELETE', path(F.block, 'Emil F'), { cookie: dora.cookie });
    expect((await list(dora)).blocked).toEqual([]);
    const e = await Conn.join(srv.url, id, { token: emil.token });
    await e.waitFor((m) => m.t === 'welcome');
    for (const x of [d, f, e]) await x.leave();

    // Deleting an account takes its friends' rows with it.
    await call(srv.url, 'POST', F.friends, { cookie: emil.cookie, body: { name: 'Dora F' } });
    expect((await list(dora)).incoming).toEqual(['Emil F']);
    const del = await call(srv.url, 'POST', ACCOUNT_API.delete, {
      cookie: emil.cookie,
      body: { password: 'password 123' },
    });
    expect(del.status).toBe(200);
    expect((await list(dora)).incoming).toEqual([]);
  }, 30_000);

  it("a block made at the table hides the blocked player's chat from the blocker, and only from him", async () => {
    const gina = await account('Gina F');
    const hugo = await account('Hugo F');
    const ida = await guest(srv.url, 'Ida');
    const t = await createTable(srv.url, gina.token, {
      ...DUEL,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seat: 0,
    });
    const id = t.table.id;
    const join = async (o: Parameters<typeof Conn.join>[2]) => {
      const c = await Conn.join(srv.url, id, o);
      await c.waitFor((m) => m.t === 'chat-log');
      return c;
    };
    const g = await join({ token: gina.token });
    const h = await join({ token: hugo.token });
    const watcher = await join({ token: ida.token, spectate: true });
    // Hugo sat down before the block: he stays, but Gina no longer reads him.
    expect(
      (await call(srv.url, 'POST', F.blocks, { cookie: gina.cookie, body: { name: 'Hugo F' } })).status,
    ).toBe(200);
    const fromHugo = (m: ServerMessage) => m.t === 'chat' && m.d.from === hugo.id;
    h.send({ t: 'chat', d: { quick: 'gg' }, id: 'h1' });
    await watcher.waitFor(fromHugo);
    await h.waitFor((m) => m.t === 'chat' && m.id === 'h1');
    // Gina's own next message comes back to her after Hugo's would have.
    g.send({ t: 'chat', d: { quick: 'thanks' }, id: 'g1' });
    await g.waitFor((m) => m.t === 'chat' && m.id === 'g1');
    await h.waitFor((m) => m.t === 'chat' && m.d.from === gina.id);
    expect(g.messages.some(fromHugo)).toBe(false);
    // Her log on joining again leaves him out too; the watcher's holds both.
    await g.leave();
    const again = await join({ token: gina.token });
    const log = (c: Conn) =>
      (
        c.messages.find((m) => m.t === 'chat-log') as { d: { entries: readonly { from: string }[] } }
      ).d.entries.map((e) => e.from);
    expect(log(again)).toEqual([gina.id]);
    const w2 = await join({ token: ida.token, spectate: true });
    expect(log(w2)).toEqual([hugo.id, gina.id]);
    for (const c of [again, h, watcher, w2]) await c.leave();
  }, 30_000);
});

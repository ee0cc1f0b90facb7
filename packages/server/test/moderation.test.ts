/**
 * The moderators' screen's routes (docs/chat.md) and the friends' list poll (docs/friends.md): only a
 * signed-in moderator reads and answers reports, with the CSRF header; hiding, barring and dismissing change
 * what the players see at the table. The friends' list has its own per-player limit and writes `seen` at
 * most once a minute. On SQLite, and on PostgreSQL when STICH_TEST_DATABASE_URL is set.
 */
import {
  ACCOUNT_API,
  type AccountResponse,
  type ChatEntry,
  type ChatRules,
  FRIENDS_API,
  MODERATION_API,
  type ModerationAnswer,
  type ModeratorResponse,
  type ReportsResponse,
  type ServerMessage,
} from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { FRIENDS_POLLS_PER_MINUTE } from '../src/friends.ts';
import { call } from './accounts.ts';
import { Conn, createTable, DB_KINDS, DUEL, guest, serve } from './helpers.ts';

const at = (path: string, id: string) => path.replace(':id', id);

/** A public table of two people, where the chat's players' channel is theirs. */
const TWO = { ...DUEL, seats: [{ kind: 'human' }, { kind: 'human' }], visibility: 'public', seat: 0 };

describe.each(DB_KINDS)('moderation (%s)', (kind) => {
  const srv = serve(kind, { CHAT_PER_PLAYER: '100', CHAT_PER_ADDRESS: '1000' });
  const conns: Conn[] = [];
  afterAll(async () => {
    for (const c of conns) await c.leave().catch(() => {});
  });
  const join = async (table: string, o: Parameters<typeof Conn.join>[2]) => {
    const c = await Conn.join(srv.url, table, o);
    conns.push(c);
    await c.waitFor((m) => m.t === 'chat-log');
    return c;
  };
  /** A signed-in player: its guest token (the table) and its session cookie (the account routes). */
  async function account(name: string) {
    const g = await guest(srv.url, name);
    const r = await call<AccountResponse>(srv.url, 'POST', ACCOUNT_API.register, {
      token: g.token,
      body: { name, password: 'password 123' },
    });
    expect(r.status).toBe(201);
    return { id: g.id, token: g.token, cookie: r.cookie! };
  }
  async function ask(c: Conn, t: 'chat' | 'chat-report' | 'chat-hide', d: unknown): Promise<ServerMessage> {
    const id = c.request(t, d);
    return c.waitFor((m) => 'id' in m && m.id === id);
  }
  const entry = (m: ServerMessage): ChatEntry => {
    if (m.t !== 'chat') throw new Error(`not a chat entry: ${JSON.stringify(m)}`);
    return m.d;
  };
  const code = (m: ServerMessage): string => (m.t === 'error' ? m.d.code : `(${m.t})`);

  it('only a signed-in moderator answers reports; hide, bar and dismiss change what players see', async () => {
    const anna = await account(`Anna M ${kind}`);
    const bert = await account(`Bert M ${kind}`);
    const mod = await account(`Mona M ${kind}`);
    (context().config.moderators as string[]).push(mod.id);
    const r = await createTable(srv.url, anna.token, TWO);
    const table = r.table.id;
    const a = await join(table, { token: anna.token });
    const b = await join(table, { token: bert.token });
    const before = entry(await ask(a, 'chat', { text: 'Hallo zusammen' }));
    const bad = entry(await ask(b, 'chat', { text: 'Du Trottel <b>x</b>' }));
    expect((await ask(a, 'chat-report', { n: bad.n, reason: 'beleidigt' })).t).toBe('chat-done');
    const other = entry(await ask(b, 'chat', { text: 'Noch einer' }));
    expect((await ask(a, 'chat-report', { n: other.n })).t).toBe('chat-done');

    // Who may: nobody signed out, no plain player, no moderator without the CSRF header on an action.
    expect((await call(srv.url, 'GET', MODERATION_API.reports)).status).toBe(401);
    const plain = await call<{ code: string }>(srv.url, 'GET', MODERATION_API.reports, {
      cookie: anna.cookie,
    });
    expect([plain.status, plain.body.code]).toEqual([403, 'forbidden']);
    expect(
      (await call<ModeratorResponse>(srv.url, 'GET', MODERATION_API.me, { cookie: anna.cookie })).body,
    ).toEqual({ moderator: false });
    expect(
      (await call<ModeratorResponse>(srv.url, 'GET', MODERATION_API.me, { cookie: mod.cookie })).body,
    ).toEqual({ moderator: true });
    const open = async () =>
      (
        await call<ReportsResponse>(srv.url, 'GET', MODERATION_API.reports, { cookie: mod.cookie })
      ).body.reports.filter((x) => x.table === table);
    const reports = await open();
    expect(reports).toHaveLength(2);
    const rep = reports.find((x) => x.message?.n === bad.n)!;
    expect(rep).toMatchObject({
      reporter: anna.id,
      reporterName: `Anna M ${kind}`,
      reason: 'beleidigt',
      barred: false,
      closed: null,
      message: { name: `Bert M ${kind}`, player: bert.id, text: 'Du Trottel <b>x</b>', hidden: false },
    });
    expect(rep.context.map((m) => m.n)).toEqual([before.n]);
    const hide = at(MODERATION_API.hide, rep.id);
    for (const [o, status, c] of [
      [{ cookie: anna.cookie }, 403, 'forbidden'],
      [{ cookie: mod.cookie, csrf: false }, 403, 'forbidden'],
      [{}, 401, 'unauthorized'],
    ] as const) {
      const x = await call<{ code: string }>(srv.url, 'POST', hide, o);
      expect([x.status, x.body.code]).toEqual([status, c]);
    }
    const none = await call<{ code: string }>(srv.url, 'POST', at(MODERATION_API.hide, 'nope'), {
      cookie: mod.cookie,
    });
    expect([none.status, none.body.code]).toEqual([400, 'malformed']);
    // Refused requests changed nothing: the message is still there.
    expect((await open()).find((x) => x.id === rep.id)?.message?.hidden).toBe(false);

    // Hide: both players drop it at once, a later joiner never gets it, the report is closed.
    const hidden = await call<ModerationAnswer>(srv.url, 'POST', hide, { cookie: mod.cookie });
    expect(hidden.status).toBe(200);
    expect(hidden.body.report).toMatchObject({ closed: 'hidden', message: { hidden: true } });
    for (const c of [a, b]) await c.waitFor((m) => m.t === 'chat-hidden' && m.d.n === bad.n);
    const late = await join(table, { spectate: true });
    const log = late.messages.find((m) => m.t === 'chat-log') as { d: { entries: readonly ChatEntry[] } };
    expect(log.d.entries.map((e) => e.n)).toEqual([before.n, other.n]);
    expect((await open()).map((x) => x.id)).not.toContain(rep.id);

    // Bar the writer through the other report: his rules change at once and he cannot write; then lifted.
    const rep2 = (await open())[0];
    expect(rep2.message?.n).toBe(other.n);
    const bar = at(MODERATION_API.bar, rep2.id);
    const bad1 = await call<{ code: string }>(srv.url, 'POST', bar, {
      cookie: mod.cookie,
      body: { on: 'ja' },
    });
    expect([bad1.status, bad1.body.code]).toEqual([400, 'malformed']);
    const barred = await call<ModerationAnswer>(srv.url, 'POST', bar, {
      cookie: mod.cookie,
      body: { on: true },
    });
    expect(barred.body.report).toMatchObject({ barred: true, closed: null });
    const rules = (await b.waitFor((m) => m.t === 'chat-rules')) as { d: ChatRules };
    expect(rules.d.canWrite).toBe(false);
    expect(code(await ask(b, 'chat', { quick: 'gg' }))).toBe('chat-barred');
    expect((await ask(a, 'chat', { quick: 'gg' })).t).toBe('chat');
    const lifted = await call<ModerationAnswer>(srv.url, 'POST', bar, {
      cookie: mod.cookie,
      body: { on: false },
    });
    expect(lifted.body.report.barred).toBe(false);
    await b.waitFor((m) => m.t === 'chat-rules' && m.d.canWrite);
    expect((await ask(b, 'chat', { quick: 'gg' })).t).toBe('chat');

    // Dismiss: the report closes, the message stays visible.
    const dis = await call<ModerationAnswer>(srv.url, 'POST', at(MODERATION_API.dismiss, rep2.id), {
      cookie: mod.cookie,
    });
    expect(dis.body.report).toMatchObject({ closed: 'dismissed', message: { hidden: false } });
    expect(await open()).toEqual([]);
    const later = await join(table, { spectate: true });
    const log2 = later.messages.find((m) => m.t === 'chat-log') as { d: { entries: readonly ChatEntry[] } };
    expect(log2.d.entries.map((e) => e.n)).toContain(other.n);
  });

  it('hiding a message closes every open report of it, at the table and on the screen', async () => {
    const anna = await account(`Anna H ${kind}`);
    const bert = await account(`Bert H ${kind}`);
    const carl = await account(`Carl H ${kind}`);
    const mod = await account(`Mona H ${kind}`);
    (context().config.moderators as string[]).push(mod.id);
    const r = await createTable(srv.url, anna.token, TWO);
    const table = r.table.id;
    const a = await join(table, { token: anna.token });
    const b = await join(table, { token: bert.token });
    const c = await join(table, { token: carl.token, spectate: true });
    const m = await join(table, { token: mod.token, spectate: true });
    const one = entry(await ask(b, 'chat', { text: 'Erste Zeile' }));
    const two = entry(await ask(b, 'chat', { text: 'Zweite Zeile' }));
    // Both lines reported twice (a player and a spectator).
    for (const x of [one, two])
      for (const who of [a, c]) expect((await ask(who, 'chat-report', { n: x.n })).t).toBe('chat-done');
    const open = async () =>
      (
        await call<ReportsResponse>(srv.url, 'GET', MODERATION_API.reports, { cookie: mod.cookie })
      ).body.reports.filter((x) => x.table === table);
    const all = await open();
    expect(all.map((x) => x.message?.n).sort()).toEqual([one.n, one.n, two.n, two.n].sort());

    // Hidden at the table: both its reports close (as hidden); the other line's stay open.
    expect((await ask(m, 'chat-hide', { n: one.n })).t).toBe('chat-done');
    expect((await open()).map((x) => x.message?.n)).toEqual([two.n, two.n]);
    // A closed report stays closed as hidden: dismissing it afterwards changes nothing.
    const first = all.find((x) => x.message?.n === one.n)!;
    const dis = await call<ModerationAnswer>(srv.url, 'POST', at(MODERATION_API.dismiss, first.id), {
      cookie: mod.cookie,
    });
    expect(dis.body.report).toMatchObject({ closed: 'hidden', message: { hidden: true } });

    // Hidden on the screen through one report: the other reporter's report of it closes too.
    const rep = (await open())[0];
    const hid = await call<ModerationAnswer>(srv.url, 'POST', at(MODERATION_API.hide, rep.id), {
      cookie: mod.cookie,
    });
    expect(hid.body.report).toMatchObject({ closed: 'hidden', message: { n: two.n, hidden: true } });
    for (const x of [a, b]) await x.waitFor((y) => y.t === 'chat-hidden' && y.d.n === two.n);
    expect(await open()).toEqual([]);
  });

  it('the friends’ list has a per-player limit and writes seen at most once a minute', async () => {
    const carl = await account(`Carl M ${kind}`);
    const dora = await account(`Dora M ${kind}`);
    const seen = async (id: string) =>
      (
        await context()
          .store.db.selectFrom('seen')
          .select('seen_at')
          .where('player_id', '=', id)
          .executeTakeFirst()
      )?.seen_at;
    const poll = (who: { cookie: string }) =>
      call<{ code: string }>(srv.url, 'GET', FRIENDS_API.friends, who);
    expect((await poll(carl)).status).toBe(200);
    const first = await seen(carl.id);
    expect(first).toBeDefined();
    for (let i = 1; i < FRIENDS_POLLS_PER_MINUTE; i++) expect((await poll(carl)).status).toBe(200);
    // Still the first mark: the polls within the minute wrote nothing.
    expect(await seen(carl.id)).toBe(first);
    const over = await poll(carl);
    expect([over.status, over.body.code]).toEqual([429, 'too-many-requests']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is Carl's own.
    expect((await poll(dora)).status).toBe(200);
  });
});

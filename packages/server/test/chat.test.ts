/**
 * Chat at the table (docs/chat.md): quick phrases and free text, each typed error, the limits per player
 * and per address, the spectators' channel checked on the wire frames a seat receives, the profanity mask,
 * the host's free-text switch, reports, moderators hiding and barring, the chat in the record (`meta.chat`,
 * which `verify` ignores) and an account's deletion removing its texts. On SQLite, and on PostgreSQL when
 * STICH_TEST_DATABASE_URL is set.
 */
import { matchMaker } from '@colyseus/core';
import { Room as SdkRoom } from '@colyseus/sdk';
import type { GameRecord } from '@stich/engine';
import {
  ACCOUNT_API,
  type AccountResponse,
  CHAT_MAX_TEXT,
  type ChatEntry,
  type ChatRules,
  MODERATION_API,
  type ReportsResponse,
  type ServerMessage,
  type TableInfo,
} from '@stich/protocol';
import { verifyRecord } from '@stich/protocol/fair';
import { afterAll, describe, expect, it } from 'vitest';
import { context } from '../src/context.ts';
import { call } from './accounts.ts';
import {
  api,
  autoplay,
  Conn,
  createTable,
  DB_KINDS,
  DUEL,
  guest,
  isState,
  SHORT_OPTIONS,
  serve,
  testGame,
} from './helpers.ts';

// Every raw frame each SDK room receives, before the SDK decodes it (as test/leak.test.ts does).
const frames = new WeakMap<object, Uint8Array[]>();
const proto = SdkRoom.prototype as unknown as { onMessageCallback(e: MessageEvent): void };
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: object, e: MessageEvent) {
  const list = frames.get(this) ?? [];
  frames.set(this, list);
  list.push(new Uint8Array(e.data as ArrayBuffer).slice());
  original.call(this, e);
};
const bytesOf = (c: Conn): string =>
  (frames.get(c.room) ?? []).map((f) => Buffer.from(f).toString('latin1')).join('\n');

type ChatMsg = Extract<ServerMessage, { t: 'chat' }>;
type ErrorMsg = Extract<ServerMessage, { t: 'error' }>;

/** Sends a chat request and waits for its answer: the entry, `chat-done`, or the error. */
async function ask(c: Conn, t: 'chat' | 'chat-report' | 'chat-hide' | 'chat-bar' | 'chat-free', d: unknown) {
  const id = c.request(t, d);
  return c.waitFor((m) => 'id' in m && m.id === id);
}
const entry = (m: ServerMessage): ChatEntry => {
  if (m.t !== 'chat') throw new Error(`not a chat entry: ${JSON.stringify(m)}`);
  return m.d;
};
const code = (m: ServerMessage): string => (m.t === 'error' ? (m as ErrorMsg).d.code : `(${m.t})`);

describe.each(DB_KINDS)('chat (%s)', (kind) => {
  const srv = serve(kind, { CHAT_PER_PLAYER: '6', CHAT_PER_ADDRESS: '1000' });
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

  /** A Klaberjass table of two people (Anna hosts), both seated, and a spectator with a token and one without. */
  async function table() {
    const anna = await guest(srv.url, 'Anna');
    const bert = await guest(srv.url, 'Bert');
    const sven = await guest(srv.url, 'Sven');
    const r = await createTable(srv.url, anna.token, {
      ...DUEL,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      visibility: 'public',
      seat: 0,
    });
    const id = r.table.id;
    const a = await join(id, { token: anna.token });
    const b = await join(id, { token: bert.token });
    const s = await join(id, { token: sven.token, spectate: true });
    const anon = await join(id, { spectate: true });
    return { id, anna, bert, sven, a, b, s, anon };
  }

  it('players chat with quick phrases and free text; each refusal is a typed error', async () => {
    const { a, b, anna } = await table();
    const rules = (a.messages.find((m) => m.t === 'chat-log') as { d: { rules: ChatRules } }).d.rules;
    expect(rules).toEqual({ freeText: true, host: true, moderator: false, canWrite: true });
    const q = entry(await ask(a, 'chat', { quick: 'gg' }));
    expect(q).toMatchObject({ n: 0, ch: 'players', seat: 0, name: 'Anna', from: anna.id, quick: 'gg' });
    const t = entry(await ask(b, 'chat', { text: '  Danke, du auch!  ' }));
    expect(t).toMatchObject({ n: 1, ch: 'players', seat: 1, name: 'Bert', text: 'Danke, du auch!' });
    // Each sees the other's message, without a request id.
    const seen = (await a.waitFor((m) => m.t === 'chat' && m.d.n === 1)) as ChatMsg;
    expect(seen.id).toBeUndefined();
    expect(seen.d).toEqual(t);

    expect(code(await ask(a, 'chat', { quick: 'lol' }))).toBe('chat-unknown-phrase');
    expect(code(await ask(a, 'chat', { text: 'x'.repeat(CHAT_MAX_TEXT + 1) }))).toBe('chat-too-long');
    expect(entry(await ask(a, 'chat', { text: 'y'.repeat(CHAT_MAX_TEXT) })).text).toHaveLength(CHAT_MAX_TEXT);
    expect(code(await ask(a, 'chat', { text: '   ' }))).toBe('chat-empty');
    expect(code(await ask(a, 'chat', { text: 'a\u0000b' }))).toBe('malformed');
    expect(code(await ask(a, 'chat', { text: 'x', quick: 'gg' }))).toBe('malformed');
    // None of the refused ones was numbered or stored.
    const rows = await context()
      .store.db.selectFrom('chat_messages')
      .select('n')
      .where('table_id', '=', a.room.roomId)
      .execute();
    expect(rows.map((r) => Number(r.n)).sort()).toEqual([0, 1, 2]);
  });

  it('a spectator’s message never reaches a seat’s wire frames; spectators read both channels', async () => {
    const { a, b, s, anon } = await table();
    const mark = `kiebitz-${Math.random().toString(36).slice(2)}`;
    const fromSpectator = entry(await ask(s, 'chat', { text: `${mark} spielt schlecht` }));
    expect(fromSpectator).toMatchObject({ ch: 'spectators', seat: null, name: 'Sven' });
    await ask(s, 'chat', { quick: 'brb' });
    // A watcher without a player token reads but does not write.
    await anon.waitFor((m) => m.t === 'chat' && m.d.text?.startsWith(mark) === true);
    expect(code(await ask(anon, 'chat', { quick: 'gg' }))).toBe('unauthorized');
    // Then a player writes: once the seats have that, they would have had the spectator's before it.
    const fromSeat = entry(await ask(a, 'chat', { text: 'Seat zero here' }));
    for (const c of [a, b]) {
      await c.waitFor((m) => m.t === 'chat' && m.d.n === fromSeat.n);
      expect(c.messages.filter((m) => m.t === 'chat').map((m) => (m as ChatMsg).d.ch)).toEqual(['players']);
      expect(bytesOf(c)).not.toContain(mark);
      expect(bytesOf(c)).not.toContain('Sven');
    }
    await s.waitFor((m) => m.t === 'chat' && m.d.n === fromSeat.n);
    // A spectator who joins later gets both channels in the log; a seat who joins later only his own.
    const late = await join(a.room.roomId, { spectate: true });
    const log = late.messages.find((m) => m.t === 'chat-log') as { d: { entries: readonly ChatEntry[] } };
    expect(log.d.entries.map((e) => e.ch)).toEqual(['spectators', 'spectators', 'players']);
    await b.leave();
    const bertAgain = await Conn.join(srv.url, a.room.roomId, { seatToken: seatTokenOf(b) });
    conns.push(bertAgain);
    const log2 = (await bertAgain.waitFor((m) => m.t === 'chat-log')) as {
      d: { entries: readonly ChatEntry[] };
    };
    expect(log2.d.entries.map((e) => e.ch)).toEqual(['players']);
    expect(bytesOf(bertAgain)).not.toContain(mark);
  });

  it('a table’s chat and the host’s choice come back when its room is created again', async () => {
    const { id, a, b, anna } = await table();
    await ask(a, 'chat', { quick: 'gg' });
    await ask(b, 'chat', { text: 'bis später' });
    expect((await ask(a, 'chat-free', { on: false })).t).toBe('chat-done');
    const old = matchMaker.getLocalRoomById(id);
    await old.disconnect();
    // Asking for the table brings its room back (parking.ts restore), and the chat with it.
    await expect
      .poll(
        async () => (await api<{ table: TableInfo }>(srv.url, 'GET', `/api/tables/${id}`)).body.table?.status,
      )
      .toBe('playing');
    const again = await join(id, { token: anna.token });
    // A new room, which read the chat from the database.
    expect(matchMaker.getLocalRoomById(id)).not.toBe(old);
    const log = again.messages.find((m) => m.t === 'chat-log') as {
      d: { entries: readonly ChatEntry[]; rules: ChatRules };
    };
    expect(log.d.entries.map((e) => [e.n, e.quick ?? e.text])).toEqual([
      [0, 'gg'],
      [1, 'bis später'],
    ]);
    expect(log.d.rules.freeText).toBe(false);
    expect(entry(await ask(again, 'chat', { quick: 'thanks' })).n).toBe(2);
  });

  it('masks profanity in German and English and marks links, which stay text', async () => {
    const { a } = await table();
    expect(entry(await ask(a, 'chat', { text: 'Du Arschloch, what the fuck' })).text).toBe(
      'Du ***, what the ***',
    );
    expect(entry(await ask(a, 'chat', { text: 'scheisse gespielt' })).text).toBe('*** gespielt');
    const link = entry(await ask(a, 'chat', { text: 'schau https://example.com/x?a=1' }));
    expect(link).toMatchObject({ text: 'schau https://example.com/x?a=1', link: true });
    const xss = entry(await ask(a, 'chat', { text: '<img src=x onerror=alert(1)>' }));
    // Stored and sent as typed: it is the browser's job to show it as text (web test).
    expect(xss.text).toBe('<img src=x onerror=alert(1)>');
    expect(xss.link).toBeUndefined();
  });

  it('limits each player to CHAT_PER_PLAYER messages in 10 seconds, over all his tables', async () => {
    const { a, b, anna } = await table();
    for (let i = 0; i < 6; i++) expect((await ask(a, 'chat', { quick: 'thanks' })).t).toBe('chat');
    const refused = await ask(a, 'chat', { quick: 'thanks' });
    expect(code(refused)).toBe('chat-too-fast');
    expect((refused as ErrorMsg).d.reason).toMatch(/again in \d+ s/);
    // At another table of hers too.
    const other = await api<{ table: TableInfo }>(
      srv.url,
      'POST',
      '/api/play-now',
      { game: 'klaberjass', level: 'random' },
      anna.token,
    );
    const a2 = await join(other.body.table.id, { token: anna.token });
    expect(code(await ask(a2, 'chat', { quick: 'thanks' }))).toBe('chat-too-fast');
    // Bert is not held back by Anna.
    expect((await ask(b, 'chat', { quick: 'thanks' })).t).toBe('chat');
  });

  it('the host turns free text off and on; quick phrases go on', async () => {
    const { a, b, s } = await table();
    expect(code(await ask(b, 'chat-free', { on: false }))).toBe('forbidden');
    expect((await ask(a, 'chat-free', { on: false })).t).toBe('chat-done');
    for (const c of [b, s]) {
      const r = (await c.waitFor((m) => m.t === 'chat-rules')) as { d: ChatRules };
      expect(r.d.freeText).toBe(false);
    }
    expect(code(await ask(b, 'chat', { text: 'hallo' }))).toBe('chat-free-text-off');
    expect(code(await ask(s, 'chat', { text: 'hallo' }))).toBe('chat-free-text-off');
    expect((await ask(b, 'chat', { quick: 'misclick' })).t).toBe('chat');
    // The choice is the table's: stored, so a new connection gets it too.
    const row = await context()
      .store.db.selectFrom('chat_rules')
      .selectAll()
      .where('table_id', '=', a.room.roomId)
      .executeTakeFirst();
    expect(Number(row?.free_text)).toBe(0);
    expect((await ask(a, 'chat-free', { on: true })).t).toBe('chat-done');
    expect((await ask(b, 'chat', { text: 'hallo' })).t).toBe('chat');
  });

  it('a report stores the message with its context for the moderators', async () => {
    const { id, a, b, s, anna, bert } = await table();
    await ask(a, 'chat', { text: 'eins' });
    await ask(s, 'chat', { text: 'vom Rand' });
    await ask(b, 'chat', { text: 'zwei' });
    const bad = entry(await ask(b, 'chat', { text: 'drei, du Idiot' }));
    expect((await ask(a, 'chat-report', { n: bad.n, reason: 'beleidigt' })).t).toBe('chat-done');
    // What a seat never received he cannot report; nor a message that does not exist.
    expect(code(await ask(a, 'chat-report', { n: 1 }))).toBe('not-found');
    expect(code(await ask(a, 'chat-report', { n: 99 }))).toBe('not-found');
    const reports = await context()
      .store.db.selectFrom('chat_reports')
      .selectAll()
      .where('table_id', '=', id)
      .execute();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      n: bad.n,
      reporter_id: anna.id,
      player_id: bert.id,
      reason: 'beleidigt',
    });
    // Its context: the messages of the same channel before it (not the spectator's).
    expect(JSON.parse(reports[0].context)).toEqual([0, 2]);
  });

  it('moderators hide messages and bar players from chat; others may not', async () => {
    const { id, a, b, s, anna, bert } = await table();
    const mia = await guest(srv.url, 'Mia');
    // The moderators' routes are account routes: Mia signs up.
    const reg = await call(srv.url, 'POST', ACCOUNT_API.register, {
      token: mia.token,
      body: { name: `Mia ${kind}`, password: 'password 123' },
    });
    expect(reg.status).toBe(201);
    (context().config.moderators as string[]).push(mia.id);
    const m = await join(id, { token: mia.token, spectate: true });
    const log = m.messages.find((x) => x.t === 'chat-log') as { d: { rules: ChatRules } };
    expect(log.d.rules.moderator).toBe(true);
    const bad = entry(await ask(b, 'chat', { text: 'Spam spam spam' }));
    expect((await ask(a, 'chat-report', { n: bad.n })).t).toBe('chat-done');
    // The moderators read the reports over HTTP; nobody else does.
    const path = MODERATION_API.reports;
    expect((await api(srv.url, 'GET', path)).status).toBe(401);
    // Anna plays as a guest: the moderators' routes are for signed-in accounts (moderation.test.ts has more).
    expect((await api(srv.url, 'GET', path, undefined, anna.token)).body).toMatchObject({
      code: 'unauthorized',
    });
    const got = await api<ReportsResponse>(srv.url, 'GET', path, undefined, mia.token);
    expect(got.status).toBe(200);
    const mine = got.body.reports.find((r) => r.table === id);
    expect(mine).toMatchObject({
      reporter: anna.id,
      message: { n: bad.n, name: 'Bert', player: bert.id, text: 'Spam spam spam', hidden: false },
      context: [],
    });
    expect(code(await ask(a, 'chat-hide', { n: bad.n }))).toBe('forbidden');
    expect(code(await ask(a, 'chat-bar', { n: bad.n, on: true }))).toBe('forbidden');
    expect((await ask(m, 'chat-hide', { n: bad.n })).t).toBe('chat-done');
    for (const c of [a, b, s]) await c.waitFor((x) => x.t === 'chat-hidden' && x.d.n === bad.n);
    // Hidden: not in the log of whoever comes later.
    const late = await join(id, { spectate: true });
    const lateLog = late.messages.find((x) => x.t === 'chat-log') as { d: { entries: readonly ChatEntry[] } };
    expect(lateLog.d.entries.map((e) => e.n)).not.toContain(bad.n);
    expect(code(await ask(m, 'chat-hide', { n: bad.n }))).toBe('not-found');
    // Its report is answered: closed as hidden, no longer open on the moderators' screen.
    const after = await api<ReportsResponse>(srv.url, 'GET', path, undefined, mia.token);
    expect(after.body.reports.find((r) => r.table === id)).toBeUndefined();

    const next = entry(await ask(b, 'chat', { text: 'noch mehr' }));
    expect((await ask(m, 'chat-bar', { n: next.n, on: true })).t).toBe('chat-done');
    const r = (await b.waitFor((x) => x.t === 'chat-rules')) as { d: ChatRules };
    expect(r.d.canWrite).toBe(false);
    expect(code(await ask(b, 'chat', { quick: 'gg' }))).toBe('chat-barred');
    expect(code(await ask(b, 'chat', { text: 'hallo' }))).toBe('chat-barred');
    // Others still write; the bar is lifted again.
    expect((await ask(a, 'chat', { quick: 'gg' })).t).toBe('chat');
    expect((await ask(m, 'chat-bar', { n: next.n, on: false })).t).toBe('chat-done');
    expect((await ask(b, 'chat', { quick: 'gg' })).t).toBe('chat');
  });

  it('the record carries the chat in meta (verify reads it alike); deleting the account removes the texts', async () => {
    const game = testGame();
    const g = await guest(srv.url, 'Tanja');
    const t = await api<{ table: TableInfo; invite: { code: string } }>(
      srv.url,
      'POST',
      '/api/play-now',
      { game, level: 'random', options: SHORT_OPTIONS[game] ?? {} },
      g.token,
    );
    const table = t.body.table.id;
    const c = await join(table, { token: g.token });
    await c.waitFor((m) => isState(m) && m.d.seq > 0, 30_000);
    expect((await ask(c, 'chat', { quick: 'gg' })).t).toBe('chat');
    const said = entry(await ask(c, 'chat', { text: 'Bis zum nächsten Mal' }));
    const hidden = entry(await ask(c, 'chat', { text: 'versteckt' }));
    await context()
      .store.db.updateTable('chat_messages')
      .set({ hidden_at: 'x', hidden_by: 'test' })
      .where('table_id', '=', table)
      .where('n', '=', hidden.n)
      .execute();
    autoplay(c, 0);
    await c.waitFor((m) => isState(m) && m.d.outcome?.over === true, 60_000);
    const path = `/api/tables/${table}/record?code=${t.body.invite.code}`;
    const rec = (await api<GameRecord & { meta: { chat: unknown[] } }>(srv.url, 'GET', path)).body;
    expect(rec.meta.chat).toEqual([
      {
        n: 0,
        ch: 'players',
        seat: 0,
        name: 'Tanja',
        quick: 'gg',
        seq: expect.any(Number),
        at: expect.any(Number),
      },
      {
        n: 1,
        ch: 'players',
        seat: 0,
        name: 'Tanja',
        text: 'Bis zum nächsten Mal',
        seq: said.seq,
        at: said.at,
      },
    ]);
    const { chat: _, ...meta } = rec.meta;
    const withChat = await verifyRecord(rec);
    expect(withChat.ok).toBe(true);
    expect(withChat).toEqual(await verifyRecord({ ...rec, meta }));

    const reg = await call<AccountResponse>(srv.url, 'POST', ACCOUNT_API.register, {
      token: g.token,
      body: { name: 'Tanja Chat', password: 'password 123' },
    });
    expect(reg.status).toBe(201);
    // Her export holds what she wrote, the hidden message too.
    const ex = await call<{ chat: { table: string; n: number; text?: string; hidden: boolean }[] }>(
      srv.url,
      'GET',
      ACCOUNT_API.export,
      { cookie: reg.cookie! },
    );
    expect(ex.body.chat.map((x) => [x.table, x.n, x.text, x.hidden])).toEqual([
      [table, 0, undefined, false],
      [table, 1, 'Bis zum nächsten Mal', false],
      [table, 2, 'versteckt', true],
    ]);
    const del = await call<{ name: string }>(srv.url, 'POST', ACCOUNT_API.delete, {
      cookie: reg.cookie!,
      body: { password: 'password 123' },
    });
    expect(del.status).toBe(200);
    const rows = await context()
      .store.db.selectFrom('chat_messages')
      .selectAll()
      .where('player_id', '=', g.id)
      .execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) expect([r.text, r.name]).toEqual([null, del.body.name]);
    const after = (await api<{ meta: { chat: Record<string, unknown>[] } }>(srv.url, 'GET', path)).body;
    expect(after.meta.chat.map((e) => [e.name, e.text, e.quick])).toEqual([
      [del.body.name, undefined, 'gg'],
      [del.body.name, null, undefined],
    ]);
    expect(JSON.stringify(after)).not.toContain('nächsten');
  });
});

/** The seat token a connection's `welcome` carried. */
function seatTokenOf(c: Conn): string {
  const w = c.messages.find((m) => m.t === 'welcome') as { d: { seatToken: string } };
  return w.d.seatToken;
}

describe.each(DB_KINDS)('chat per address (%s)', (kind) => {
  const srv = serve(kind, { CHAT_PER_PLAYER: '100', CHAT_PER_ADDRESS: '3' });

  it('limits each address to CHAT_PER_ADDRESS messages in 10 seconds, whoever writes them', async () => {
    const anna = await guest(srv.url, 'Anna');
    const bert = await guest(srv.url, 'Bert');
    const r = await createTable(srv.url, anna.token, {
      ...DUEL,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      visibility: 'public',
      seat: 0,
    });
    const a = await Conn.join(srv.url, r.table.id, { token: anna.token });
    const b = await Conn.join(srv.url, r.table.id, { token: bert.token });
    for (const c of [a, b]) await c.waitFor((m) => m.t === 'chat-log');
    expect((await ask(a, 'chat', { quick: 'gg' })).t).toBe('chat');
    expect((await ask(b, 'chat', { quick: 'gg' })).t).toBe('chat');
    expect((await ask(a, 'chat', { quick: 'gg' })).t).toBe('chat');
    expect(code(await ask(b, 'chat', { quick: 'gg' }))).toBe('chat-too-fast');
    await a.leave();
    await b.leave();
  });
});

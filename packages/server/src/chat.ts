/**
 * Chat at a table (docs/chat.md). The table's room lives in one process, so every message of the table
 * goes through it: checked (length, quick phrase, the host's free-text choice, bars), limited per player
 * and per address (in Redis when there is a cluster), its profanity masked, stored, then sent. Seats
 * write to and read the players' channel; spectators write to their own and read both. A spectator's
 * message never reaches a seat's connection, also after the match is over (the replay shows both).
 * Messages are stored beside the table's steps (chat-tables.ts), never among them.
 */
import { randomUUID } from 'node:crypto';
import { CensorType, Profanity } from '@2toad/profanity';
import type { Client } from '@colyseus/core';
import type { Seat } from '@stich/engine';
import {
  CHAT_LOG_SIZE,
  CHAT_MAX_TEXT,
  type ChatChannel,
  type ChatEntry,
  type ChatRules,
  type ClientMessage,
  type ErrorCode,
  errorMessage,
  isQuickId,
  looksLikeLink,
  type Player,
  REPORT_CONTEXT,
  type ServerMessage,
} from '@stich/protocol';
import { blockedBy, blockersAmong } from './blocks.ts';
import { type ChatMessagesTable, closeHidden } from './chat-tables.ts';
import { type Context, context } from './context.ts';
import { type Limit, memoryLimit, redisLimit } from './limits.ts';
import { MORE_DE } from './names.ts';
import type { Outbox } from './outbox.ts';
import type { TableState } from './tablestate.ts';
import { Outgoing } from './wire.ts';

/** The window of the per-player and per-address chat limits (CHAT_PER_PLAYER, CHAT_PER_ADDRESS). */
const CHAT_WINDOW_MS = 10_000;

/** What the process's tables share: the limits (counted for all its tables) and the profanity filter. */
interface Shared {
  readonly perPlayer: Limit;
  readonly perAddress: Limit;
  readonly censor: (s: string) => string;
}
const shared = new WeakMap<Context, Shared>();
function sharedOf(ctx: Context): Shared {
  let s = shared.get(ctx);
  if (!s) {
    const { chatPerPlayer, chatPerAddress } = ctx.config.limits;
    const limit = (name: string, max: number) =>
      ctx.redis === null
        ? memoryLimit(max, CHAT_WINDOW_MS)
        : redisLimit(ctx.redis, name, max, CHAT_WINDOW_MS);
    // The library and German list the account names use (names.ts); words are masked, not refused.
    const p = new Profanity({
      languages: ['de', 'en'],
      wholeWord: true,
      unicodeWordBoundaries: true,
      grawlix: '***',
    });
    p.addWords(MORE_DE);
    s = {
      perPlayer: limit('chat-player', chatPerPlayer),
      perAddress: limit('chat-address', chatPerAddress),
      censor: (x) => p.censor(x, CensorType.Word),
    };
    shared.set(ctx, s);
  }
  return s;
}

/** A connection's part in the chat. */
interface Chatter {
  readonly player: Player | null;
  readonly seat: Seat | null;
  readonly address: string;
}

type ChatMessage = Extract<ClientMessage, { t: `chat${string}` }>;

const entryOf = (r: ChatMessagesTable): ChatEntry => ({
  n: Number(r.n),
  ch: r.channel as ChatChannel,
  seat: r.seat === null ? null : Number(r.seat),
  name: r.name,
  from: r.player_id,
  ...(r.quick !== null ? { quick: r.quick as ChatEntry['quick'] } : { text: r.text }),
  ...(r.link ? { link: true as const } : {}),
  seq: Number(r.seq),
  at: Number(r.at),
});

/** Whether a connection (seat or spectator) receives a channel's messages. */
const reads = (seat: Seat | null, ch: ChatChannel): boolean => ch === 'players' || seat === null;

/** One table's chat, owned by its room (table.ts). */
export class TableChat {
  private readonly t: TableState;
  private readonly outbox: Outbox;
  private readonly clients: () => Iterable<Client>;
  private readonly who = new Map<string, Chatter>();
  /** The latest visible entries of both channels, oldest first. */
  private entries: ChatEntry[] = [];
  private next = 0;
  private freeText = true;

  constructor(t: TableState, outbox: Outbox, clients: () => Iterable<Client>) {
    this.t = t;
    this.outbox = outbox;
    this.clients = clients;
  }

  /** Reads the table's chat when its room is created (also after a restart or a takeover). */
  async load(): Promise<void> {
    const { db } = context().store;
    const id = this.t.row.id;
    const [rows, last, rule] = await Promise.all([
      db
        .selectFrom('chat_messages')
        .selectAll()
        .where('table_id', '=', id)
        .where('hidden_at', 'is', null)
        .orderBy('n', 'desc')
        .limit(2 * CHAT_LOG_SIZE)
        .execute(),
      db
        .selectFrom('chat_messages')
        .select((e) => e.fn.max('n').as('n'))
        .where('table_id', '=', id)
        .executeTakeFirst(),
      db.selectFrom('chat_rules').select('free_text').where('table_id', '=', id).executeTakeFirst(),
    ]);
    this.entries = rows.reverse().map(entryOf);
    this.next = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
    this.freeText = rule === undefined || Number(rule.free_text) !== 0;
  }

  /** A connection joined: it gets the latest entries of its channels and its rules. */
  async joined(client: Client, who: Chatter): Promise<void> {
    this.who.set(client.sessionId, who);
    // A player does not read whom he blocked (docs/friends.md).
    const blocked = who.player ? await blockedBy(context().store.db, who.player.id) : new Set<string>();
    const entries = this.entries
      .filter((e) => reads(who.seat, e.ch) && !blocked.has(e.from))
      .slice(-CHAT_LOG_SIZE);
    const rules = await this.rulesFor(who);
    this.send(client, { t: 'chat-log', d: { entries, rules } });
  }

  /** A dropped connection came back (the same session): its log again. */
  async rejoined(client: Client): Promise<void> {
    const who = this.who.get(client.sessionId);
    if (who) await this.joined(client, who);
  }

  left(sessionId: string): void {
    this.who.delete(sessionId);
  }

  private send(client: Client, msg: ServerMessage): void {
    if (this.t.roles.has(client.sessionId)) this.outbox.sendTo(client, msg);
  }

  private async barred(playerId: string): Promise<boolean> {
    const r = await context()
      .store.db.selectFrom('chat_bars')
      .select('player_id')
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    return r !== undefined;
  }

  private isModerator(who: Chatter): boolean {
    return who.player !== null && context().config.moderators.includes(who.player.id);
  }

  private async rulesFor(who: Chatter): Promise<ChatRules> {
    const p = who.player;
    return {
      freeText: this.freeText,
      host: p !== null && p.id === this.t.row.createdBy,
      moderator: this.isModerator(who),
      canWrite: p !== null && !(await this.barred(p.id)),
    };
  }

  /** A chat message from a connection (inbox.ts). Errors are typed and change nothing. */
  async received(client: Client, msg: ChatMessage): Promise<void> {
    const fail = (code: ErrorCode, reason: string) => this.send(client, errorMessage(code, reason, msg.id));
    const who = this.who.get(client.sessionId);
    if (!who) return;
    const player = who.player;
    if (player === null)
      return fail('unauthorized', 'watching without a player token: join with one to chat');
    try {
      switch (msg.t) {
        case 'chat':
          return await this.write(client, who, player, msg, fail);
        case 'chat-report':
          return await this.report(client, who, player, msg, fail);
        case 'chat-hide':
        case 'chat-bar':
          if (!this.isModerator(who)) return fail('forbidden', 'only the server’s moderators do this');
          return msg.t === 'chat-hide'
            ? await this.hide(client, player, msg, fail)
            : await this.bar(client, player, msg, fail);
        case 'chat-free':
          if (player.id !== this.t.row.createdBy)
            return fail('forbidden', 'only the host turns free text on or off');
          return await this.setFree(client, msg);
      }
    } catch (e) {
      context().log.error({ err: e, table: this.t.row.id }, 'chat failed');
      fail('storage', 'the chat could not be stored; try again');
    }
  }

  private async write(
    client: Client,
    who: Chatter,
    player: Player,
    msg: Extract<ChatMessage, { t: 'chat' }>,
    fail: (code: ErrorCode, reason: string) => void,
  ): Promise<void> {
    const ctx = context();
    let quick: ChatEntry['quick'] | undefined;
    let text: string | undefined;
    if ('quick' in msg.d) {
      if (!isQuickId(msg.d.quick))
        return fail('chat-unknown-phrase', `no quick phrase ${JSON.stringify(msg.d.quick.slice(0, 40))}`);
      quick = msg.d.quick;
    } else {
      if (!this.freeText) return fail('chat-free-text-off', 'the host allows quick phrases only');
      const typed = msg.d.text.normalize('NFC').trim();
      if (typed === '') return fail('chat-empty', 'an empty message');
      if (typed.length > CHAT_MAX_TEXT)
        return fail('chat-too-long', `a message has at most ${CHAT_MAX_TEXT} characters (${typed.length})`);
      text = typed;
    }
    if (await this.barred(player.id)) return fail('chat-barred', 'a moderator has barred you from chat');
    const s = sharedOf(ctx);
    const wait = Math.max(await s.perPlayer.take(player.id), await s.perAddress.take(who.address));
    if (wait > 0)
      return fail('chat-too-fast', `too many messages; write again in ${Math.ceil(wait / 1000)} s`);
    const entry: ChatEntry = {
      n: this.next++,
      ch: who.seat === null ? 'spectators' : 'players',
      seat: who.seat,
      name: this.nameOf(who, player),
      from: player.id,
      ...(quick !== undefined ? { quick } : { text: s.censor(text!) }),
      ...(text !== undefined && looksLikeLink(text) ? { link: true as const } : {}),
      seq: this.t.seq,
      at: Date.now(),
    };
    await ctx.store.db
      .insertInto('chat_messages')
      .values({
        table_id: this.t.row.id,
        n: entry.n,
        channel: entry.ch,
        seat: entry.seat,
        player_id: player.id,
        name: entry.name,
        quick: entry.quick ?? null,
        text: entry.text ?? null,
        link: entry.link ? 1 : 0,
        seq: entry.seq,
        at: entry.at,
        hidden_at: null,
        hidden_by: null,
      })
      .execute();
    this.entries.push(entry);
    if (this.entries.length > 2 * CHAT_LOG_SIZE) this.entries.splice(0, this.entries.length - CHAT_LOG_SIZE);
    // One encoding for everyone of the channel; the writer's own copy answers his request.
    const all = new Outgoing({ t: 'chat', d: entry });
    const readers = [...this.who.values()].flatMap((w) => (w.player ? [w.player.id] : []));
    const blockers = await blockersAmong(context().store.db, player.id, readers);
    for (const c of this.clients()) {
      const seat = this.t.roles.get(c.sessionId);
      if (seat === undefined || !reads(seat, entry.ch)) continue;
      const reader = this.who.get(c.sessionId)?.player?.id;
      if (reader !== undefined && blockers.has(reader)) continue;
      if (c === client) this.outbox.sendTo(c, { t: 'chat', d: entry, id: msg.id });
      else this.outbox.deliver(c, all);
    }
  }

  /** The writer's name: his seat's holder's, else the player's. */
  private nameOf(who: Chatter, player: Player): string {
    return (who.seat !== null ? this.t.seats[who.seat]?.holder?.name : undefined) ?? player.name;
  }

  /** Message `n` of this table as stored, if the connection may see it. */
  private async find(who: Chatter, n: number): Promise<ChatMessagesTable | undefined> {
    const r = await context()
      .store.db.selectFrom('chat_messages')
      .selectAll()
      .where('table_id', '=', this.t.row.id)
      .where('n', '=', n)
      .executeTakeFirst();
    if (!r || r.hidden_at !== null) return undefined;
    return reads(who.seat, r.channel as ChatChannel) ? r : undefined;
  }

  private async report(
    client: Client,
    who: Chatter,
    player: Player,
    msg: Extract<ChatMessage, { t: 'chat-report' }>,
    fail: (code: ErrorCode, reason: string) => void,
  ): Promise<void> {
    const { store, config } = context();
    const r = await this.find(who, msg.d.n);
    if (!r) return fail('not-found', `no message ${msg.d.n} at this table`);
    // A report is a row for the moderators: it counts against the writer's chat limit like a message.
    const s = sharedOf(context());
    const wait = Math.max(await s.perPlayer.take(player.id), await s.perAddress.take(who.address));
    if (wait > 0) return fail('chat-too-fast', `too many messages; try again in ${Math.ceil(wait / 1000)} s`);
    const before = await store.db
      .selectFrom('chat_messages')
      .select('n')
      .where('table_id', '=', this.t.row.id)
      .where('channel', '=', r.channel)
      .where('n', '<', r.n)
      .orderBy('n', 'desc')
      .limit(REPORT_CONTEXT)
      .execute();
    await store.db
      .insertInto('chat_reports')
      .values({
        id: randomUUID(),
        table_id: this.t.row.id,
        n: Number(r.n),
        reporter_id: player.id,
        player_id: r.player_id,
        reason: msg.d.reason ?? null,
        context: JSON.stringify(before.map((b) => Number(b.n)).reverse()),
        created_at: new Date().toISOString(),
        closed_at: null,
        closed_by: null,
        outcome: null,
      })
      .execute();
    context().log.info({ table: this.t.row.id, n: r.n, moderators: config.moderators.length }, 'chat report');
    this.send(client, { t: 'chat-done', d: { what: 'report' }, id: msg.id });
  }

  private async hide(
    client: Client,
    mod: Player,
    msg: Extract<ChatMessage, { t: 'chat-hide' }>,
    fail: (code: ErrorCode, reason: string) => void,
  ): Promise<void> {
    const n = msg.d.n;
    const r = await this.find(this.who.get(client.sessionId)!, n);
    if (!r) return fail('not-found', `no message ${n} at this table`);
    const { db } = context().store;
    await db
      .updateTable('chat_messages')
      .set({ hidden_at: new Date().toISOString(), hidden_by: mod.id })
      .where('table_id', '=', this.t.row.id)
      .where('n', '=', n)
      .execute();
    // Its reports are answered: hidden (docs/chat.md).
    await closeHidden(db, this.t.row.id, n, mod.id);
    this.dropped(n, r.channel as ChatChannel);
    this.send(client, { t: 'chat-done', d: { what: 'hide' }, id: msg.id });
  }

  /** Message `n` was hidden (here or on the moderators' screen): every reader of its channel drops it. */
  dropped(n: number, ch: ChatChannel): void {
    this.entries = this.entries.filter((e) => e.n !== n);
    for (const c of this.clients()) {
      const seat = this.t.roles.get(c.sessionId);
      if (seat !== undefined && reads(seat, ch)) this.send(c, { t: 'chat-hidden', d: { n } });
    }
  }

  /** A player's bar changed (on the moderators' screen): his connections here get their rules anew. */
  barChanged(playerId: string): Promise<void> {
    return this.rulesChanged((w) => w.player?.id === playerId);
  }

  private async bar(
    client: Client,
    mod: Player,
    msg: Extract<ChatMessage, { t: 'chat-bar' }>,
    fail: (code: ErrorCode, reason: string) => void,
  ): Promise<void> {
    const r = await this.find(this.who.get(client.sessionId)!, msg.d.n);
    if (!r) return fail('not-found', `no message ${msg.d.n} at this table`);
    const { db } = context().store;
    if (msg.d.on)
      await db
        .insertInto('chat_bars')
        .values({ player_id: r.player_id, by: mod.id, at: new Date().toISOString() })
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute();
    else await db.deleteFrom('chat_bars').where('player_id', '=', r.player_id).execute();
    // His connections here learn it at once; at other tables his next message is refused.
    await this.rulesChanged((w) => w.player?.id === r.player_id);
    this.send(client, { t: 'chat-done', d: { what: 'bar' }, id: msg.id });
  }

  private async setFree(client: Client, msg: Extract<ChatMessage, { t: 'chat-free' }>): Promise<void> {
    await context()
      .store.db.insertInto('chat_rules')
      .values({ table_id: this.t.row.id, free_text: msg.d.on ? 1 : 0 })
      .onConflict((oc) => oc.column('table_id').doUpdateSet({ free_text: msg.d.on ? 1 : 0 }))
      .execute();
    this.freeText = msg.d.on;
    await this.rulesChanged(() => true);
    this.send(client, { t: 'chat-done', d: { what: 'free' }, id: msg.id });
  }

  private async rulesChanged(which: (w: Chatter) => boolean): Promise<void> {
    for (const c of this.clients()) {
      const w = this.who.get(c.sessionId);
      if (w && which(w)) this.send(c, { t: 'chat-rules', d: await this.rulesFor(w) });
    }
  }
}

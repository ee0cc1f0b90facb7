/**
 * A player's data as a whole (docs/accounts.md, "Export and deletion"): everything the server keeps about
 * him as JSON, and the deletion of his account, after which his seats, also in others' records, carry an
 * anonymous name, his chat messages have no text, and nothing signs in as him any more.
 */

import type { Account, PasskeyInfo } from '@stich/protocol';
import { context } from './context.ts';
import type { Db } from './db.ts';
import { sessionsOf } from './sessions.ts';
import { hash, secret } from './store.ts';

/** Whether the player has an account (deleted ones count: their player keeps the anonymous name). */
export async function hasAccount(playerId: string): Promise<boolean> {
  const r = await context()
    .store.db.selectFrom('accounts')
    .select('player_id')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return r !== undefined;
}

/** An account's passkeys as its owner sees them (never the keys). */
async function passkeysOf(playerId: string): Promise<PasskeyInfo[]> {
  const rows = await context()
    .store.db.selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('player_id', '=', playerId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

/** The account as its owner sees it; undefined when the player has none (or it was deleted). */
export async function accountView(playerId: string, current: string | null): Promise<Account | undefined> {
  const { db } = context().store;
  const a = await db
    .selectFrom('accounts')
    .select(['name', 'created_at', 'password_hash', 'deleted_at'])
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  if (!a || a.deleted_at !== null) return undefined;
  const [passkeys, sessions] = await Promise.all([passkeysOf(playerId), sessionsOf(playerId)]);
  return {
    player: { id: playerId, name: a.name },
    createdAt: a.created_at,
    hasPassword: a.password_hash !== null,
    passkeys,
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === current,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      agent: s.agent,
    })),
  };
}

/** GET /api/account/export: the account, its passkeys (no keys), sessions, tables, hints, chat messages, friends, blocks. */
export async function exportOf(playerId: string, current: string | null) {
  const { db } = context().store;
  const [account, player, seats, created, hints, chat, links, blocks] = await Promise.all([
    accountView(playerId, current),
    db
      .selectFrom('players')
      .select(['id', 'name', 'created_at'])
      .where('id', '=', playerId)
      .executeTakeFirst(),
    db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .select([
        'tables.id as id',
        'tables.game as game',
        'tables.config as config',
        'tables.status as status',
        'tables.visibility as visibility',
        'tables.created_at as createdAt',
        'seats.seat as seat',
        'seats.name as name',
      ])
      .where('seats.player_id', '=', playerId)
      .orderBy('tables.created_at')
      .execute(),
    db.selectFrom('tables').select('id').where('created_by', '=', playerId).orderBy('created_at').execute(),
    db
      .selectFrom('hint_uses')
      .innerJoin('seats', (j) =>
        j.onRef('seats.table_id', '=', 'hint_uses.table_id').onRef('seats.seat', '=', 'hint_uses.seat'),
      )
      .select([
        'hint_uses.table_id as table',
        'hint_uses.seat as seat',
        'hint_uses.seq as seq',
        'hint_uses.at as at',
      ])
      .where('seats.player_id', '=', playerId)
      .orderBy('hint_uses.at')
      .execute(),
    db
      .selectFrom('chat_messages')
      .select(['table_id', 'n', 'channel', 'quick', 'text', 'at', 'hidden_at'])
      .where('player_id', '=', playerId)
      .orderBy('at')
      .execute(),
    db
      .selectFrom('friendships')
      .selectAll()
      .where((w) => w.or([w('asker', '=', playerId), w('asked', '=', playerId)]))
      .execute(),
    db.selectFrom('blocks').select(['blocked', 'at']).where('blocker', '=', playerId).execute(),
  ]);
  const others = [
    ...links.map((l) => (l.asker === playerId ? l.asked : l.asker)),
    ...blocks.map((b) => b.blocked),
  ];
  const names =
    others.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await db
              .selectFrom('accounts')
              .select(['player_id', 'name'])
              .where('player_id', 'in', others)
              .execute()
          ).map((a) => [a.player_id, a.name]),
        );
  return {
    format: 'stich-account-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    player: player ? { id: player.id, name: player.name, createdAt: player.created_at } : null,
    account: account ?? null,
    tables: seats.map((t) => ({
      id: t.id,
      game: t.game,
      config: JSON.parse(t.config),
      status: t.status,
      visibility: t.visibility,
      createdAt: t.createdAt,
      seat: Number(t.seat),
      name: t.name,
      // The match's record (docs/record-format.md), once it is over.
      record: `/api/tables/${t.id}/record`,
    })),
    created: created.map((t) => t.id),
    hints: hints.map((h) => ({ table: h.table, seat: Number(h.seat), seq: Number(h.seq), at: h.at })),
    // What he wrote in chats (docs/chat.md), hidden ones too.
    chat: chat.map((c) => ({
      table: c.table_id,
      n: Number(c.n),
      channel: c.channel,
      ...(c.quick !== null ? { quick: c.quick } : { text: c.text }),
      at: new Date(Number(c.at)).toISOString(),
      hidden: c.hidden_at !== null,
    })),
    // Friends and askings by the other's name (docs/friends.md); a deleted account's name is its anonymous one.
    friends: links.map((l) => {
      const other = l.asker === playerId ? l.asked : l.asker;
      const state = l.mutual === 1 ? 'friends' : l.asker === playerId ? 'asked' : 'asked-by';
      return { name: names.get(other) ?? null, state, since: l.at };
    }),
    blocked: blocks.map((b) => ({ name: names.get(b.blocked) ?? null, since: b.at })),
  };
}

/**
 * Deletes a player's account: the row stays (deleted_at, the anonymous name, a key nobody can type), so
 * that the name is free again; the player's name at every seat becomes the anonymous one; sessions,
 * passkeys and challenges go; the guest token is replaced by one nobody knows.
 */
export async function deleteAccount(playerId: string, anonymous: string): Promise<void> {
  const now = new Date().toISOString();
  await context()
    .store.db.transaction()
    .execute(async (tx) => {
      await tx
        .updateTable('accounts')
        .set({ deleted_at: now, name: anonymous, name_key: `deleted:${playerId}`, password_hash: null })
        .where('player_id', '=', playerId)
        .execute();
      await tx
        .updateTable('players')
        .set({ name: anonymous, token_hash: hash(secret(24)) })
        .where('id', '=', playerId)
        .execute();
      await tx.updateTable('seats').set({ name: anonymous }).where('player_id', '=', playerId).execute();
      // His chat messages keep their place (the others' replies refer to them) without their text.
      await tx
        .updateTable('chat_messages')
        .set({ name: anonymous, text: null })
        .where('player_id', '=', playerId)
        .execute();
      await tx.deleteFrom('sessions').where('player_id', '=', playerId).execute();
      await tx.deleteFrom('passkeys').where('player_id', '=', playerId).execute();
      await tx.deleteFrom('challenges').where('player_id', '=', playerId).execute();
      await forgetFriends(tx, playerId);
    });
}

/** An account's friends' rows when it is deleted (accountdata.ts). */
async function forgetFriends(db: Db, playerId: string): Promise<void> {
  await db
    .deleteFrom('friendships')
    .where((w) => w.or([w('asker', '=', playerId), w('asked', '=', playerId)]))
    .execute();
  await db
    .deleteFrom('blocks')
    .where((w) => w.or([w('blocker', '=', playerId), w('blocked', '=', playerId)]))
    .execute();
  await db
    .deleteFrom('invitations')
    .where((w) => w.or([w('from_id', '=', playerId), w('to_id', '=', playerId)]))
    .execute();
  await db.deleteFrom('seen').where('player_id', '=', playerId).execute();
}

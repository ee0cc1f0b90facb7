/**
 * Friends, blocks and invitations to a seat (docs/friends.md, docs/protocol.md "Friends"). Only signed-in
 * players take part: a guest has no name others can find. A friendship is mutual; until then the asking is
 * open. Only friends see each other's presence and tables. A block ends what there was between the two and
 * keeps the blocked player out of the blocker's tables (`blockedAt` in blocks.ts, asked by seating.ts; the chat hides his messages, chat.ts). Everything is
 * in the database, so any process of a cluster answers.
 */
import { createEndpoint } from '@colyseus/core';
import type { GameId } from '@stich/engine';
import {
  accountNameSchema,
  FRIENDS_API,
  FRIENDS_MAX,
  type Friend,
  type FriendAnswer,
  type FriendsResponse,
  type FriendTable,
  friendSchema,
  INVITATION_MINUTES,
  type Invitation,
  inviteSchema,
  type SeatSetup,
} from '@stich/protocol';
import { type AccountKit, guarded } from './account.ts';
import { blockedAt } from './blocks.ts';
import { context } from './context.ts';
import type { Db } from './db.ts';
import { type Limit, memoryLimit, redisLimit } from './limits.ts';
import { type Caller, callerOf } from './sessions.ts';
import { accountByName } from './statsdb.ts';
import { secret } from './store.ts';

/** Seen by the friends' list within this many minutes: online. The web asks every 30 s while open. */
const ONLINE_MINUTES = 2;
/** Askings, invitations and blocks a player may send per hour. */
const FRIEND_ACTIONS_PER_HOUR = 120;

const HOUR = 3600_000;
const minutesAgo = (m: number): string => new Date(Date.now() - m * 60_000).toISOString();

/** Everything between two players: askings, friendship, invitations either way. */
async function sever(db: Db, a: string, b: string): Promise<void> {
  await db
    .deleteFrom('friendships')
    .where((w) =>
      w.or([
        w.and([w('asker', '=', a), w('asked', '=', b)]),
        w.and([w('asker', '=', b), w('asked', '=', a)]),
      ]),
    )
    .execute();
  await db
    .deleteFrom('invitations')
    .where((w) =>
      w.or([
        w.and([w('from_id', '=', a), w('to_id', '=', b)]),
        w.and([w('from_id', '=', b), w('to_id', '=', a)]),
      ]),
    )
    .execute();
}

/** A player's account names by id (deleted accounts have none). */
async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['player_id', 'name'])
    .where('player_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.player_id, r.name]));
}

/** Human seats nobody holds yet, by table. */
async function freeSeats(
  db: Db,
  tables: readonly { id: string; setup: string }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (tables.length === 0) return out;
  const held = await db
    .selectFrom('seats')
    .select(['table_id'])
    .where(
      'table_id',
      'in',
      tables.map((t) => t.id),
    )
    .execute();
  const holders = new Map<string, number>();
  for (const h of held) holders.set(h.table_id, (holders.get(h.table_id) ?? 0) + 1);
  for (const t of tables) {
    const setup = JSON.parse(t.setup) as SeatSetup[];
    const open = setup.filter((x) => x.kind === 'human' && x.program !== true).length;
    out.set(t.id, Math.max(0, open - (holders.get(t.id) ?? 0)));
  }
  return out;
}

/** The tables (not over) the given players hold seats at, with their free human seats. */
async function liveTables(db: Db, ids: readonly string[]): Promise<Map<string, FriendTable[]>> {
  const out = new Map<string, FriendTable[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('seats')
    .innerJoin('tables', 'tables.id', 'seats.table_id')
    .select([
      'seats.player_id as player',
      'tables.id as id',
      'tables.game as game',
      'tables.setup as setup',
      'tables.visibility as visibility',
    ])
    .where('seats.player_id', 'in', ids)
    .where('tables.status', 'in', ['waiting', 'playing'])
    .orderBy('tables.updated_at', 'desc')
    .execute();
  const free = await freeSeats(db, rows);
  for (const r of rows) {
    const t: FriendTable = {
      id: r.id,
      game: r.game as GameId,
      players: (JSON.parse(r.setup) as unknown[]).length,
      free: free.get(r.id) ?? 0,
      private: r.visibility === 'private',
    };
    out.set(r.player, [...(out.get(r.player) ?? []), t]);
  }
  return out;
}

/** The caller's invitations that still lead to a free seat; lapsed ones are deleted. */
async function invitationsOf(db: Db, playerId: string): Promise<Invitation[]> {
  await db
    .deleteFrom('invitations')
    .where('to_id', '=', playerId)
    .where('at', '<', minutesAgo(INVITATION_MINUTES))
    .execute();
  const rows = await db
    .selectFrom('invitations')
    .innerJoin('tables', 'tables.id', 'invitations.table_id')
    .innerJoin('accounts', 'accounts.player_id', 'invitations.from_id')
    .select([
      'invitations.id as id',
      'invitations.at as at',
      'accounts.name as from',
      'tables.id as tableId',
      'tables.game as game',
      'tables.setup as setup',
      'tables.invite as code',
      'tables.status as status',
    ])
    .where('invitations.to_id', '=', playerId)
    .orderBy('invitations.at', 'desc')
    .execute();
  const live = rows.filter((r) => r.status === 'waiting' || r.status === 'playing');
  const free = await freeSeats(
    db,
    live.map((r) => ({ id: r.tableId, setup: r.setup })),
  );
  return live
    .filter((r) => (free.get(r.tableId) ?? 0) > 0)
    .map((r) => ({
      id: r.id,
      from: r.from,
      tableId: r.tableId,
      game: r.game as GameId,
      players: (JSON.parse(r.setup) as unknown[]).length,
      code: r.code,
      at: r.at,
    }));
}

/** Friends' list requests a player may make per minute: the web asks every 30 s and after each change. */
export const FRIENDS_POLLS_PER_MINUTE = 20;
/** A player's `seen` row is written at most this often (ms): "online" means seen in ONLINE_MINUTES. */
const SEEN_EVERY_MS = 60_000;

/**
 * When this process last wrote each player's `seen` row. Per process: in a cluster each process writes at
 * most once a minute per player, still far below one write per poll.
 */
const seenWritten = new Map<string, number>();

/** Marks the player as seen, unless this process did so within SEEN_EVERY_MS. */
async function markSeen(db: Db, me: string): Promise<void> {
  const now = Date.now();
  const last = seenWritten.get(me);
  if (last !== undefined && now - last < SEEN_EVERY_MS) return;
  // Forget the players whose mark is old, so the map holds only those polling in the last minute.
  if (seenWritten.size > 10_000)
    for (const [id, at] of seenWritten) if (now - at >= SEEN_EVERY_MS) seenWritten.delete(id);
  const at = new Date(now).toISOString();
  await db
    .insertInto('seen')
    .values({ player_id: me, seen_at: at })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ seen_at: at }))
    .execute();
  seenWritten.set(me, now);
}

/** The caller's friends' list; asking for it marks the caller as seen (online), at most once a minute. */
async function friendsOf(db: Db, me: string): Promise<FriendsResponse> {
  await markSeen(db, me);
  const links = await db
    .selectFrom('friendships')
    .selectAll()
    .where((w) => w.or([w('asker', '=', me), w('asked', '=', me)]))
    .execute();
  const blocks = await db.selectFrom('blocks').select('blocked').where('blocker', '=', me).execute();
  const other = (l: { asker: string; asked: string }) => (l.asker === me ? l.asked : l.asker);
  const names = await namesOf(db, [...links.map(other), ...blocks.map((b) => b.blocked)]);
  const friendIds = links.filter((l) => l.mutual === 1).map(other);
  const [seen, tables, invitations] = await Promise.all([
    friendIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('seen')
          .select('player_id')
          .where('player_id', 'in', friendIds)
          .where('seen_at', '>=', minutesAgo(ONLINE_MINUTES))
          .execute(),
    liveTables(db, friendIds),
    invitationsOf(db, me),
  ]);
  const online = new Set(seen.map((s) => s.player_id));
  const named = (ids: string[]) =>
    ids
      .map((id) => names.get(id))
      .filter((n): n is string => n !== undefined)
      .sort((a, b) => a.localeCompare(b));
  const friends: Friend[] = friendIds
    .filter((id) => names.has(id))
    .map((id) => ({ name: names.get(id)!, online: online.has(id), tables: tables.get(id) ?? [] }))
    .sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
  return {
    friends,
    incoming: named(links.filter((l) => l.mutual === 0 && l.asked === me).map((l) => l.asker)),
    outgoing: named(links.filter((l) => l.mutual === 0 && l.asker === me).map((l) => l.asked)),
    blocked: named(blocks.map((b) => b.blocked)),
    invitations,
  };
}

type Named =
  | { ok: true; id: string; name: string }
  | { ok: false; reason: string; code: 'malformed' | 'not-found' };

/** The account named in the path, decoded and checked. */
async function named(db: Db, raw: unknown): Promise<Named> {
  let s = String(raw);
  try {
    s = decodeURIComponent(s);
  } catch {
    return { ok: false, code: 'malformed', reason: 'name: not a valid URL path segment' };
  }
  const name = accountNameSchema.safeParse(s);
  if (!name.success) return { ok: false, code: 'malformed', reason: `name: ${name.error.issues[0].message}` };
  return accountNamed(db, name.data);
}

/** The account of a checked name. */
async function accountNamed(db: Db, name: string): Promise<Named> {
  const a = await accountByName(db, name);
  return a
    ? { ok: true, id: a.playerId, name: a.name }
    : { ok: false, code: 'not-found', reason: 'no player with this name' };
}

export function friendsRoutes(kit: AccountKit) {
  const { redis } = context();
  const actions: Limit =
    redis === null
      ? memoryLimit(FRIEND_ACTIONS_PER_HOUR, HOUR)
      : redisLimit(redis, 'friends', FRIEND_ACTIONS_PER_HOUR, HOUR);
  const polls: Limit =
    redis === null
      ? memoryLimit(FRIENDS_POLLS_PER_MINUTE, 60_000)
      : redisLimit(redis, 'friends-poll', FRIENDS_POLLS_PER_MINUTE, 60_000);
  /** The rate limit of a state-changing request: an answer when it refuses. */
  const limited = async (caller: Caller): Promise<Response | undefined> => {
    const wait = await actions.take(caller.player.id);
    if (wait <= 0) return undefined;
    return kit.json(
      {
        code: 'too-many-requests',
        reason: `at most ${FRIEND_ACTIONS_PER_HOUR} friend requests, invitations and blocks an hour`,
      },
      429,
      { 'retry-after': String(Math.ceil(wait / 1000)) },
    );
  };
  const db = (): Db => context().store.db;
  type Ctx = { body?: unknown; headers?: Headers; params?: Record<string, string> };
  /** A state-changing route on another player, named as `find` reads him from the request. */
  const onOther =
    (
      find: (ctx: Ctx) => Promise<Named>,
      f: (caller: Caller, other: { id: string; name: string }, body: unknown) => Promise<Response>,
    ) =>
    (ctx: Ctx) =>
      guarded(kit, true, async (c, caller) => {
        const other = await find(ctx);
        if (!other.ok) return kit.fail(other.code, other.reason);
        if (other.id === caller.player.id) return kit.fail('malformed', 'name: that is you');
        return f(caller, other, c.body);
      })(ctx);
  /** Named in the path (`:name`). */
  const inPath = (ctx: Ctx) => named(db(), ctx.params?.name);
  /** Named in the body (`friendSchema`). */
  const inBody = async (ctx: Ctx): Promise<Named> => {
    const b = friendSchema.safeParse(ctx.body ?? {});
    if (!b.success) return { ok: false, code: 'malformed', reason: b.error.issues[0].message };
    return accountNamed(db(), b.data.name);
  };

  return {
    friendsList: createEndpoint(FRIENDS_API.friends, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      if (!caller) return kit.fail('unauthorized', 'sign in to have friends');
      const wait = await polls.take(caller.player.id);
      if (wait > 0)
        return kit.json(
          {
            code: 'too-many-requests',
            reason: `at most ${FRIENDS_POLLS_PER_MINUTE} friends' lists a minute`,
          },
          429,
          { 'retry-after': String(Math.ceil(wait / 1000)) },
        );
      return kit.json(await friendsOf(db(), caller.player.id));
    }),

    friendAsk: createEndpoint(
      FRIENDS_API.friends,
      { method: 'POST' },
      onOther(inBody, async (caller, other) => {
        const me = caller.player.id;
        const refused = await limited(caller);
        if (refused) return refused;
        const d = db();
        if (await blockedAt(d, me, [other.id]))
          return kit.fail('forbidden', `${other.name} takes no friend requests from you`);
        if (await blockedAt(d, other.id, [me]))
          return kit.fail('forbidden', `you blocked ${other.name}; unblock first`);
        const back = await d
          .selectFrom('friendships')
          .selectAll()
          .where('asker', '=', other.id)
          .where('asked', '=', me)
          .executeTakeFirst();
        if (back) {
          await d
            .updateTable('friendships')
            .set({ mutual: 1 })
            .where('asker', '=', other.id)
            .where('asked', '=', me)
            .execute();
          return kit.json({ state: 'friends' } satisfies FriendAnswer);
        }
        const mine = await d
          .selectFrom('friendships')
          .select(['mutual'])
          .where('asker', '=', me)
          .where('asked', '=', other.id)
          .executeTakeFirst();
        if (mine) return kit.json({ state: mine.mutual === 1 ? 'friends' : 'asked' } satisfies FriendAnswer);
        const count = await d
          .selectFrom('friendships')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where((w) => w.or([w('asker', '=', me), w('asked', '=', me)]))
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= FRIENDS_MAX)
          return kit.fail('too-many-requests', `at most ${FRIENDS_MAX} friends and open requests`);
        await d
          .insertInto('friendships')
          .values({ asker: me, asked: other.id, mutual: 0, at: new Date().toISOString() })
          .execute();
        return kit.json({ state: 'asked' } satisfies FriendAnswer, 201);
      }),
    ),

    friendEnd: createEndpoint(
      FRIENDS_API.friend,
      { method: 'DELETE' },
      onOther(inPath, async (caller, other) => {
        await sever(db(), caller.player.id, other.id);
        return kit.json({ ok: true });
      }),
    ),

    friendInvite: createEndpoint(
      FRIENDS_API.invite,
      { method: 'POST' },
      onOther(inPath, async (caller, other, body) => {
        const b = inviteSchema.safeParse(body);
        if (!b.success) return kit.fail('malformed', b.error.issues[0].message);
        const me = caller.player.id;
        const d = db();
        const friends = await d
          .selectFrom('friendships')
          .select('mutual')
          .where((w) =>
            w.or([
              w.and([w('asker', '=', me), w('asked', '=', other.id)]),
              w.and([w('asker', '=', other.id), w('asked', '=', me)]),
            ]),
          )
          .where('mutual', '=', 1)
          .executeTakeFirst();
        if (!friends) return kit.fail('forbidden', `${other.name} is not your friend`);
        const seat = await d
          .selectFrom('seats')
          .innerJoin('tables', 'tables.id', 'seats.table_id')
          .select(['tables.status as status', 'tables.setup as setup'])
          .where('seats.table_id', '=', b.data.tableId)
          .where('seats.player_id', '=', me)
          .executeTakeFirst();
        if (!seat) return kit.fail('not-seated', 'you invite to a table you sit at');
        if (seat.status !== 'waiting' && seat.status !== 'playing')
          return kit.fail('forbidden', 'this table is over');
        const free = await freeSeats(d, [{ id: b.data.tableId, setup: seat.setup }]);
        if (free.get(b.data.tableId) === 0) return kit.fail('seat-taken', 'this table has no free seat');
        if (await blockedAt(d, other.id, [me])) return kit.fail('forbidden', `you blocked ${other.name}`);
        const refused = await limited(caller);
        if (refused) return refused;
        // One invitation per friend and table: asking again renews it.
        await d
          .deleteFrom('invitations')
          .where('from_id', '=', me)
          .where('to_id', '=', other.id)
          .where('table_id', '=', b.data.tableId)
          .execute();
        const id = secret(12);
        await d
          .insertInto('invitations')
          .values({
            id,
            from_id: me,
            to_id: other.id,
            table_id: b.data.tableId,
            at: new Date().toISOString(),
          })
          .execute();
        return kit.json({ id }, 201);
      }),
    ),

    invitationDismiss: createEndpoint(
      FRIENDS_API.invitation,
      { method: 'DELETE' },
      async (ctx: { headers?: Headers; params?: Record<string, string> }) =>
        guarded(kit, true, async (_c, caller) => {
          await db()
            .deleteFrom('invitations')
            .where('id', '=', String(ctx.params?.id ?? ''))
            .where('to_id', '=', caller.player.id)
            .execute();
          return kit.json({ ok: true });
        })(ctx),
    ),

    blockAdd: createEndpoint(
      FRIENDS_API.blocks,
      { method: 'POST' },
      onOther(inBody, async (caller, other) => {
        const me = caller.player.id;
        const refused = await limited(caller);
        if (refused) return refused;
        const d = db();
        const count = await d
          .selectFrom('blocks')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('blocker', '=', me)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= FRIENDS_MAX)
          return kit.fail('too-many-requests', `at most ${FRIENDS_MAX} blocks`);
        await sever(d, me, other.id);
        await d
          .insertInto('blocks')
          .values({ blocker: me, blocked: other.id, at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['blocker', 'blocked']).doNothing())
          .execute();
        return kit.json({ ok: true });
      }),
    ),

    blockEnd: createEndpoint(
      FRIENDS_API.block,
      { method: 'DELETE' },
      onOther(inPath, async (caller, other) => {
        await db()
          .deleteFrom('blocks')
          .where('blocker', '=', caller.player.id)
          .where('blocked', '=', other.id)
          .execute();
        return kit.json({ ok: true });
      }),
    ),
  };
}

/**
 * The HTTP API (docs/protocol.md) and the static web client, on the same port as the WebSockets.
 * Every body is parsed with the protocol's zod schemas; errors are `{ code, reason }` with a 4xx status.
 */
import { createEndpoint, createRouter, matchMaker } from '@colyseus/core';
import { cryptoRng, GAME_META, type GameId } from '@stich/engine';
import {
  API,
  createTableSchema,
  type ErrorCode,
  guestSchema,
  inviteCodeSchema,
  isComputerLabel,
  type Player,
  playNowSchema,
  ROOM_TABLE,
  type SeatSetup,
  type TableInfo,
  tableIdSchema,
} from '@stich/protocol';
import type { z } from 'zod';
import { accountRoutes } from './account.ts';
import { hasAccount } from './accountdata.ts';
import { analysisRoute } from './analysis.ts';
import { context } from './context.ts';
import { isStorageError } from './edge.ts';
import { friendsRoutes } from './friends.ts';
import { gamesResponse, tableGame } from './games.ts';
import { hintRoute, setHints } from './hints.ts';
import { leaderboardRoute } from './leaderboard.ts';
import { memoryLimit, peerOf, redisLimit } from './limits.ts';
import { lobbyPage } from './lobby.ts';
import { loginGuard } from './logins.ts';
import { myTablesRoute } from './mine.ts';
import { moderationRoute } from './moderation.ts';
import { passkeyRoutes } from './passkeys.ts';
import { programRoute } from './program.ts';
import { rematchRoute } from './rematch.ts';
import { replayRoutes } from './replay.ts';
import { rulesRoute } from './rules.ts';
import { startRoute } from './start.ts';
import { serveStatic } from './static.ts';
import { profileRoute } from './statsdb.ts';
import { secret, type TableRow } from './store.ts';
import { tournamentRoutes } from './tournaments-routes.ts';
import { tournamentIdOf } from './tournaments-tables.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

const STATUS: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'not-finished': 409,
  'seat-taken': 409,
  'too-large': 413,
  'too-many-tables': 429,
  'too-many-guests': 429,
  'too-many-requests': 429,
  'reserved-name': 422,
  'name-taken': 409,
  'bad-name': 422,
  'bad-login': 401,
  'bad-passkey': 400,
  'too-many-logins': 429,
  'rate-limited': 429,
  internal: 500,
  storage: 503,
};
const fail = (code: ErrorCode, reason: string): Response => json({ code, reason }, STATUS[code] ?? 400);

const reservedName = (name: string): Response =>
  fail('reserved-name', `"${name}" reads as a computer player's label (Bot (level)); choose another name`);

function parse<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; res: Response } {
  const r = schema.safeParse(body ?? {});
  if (r.success) return { ok: true, value: r.data };
  const i = r.error.issues[0];
  return { ok: false, res: fail('malformed', `${i.path.join('.') || 'body'}: ${i.message}`) };
}

async function playerOf(headers: Headers | undefined): Promise<Player | undefined> {
  const auth = headers?.get('authorization');
  if (!auth?.startsWith('Bearer ')) return undefined;
  return context().store.playerByToken(auth.slice(7).trim());
}

/** The live room of a table, restoring it from its record when no process holds it (owner.ts). */
export const ensureLive = (tableId: string): Promise<TableInfo | undefined> =>
  context().owner.ensureLive(tableId);

/** Table info of a table without a live room (a finished match), from the database. */
async function storedInfo(row: TableRow): Promise<TableInfo> {
  const [holders, tournament] = await Promise.all([
    context().store.holders(row.id),
    tournamentIdOf(context().store.db, row.id),
  ]);
  return {
    id: row.id,
    game: row.game,
    players: row.config.players,
    preset: row.config.preset ?? null,
    options: row.config.options ?? {},
    visibility: row.visibility,
    // Parked tables are unfinished; this path is reached only when restoring one failed.
    status: row.status === 'parked' ? 'playing' : row.status,
    seats: row.setup.map((s, seat) => ({
      seat,
      kind: s.kind,
      level: s.kind === 'bot' ? s.level : context().config.takeoverLevel,
      name: s.kind === 'bot' ? null : (holders.find((h) => h.seat === seat)?.name ?? null),
      connected: false,
      botActive: false,
      ...(s.kind === 'human' && s.program ? { program: true as const } : {}),
    })),
    spectators: 0,
    turnTimer: row.turnTimer,
    createdAt: row.createdAt,
    ...(tournament ? { tournament } : {}),
  };
}

/** Table info for someone who may see it: public tables, or private ones with the code or a seat. */
async function visibleTable(id: string, code: string | undefined, player: Player | undefined) {
  const { store } = context();
  const row = tableIdSchema.safeParse(id).success ? await store.table(id) : undefined;
  if (!row) return { error: fail('not-found', `no table ${id.slice(0, 64)}`) };
  if (row.visibility === 'private' && code !== row.invite) {
    const holders = player ? await store.holders(id) : [];
    if (!holders.some((h) => h.playerId === player?.id))
      return { error: fail('not-found', `no table ${id}`) };
  }
  return { row };
}

const HOUR = 3600_000;

/** The per-guest table limits (TABLES_PER_HOUR, OPEN_TABLES), counted in the database. */
async function tableLimit(creator: Player): Promise<Response | undefined> {
  const { store, config } = context();
  const { tablesPerHour, openTables } = config.limits;
  const since = new Date(Date.now() - HOUR).toISOString();
  if ((await store.tablesCreatedSince(creator.id, since)) >= tablesPerHour)
    return fail('too-many-tables', `you created ${tablesPerHour} tables in the last hour; try again later`);
  if ((await store.openTablesOf(creator.id)) >= openTables)
    return fail('too-many-tables', `you have ${openTables} open tables; finish or leave one first`);
  return undefined;
}

/**
 * Whether asking for a table may bring it back to life. A parked table (IDLE_SECONDS) wakes only for a guest
 * who may see it (visibleTable has checked the invite code of a private table), and only while its creator
 * stays within OPEN_TABLES: an anonymous request, or a creator who has parked tables to spare, could
 * otherwise keep any number of tables playing.
 */
async function mayWake(row: TableRow, player: Player | undefined): Promise<boolean | Response> {
  if (row.status !== 'parked') return true;
  if (!player) return false;
  const { store, config } = context();
  if (row.createdBy !== null && (await store.openTablesOf(row.createdBy)) >= config.limits.openTables)
    return fail('too-many-tables', 'the creator of this table has too many open tables to wake it now');
  return true;
}

/** Runs `f` after every earlier call with the same key (one table creation per guest at a time). */
function serial() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, f: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(f, f);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

async function newTable(
  creator: Player,
  game: GameId,
  config: { players: number; preset?: string; options?: Record<string, unknown> },
  setup: readonly SeatSetup[],
  visibility: 'public' | 'private',
  turnTimer: number | null,
  seat: number | undefined,
  hints?: boolean,
): Promise<Response | { row: TableRow; info: TableInfo }> {
  const g = tableGame(game);
  if (!g) return fail('bad-config', `game ${game} is not available on this server`);
  const limited = await tableLimit(creator);
  if (limited) return limited;
  const parsed = g.parseConfig(config);
  if (!parsed.ok) return fail('bad-config', parsed.error.reason);
  const seats = g.seats(g.start(parsed.value, 0));
  if (setup.length !== seats)
    return fail('bad-config', `this game has ${seats} seats; seats lists ${setup.length}`);
  if (seat !== undefined && setup[seat]?.kind !== 'human')
    return fail('bad-seat', `seat ${seat} is not a human seat`);
  const row: TableRow = {
    id: secret(9),
    game,
    config,
    setup,
    visibility,
    invite: visibility === 'private' ? secret(18) : null,
    status: 'waiting',
    dealer: cryptoRng.int(seats),
    turnTimer,
    createdBy: creator.id,
    createdAt: new Date().toISOString(),
  };
  // The creator's seat is reserved; his token takes it (a seat token is issued when he sits down).
  const holders =
    seat === undefined
      ? []
      : [{ seat, playerId: creator.id, name: creator.name, tokenHash: `reserved:${secret()}` }];
  await context().store.createTable(row, holders);
  if (hints !== undefined) await setHints(row.id, hints);
  const info = await ensureLive(row.id);
  if (!info) return fail('internal', 'the table could not be opened');
  context().log.info({ table: row.id, game, visibility, by: creator.id }, 'table created');
  return { row, info };
}

export function routes() {
  const startedAt = Date.now();
  const { limits } = context().config;
  const { redis } = context();
  // Per address over the whole cluster when there is one (a client's requests reach any process).
  const guests =
    redis === null
      ? memoryLimit(limits.guestsPerHour, HOUR)
      : redisLimit(redis, 'guests', limits.guestsPerHour, HOUR);
  const creating = serial();
  const logins = loginGuard();
  return createRouter(
    {
      health: createEndpoint(API.health, { method: 'GET' }, async () => {
        // Reads alone are not enough: a read-only database (failover, full disk, a held lock) answers them.
        const h = await context().store.health();
        const ok = h.read && h.write;
        const rooms = await matchMaker.query({ name: ROOM_TABLE });
        const mem = process.memoryUsage();
        return json(
          {
            ok,
            db: h.read,
            storage: ok ? 'ok' : 'degraded',
            tables: rooms.length,
            uptime: Math.round((Date.now() - startedAt) / 1000),
            memory: { rss: mem.rss, heapUsed: mem.heapUsed },
            // CPU time used by the process so far, in microseconds (the load benchmark reads it).
            cpu: process.cpuUsage(),
          },
          ok ? 200 : 503,
        );
      }),

      createGuest: createEndpoint(API.guests, { method: 'POST' }, async (ctx) => {
        const b = parse(guestSchema, ctx.body);
        if (!b.ok) return b.res;
        if (isComputerLabel(b.value.name)) return reservedName(b.value.name);
        const peer = peerOf(ctx.headers);
        const waitMs = await guests.take(peer);
        if (waitMs > 0) {
          const wait = Math.ceil(waitMs / 1000);
          return json(
            {
              code: 'too-many-guests',
              reason: `this address created ${limits.guestsPerHour} guests in the last hour; keep your guest token`,
            },
            429,
            { 'retry-after': String(wait) },
          );
        }
        return json(await context().store.createGuest(b.value.name), 201);
      }),

      me: createEndpoint(API.me, { method: 'GET' }, async (ctx) => {
        const player = await playerOf(ctx.headers);
        return player ? json({ player }) : fail('unauthorized', 'unknown or missing player token');
      }),

      rename: createEndpoint(API.me, { method: 'PATCH' }, async (ctx) => {
        const player = await playerOf(ctx.headers);
        if (!player) return fail('unauthorized', 'unknown or missing player token');
        const b = parse(guestSchema, ctx.body);
        if (!b.ok) return b.res;
        if (isComputerLabel(b.value.name)) return reservedName(b.value.name);
        // A player with an account goes by the account's name (docs/accounts.md).
        if (await hasAccount(player.id))
          return fail(
            'forbidden',
            "a signed-in player's name is the account's name; it cannot be changed here",
          );
        await context().store.renamePlayer(player.id, b.value.name);
        return json({ player: { id: player.id, name: b.value.name } });
      }),

      games: createEndpoint(API.games, { method: 'GET' }, async () => json(gamesResponse())),

      tables: createEndpoint(API.tables, { method: 'GET' }, async (ctx) => {
        const q = ctx.query as Record<string, unknown> | undefined;
        const int = (v: unknown, def: number) =>
          v === undefined ? def : /^\d{1,9}$/.test(String(v)) ? Number(v) : NaN;
        const offset = int(q?.offset, 0);
        const limit = int(q?.limit, limits.lobbyPage);
        if (!Number.isFinite(offset) || !Number.isFinite(limit) || limit < 1 || limit > limits.lobbyPage)
          return fail('malformed', `offset must be a whole number ≥ 0 and limit 1 to ${limits.lobbyPage}`);
        return json(await lobbyPage(offset, limit));
      }),

      createTable: createEndpoint(API.tables, { method: 'POST' }, async (ctx) => {
        const player = await playerOf(ctx.headers);
        if (!player) return fail('unauthorized', 'creating a table needs a player token');
        const b = parse(createTableSchema, ctx.body);
        if (!b.ok) return b.res;
        const t = b.value;
        const config = {
          players: t.players,
          ...(t.preset !== undefined ? { preset: t.preset } : {}),
          ...(t.options !== undefined ? { options: t.options } : {}),
        };
        const r = await creating(player.id, () =>
          newTable(
            player,
            t.game,
            config,
            // A program's seat is given only with its bot token (program.ts), never at creation.
            t.seats.map((x) => (x.kind === 'human' ? { kind: 'human' as const } : x)),
            t.visibility,
            t.turnTimer ?? null,
            t.seat,
            t.hints,
          ),
        );
        if (r instanceof Response) return r;
        return json(
          {
            table: r.info,
            ...(r.row.invite ? { invite: { code: r.row.invite, path: `/join/${r.row.invite}` } } : {}),
          },
          201,
        );
      }),

      playNow: createEndpoint(API.playNow, { method: 'POST' }, async (ctx) => {
        const player = await playerOf(ctx.headers);
        if (!player) return fail('unauthorized', 'play now needs a player token');
        const b = parse(playNowSchema, ctx.body);
        if (!b.ok) return b.res;
        const p = b.value;
        const g = tableGame(p.game);
        if (!g) return fail('bad-config', `game ${p.game} is not available on this server`);
        const extra = {
          ...(p.preset !== undefined ? { preset: p.preset } : {}),
          ...(p.options !== undefined ? { options: p.options } : {}),
        };
        // Without a player count: the game's usual one (GameMeta lists it first) that the setup allows.
        const counts = GAME_META[g.id].players;
        const players =
          p.players ?? counts.find((n) => g.parseConfig({ players: n, ...extra }).ok) ?? counts[0];
        const config = { players, ...extra };
        const setup: SeatSetup[] = Array.from({ length: players }, (_, i) =>
          i === 0 ? { kind: 'human' as const } : { kind: 'bot' as const, level: p.level },
        );
        const r = await creating(player.id, () =>
          newTable(player, p.game, config, setup, 'private', null, 0),
        );
        if (r instanceof Response) return r;
        return json(
          { table: r.info, seat: 0, invite: { code: r.row.invite, path: `/join/${r.row.invite}` } },
          201,
        );
      }),

      table: createEndpoint(API.table, { method: 'GET' }, async (ctx) => {
        const id = String(ctx.params.id);
        const code = typeof ctx.query?.code === 'string' ? ctx.query.code : undefined;
        const player = await playerOf(ctx.headers);
        const v = await visibleTable(id, code, player);
        if (v.error) return v.error;
        const wake = await mayWake(v.row, player);
        if (wake instanceof Response) return wake;
        const info = v.row.status === 'over' || !wake ? undefined : await ensureLive(id);
        return json({ table: info ?? (await storedInfo(v.row)) });
      }),

      invite: createEndpoint(API.invite, { method: 'GET' }, async (ctx) => {
        const code = String(ctx.params.code);
        const row = inviteCodeSchema.safeParse(code).success
          ? await context().store.tableByInvite(code)
          : undefined;
        if (!row) return fail('not-found', 'no table with this invite code');
        const wake = await mayWake(row, await playerOf(ctx.headers));
        if (wake instanceof Response) return wake;
        const info = row.status === 'over' || !wake ? undefined : await ensureLive(row.id);
        return json({ table: info ?? (await storedInfo(row)) });
      }),

      ...accountRoutes({ json, fail }, logins),
      ...passkeyRoutes({ json, fail }, logins),
      ...friendsRoutes({ json, fail }),
      ...tournamentRoutes({ json, fail }),
      ...replayRoutes({ json, fail, playerOf, visibleTable }),
      ...analysisRoute({ json, fail, playerOf, visibleTable }),
      ...hintRoute({ json, fail, playerOf }),
      ...moderationRoute({ json, fail }),
      ...myTablesRoute({ json, fail, playerOf }),
      ...rematchRoute({ json, fail, playerOf, ensureLive }),
      ...rulesRoute({ json, fail }),
      ...leaderboardRoute({ json, fail }),
      ...startRoute({ json, fail, playerOf, ensureLive }),
      ...profileRoute({ json, fail }),
      ...programRoute({ json, fail, playerOf, ensureLive }),
      root: createEndpoint('/', { method: ['GET', 'HEAD'] }, async (ctx) =>
        serveStatic(context().config.webDir, '/index.html', ctx.headers),
      ),
      files: createEndpoint('/**', { method: ['GET', 'HEAD'] }, async (ctx) =>
        ctx.path.startsWith('/api/')
          ? fail('not-found', `no endpoint ${ctx.path}`)
          : serveStatic(context().config.webDir, ctx.path, ctx.headers),
      ),
    },
    {
      // The edge (edge.ts) has limited the body already. A failure inside a handler is logged and answered
      // with a code: the client never sees a database's (or any other) error text.
      onError: (e: unknown) => {
        // Errors a route raised on purpose (the matchmaking route's answers) keep their own response.
        if (e instanceof Error && e.name === 'APIError') return undefined;
        const storage = isStorageError(e);
        context().log.error({ err: e }, storage ? 'request failed on storage' : 'request failed');
        return storage
          ? fail('storage', 'the server cannot use its database just now; nothing was changed')
          : fail('internal', 'the request failed on the server; nothing was changed');
      },
    },
  );
}

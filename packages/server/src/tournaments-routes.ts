/**
 * The tournament routes (TOURNAMENTS_API in packages/protocol/src/tournaments.ts, docs/tournaments.md): list,
 * create, read, edit, cancel, register and unregister oneself, start. Only signed-in players take part
 * (players are accounts); state-changing requests need the CSRF header (`guarded`). The core's operations
 * decide (`@stich/tournament`: its typed errors pass through as `{ code, reason }`), and the stored row
 * changes only if it is still as it was read (compare and set), so two processes never lose a change.
 * Limits: TOURNAMENTS_OPEN_MAX open tournaments per organizer, TOURNAMENT_ENTRANTS_MAX entrants, and
 * registrations (and unregistrations) per player and per address per hour.
 */
import { createEndpoint } from '@colyseus/core';
import { isObject } from '@stich/engine';
import {
  createTournamentSchema,
  editTournamentSchema,
  registerTournamentSchema,
  TOURNAMENT_ENTRANTS_MAX,
  TOURNAMENTS_API,
  TOURNAMENTS_OPEN_MAX,
  type TournamentErrorCode,
  type TournamentList,
} from '@stich/protocol';
import { create, edit, register, type TResult, unregister } from '@stich/tournament';
import { type AccountKit, guarded } from './account.ts';
import { context } from './context.ts';
import { type Limit, memoryLimit, peerOf, redisLimit } from './limits.ts';
import { type Caller, callerOf } from './sessions.ts';
import { secret } from './store.ts';
import { namesOf, startTournament } from './tournaments-run.ts';
import { coreOf, listed, type TournamentRow, tournamentById } from './tournaments-tables.ts';
import { detailOf, summaryOf } from './tournaments-view.ts';

/** Registrations and unregistrations a player may make per hour (all tournaments together). */
export const REGISTRATIONS_PER_HOUR = 30;
/** ... and one address (several accounts behind it). */
export const REGISTRATIONS_PER_ADDRESS_HOUR = 120;
/** Tries of a compare-and-set against concurrent changes of the same tournament. */
const CAS_TRIES = 5;

const HOUR = 3600_000;

const STATUS: Record<TournamentErrorCode, number> = {
  malformed: 400,
  'unknown-format': 400,
  'bad-players': 409,
  'already-registered': 409,
  'not-registered': 409,
  'late-registration': 409,
  started: 409,
  full: 409,
  'bad-result': 409,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'too-many-requests': 429,
  'too-many-tournaments': 429,
};

type Ctx = {
  body?: unknown;
  headers?: Headers;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
};

export function tournamentRoutes(kit: AccountKit) {
  const fail = (code: TournamentErrorCode, reason: string, headers: Record<string, string> = {}) =>
    kit.json({ code, reason }, STATUS[code], headers);
  const typed = <T>(r: TResult<T>): Response | undefined =>
    r.ok ? undefined : fail(r.error.code, r.error.reason);
  const { redis } = context();
  const limit = (name: string, max: number): Limit =>
    redis === null ? memoryLimit(max, HOUR) : redisLimit(redis, name, max, HOUR);
  const perPlayer = limit('tournament-players', REGISTRATIONS_PER_HOUR);
  const perAddress = limit('tournament-addresses', REGISTRATIONS_PER_ADDRESS_HOUR);
  const db = () => context().store.db;

  /** The registration limits: an answer when they refuse. */
  const limited = async (caller: Caller, headers: Headers | undefined): Promise<Response | undefined> => {
    const wait = Math.max(await perPlayer.take(caller.player.id), await perAddress.take(peerOf(headers)));
    if (wait <= 0) return undefined;
    return fail(
      'too-many-requests',
      `at most ${REGISTRATIONS_PER_HOUR} registrations an hour per player (${REGISTRATIONS_PER_ADDRESS_HOUR} per address)`,
      { 'retry-after': String(Math.ceil(wait / 1000)) },
    );
  };

  /** The tournament of the path as the caller may see it (an invite-only one: in it, or with its code). */
  const visible = async (ctx: Ctx, caller: Caller, code?: string): Promise<TournamentRow | Response> => {
    const id = String(ctx.params?.id ?? '').slice(0, 64);
    const t = await tournamentById(db(), id);
    const me = caller.player.id;
    if (
      !t ||
      (!t.public && t.organizer !== me && !t.players.includes(me) && (code === undefined || code !== t.code))
    )
      return fail('not-found', `no tournament ${id}`);
    return t;
  };

  const detail = async (t: TournamentRow, caller: Caller, status = 200) =>
    kit.json(await detailOf(t, caller.player.id), status);

  /** The settings as the server takes them: at most TOURNAMENT_ENTRANTS_MAX entrants, the default. */
  const capped = (settings: Record<string, unknown>, base?: number): Response | Record<string, unknown> => {
    const max = settings.maxPlayers;
    if (typeof max === 'number' && max > TOURNAMENT_ENTRANTS_MAX)
      return fail('malformed', `maxPlayers must be at most ${TOURNAMENT_ENTRANTS_MAX} on this server`);
    return max === undefined && base === undefined
      ? { ...settings, maxPlayers: TOURNAMENT_ENTRANTS_MAX }
      : settings;
  };

  /**
   * Changes a tournament by `f` (the core decides) and stores it if the row is still as read: status,
   * players. A concurrent change makes it read and decide again.
   */
  const change = async (
    ctx: Ctx,
    caller: Caller,
    f: (t: TournamentRow) => Promise<Response | TournamentRow> | Response | TournamentRow,
    code?: string,
  ): Promise<Response> => {
    for (let i = 0; i < CAS_TRIES; i++) {
      const t = await visible(ctx, caller, code);
      if (t instanceof Response) return t;
      const next = await f(t);
      if (next instanceof Response) return next;
      const r = await db()
        .updateTable('tournaments')
        .set({
          name: next.name,
          public: next.public ? 1 : 0,
          settings: JSON.stringify(next.settings),
          status: next.status,
          players: JSON.stringify(next.players),
          starts_at: next.settings.startsAt === null ? null : new Date(next.settings.startsAt).toISOString(),
        })
        .where('id', '=', t.id)
        .where('status', '=', t.status)
        .where('players', '=', JSON.stringify(t.players))
        .where('settings', '=', JSON.stringify(t.settings))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) return detail(next, caller);
    }
    return fail('too-many-requests', 'the tournament is changing quickly just now; try again');
  };

  const organizerOnly = (t: TournamentRow, caller: Caller, what: string): Response | undefined =>
    t.organizer === caller.player.id ? undefined : fail('forbidden', `only the organizer ${what}`);

  const codeOf = (ctx: Ctx): string | undefined =>
    typeof ctx.query?.code === 'string' ? ctx.query.code : undefined;

  const A = TOURNAMENTS_API;
  return {
    tournamentList: createEndpoint(A.list, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      if (!caller) return fail('unauthorized', 'sign in to see tournaments');
      const before = ctx.query?.before;
      const list = await listed(db(), caller.player.id, typeof before === 'string' ? before : undefined);
      if (!list || (before !== undefined && typeof before !== 'string'))
        return fail('malformed', 'before must be the next of a list answer');
      const names = await namesOf([...new Set(list.tournaments.map((t) => t.organizer))]);
      const body: TournamentList = {
        tournaments: list.tournaments.map((t) => summaryOf(t, names.get(t.organizer) ?? t.organizer)),
        next: list.next,
      };
      return kit.json(body);
    }),

    tournamentCreate: createEndpoint(
      A.list,
      { method: 'POST' },
      guarded(kit, true, async (c, caller) => {
        const b = createTournamentSchema.safeParse(c.body);
        if (!b.success) {
          const i = b.error.issues[0];
          return fail('malformed', `${i.path.join('.') || 'body'}: ${i.message}`);
        }
        const settings = capped(b.data.settings);
        if (settings instanceof Response) return settings;
        const made = create(settings);
        if (!made.ok) return fail(made.error.code, made.error.reason);
        const open = await db()
          .selectFrom('tournaments')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('organizer', '=', caller.player.id)
          .where('status', 'in', ['open', 'running'])
          .executeTakeFirst();
        if (Number(open?.n ?? 0) >= TOURNAMENTS_OPEN_MAX)
          return fail(
            'too-many-tournaments',
            `you hold ${TOURNAMENTS_OPEN_MAX} open tournaments; let one finish or cancel it first`,
          );
        const s = made.value.settings;
        const t: TournamentRow = {
          id: secret(9),
          name: b.data.name,
          organizer: caller.player.id,
          public: b.data.public,
          code: secret(12),
          settings: s,
          status: 'open',
          players: [],
          secret: secret(24),
          createdAt: new Date().toISOString(),
          startedAt: null,
        };
        await db()
          .insertInto('tournaments')
          .values({
            id: t.id,
            name: t.name,
            organizer: t.organizer,
            public: t.public ? 1 : 0,
            code: t.code,
            format: s.format,
            settings: JSON.stringify(s),
            status: t.status,
            players: '[]',
            starts_at: s.startsAt === null ? null : new Date(s.startsAt).toISOString(),
            secret: t.secret,
            created_at: t.createdAt,
            started_at: null,
          })
          .execute();
        context().log.info(
          { tournament: t.id, by: caller.player.id, format: s.format },
          'tournament created',
        );
        return detail(t, caller, 201);
      }),
    ),

    tournamentOne: createEndpoint(A.one, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      if (!caller) return fail('unauthorized', 'sign in to see tournaments');
      const t = await visible(ctx, caller, codeOf(ctx));
      return t instanceof Response ? t : detail(t, caller);
    }),

    tournamentEdit: createEndpoint(A.one, { method: 'PATCH' }, (ctx) =>
      guarded(kit, true, async (c, caller) => {
        const b = editTournamentSchema.safeParse(c.body);
        if (!b.success) {
          const i = b.error.issues[0];
          return fail('malformed', `${i.path.join('.') || 'body'}: ${i.message}`);
        }
        return change(ctx, caller, (t) => {
          const refused = organizerOnly(t, caller, 'edits the tournament');
          if (refused) return refused;
          let next = t;
          if (b.data.settings !== undefined) {
            const settings = capped(b.data.settings, t.settings.maxPlayers);
            if (settings instanceof Response) return settings;
            const e = edit(coreOf(t), settings);
            if (!e.ok) return fail(e.error.code, e.error.reason);
            next = { ...next, settings: e.value.settings };
          } else if (t.status !== 'open')
            return fail('started', 'a tournament cannot be edited after its start');
          return {
            ...next,
            ...(b.data.name !== undefined ? { name: b.data.name } : {}),
            ...(b.data.public !== undefined ? { public: b.data.public } : {}),
          };
        });
      })(ctx),
    ),

    tournamentCancel: createEndpoint(A.one, { method: 'DELETE' }, (ctx) =>
      guarded(kit, true, async (_c, caller) =>
        change(ctx, caller, (t) => {
          const refused = organizerOnly(t, caller, 'cancels the tournament');
          if (refused) return refused;
          if (t.status !== 'open') return fail('started', 'only a tournament before its start is cancelled');
          return { ...t, status: 'cancelled' };
        }),
      )(ctx),
    ),

    tournamentRegister: createEndpoint(A.players, { method: 'POST' }, (ctx) =>
      guarded(kit, true, async (c, caller) => {
        const b = registerTournamentSchema.safeParse(isObject(c.body) ? c.body : {});
        if (!b.success) return fail('malformed', `code: ${b.error.issues[0].message}`);
        const refused = await limited(caller, ctx.headers);
        if (refused) return refused;
        return change(
          ctx,
          caller,
          (t) => {
            const r = register(coreOf(t), caller.player.id, Date.now());
            return typed(r) ?? { ...t, players: r.ok ? r.value.players : t.players };
          },
          b.data.code,
        );
      })(ctx),
    ),

    tournamentUnregister: createEndpoint(A.players, { method: 'DELETE' }, (ctx) =>
      guarded(kit, true, async (_c, caller) => {
        const refused = await limited(caller, ctx.headers);
        if (refused) return refused;
        return change(ctx, caller, (t) => {
          const r = unregister(coreOf(t), caller.player.id, Date.now());
          return typed(r) ?? { ...t, players: r.ok ? r.value.players : t.players };
        });
      })(ctx),
    ),

    tournamentStart: createEndpoint(A.start, { method: 'POST' }, (ctx) =>
      guarded(kit, true, async (_c, caller) => {
        for (let i = 0; i < CAS_TRIES; i++) {
          const t = await visible(ctx, caller);
          if (t instanceof Response) return t;
          const refused = organizerOnly(t, caller, 'starts the tournament');
          if (refused) return refused;
          const a = await startTournament(t);
          if (a === null) continue;
          if (!a.ok) return fail(a.error.code, a.error.reason);
          return detail(a.value, caller);
        }
        return fail('too-many-requests', 'the tournament is changing quickly just now; try again');
      })(ctx),
    ),
  };
}

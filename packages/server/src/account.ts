/**
 * The account API (docs/accounts.md, docs/protocol.md "Accounts"): a guest claims a name and a password
 * and keeps its player id (so every table, record and statistic stays); sign-in by name and password;
 * sign-out of one browser or of every other; password change; export of all of a player's data; deletion,
 * after which the player's seats in others' records carry an anonymous name. Passkeys are in passkeys.ts.
 * Every state-changing route checks the CSRF rule first (sessions.ts) and changes nothing on bad input.
 */
import { createEndpoint } from '@colyseus/core';
import {
  ACCOUNT_API,
  type AccountResponse,
  type ErrorCode,
  loginSchema,
  passwordChangeSchema,
  passwordSchema,
} from '@stich/protocol';
import { z } from 'zod';
import { accountView, deleteAccount, exportOf } from './accountdata.ts';
import { context } from './context.ts';
import { memoryLimit, peerOf, redisLimit } from './limits.ts';
import type { LoginGuard } from './logins.ts';
import { nameChecker, nameKey } from './names.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import {
  type Caller,
  callerOf,
  cookieToken,
  createSession,
  csrfRefusal,
  endOtherSessions,
  endSession,
  sessionCookie,
} from './sessions.ts';
import { hash, secret } from './store.ts';

type Json = (body: unknown, status?: number, headers?: Record<string, string>) => Response;
export interface AccountKit {
  json: Json;
  fail(code: ErrorCode, reason: string): Response;
}
type Headers_ = Headers | undefined;

const HOUR = 3600_000;

/** A unique key violated (SQLite or PostgreSQL): two claims of one name at the same moment. */
const isUnique = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** The answer of a sign-in (register, login, passkey login): the account, the play token, the cookie. */
export async function signedIn(
  kit: AccountKit,
  playerId: string,
  headers: Headers_,
  status = 200,
): Promise<Response> {
  const s = await createSession(playerId, headers);
  const account = await accountView(playerId, s.id);
  if (!account) return kit.fail('unauthorized', 'this account was deleted');
  const body: AccountResponse = { account, token: s.play };
  return kit.json(body, status, { 'set-cookie': sessionCookie(s.cookie, headers) });
}

/** The `too-many-logins` answer, with when to try again (seconds) in `retry-after` and `retryAfter`. */
export function tooMany(kit: AccountKit, waitMs: number): Response {
  const wait = Math.max(1, Math.ceil(waitMs / 1000));
  return kit.json(
    {
      code: 'too-many-logins',
      reason: `too many sign-in attempts for this name or from this address; try again in ${wait} s`,
      retryAfter: wait,
    },
    429,
    { 'retry-after': String(wait) },
  );
}

/**
 * Runs a state-changing account route: the CSRF rule first, then the signed-in caller when `signedIn` is
 * asked for (401 `unauthorized` without one).
 */
export function guarded<T extends boolean>(
  kit: AccountKit,
  needsCaller: T,
  f: (
    ctx: { body: unknown; headers: Headers_ },
    caller: T extends true ? Caller : Caller | undefined,
  ) => Promise<Response>,
) {
  return async (ctx: { body?: unknown; headers?: Headers }): Promise<Response> => {
    const refused = csrfRefusal(ctx.headers);
    if (refused) return kit.fail('forbidden', refused);
    const caller = await callerOf(ctx.headers);
    if (needsCaller && !caller)
      return kit.fail('unauthorized', 'sign in first (session cookie or play token)');
    return f(
      { body: ctx.body ?? {}, headers: ctx.headers },
      caller as T extends true ? Caller : Caller | undefined,
    );
  };
}

const registerBody = z.object({ name: z.string().max(200), password: z.string().max(10_000) });
const deleteBody = z.object({ password: z.string().max(10_000).optional() });

export function accountRoutes(kit: AccountKit, guard: LoginGuard) {
  const { json, fail } = kit;
  const checkName = nameChecker();
  // A register without a guest token makes a new player: it counts as a guest (GUESTS_PER_HOUR).
  const { redis, config } = context();
  const newPlayers =
    redis === null
      ? memoryLimit(config.limits.guestsPerHour, HOUR)
      : redisLimit(redis, 'register', config.limits.guestsPerHour, HOUR);
  const malformed = (r: z.ZodSafeParseResult<unknown>) =>
    r.success
      ? undefined
      : fail('malformed', `${r.error.issues[0].path.join('.') || 'body'}: ${r.error.issues[0].message}`);

  return {
    accountRegister: createEndpoint(
      ACCOUNT_API.register,
      { method: 'POST' },
      guarded(kit, false, async ({ body, headers }) => {
        const shape = registerBody.safeParse(body);
        if (!shape.success) return malformed(shape)!;
        const named = checkName(shape.data.name);
        if (!named.ok) return fail(named.code, named.reason);
        const pw = passwordSchema.safeParse(shape.data.password);
        if (!pw.success) return fail('malformed', `password: ${pw.error.issues[0].message}`);
        const { store } = context();
        const { db } = store;
        const auth = headers?.get('authorization');
        let playerId: string | null = null;
        if (auth?.startsWith('Bearer ')) {
          const p = await store.playerByToken(auth.slice(7).trim());
          if (!p) return fail('unauthorized', 'unknown player token');
          playerId = p.id;
          const has = await db
            .selectFrom('accounts')
            .select('player_id')
            .where('player_id', '=', p.id)
            .executeTakeFirst();
          if (has) return fail('forbidden', 'this player has an account already; sign in to it');
        } else {
          const wait = await newPlayers.take(peerOf(headers));
          if (wait > 0)
            return json(
              { code: 'too-many-guests', reason: 'this address made too many players in the last hour' },
              429,
              { 'retry-after': String(Math.ceil(wait / 1000)) },
            );
        }
        const taken = await db
          .selectFrom('accounts')
          .select('player_id')
          .where('name_key', '=', named.key)
          .executeTakeFirst();
        if (taken) return fail('name-taken', `the name "${named.name}" (or one that reads alike) is taken`);
        const passwordHash = await hashPassword(pw.data);
        const now = new Date().toISOString();
        const id = playerId ?? secret(9);
        try {
          await db.transaction().execute(async (tx) => {
            if (playerId === null)
              // A new player without a guest token: the session's play token is its only credential.
              await tx
                .insertInto('players')
                .values({ id, token_hash: hash(secret(24)), name: named.name, created_at: now })
                .execute();
            await tx
              .insertInto('accounts')
              .values({
                player_id: id,
                name: named.name,
                name_key: named.key,
                password_hash: passwordHash,
                created_at: now,
                deleted_at: null,
              })
              .execute();
            // The account's name is the player's name, at his seats too.
            await tx.updateTable('players').set({ name: named.name }).where('id', '=', id).execute();
            await tx.updateTable('seats').set({ name: named.name }).where('player_id', '=', id).execute();
          });
        } catch (e) {
          if (isUnique(e))
            return fail('name-taken', `the name "${named.name}" (or one that reads alike) is taken`);
          throw e;
        }
        context().log.info({ player: id, claimed: playerId !== null }, 'account registered');
        return signedIn(kit, id, headers, 201);
      }),
    ),

    accountLogin: createEndpoint(
      ACCOUNT_API.login,
      { method: 'POST' },
      guarded(kit, false, async ({ body, headers }) => {
        const b = loginSchema.safeParse(body);
        if (!b.success) return malformed(b)!;
        const key = nameKey(b.data.name);
        const wait = await guard.attempt(peerOf(headers), key);
        if (wait > 0) return tooMany(kit, wait);
        const a = await context()
          .store.db.selectFrom('accounts')
          .select(['player_id', 'password_hash'])
          .where('name_key', '=', key)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        // An unknown name verifies the dummy hash: the same work and the same answer as a wrong password.
        if (!(await checkPassword(a?.password_hash ?? null, b.data.password)) || !a) {
          await guard.failed(key);
          return fail('bad-login', 'unknown name or wrong password');
        }
        await guard.succeeded(key);
        return signedIn(kit, a.player_id, headers);
      }),
    ),

    accountLogout: createEndpoint(
      ACCOUNT_API.logout,
      { method: 'POST' },
      guarded(kit, false, async ({ headers }, caller) => {
        if (caller?.session) await endSession(caller.session.id);
        return json({ ok: true }, 200, { 'set-cookie': sessionCookie(null, headers) });
      }),
    ),

    accountLogoutAll: createEndpoint(
      ACCOUNT_API.logoutAll,
      { method: 'POST' },
      guarded(kit, true, async (_, caller) => {
        await endOtherSessions(caller.player.id, caller.session?.id ?? null);
        const account = await accountView(caller.player.id, caller.session?.id ?? null);
        return account ? json({ account }) : fail('unauthorized', 'this account was deleted');
      }),
    ),

    account: createEndpoint(ACCOUNT_API.account, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      const account = caller && (await accountView(caller.player.id, caller.session?.id ?? null));
      if (!caller || !account) {
        // A cookie of an ended or expired session is removed from the browser.
        const stale: Record<string, string> =
          cookieToken(ctx.headers) === undefined ? {} : { 'set-cookie': sessionCookie(null, ctx.headers) };
        return json({ code: 'unauthorized', reason: 'not signed in to an account' }, 401, stale);
      }
      // The cookie's own lifetime moves on with the session's (sessions.ts).
      const renew: Record<string, string> = caller.byCookie
        ? { 'set-cookie': sessionCookie(cookieToken(ctx.headers) ?? null, ctx.headers) }
        : {};
      return json({ account } satisfies AccountResponse, 200, renew);
    }),

    accountPassword: createEndpoint(
      ACCOUNT_API.password,
      { method: 'POST' },
      guarded(kit, true, async ({ body }, caller) => {
        const b = passwordChangeSchema.safeParse(body);
        if (!b.success) return malformed(b)!;
        const { db } = context().store;
        const a = await db
          .selectFrom('accounts')
          .select('password_hash')
          .where('player_id', '=', caller.player.id)
          .executeTakeFirstOrThrow();
        if (!(await checkPassword(a.password_hash, b.data.current)))
          return fail('bad-login', 'the current password is wrong');
        await db
          .updateTable('accounts')
          .set({ password_hash: await hashPassword(b.data.next) })
          .where('player_id', '=', caller.player.id)
          .execute();
        // Whoever knew the old password is signed out everywhere else.
        await endOtherSessions(caller.player.id, caller.session?.id ?? null);
        return json({ account: await accountView(caller.player.id, caller.session?.id ?? null) });
      }),
    ),

    accountExport: createEndpoint(ACCOUNT_API.export, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      if (!caller) return fail('unauthorized', 'not signed in to an account');
      const data = await exportOf(caller.player.id, caller.session?.id ?? null);
      return json(data, 200, { 'content-disposition': 'attachment; filename="stich-account.json"' });
    }),

    accountDelete: createEndpoint(
      ACCOUNT_API.delete,
      { method: 'POST' },
      guarded(kit, true, async ({ body, headers }, caller) => {
        const b = deleteBody.safeParse(body);
        if (!b.success) return malformed(b)!;
        const { db } = context().store;
        const a = await db
          .selectFrom('accounts')
          .select(['password_hash', 'name_key'])
          .where('player_id', '=', caller.player.id)
          .executeTakeFirstOrThrow();
        if (a.password_hash !== null) {
          const wait = await guard.attempt(peerOf(headers), a.name_key);
          if (wait > 0) return tooMany(kit, wait);
          if (!(await checkPassword(a.password_hash, b.data.password ?? ''))) {
            await guard.failed(a.name_key);
            return fail('bad-login', 'the password is wrong');
          }
        }
        const anonymous = `Gelöscht #${secret(3)}`;
        await deleteAccount(caller.player.id, anonymous);
        context().log.info({ player: caller.player.id }, 'account deleted');
        return json({ ok: true, name: anonymous }, 200, { 'set-cookie': sessionCookie(null, headers) });
      }),
    ),
  };
}

/**
 * Sessions of signed-in browsers (docs/accounts.md, "Sessions"): the httpOnly `stich_session` cookie and the
 * session's play token, both random and stored as SHA-256 hashes in the database (every process of a
 * cluster finds them). A session lasts SESSION_DAYS from its last use (it slides at most once per
 * SLIDE_MS, so a request costs no write); its play token ends with it. Also the CSRF rule of the account
 * routes and who a request is: by cookie, by a session's play token, or by the guest token of an account.
 */
import { CSRF_HEADER, type Player, SESSION_COOKIE } from '@stich/protocol';
import { context } from './context.ts';
import { originAllowed } from './edge.ts';
import { hash, secret } from './store.ts';

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 86400_000;
/** A session's expiry moves on when it is used at least this long after it last moved. */
const SLIDE_MS = 3600_000;
const iso = (ms: number): string => new Date(ms).toISOString();

interface SessionRow {
  readonly id: string;
  readonly playerId: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
  readonly agent: string;
}

/** Who an account request comes from. */
export interface Caller {
  readonly player: Player;
  /** The session of this request (cookie or play token); null when it came with the account's guest token. */
  readonly session: SessionRow | null;
  /** Came with the session cookie (the answer may renew it). */
  readonly byCookie: boolean;
}

/** The value of the session cookie, if the request carries one. */
export function cookieToken(headers: Headers | undefined): string | undefined {
  const raw = headers?.get('cookie');
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const v = part.slice(eq + 1).trim();
      return v === '' ? undefined : v;
    }
  }
  return undefined;
}

const bearer = (headers: Headers | undefined): string | undefined => {
  const auth = headers?.get('authorization');
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
};

/** Whether the request came over https (directly, or through a proxy that says so, or PUBLIC_URL is https). */
function secure(headers: Headers | undefined, url: string | undefined): boolean {
  const { publicUrl } = context().config;
  return (
    headers?.get('x-forwarded-proto')?.split(',')[0].trim() === 'https' ||
    publicUrl?.startsWith('https:') === true ||
    url?.startsWith('https:') === true
  );
}

/** The Set-Cookie header of a session (`value` null: the cookie is removed). */
export function sessionCookie(value: string | null, headers: Headers | undefined, url?: string): string {
  const parts = [
    `${SESSION_COOKIE}=${value ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${value === null ? 0 : Math.floor(SESSION_MS / 1000)}`,
  ];
  if (secure(headers, url)) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The CSRF rule of every state-changing account request: the `x-stich` header (a cross-site form cannot
 * send it, and a cross-site script may not: CORS does not allow it), and an Origin, when the browser sends
 * one, of this server (edge.ts `originAllowed`: its Host or PUBLIC_URL). Returns the refusal's reason.
 */
export function csrfRefusal(headers: Headers | undefined): string | undefined {
  if (headers?.get(CSRF_HEADER) == null) return `this request needs the ${CSRF_HEADER} header`;
  const origin = headers.get('origin') ?? undefined;
  if (!originAllowed(origin, headers.get('host') ?? undefined, context().config))
    return `requests from origin ${origin} are not allowed`;
  return undefined;
}

/** A new session for a player: its cookie value and play token, each returned once. */
export async function createSession(
  playerId: string,
  headers: Headers | undefined,
): Promise<{ cookie: string; play: string; id: string }> {
  const { db } = context().store;
  const cookie = secret(24);
  const play = secret(24);
  const id = secret(9);
  const now = Date.now();
  // Expired sessions of anyone go when someone signs in: no timer is needed to clear them.
  await db.deleteFrom('sessions').where('expires_at', '<', iso(now)).execute();
  await db
    .insertInto('sessions')
    .values({
      id,
      player_id: playerId,
      token_hash: hash(cookie),
      play_hash: hash(play),
      agent: (headers?.get('user-agent') ?? '').slice(0, 120),
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(now + SESSION_MS),
    })
    .execute();
  return { cookie, play, id };
}

/** The live session with this hashed cookie or play token, and its account's player; slides its expiry. */
async function liveSession(
  column: 'token_hash' | 'play_hash',
  tokenHash: string,
): Promise<{ session: SessionRow; player: Player } | undefined> {
  const { db } = context().store;
  const r = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.player_id', 'sessions.player_id')
    .innerJoin('players', 'players.id', 'sessions.player_id')
    .select([
      'sessions.id as id',
      'sessions.player_id as playerId',
      'sessions.created_at as createdAt',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.agent as agent',
      'players.name as name',
    ])
    .where(`sessions.${column}`, '=', tokenHash)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!r) return undefined;
  const now = Date.now();
  if (r.expiresAt <= iso(now)) {
    await db.deleteFrom('sessions').where('id', '=', r.id).execute();
    return undefined;
  }
  let session: SessionRow = r;
  if (Date.parse(r.lastSeenAt) + SLIDE_MS <= now) {
    session = { ...r, lastSeenAt: iso(now), expiresAt: iso(now + SESSION_MS) };
    await db
      .updateTable('sessions')
      .set({ last_seen_at: session.lastSeenAt, expires_at: session.expiresAt })
      .where('id', '=', r.id)
      .execute();
  }
  return { session, player: { id: r.playerId, name: r.name } };
}

/**
 * Who an account request comes from: the session cookie first, else `Authorization: Bearer` with a session's
 * play token or the guest token of a player who has an account (not deleted). Undefined: not signed in.
 */
export async function callerOf(headers: Headers | undefined): Promise<Caller | undefined> {
  const cookie = cookieToken(headers);
  if (cookie !== undefined) {
    const s = await liveSession('token_hash', hash(cookie));
    if (s) return { ...s, byCookie: true };
  }
  const token = bearer(headers);
  if (token === undefined) return undefined;
  const s = await liveSession('play_hash', hash(token));
  if (s) return { ...s, byCookie: false };
  const r = await context()
    .store.db.selectFrom('players')
    .innerJoin('accounts', 'accounts.player_id', 'players.id')
    .select(['players.id as id', 'players.name as name'])
    .where('players.token_hash', '=', hash(token))
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
  return r ? { player: { id: r.id, name: r.name }, session: null, byCookie: false } : undefined;
}

/** Ends one session (its cookie and play token). */
export async function endSession(id: string): Promise<void> {
  await context().store.db.deleteFrom('sessions').where('id', '=', id).execute();
}

/**
 * Ends every session of a player but `keep`, and gives the player a new guest token that nobody is told:
 * an old guest token (a browser where the guest played before claiming the account) stops working.
 */
export async function endOtherSessions(playerId: string, keep: string | null): Promise<void> {
  const { db } = context().store;
  await db.transaction().execute(async (tx) => {
    let q = tx.deleteFrom('sessions').where('player_id', '=', playerId);
    if (keep !== null) q = q.where('id', '!=', keep);
    await q.execute();
    await tx
      .updateTable('players')
      .set({ token_hash: hash(secret(24)) })
      .where('id', '=', playerId)
      .execute();
  });
}

export async function sessionsOf(playerId: string): Promise<SessionRow[]> {
  const rows = await context()
    .store.db.selectFrom('sessions')
    .select([
      'id',
      'player_id as playerId',
      'created_at as createdAt',
      'last_seen_at as lastSeenAt',
      'expires_at as expiresAt',
      'agent',
    ])
    .where('player_id', '=', playerId)
    .where('expires_at', '>', iso(Date.now()))
    .orderBy('created_at', 'desc')
    .execute();
  return rows;
}

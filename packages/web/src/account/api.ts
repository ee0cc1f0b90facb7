/**
 * The account API (docs/accounts.md) and the statistics API for the account screens. Requests carry the
 * session cookie (same origin), the player token as `Authorization: Bearer` (a guest claims his account
 * with it) and the header `x-stich` that every state-changing account request needs (CSRF). Signing in
 * keeps the answer's play token where the guest token was (net.ts `keepSignIn`).
 */

import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  AccountResponse,
  HttpError,
  LeaderboardResponse,
  PasskeyInfo,
  ProfileResponse,
} from '@stich/protocol';
import { forgetSignIn, keepSignIn, playerToken, signedInAs } from '../net.ts';

// Values of packages/protocol account.ts, friends.ts (ACCOUNT_API, STATS_API, FRIENDS_API, CSRF_HEADER), repeated so that the chunk
// does not pull the protocol's zod schemas in with them.
export const API = {
  register: '/api/account/register',
  login: '/api/account/login',
  logout: '/api/account/logout',
  logoutAll: '/api/account/logout-all',
  account: '/api/account',
  password: '/api/account/password',
  export: '/api/account/export',
  delete: '/api/account/delete',
  passkeyRegisterOptions: '/api/account/passkeys/register/options',
  passkeyRegister: '/api/account/passkeys/register',
  passkeyLoginOptions: '/api/account/passkeys/login/options',
  passkeyLogin: '/api/account/passkeys/login',
  passkey: (id: string) => `/api/account/passkeys/${encodeURIComponent(id)}`,
  passkeyRename: (id: string) => `/api/account/passkeys/${encodeURIComponent(id)}/rename`,
  profile: (name: string) => `/api/players/${encodeURIComponent(name)}`,
  friends: '/api/friends',
  friend: (name: string) => `/api/friends/${encodeURIComponent(name)}`,
  invite: (name: string) => `/api/friends/${encodeURIComponent(name)}/invite`,
  invitation: (id: string) => `/api/invitations/${encodeURIComponent(id)}`,
  blocks: '/api/blocks',
  block: (name: string) => `/api/blocks/${encodeURIComponent(name)}`,
  leaderboard: (game: string, preset?: string | null) =>
    `/api/leaderboard/${encodeURIComponent(game)}${preset ? `?preset=${encodeURIComponent(preset)}` : ''}`,
} as const;
const CSRF_HEADER = 'x-stich';

/** A refusal of the server (`{ code, reason }`), or of the browser (`passkey-cancelled`, …). */
export class AccountError extends Error {
  readonly code: string;
  /** Seconds until a locked name may try again (`too-many-logins`). */
  readonly retryAfter: number | null;
  constructor(code: string, reason: string, retryAfter: number | null = null) {
    super(reason);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** One request of a signed-in screen: the token, the CSRF header on a change, a refusal as `AccountError`. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  const token = playerToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new AccountError(`http-${res.status}`, `${method} ${path}: ${res.status}`);
  }
  if (!res.ok) {
    const e = (data ?? {}) as Partial<HttpError> & { retryAfter?: number };
    const after = e.retryAfter ?? Number(res.headers.get('retry-after') ?? Number.NaN);
    throw new AccountError(
      e.code ?? `http-${res.status}`,
      e.reason ?? `${method} ${path}: ${res.status}`,
      Number.isFinite(after) ? after : null,
    );
  }
  return data as T;
}

/** Signed in: the answer's play token replaces the guest token in this browser. */
function signedIn(r: AccountResponse): AccountResponse {
  if (r.token) keepSignIn(r.token, r.account.player.name);
  return r;
}

/** The signed-in account; null for a guest or an ended session (then this browser forgets it). */
export async function getAccount(): Promise<AccountResponse | null> {
  try {
    return await call<AccountResponse>('GET', API.account);
  } catch (e) {
    if (!(e instanceof AccountError) || e.code !== 'unauthorized') throw e;
    // A signed-in browser whose session ended (signed out elsewhere, expired): its play token is dead too.
    // A guest's token stays: a guest simply has no account.
    if (signedInAs()) forgetSignIn();
    return null;
  }
}

/** The guest of this browser (its bearer token) claims the name: same player, every table kept. */
export const register = async (name: string, password: string) =>
  signedIn(await call<AccountResponse>('POST', API.register, { name, password }));

export const login = async (name: string, password: string) =>
  signedIn(await call<AccountResponse>('POST', API.login, { name, password }));

/** Ends this session; the browser becomes a fresh guest when it next needs to be one. */
export async function logout(): Promise<void> {
  try {
    await call('POST', API.logout);
  } finally {
    forgetSignIn();
  }
}

export const logoutAll = () => call<AccountResponse>('POST', API.logoutAll);
export const changePassword = (current: string, next: string) =>
  call<AccountResponse>('POST', API.password, { current, next });

export async function deleteAccount(password?: string): Promise<{ ok: true; name: string }> {
  const r = await call<{ ok: true; name: string }>(
    'POST',
    API.delete,
    password === undefined ? {} : { password },
  );
  forgetSignIn();
  return r;
}

export const renamePasskey = (id: string, name: string) =>
  call<AccountResponse>('POST', API.passkeyRename(id), { name });
export const removePasskey = (id: string) => call<AccountResponse>('DELETE', API.passkey(id));

/** What a WebAuthn ceremony's refusal by the browser means for the player. */
function ceremonyError(e: unknown): AccountError {
  const name = (e as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'AbortError' || name === 'InvalidStateError')
    return new AccountError('passkey-cancelled', (e as Error).message);
  return new AccountError('passkey-unsupported', (e as Error)?.message ?? String(e));
}

/** Adds a passkey to the signed-in account (startRegistration with the server's options). */
export async function addPasskey(): Promise<AccountResponse> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new AccountError('passkey-unsupported', 'no WebAuthn');
  const { options } = await call<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    'POST',
    API.passkeyRegisterOptions,
  );
  let response: RegistrationResponseJSON;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (e) {
    throw ceremonyError(e);
  }
  return call<AccountResponse>('POST', API.passkeyRegister, { response });
}

/** Signs in with a passkey (discoverable: no name asked). */
export async function passkeyLogin(): Promise<AccountResponse> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new AccountError('passkey-unsupported', 'no WebAuthn');
  const { options } = await call<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    'POST',
    API.passkeyLoginOptions,
  );
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (e) {
    throw ceremonyError(e);
  }
  return signedIn(await call<AccountResponse>('POST', API.passkeyLogin, { response }));
}

export const fetchProfile = (name: string) => call<ProfileResponse>('GET', API.profile(name));
export const fetchLeaderboard = (game: string, preset?: string | null) =>
  call<LeaderboardResponse>('GET', API.leaderboard(game, preset));

export type { PasskeyInfo };

/** Friends (docs/friends.md): asking (or asking back, which makes friends), ending, inviting, blocking. */
export const askFriend = (name: string) =>
  call<{ state: 'asked' | 'friends' }>('POST', API.friends, { name });
export const endFriend = (name: string) => call<{ ok: true }>('DELETE', API.friend(name));
export const inviteFriend = (name: string, tableId: string) =>
  call<{ id: string }>('POST', API.invite(name), { tableId });
export const dismissInvitation = (id: string) => call<{ ok: true }>('DELETE', API.invitation(id));
export const blockPlayer = (name: string) => call<{ ok: true }>('POST', API.blocks, { name });
export const unblockPlayer = (name: string) => call<{ ok: true }>('DELETE', API.block(name));

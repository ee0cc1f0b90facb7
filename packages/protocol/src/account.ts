/**
 * Accounts (docs/accounts.md): a guest claims a name and a password or a passkey, and signs in with them on
 * any browser. The session is an httpOnly, SameSite cookie (`SESSION_COOKIE`); each signed-in browser also
 * gets a play token of its own (the guest token's role: `Authorization: Bearer`, room joins), which ends with
 * its session. State-changing account requests carry the header `CSRF_HEADER` and, when the browser sends
 * one, an `Origin` of the server's own host; others are refused with `forbidden`.
 */
import { z } from 'zod';
import { isPlainText, PLAIN } from './base.ts';
import type { Player } from './tables.ts';

/** The session cookie's name. */
export const SESSION_COOKIE = 'stich_session';
/** The header every state-changing account request carries (a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-stich';

export const NAME_MIN = 3;
export const NAME_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/**
 * An account name as typed: 3–24 characters after trimming, letters, digits, spaces, `.`, `_` and `-`.
 * The server further refuses names that read as another's (NFKC, case, Unicode look-alikes), computer
 * players' labels and profanity (docs/accounts.md).
 */
export const accountNameSchema = z
  .string()
  .trim()
  .min(NAME_MIN)
  .max(NAME_MAX)
  .refine(isPlainText, PLAIN)
  .refine((s) => /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u.test(s), {
    message: 'may hold letters, digits, spaces, ".", "_" and "-", and starts with a letter or digit',
  });
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).refine(isPlainText, PLAIN);
/** POST /api/account/login. */
export const loginSchema = z.object({ name: z.string().max(64), password: z.string().max(PASSWORD_MAX) });
/** POST /api/account/password. */
export const passwordChangeSchema = z.object({ current: z.string().max(PASSWORD_MAX), next: passwordSchema });
/** POST /api/account/delete: the password (or a fresh passkey sign-in's `confirm: true`) confirms it. */
export const deleteAccountSchema = z.object({ password: z.string().max(PASSWORD_MAX).optional() });
/** POST /api/account/passkeys/:id/rename. */
export const passkeyRenameSchema = z.object({
  name: z.string().trim().min(1).max(40).refine(isPlainText, PLAIN),
});

export interface PasskeyInfo {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}
interface SessionInfo {
  readonly id: string;
  /** The session of this request. */
  readonly current: boolean;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  /** The browser's user agent, shortened. */
  readonly agent: string;
}
export interface Account {
  readonly player: Player;
  readonly createdAt: string;
  readonly hasPassword: boolean;
  readonly passkeys: readonly PasskeyInfo[];
  readonly sessions: readonly SessionInfo[];
}
/** GET /api/account, and the answer of register and login (with this browser's play token). */
export interface AccountResponse {
  readonly account: Account;
  /** After register or login: this browser's play token (keep it as the guest token was kept). */
  readonly token?: string;
}

/** Paths of the account API. */
export const ACCOUNT_API = {
  register: '/api/account/register',
  login: '/api/account/login',
  logout: '/api/account/logout',
  /** POST: ends every session of the account but this one. */
  logoutAll: '/api/account/logout-all',
  account: '/api/account',
  password: '/api/account/password',
  /** GET: all of the player's data as JSON (a download). */
  export: '/api/account/export',
  /** POST `deleteAccountSchema`: deletes the account; its past deals stay under an anonymous name. */
  delete: '/api/account/delete',
  /** POST: WebAuthn registration options for a new passkey of the signed-in account. */
  passkeyRegisterOptions: '/api/account/passkeys/register/options',
  /** POST the authenticator's answer: stores the passkey. */
  passkeyRegister: '/api/account/passkeys/register',
  /** POST: WebAuthn authentication options (a challenge) for signing in with a passkey. */
  passkeyLoginOptions: '/api/account/passkeys/login/options',
  /** POST the authenticator's answer: signs in; answers `AccountResponse` with a play token. */
  passkeyLogin: '/api/account/passkeys/login',
  /** DELETE: removes a passkey. */
  passkey: '/api/account/passkeys/:id',
  /** POST `passkeyRenameSchema`: renames a passkey. */
  passkeyRename: '/api/account/passkeys/:id/rename',
} as const;

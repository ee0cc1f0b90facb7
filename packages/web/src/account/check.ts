/**
 * The form checks before anything is sent: the rules of packages/protocol account.ts (`accountNameSchema`,
 * `passwordSchema`), repeated without zod so that the chunk stays small; test/account-check.test.ts holds
 * them equal to the schemas. The server decides the rest (taken, look-alike and refused names).
 */
export const NAME_MIN = 3;
export const NAME_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;
const NAME_CHARS = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u;

/** Keys of `account.check` texts. */
export type Problem = 'nameLength' | 'nameChars' | 'passwordLength' | 'text' | 'mismatch' | 'required';

/** What is wrong with a name as typed, or null. */
export function nameProblem(name: string): Problem | null {
  const s = name.trim();
  if (s.length === 0) return 'required';
  if (s.length < NAME_MIN || s.length > NAME_MAX) return 'nameLength';
  if (NOT_TEXT.test(s)) return 'text';
  if (!NAME_CHARS.test(s)) return 'nameChars';
  return null;
}

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): Problem | null {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'passwordLength';
  if (NOT_TEXT.test(password)) return 'text';
  return null;
}

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
/** Length as zod counts it: in code points (an emoji is one, not two UTF-16 units). */
const length = (s: string) => [...s].length;
const NAME_CHARS = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u;

/** Keys of `account.check` texts. */
export type Problem = 'nameLength' | 'nameChars' | 'passwordLength' | 'text' | 'mismatch' | 'required';

/** What is wrong with a name as typed, or null. */
export function nameProblem(name: string): Problem | null {
  const s = name.trim();
  if (s.length === 0) return 'required';
  if (length(s) < NAME_MIN || length(s) > NAME_MAX) return 'nameLength';
  if (NOT_TEXT.test(s)) return 'text';
  if (!NAME_CHARS.test(s)) return 'nameChars';
  return null;
}

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): Problem | null {
  if (password.length === 0) return 'required';
  if (length(password) < PASSWORD_MIN || length(password) > PASSWORD_MAX) return 'passwordLength';
  if (NOT_TEXT.test(password)) return 'text';
  return null;
}

/**
 * Password hashing (docs/accounts.md, "Passwords"): Argon2id from @node-rs/argon2 with OWASP's first
 * recommended parameters (19 MiB of memory, 2 passes, 1 lane), as a PHC string that carries its own
 * parameters and salt, so stronger ones later still verify the old hashes.
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's `Algorithm.Argon2id`; an ambient const enum, so not readable under isolatedModules). */
const ARGON2ID = 2 as Algorithm;
export const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * A hash of a random password nobody knows, with the same parameters: verified instead when the name is
 * unknown (or the account has no password), so that the answer takes as long as for a wrong password.
 */
export const DUMMY =
  '$argon2id$v=19$m=19456,t=2,p=1$F3q3A/pRtQ54y0zKLtyNQw$ogTa19an3cMWzxxzyaT/ZTd3YcxRXZfF2V+4kOj2G58';

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** Whether `password` matches `stored`; with `stored` null it verifies the dummy hash and answers false. */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  const ok = await verify(stored ?? DUMMY, password).catch(() => false);
  return stored !== null && ok;
}

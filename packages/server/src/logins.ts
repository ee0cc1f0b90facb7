/**
 * Guessing refused (docs/accounts.md, "Guessing"): sign-in attempts per address (LOGINS_PER_HOUR) and per
 * typed name (NAME_LOGINS_PER_HOUR), counted in this process or, in a cluster, in Redis (limits.ts); and a
 * lockout per name that doubles with every failure after the first FREE_FAILURES, kept in the database
 * (`login_failures`) so every process sees it. Both count a name that has no account like any other, so
 * neither tells whether a name exists.
 */
import { context } from './context.ts';
import { type Limit, memoryLimit, redisLimit } from './limits.ts';

const HOUR = 3600_000;
/** Sign-in attempts per typed name (its key) and hour, from all addresses together. */
const NAME_LOGINS_PER_HOUR = 20;
/** Failures in a row that cost nothing; each further one locks the name for twice as long as the last. */
export const FREE_FAILURES = 3;
/** The longest lockout. */
const MAX_LOCK_MS = 15 * 60_000;
/** Failures are forgotten this long after the last one. */
const FORGET_MS = 24 * HOUR;

/** How long a name is locked after `failures` failures in a row: 0, …, then 1 s, 2 s, 4 s, … up to 15 min. */
const lockMs = (failures: number): number =>
  failures <= FREE_FAILURES ? 0 : Math.min(MAX_LOCK_MS, 1000 * 2 ** (failures - FREE_FAILURES - 1));

export interface LoginGuard {
  /** Counts an attempt; 0 when it may go ahead, else the milliseconds to wait. */
  attempt(peer: string, key: string): Promise<number>;
  failed(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
}

export function loginGuard(): LoginGuard {
  const { redis, config } = context();
  const limit = (name: string, max: number): Limit =>
    redis === null ? memoryLimit(max, HOUR) : redisLimit(redis, name, max, HOUR);
  const perAddress = limit('logins', config.limits.loginsPerHour);
  const perName = limit('login-names', NAME_LOGINS_PER_HOUR);
  const db = () => context().store.db;
  return {
    async attempt(peer, key) {
      const locked = await db()
        .selectFrom('login_failures')
        .select('locked_until')
        .where('name_key', '=', key)
        .executeTakeFirst();
      const lockWait = locked ? Date.parse(locked.locked_until) - Date.now() : 0;
      if (lockWait > 0) return lockWait;
      const a = await perAddress.take(peer);
      if (a > 0) return a;
      return perName.take(key);
    },
    async failed(key) {
      const now = Date.now();
      const row = await db()
        .selectFrom('login_failures')
        .select(['failures', 'last_at'])
        .where('name_key', '=', key)
        .executeTakeFirst();
      const failures = row && Date.parse(row.last_at) + FORGET_MS > now ? Number(row.failures) + 1 : 1;
      const values = {
        failures,
        last_at: new Date(now).toISOString(),
        locked_until: new Date(now + lockMs(failures)).toISOString(),
      };
      await db()
        .insertInto('login_failures')
        .values({ name_key: key, ...values })
        .onConflict((oc) => oc.column('name_key').doUpdateSet(values))
        .execute();
    },
    async succeeded(key) {
      await db().deleteFrom('login_failures').where('name_key', '=', key).execute();
    },
  };
}

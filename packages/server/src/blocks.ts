/**
 * Reads of the blocks (docs/friends.md) that seating.ts and chat.ts need: a blocked player neither sits down
 * nor watches where the blocker sits, and the blocker does not read his chat messages.
 */
import type { Db } from './db.ts';

/** Whether any of `holders` blocked `playerId` (seating.ts keeps him out of their table). */
export async function blockedAt(db: Db, playerId: string, holders: readonly string[]): Promise<boolean> {
  if (holders.length === 0) return false;
  const row = await db
    .selectFrom('blocks')
    .select('blocker')
    .where('blocked', '=', playerId)
    .where('blocker', 'in', holders)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `readers` blocked `writer`: they do not get his chat messages. */
export async function blockersAmong(
  db: Db,
  writer: string,
  readers: readonly string[],
): Promise<Set<string>> {
  if (readers.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select('blocker')
    .where('blocked', '=', writer)
    .where('blocker', 'in', readers)
    .execute();
  return new Set(rows.map((r) => r.blocker));
}

/** The players `blocker` blocked: their messages are left out of his chat log. */
export async function blockedBy(db: Db, blocker: string): Promise<Set<string>> {
  const rows = await db.selectFrom('blocks').select('blocked').where('blocker', '=', blocker).execute();
  return new Set(rows.map((r) => r.blocked));
}

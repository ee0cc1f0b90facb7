/**
 * The host starts the match: `POST /api/tables/:id/start` by the creator of a waiting table. The free
 * human seats become computer seats (the takeover level) and the match begins with whoever sits there;
 * without it a table starts only when every human seat is taken. The table's room decides and writes
 * the new setup (`TableRoom.hostStart`), reached through the matchmaker, so it works from any process.
 */
import { createEndpoint, matchMaker } from '@colyseus/core';
import { AROUND_API, type SeatSetup } from '@stich/protocol';
import { context } from './context.ts';
import { isInvited } from './rematch.ts';
import type { RouteKit } from './replay.ts';
import type { SeatHolder } from './store.ts';

/** The setup with every free human seat (no holder) given to a bot of `level`. */
export function freeSeatsToBots(
  setup: readonly SeatSetup[],
  held: ReadonlySet<number>,
  level: Extract<SeatSetup, { kind: 'bot' }>['level'],
): SeatSetup[] {
  return setup.map((s, seat) => (s.kind === 'human' && !held.has(seat) ? { kind: 'bot', level } : s));
}

/** Stores a waiting table's new setup; false when the table is no longer waiting. */
export async function storeSetup(tableId: string, setup: readonly SeatSetup[]): Promise<boolean> {
  const r = await context()
    .store.db.updateTable('tables')
    .set({ setup: JSON.stringify(setup) })
    .where('id', '=', tableId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The invitations of a rematch's seats the host gave to computers (rematch.ts): gone from the seats and
 * the store, so that the invited person is no longer a member of the table.
 */
export async function dropInvited(
  tableId: string,
  seats: readonly { holder: SeatHolder | null }[],
): Promise<void> {
  for (const s of seats) {
    const h = s.holder;
    if (!isInvited(h) || !h) continue;
    s.holder = null;
    await context().store.removeHolder(tableId, h);
  }
}

export type StartAnswer =
  | { ok: true }
  | { ok: false; code: 'forbidden' | 'wrong-phase' | 'storage'; reason: string };

export function startRoute(
  kit: Pick<RouteKit, 'json' | 'fail' | 'playerOf'> & { ensureLive(id: string): Promise<unknown> },
) {
  const { fail } = kit;
  return {
    start: createEndpoint(AROUND_API.start, { method: 'POST' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return fail('unauthorized', 'starting a table needs a player token');
      const id = String(ctx.params.id);
      const row = await context().store.table(id);
      if (!row) return fail('not-found', `no table ${id.slice(0, 64)}`);
      if (row.createdBy !== player.id) return fail('forbidden', 'only the host starts the match early');
      if (row.status !== 'waiting') return fail('wrong-phase', 'the match has started already');
      await kit.ensureLive(id);
      const a = (await matchMaker.remoteRoomCall(id, 'hostStart', [])) as StartAnswer;
      return a.ok ? kit.json({ ok: true }) : fail(a.code, a.reason);
    }),
  };
}

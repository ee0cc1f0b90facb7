/**
 * "Revanche": `POST /api/tables/:id/rematch` by a player of a finished match opens the next match at the
 * same table setup — same game, rules, seats and visibility, every person's seat reserved for him, the
 * next dealer — and returns his seat there. Each player asks for himself and lands at the same table:
 * its id is derived from the finished table's, so concurrent requests (or several processes) create it
 * once; the match starts when every person has sat down, as at any table.
 */
import { createHash } from 'node:crypto';
import { createEndpoint } from '@colyseus/core';
import { gameById } from '@stich/engine';
import type { TableInfo } from '@stich/protocol';
import { AROUND_API } from '@stich/protocol';
import { context } from './context.ts';
import type { RouteKit } from './replay.ts';
import { type SeatHolder, secret, type TableRow } from './store.ts';

/** The id of the rematch of table `id`: the same for every request, looking like any table id. */
export const rematchId = (id: string): string =>
  createHash('sha256').update(`rematch:${id}`).digest().subarray(0, 9).toString('base64url');

/** The finished table `old` as the next match: same setup, next dealer, every person's seat reserved. */
export function rematchRow(old: TableRow, by: string, seats: number): TableRow {
  return {
    ...old,
    id: rematchId(old.id),
    invite: old.visibility === 'private' ? secret(18) : null,
    status: 'waiting',
    dealer: (old.dealer + 1) % seats,
    createdBy: by,
    createdAt: new Date().toISOString(),
  };
}

export function rematchRoute(
  kit: Pick<RouteKit, 'json' | 'fail' | 'playerOf'> & {
    ensureLive(id: string): Promise<TableInfo | undefined>;
  },
) {
  const { fail } = kit;
  return {
    rematch: createEndpoint(AROUND_API.rematch, { method: 'POST' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return fail('unauthorized', 'a rematch needs a player token');
      const { store, log } = context();
      const id = String(ctx.params.id);
      const old = await store.table(id);
      const holders = old ? await store.holders(id) : [];
      const mine = holders.find((h) => h.playerId === player.id);
      // Only the players of the match learn of it (as for the table itself).
      if (!old || !mine) return fail('not-found', `no table ${id.slice(0, 64)} you played at`);
      if (old.status !== 'over') return fail('not-finished', 'a rematch follows a finished match');
      const game = gameById(old.game);
      const parsed = game?.parseConfig(old.config);
      if (!game || !parsed?.ok) return fail('bad-config', `game ${old.game} is not available on this server`);
      let row = await store.table(rematchId(id));
      if (!row) {
        const next = rematchRow(old, player.id, game.seats(game.start(parsed.value, 0)));
        const reserved: SeatHolder[] = holders.map((h) => ({
          seat: h.seat,
          playerId: h.playerId,
          name: h.name,
          tokenHash: `reserved:${secret()}`,
        }));
        try {
          await store.createTable(next, reserved);
          log.info({ table: next.id, after: id, by: player.id }, 'rematch created');
        } catch (e) {
          // Another player's request created it first (primary key): use that one.
          if (!(await store.table(next.id))) throw e;
        }
        row = await store.table(next.id);
      }
      if (!row) return fail('internal', 'the rematch could not be opened');
      const info = row.status === 'over' ? undefined : await kit.ensureLive(row.id);
      return kit.json({
        table: info,
        seat: mine.seat,
        ...(row.invite ? { invite: { code: row.invite, path: `/join/${row.invite}` } } : {}),
      });
    }),
  };
}

/**
 * "Revanche": `POST /api/tables/:id/rematch` by a player of a finished match opens the next match at the
 * same table setup — same game, rules, seats and visibility, the next dealer — and returns his seat
 * there. Each player asks for himself and lands at the same table: its id is derived from the finished
 * table's, so concurrent requests (or several processes) create it once. The first to ask is its host;
 * every other person's seat is held for him as an invitation (`invited:` holder) until he accepts by
 * sitting down there. The match starts when every person has accepted, or when the host starts it and
 * computers take the seats of those who did not (start.ts). `GET` on the same path tells the players of
 * the finished match whether a rematch was asked for, by whom, and who has accepted.
 */
import { createHash } from 'node:crypto';
import { createEndpoint } from '@colyseus/core';
import { gameById } from '@stich/engine';
import type { RematchOffer, TableInfo } from '@stich/protocol';
import { AROUND_API } from '@stich/protocol';
import { context } from './context.ts';
import type { RouteKit } from './replay.ts';
import { type SeatHolder, secret, type TableRow } from './store.ts';

/** The token hash of a seat held for a person asked to a rematch who has not accepted yet. */
const INVITED = 'invited:';
export const isInvited = (h: { readonly tokenHash: string } | null | undefined): boolean =>
  !!h && h.tokenHash.startsWith(INVITED);

/** The id of the rematch of table `id`: the same for every request, looking like any table id. */
export const rematchId = (id: string): string =>
  createHash('sha256').update(`rematch:${id}`).digest().subarray(0, 9).toString('base64url');

/** The finished table `old` as the next match: same setup, next dealer, every person's seat reserved. */
function rematchRow(old: TableRow, by: string, seats: number): TableRow {
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
        // The one who asks has accepted; the others are asked.
        const reserved: SeatHolder[] = holders.map((h) => ({
          seat: h.seat,
          playerId: h.playerId,
          name: h.name,
          tokenHash: `${h.playerId === player.id ? 'reserved:' : INVITED}${secret()}`,
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
      // The host started it without him: his seat went to a computer.
      if (row.setup[mine.seat]?.kind === 'bot')
        return fail('seat-taken', 'the rematch started without you: a computer plays your seat');
      const info = row.status === 'over' ? undefined : await kit.ensureLive(row.id);
      return kit.json({
        table: info,
        seat: mine.seat,
        host: row.createdBy === player.id,
        ...(row.invite ? { invite: { code: row.invite, path: `/join/${row.invite}` } } : {}),
      });
    }),

    rematchOffer: createEndpoint(AROUND_API.rematch, { method: 'GET' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return fail('unauthorized', 'a rematch needs a player token');
      const { store } = context();
      const id = String(ctx.params.id);
      const old = await store.table(id);
      const mine = old ? (await store.holders(id)).find((h) => h.playerId === player.id) : undefined;
      if (!old || !mine) return fail('not-found', `no table ${id.slice(0, 64)} you played at`);
      const row = await store.table(rematchId(id));
      if (!row) return kit.json({ rematch: null });
      const holders = await store.holders(row.id);
      const offer: RematchOffer = {
        id: row.id,
        status: row.status,
        by: holders.find((h) => h.playerId === row.createdBy)?.name ?? null,
        host: row.createdBy === player.id,
        seats: holders
          .map((h) => ({ seat: h.seat, name: h.name, accepted: !isInvited(h) }))
          .sort((a, b) => a.seat - b.seat),
      };
      return kit.json({ rematch: offer });
    }),
  };
}

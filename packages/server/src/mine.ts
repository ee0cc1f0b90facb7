/**
 * "Meine Tische": `GET /api/me/tables` lists the tables the requester holds a seat at, newest first, so
 * the lobby can take him back to them (a parked table wakes when he opens it) or to a finished match's
 * replay. Read from the database: the seats and tables every process shares.
 */
import { createEndpoint } from '@colyseus/core';
import type { GameId } from '@stich/engine';
import { AROUND_API, type MyTable, type MyTablesResponse, type SeatSetup } from '@stich/protocol';
import { context } from './context.ts';
import { storedProgress } from './progress.ts';
import type { RouteKit } from './replay.ts';

/** Tables listed at most: the lobby shows the newest; older ones are reached by link. */
const MY_TABLES = 30;

export async function myTables(playerId: string): Promise<MyTable[]> {
  const { db } = context().store;
  const rows = await db
    .selectFrom('seats')
    .innerJoin('tables', 'tables.id', 'seats.table_id')
    .select([
      'tables.id as id',
      'tables.game as game',
      'tables.config as config',
      'tables.setup as setup',
      'tables.status as status',
      'tables.created_at as createdAt',
      'seats.seat as seat',
    ])
    .where('seats.player_id', '=', playerId)
    .orderBy('tables.created_at', 'desc')
    .orderBy('tables.id')
    .limit(MY_TABLES)
    .execute();
  if (rows.length === 0) return [];
  const holders = await db
    .selectFrom('seats')
    .select(['table_id', 'seat', 'name'])
    .where(
      'table_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const progress = await storedProgress(rows.map((r) => r.id));
  return rows.map((r) => {
    const setup = JSON.parse(r.setup) as SeatSetup[];
    const names = setup.map((s, seat) =>
      s.kind === 'bot' ? 'bot' : (holders.find((h) => h.table_id === r.id && h.seat === seat)?.name ?? null),
    );
    const config = JSON.parse(r.config) as { players: number; preset?: string };
    const p = progress.get(r.id);
    return {
      id: r.id,
      game: r.game as GameId,
      players: config.players,
      preset: config.preset ?? null,
      ...(p ? { progress: p } : {}),
      status: r.status as MyTable['status'],
      seat: r.seat,
      names,
      createdAt: r.createdAt,
    };
  });
}

export function myTablesRoute(kit: Pick<RouteKit, 'json' | 'fail' | 'playerOf'>) {
  return {
    myTables: createEndpoint(AROUND_API.myTables, { method: 'GET' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return kit.fail('unauthorized', 'unknown or missing player token');
      const body: MyTablesResponse = { tables: await myTables(player.id) };
      return kit.json(body);
    }),
  };
}

/**
 * What the tournament routes answer (packages/protocol/src/tournaments.ts): a stored tournament as its
 * summary and its detail, with the rounds' tables, live standings from the stored results, and the players
 * who dropped out. Player ids stay in the database; the answers carry names.
 */
import type { TournamentDetail, TournamentRound, TournamentSummary, TournamentTable } from '@stich/protocol';
import { standings, type TableResult } from '@stich/tournament';
import { context } from './context.ts';
import { parted, partsOf } from './tournaments-play.ts';
import { isComputer, namesOf } from './tournaments-run.ts';
import { dropsOf, type TournamentRow, tablesOf } from './tournaments-tables.ts';

export function summaryOf(t: TournamentRow, organizer: string): TournamentSummary {
  const s = t.settings;
  return {
    id: t.id,
    name: t.name,
    organizer,
    public: t.public,
    format: s.format,
    game: s.game,
    status: t.status,
    entrants: t.players.length,
    maxPlayers: s.maxPlayers,
    startsAt: s.startsAt === null ? null : new Date(s.startsAt).toISOString(),
  };
}

/** Deals finished at a table still playing: its deals so far but the one in play. */
async function playedAt(tableId: string): Promise<number> {
  const r = await context()
    .store.db.selectFrom('steps')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('table_id', '=', tableId)
    .where('kind', '=', 'deal')
    .executeTakeFirst();
  return Math.max(0, Number(r?.n ?? 0) - 1);
}

export async function detailOf(t: TournamentRow, caller: string): Promise<TournamentDetail> {
  const { db } = context().store;
  const [tables, drops] = await Promise.all([tablesOf(db, t.id), dropsOf(db, t.id)]);
  const names = await namesOf([t.organizer, ...t.players]);
  const name = (id: string) => names.get(id) ?? id;
  const dropped = new Set(drops);
  const s = t.settings;
  const results: TableResult[] = tables.flatMap((x) => (x.result ? [x.result] : []));
  const rounds: TournamentRound[] = [];
  for (const x of tables) {
    let round = rounds[x.round];
    if (!round) {
      round = { round: x.round, status: 'done', tables: [], bye: null };
      rounds[x.round] = round;
    }
    if (x.tableId === '') {
      // A Swiss bye: no table is played.
      rounds[x.round] = { ...round, bye: name(x.players[0]) };
      continue;
    }
    const parts = parted(s, x.players.length);
    const games = s.format === 'swiss' ? 1 : parts ? partsOf(s, x.players.length) : s.games;
    const table: TournamentTable = {
      table: x.table,
      tableId: x.tableId,
      seats: x.players.map((p) => ({ name: name(p), bot: isComputer(p), dropped: dropped.has(p) })),
      status: x.result ? 'done' : 'playing',
      played: x.result
        ? x.result.games.length
        : parts
          ? (x.parts?.length ?? 0)
          : Math.min(games, await playedAt(x.tableId)),
      games,
    };
    rounds[x.round] = {
      ...rounds[x.round],
      status: x.result && rounds[x.round].status === 'done' ? 'done' : 'playing',
      tables: [...rounds[x.round].tables, table],
    };
  }
  const live = results.length === 0 ? [] : standings(s.format, s.game, t.players, results);
  return {
    ...summaryOf(t, name(t.organizer)),
    settings: s,
    players: t.players.map(name),
    registered: t.players.includes(caller),
    organizing: t.organizer === caller,
    code: t.organizer === caller && !t.public ? t.code : null,
    rounds: rounds.filter((r) => r !== undefined),
    standings: live.map((x) => ({ ...x, player: name(x.player) })),
    dropped: drops.map(name),
  };
}

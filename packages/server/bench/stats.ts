/**
 * What opening a profile costs (issue 25, docs/statistics.md): a server in this process whose store holds a
 * player with at least 10,000 finished deals (Doppelkopf, Differenzler, Klapper-Jas and Klaberjass matches
 * against computer players, seeded straight into the store), asked for GET /api/players/:name. Reported: the
 * first open, which computes every match from its record (as after a lost end-of-match write, or for
 * matches from before migration 008), and then the open from the stored rows (the usual case: the table
 * stored its match when it ended), each with the longest event-loop delay meanwhile (what every table waits).
 *
 *   node packages/server/bench/stats.ts [--deals 10000] [--db sqlite|pg]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type AnyGame,
  dealSummaries,
  type GameId,
  type GameRecord,
  gameById,
  replay,
  unwrap,
} from '@stich/engine';
import type { ProfileResponse } from '@stich/protocol';
import { context } from '../src/context.ts';
import { dropSchema } from '../src/db.ts';
import { loadConfig, startServer } from '../src/index.ts';
import { matchRecord, seedMatch } from '../test/statsseed.ts';

const { values } = parseArgs({
  options: { deals: { type: 'string', default: '10000' }, db: { type: 'string', default: 'sqlite' } },
});
const DEALS = Math.max(1, Number(values.deals));
const PG = values.db === 'pg';
const PG_URL = process.env.STICH_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `stich_statsbench_${process.pid}`;
const tmp = mkdtempSync(join(tmpdir(), 'stich-stats-bench-'));
const server = await startServer(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ANALYZE_DEALS: 'off',
    ...(PG ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : { SQLITE_FILE: join(tmp, 'bench.sqlite') }),
  }),
);
const { store } = context();

// A few records per game, each stored as many tables as it takes: the player sits at seat 0 against bots.
const KINDS: readonly { game: GameId; config: { players: number; preset?: string; options?: object } }[] = [
  { game: 'doppelkopf', config: { players: 4, preset: 'ddv', options: { games: 24 } } },
  { game: 'differenzler', config: { players: 4, options: { rounds: 12 } } },
  { game: 'klapperjas', config: { players: 4, options: { target: 12 } } },
  { game: 'klaberjass', config: { players: 2, options: { target: 500 } } },
];
const records: GameRecord[] = [];
for (const k of KINDS)
  for (let i = 0; i < 3; i++)
    records.push(matchRecord(k.game, k.config as { players: number }, `bench-${k.game}-${i}`));
/** Deals played in a record (a thrown-in or void deal is dealt but not played). */
function played(record: GameRecord): number {
  const game = gameById(record.game) as AnyGame;
  const state = unwrap(replay(game, record)).state;
  return dealSummaries(record.game, game.outcome(state), game.seats(state)).filter((d) => !d.void).length;
}
const playedIn = records.map(played);
const { player } = await store.createGuest('Bench');
await store.db
  .insertInto('accounts')
  .values({
    player_id: player.id,
    name: 'Bench',
    name_key: 'bench',
    password_hash: null,
    created_at: new Date().toISOString(),
    deleted_at: null,
  })
  .execute();
const t0 = performance.now();
let deals = 0;
let matches = 0;
for (let i = 0; deals < DEALS; i++) {
  const record = records[i % records.length];
  await seedMatch(store, {
    record,
    people: { 0: player.id },
    level: (['random', 'rule', 'search'] as const)[i % 3],
  });
  deals += playedIn[i % records.length];
  matches++;
}
console.log(
  `seeded ${matches} matches, ${deals} deals played, in ${((performance.now() - t0) / 1000).toFixed(1)} s (${values.db}); load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
async function open(label: string): Promise<number> {
  loop.reset();
  const t = performance.now();
  const res = await fetch(`${server.url}/api/players/Bench`);
  const body = (await res.json()) as ProfileResponse;
  const ms = performance.now() - t;
  const counted = body.games.reduce((a, g) => a + g.deals, 0);
  console.log(
    `${label}: status ${res.status}, ${Math.round(ms)} ms, ${counted} deals counted, event-loop delay max ${Math.round(loop.max / 1e6)} ms`,
  );
  return ms;
}
await open('first open (every match computed from its record)');
const warm: number[] = [];
for (let i = 0; i < 7; i++) warm.push(await open(`open ${i + 2} (stored rows)`));
warm.sort((a, b) => a - b);
console.log(`stored rows: median ${Math.round(warm[3])} ms, max ${Math.round(warm[6])} ms`);
await server.close();
rmSync(tmp, { recursive: true, force: true });
if (PG) await dropSchema(PG_URL, schema);

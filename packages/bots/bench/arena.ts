/**
 * Runs an arena from the command line:
 * node packages/bots/bench/arena.ts game players a,b deals seed [matches]
 * (deals 0 with matches > 0: matches only). Prints the report as one JSON line for bench/merge.ts.
 */
import type { GameId } from '@stich/engine';
import { arena } from '../src/arena.ts';
import type { BotLevel } from '../src/index.ts';

const [game = 'klapperjas', players = '4', bots = 'search,rule', deals = '20', seed = '1', matches = '0'] =
  process.argv.slice(2);
const report = arena({
  game: game as GameId,
  players: Number(players),
  bots: bots.split(',') as [BotLevel, BotLevel],
  deals: Number(deals),
  seed,
  progress: (d) => {
    if (d % 100 === 0) process.stderr.write(`${d} `);
  },
  matches: Number(matches),
  matchProgress: (m) => process.stderr.write(`m${m} `),
});
console.log(JSON.stringify(report));

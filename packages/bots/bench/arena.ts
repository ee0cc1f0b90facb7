/** Runs an arena from the command line: node packages/bots/bench/arena.ts game players a,b deals seed */
import type { GameId } from '@stich/engine';
import { arena } from '../src/arena.ts';
import type { BotLevel } from '../src/index.ts';

const [game = 'klapperjas', players = '4', bots = 'search,rule', deals = '20', seed = '1'] =
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
});
console.log(JSON.stringify(report));

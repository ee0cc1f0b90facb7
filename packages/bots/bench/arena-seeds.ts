/**
 * Several arena runs in one process (the code is loaded once, so edits made while it runs do not
 * mix in): node packages/bots/bench/arena-seeds.ts game players a,b deals seed1,seed2,...
 * Prints one JSON line per seed, as bench/arena.ts does, for bench/merge.ts.
 */
import type { GameId } from '@stich/engine';
import { arena } from '../src/arena.ts';
import type { BotLevel } from '../src/index.ts';

const [game = 'klapperjas', players = '4', bots = 'search,rule', deals = '20', seeds = '1'] =
  process.argv.slice(2);
for (const seed of seeds.split(',')) {
  const report = arena({
    game: game as GameId,
    players: Number(players),
    bots: bots.split(',') as [BotLevel, BotLevel],
    deals: Number(deals),
    seed,
    progress: (d) => {
      if (d % 50 === 0) process.stderr.write(`${seed}:${d} `);
    },
  });
  console.log(JSON.stringify(report));
}

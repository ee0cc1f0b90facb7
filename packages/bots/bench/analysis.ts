/**
 * CPU time to analyse one deal of each game (docs/analysis.md, Cost). Deals are played by rule bots
 * (not timed); the analysis of each is timed with `process.cpuUsage` (one thread).
 * Usage: node packages/bots/bench/analysis.ts [deals per game] [seed]
 */
import type { GameId } from '@stich/engine';
import { analyzeRecord } from '../src/analysis/index.ts';
import { botRecord } from '../src/analysis/play.ts';

const deals = Number(process.argv[2] ?? 5);
const seed = process.argv[3] ?? 'bench';
const CASES: readonly [GameId, number][] = [
  ['klapperjas', 4],
  ['klapperjas', 3],
  ['klapperjas', 2],
  ['klaberjass', 2],
  ['differenzler', 4],
  ['doppelkopf', 4],
];

for (const [game, players] of CASES) {
  const times: number[] = [];
  for (let i = 0; i < deals; i++) {
    const record = botRecord({
      game,
      config: { players },
      levels: Array(players).fill('rule'),
      seed: `${seed}/${i}`,
      deals: 1,
    });
    if (!record.actions.some((s) => s.action.t === 'play')) continue; // thrown in
    const t0 = process.cpuUsage();
    analyzeRecord(record);
    const u = process.cpuUsage(t0);
    times.push((u.user + u.system) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    JSON.stringify({
      game,
      players,
      deals: times.length,
      meanS: +mean.toFixed(2),
      medianS: +times[times.length >> 1].toFixed(2),
      maxS: +times[times.length - 1].toFixed(2),
    }),
  );
}

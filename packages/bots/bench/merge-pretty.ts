/**
 * Merges arena reports printed by `stich arena` (pretty JSON, several in one file one after another) like
 * merge.ts does for JSON lines: one merged report per game, players and levels.
 * Run: node packages/bots/bench/merge-pretty.ts file...
 */
import { readFileSync } from 'node:fs';
import { type ArenaReport, mergeReports } from '../src/arena.ts';

const text = process.argv
  .slice(2)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const reports: ArenaReport[] = [];
let depth = 0;
let start = -1;
for (let i = 0; i < text.length; i++) {
  if (text[i] === '{') {
    if (depth === 0) start = i;
    depth++;
  } else if (text[i] === '}') {
    depth--;
    if (depth === 0) reports.push(JSON.parse(text.slice(start, i + 1)) as ArenaReport);
  }
}
const groups = new Map<string, ArenaReport[]>();
for (const r of reports) {
  const key = `${r.game}/${r.players}/${r.bots.join(',')}`;
  groups.set(key, [...(groups.get(key) ?? []), r]);
}
for (const rs of groups.values()) {
  const m = mergeReports(rs);
  console.log(
    JSON.stringify({
      bots: m.bots,
      deals: m.deals,
      gamePoints: m.gamePoints.margin,
      cardPoints: m.cardPoints.margin,
      winRate: m.winRate,
      decisionMs: m.decisionMs,
    }),
  );
}

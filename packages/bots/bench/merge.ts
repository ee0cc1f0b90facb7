/** Merges arena reports (JSON lines on stdin or in files) by game, players and levels, match parts included. */
import { readFileSync } from 'node:fs';
import { type ArenaReport, mergeReports } from '../src/arena.ts';

const files = process.argv.slice(2);
const text =
  files.length > 0 ? files.map((f) => readFileSync(f, 'utf8')).join('\n') : readFileSync(0, 'utf8');
const groups = new Map<string, ArenaReport[]>();
for (const line of text.split('\n')) {
  if (!line.trim()) continue;
  const r = JSON.parse(line) as ArenaReport;
  const key = `${r.game}/${r.players}/${r.bots.join(',')}`;
  groups.set(key, [...(groups.get(key) ?? []), r]);
}
for (const rs of groups.values()) console.log(JSON.stringify(mergeReports(rs)));

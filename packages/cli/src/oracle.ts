import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gameById, type Result } from '@stich/engine';
import type { Command, Output } from './commands.ts';
import { MISMATCH_KINDS, type Mismatch, type OracleReport, runOracle } from './oracle/compare.ts';
import { type OracleGame, parseOracleFile, sessions } from './oracle/reader.ts';

/** The copied oracle games (packages/cli/test/oracles/doppelkopf-ddv/PROVENANCE.md). */
export const DDV_ORACLE_DIR = join(import.meta.dirname, '..', 'test', 'oracles', 'doppelkopf-ddv');

/** Reads the games of every file (a directory stands for its `.jsonl` files). */
export async function readOracleGames(paths: readonly string[]): Promise<Result<OracleGame[]>> {
  const games: OracleGame[] = [];
  for (const path of paths) {
    let files: string[];
    try {
      files = (await stat(path)).isDirectory()
        ? (await readdir(path))
            .filter((f) => f.endsWith('.jsonl'))
            .sort()
            .map((f) => join(path, f))
        : [path];
    } catch (e) {
      return { ok: false, error: { code: 'malformed', reason: (e as Error).message } };
    }
    for (const file of files) {
      const parsed = parseOracleFile(await readFile(file, 'utf8'), file);
      if (!parsed.ok) return parsed;
      games.push(...parsed.value);
    }
  }
  return { ok: true, value: games };
}

const short = (x: unknown): string => {
  const text = typeof x === 'string' ? x : JSON.stringify(x);
  return text.length > 400 ? `${text.slice(0, 400)}...` : text;
};

const line = (m: Mismatch): string =>
  `${m.game}, ${m.where}: oracle ${short(m.oracle)}, ours ${short(m.ours)}`;

/** The report as text: the first mismatch of each kind, each known difference, the count line last. */
export function printReport(out: Output, report: OracleReport): void {
  for (const kind of MISMATCH_KINDS) {
    const of = report.mismatches.filter((m) => m.kind === kind);
    if (of.length > 0) out.write(`mismatch ${kind} (${of.length}): first ${line(of[0])}\n`);
  }
  const known = new Map<string, Mismatch[]>();
  for (const m of report.known) known.set(m.known?.id ?? '', [...(known.get(m.known?.id ?? '') ?? []), m]);
  for (const [id, list] of known)
    out.write(
      `known difference ${id} (${list.length}, not counted): ${list[0].known?.reason}; first ${line(list[0])}\n`,
    );
  if (report.replayed < report.games)
    out.write(`${report.games - report.replayed} games not replayed to the end\n`);
  if (report.guessed.length > 0)
    out.write(
      `${report.guessed.length} declarations of reservers doko never asked were chosen by us (first ${report.guessed[0]})\n`,
    );
  out.write(`${report.known.length} known differences\n`);
  out.write(`${report.games} games, ${report.mismatches.length} mismatches\n`);
}

/**
 * `stich oracle doppelkopf-ddv [FILE...]`: replays doko's DDV games through the engine and compares every
 * step and result. Without files, the copied set. Exit status 1 when there is a mismatch.
 */
export const oracleCommand: Command = {
  summary:
    'oracle doppelkopf-ddv [FILE|DIR...] — replay doko DDV games through the engine and compare (default: the copied set)',
  async run(args, out) {
    const [name, ...paths] = args;
    if (name !== 'doppelkopf-ddv') {
      out.write('usage: stich oracle doppelkopf-ddv [FILE|DIR...]\n');
      return 2;
    }
    const game = gameById('doppelkopf');
    if (!game) {
      out.write('error: the engine has no doppelkopf game yet\n');
      return 1;
    }
    const games = await readOracleGames(paths.length > 0 ? paths : [DDV_ORACLE_DIR]);
    if (!games.ok) {
      out.write(`error: ${games.error.reason}\n`);
      return 1;
    }
    const grouped = sessions(games.value);
    if (!grouped.ok) {
      out.write(`error: ${grouped.error.reason}\n`);
      return 1;
    }
    const report = runOracle(game, grouped.value);
    printReport(out, report);
    return report.mismatches.length > 0 ? 1 : 0;
  },
};

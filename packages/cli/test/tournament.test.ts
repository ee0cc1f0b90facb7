import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tournamentCommand } from '../src/tournament.ts';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'bin', 'stich.js');

async function call(args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  let text = '';
  const code = await tournamentCommand.run(args, { write: (t: string) => (text += t) });
  return { code, json: JSON.parse(text) };
}

interface Row {
  rank: number;
  player: string;
  total: number;
}

describe('stich tournament', () => {
  it('runs a 16-player DDV-style tournament and prints ranked standings of all players', async () => {
    const { code, json } = await call([
      '--format',
      'ddv',
      '--players',
      '16',
      '--series',
      '2',
      '--games',
      '4',
      '--seed',
      '1',
    ]);
    expect(code).toBe(0);
    const rows = json.standings as Row[];
    expect(new Set(rows.map((r) => r.player)).size).toBe(16);
    expect(rows[0].rank).toBe(1);
    const totals = rows.map((r) => r.total);
    expect(totals).toStrictEqual([...totals].sort((a, b) => b - a));
    expect((json.rounds as unknown[]).length).toBe(2);
  });

  it('runs an 8-player duplicate Doppelkopf tournament from the binary', async () => {
    const { stdout } = await run(process.execPath, [
      bin,
      'tournament',
      '--format',
      'duplicate',
      '--game',
      'doppelkopf',
      '--players',
      '8',
      '--rounds',
      '1',
      '--deals',
      '4',
    ]);
    const rows = JSON.parse(stdout).standings as Row[];
    expect(rows).toHaveLength(8);
    // Matchpoint percentages between 0 and 100, averaging 50.
    expect(rows.reduce((a, r) => a + r.total, 0) / 8).toBeCloseTo(50, 1);
  });

  it('answers bad input with a typed error or a usage error', async () => {
    expect(await call(['--format', 'ddv', '--players', '7'])).toMatchObject({
      code: 1,
      json: { error: { code: 'bad-players' } },
    });
    expect(await call(['--format', 'poker'])).toMatchObject({
      code: 1,
      json: { error: { code: 'unknown-format' } },
    });
    expect((await call(['--level', 'genius'])).code).toBe(2);
    expect((await call(['--series', '2', '--rounds', '2'])).code).toBe(2);
  });
});

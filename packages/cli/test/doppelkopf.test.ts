import { execFile } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gameById } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { replayText } from '../src/replay.ts';
import { selfplay } from '../src/selfplay.ts';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'bin', 'stich.js');
const game = gameById('doppelkopf');

describe.skipIf(!game).each(['house', 'ddv'])('Doppelkopf preset %s on the command line', (preset) => {
  it('self-plays whole matches whose records replay to the same deals', () => {
    if (!game) return;
    const played = selfplay({ game, config: { players: 4, preset }, deals: 30, seed: `cli-${preset}` });
    expect(played.deals).toHaveLength(30);
    expect(played.finishedMatches).toBeGreaterThanOrEqual(1);
    const replayed = played.records.flatMap((record) => {
      const result = replayText(JSON.stringify(record)) as { deals?: object[]; error?: unknown };
      expect(result.error).toBeUndefined();
      return result.deals ?? [];
    });
    expect(JSON.stringify(replayed.slice(0, 30))).toBe(JSON.stringify(played.deals));
  });

  it('selfplay --out writes records that stich replay prints', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stich-doko-'));
    const args = ['selfplay', '--game', 'doppelkopf', '--preset', preset, '--deals', '5', '--seed', '3'];
    const summary = JSON.parse((await run(process.execPath, [bin, ...args, '--out', dir])).stdout);
    expect(summary.config).toEqual({ players: 4, preset });
    expect(summary.deals).toBe(5);
    expect(summary.statistics.reWon).toBeGreaterThanOrEqual(0);
    const [file] = await readdir(dir);
    const result = JSON.parse((await run(process.execPath, [bin, 'replay', join(dir, file)])).stdout);
    expect(result.game).toBe('doppelkopf');
    expect(result.deals).toHaveLength(5);
  });
});

describe.skipIf(!game)('Doppelkopf bad input on the command line', () => {
  it('refuses an unknown preset with the engine reason', async () => {
    const args = ['selfplay', '--game', 'doppelkopf', '--preset', 'skat', '--deals', '1'];
    const failed = await run(process.execPath, [bin, ...args]).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).error.code).toBe('bad-config');
  });

  it('arena gives a typed error, not a stack trace, for a bad preset or a game the bots cannot referee', async () => {
    const args = ['arena', '--game', 'doppelkopf', '--bots', 'rule,random', '--deals', '1'];
    const bad = await run(process.execPath, [bin, ...args, '--preset', 'skat']).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.code).toBe('bad-config');
    const result = await run(process.execPath, [bin, ...args, '--preset', 'ddv']).catch((e) => e);
    const parsed = JSON.parse(result.stdout);
    // Either the bots referee Doppelkopf (a report) or they say they cannot (a typed error).
    if (parsed.error) expect(parsed.error.code).toBe('unsupported');
    else expect(parsed.game).toBe('doppelkopf');
  });

  it('stich oracle names the malformed line of a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stich-doko-'));
    const file = join(dir, 'bad.jsonl');
    await (await import('node:fs/promises')).writeFile(file, '{"id": "a/b/g00"}\n');
    const failed = await run(process.execPath, [bin, 'oracle', 'doppelkopf-ddv', file]).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/bad\.jsonl:1: /);
  });

  it('stich oracle on one batch prints the count line last and exits 0 without mismatches', async () => {
    const file = join(import.meta.dirname, 'oracles', 'doppelkopf-ddv', 'scripted-hochzeit.jsonl');
    const { stdout } = await run(process.execPath, [bin, 'oracle', 'doppelkopf-ddv', file]);
    expect(stdout.trim().split('\n').at(-1)).toBe('120 games, 0 mismatches');
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_PLAYERS, GAMES } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { replayText } from '../src/replay.ts';
import { selfplay } from '../src/selfplay.ts';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'bin', 'stich.js');

const cases = Object.values(GAMES).flatMap((game) =>
  (game.id === 'klapperjas' ? [2, 3, 4] : [DEFAULT_PLAYERS[game.id]]).map((players) => ({ game, players })),
);

describe('every game of the engine is available to the command line', () => {
  it.each(['klapperjas', 'differenzler', 'klaberjass'])('%s', (id) => {
    expect(Object.keys(GAMES)).toContain(id);
  });
});

describe.each(cases)('selfplay and replay: $game.id with $players players', ({ game, players }) => {
  it('replays every self-played record to the same outcome', () => {
    const config = { players };
    const played = selfplay({ game, config, deals: 30, seed: 'cli-test' });
    expect(played.deals).toHaveLength(30);
    let dealsInRecords = 0;
    for (const record of played.records) {
      const result = replayText(JSON.stringify(record)) as { deals?: object[]; error?: unknown };
      expect(result.error).toBeUndefined();
      dealsInRecords += result.deals?.length ?? 0;
    }
    expect(dealsInRecords).toBeGreaterThanOrEqual(30);
  });

  it('is deterministic for a seed', () => {
    const a = selfplay({ game, config: { players }, deals: 5, seed: 's' });
    const b = selfplay({ game, config: { players }, deals: 5, seed: 's' });
    expect(JSON.stringify(a.records)).toBe(JSON.stringify(b.records));
  });
});

describe('stich replay on bad input', () => {
  it.each([
    ['malformed JSON', '{"format":'],
    [
      'an unknown game',
      JSON.stringify({ format: 'stich-record', version: 1, game: 'skat', dealer: 0, deals: [], actions: [] }),
    ],
    [
      'a future version',
      JSON.stringify({
        format: 'stich-record',
        version: 9,
        game: 'klapperjas',
        dealer: 0,
        deals: [],
        actions: [],
      }),
    ],
  ])('reports %s as a typed error', (_name, text) => {
    const result = replayText(text) as { error?: { code: string; reason: string } };
    expect(result.error?.code).toBe('bad-record');
    expect(result.error?.reason.length).toBeGreaterThan(0);
  });

  it('names the first illegal action by index', () => {
    const game = GAMES.klapperjas;
    expect(game).toBeDefined();
    if (!game) return;
    const { records } = selfplay({ game, config: { players: 4 }, deals: 1, seed: 'bad' });
    const record = structuredClone(records[0]) as unknown as { actions: { seat: number; action: object }[] };
    const i = 3;
    record.actions[i] = { seat: (record.actions[i].seat + 1) % 4, action: record.actions[i].action };
    const result = replayText(JSON.stringify(record)) as { error?: { code: string; index?: number } };
    expect(result.error?.code).toBe('bad-record');
    expect(result.error?.index).toBe(i);
  });
});

describe('the stich command', () => {
  it('selfplay writes records that replay prints as JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stich-cli-'));
    const sp = await run(process.execPath, [
      bin,
      'selfplay',
      '--game',
      'klapperjas',
      '--players',
      '3',
      '--deals',
      '20',
      '--seed',
      '5',
      '--out',
      dir,
    ]);
    const summary = JSON.parse(sp.stdout);
    expect(summary.deals).toBe(20);
    const files = await readdir(dir);
    expect(files.length).toBe(summary.matches);
    const replayed = await run(process.execPath, [bin, 'replay', join(dir, files[0])]);
    const result = JSON.parse(replayed.stdout);
    expect(result.game).toBe('klapperjas');
    expect(Array.isArray(result.deals)).toBe(true);
  });

  it('exits 1 with a JSON error for a broken record file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stich-cli-'));
    const file = join(dir, 'broken.json');
    await writeFile(file, '{ not json');
    const failed = await run(process.execPath, [bin, 'replay', file]).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).error.code).toBe('bad-record');
    expect(await readFile(file, 'utf8')).toBe('{ not json');
  });

  it('arena --matches plays whole duplicate matches and reports the match win rate', async () => {
    const args = ['arena', '--game', 'klaberjass', '--bots', 'rule,random', '--deals', '0', '--seed', '3'];
    const { stdout } = await run(process.execPath, [bin, ...args, '--matches', '2']);
    const report = JSON.parse(stdout);
    expect(report.deals).toBe(0);
    expect(report.matches.played).toBe(2);
    expect(report.matches.winRate.mean).toBeGreaterThanOrEqual(0);
    expect(report.matches.winRate.mean).toBeLessThanOrEqual(1);
    expect(report.matches.dealsPerMatch.mean).toBeGreaterThan(1);
    // --deals 0 needs matches to play.
    const failed = await run(process.execPath, [bin, ...args]).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(JSON.parse(failed.stdout).error.reason).toContain('--deals');
  });

  it('refuses unknown options with a usage error', async () => {
    const failed = await run(process.execPath, [
      bin,
      'selfplay',
      '--game',
      'klapperjas',
      '--colour',
      'red',
    ]).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(JSON.parse(failed.stdout).error.reason).toContain('--colour');
  });
});

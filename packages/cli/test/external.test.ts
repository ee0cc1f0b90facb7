import { join } from 'node:path';
import { type ArenaReport, arenaWith } from '@stich/bots/arena';
import { gameById } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { arenaCommand, parseSides } from '../src/arena.ts';
import { Program, type ProgramReport, programPlayer } from '../src/external.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const example = (file: string) => join(root, 'examples', 'bots', file);
const faulty = (mode: string) =>
  `"${process.execPath}" "${join(import.meta.dirname, 'bots', 'faulty.ts')}" ${mode}`;

/** Runs `stich arena` in this process; returns the printed report. */
async function stichArena(
  ...args: string[]
): Promise<{ code: number; report: ArenaReport & { programs: ProgramReport[] } }> {
  let text = '';
  const code = await arenaCommand.run(args, { write: (t: string) => (text += t) });
  return { code, report: JSON.parse(text) };
}

describe('the bot interface', () => {
  it('splits --bots at levels and cmd: entries, commands may hold commas', () => {
    expect(parseSides('search,cmd:python3 bot.py --a 1,2,rule')).toStrictEqual([
      { level: 'search' },
      { command: 'python3 bot.py --a 1,2' },
      { level: 'rule' },
    ]);
    expect(parseSides('cmd:a,cmd:b')).toStrictEqual([{ command: 'a' }, { command: 'b' }]);
    expect(parseSides('search,clever')).toMatch(/cmd:COMMAND/);
    expect(parseSides('cmd:')).toMatch(/cmd:COMMAND/);
  });

  it.each([
    ['Python', `python3 ${example('random_bot.py')}`],
    ['TypeScript', `"${process.execPath}" ${example('random-bot.ts')}`],
  ])('the %s example bot plays a duplicate arena through stich arena', async (_, command) => {
    const { code, report } = await stichArena(
      '--game',
      'klapperjas',
      '--players',
      '2',
      '--bots',
      `cmd:${command},random`,
      '--deals',
      '2',
      '--seed',
      'ex',
    );
    expect(code).toBe(0);
    expect(report.bots).toStrictEqual([command, 'random']);
    expect(report.deals).toBe(2);
    const [program] = report.programs;
    expect(program.decisions).toBeGreaterThan(10);
    expect(program.decisions).toBe(report.decisionMs[command].n);
    // Every answer was legal and in time: nothing fell back, and the program ended by itself after bye.
    expect(program.fallbacks).toBe(0);
    expect(program.faults).toStrictEqual({});
    expect(program.exit).toBe('0');
  });

  it('a faulty answer loses that decision to a legal one, the program is told why, the deal goes on', async () => {
    const lines: string[] = [];
    const p = new Program({ command: faulty('faults'), seed: 'f', stderr: (l) => lines.push(l) });
    const g = gameById('klaberjass')!;
    p.hello({ game: g.id, players: 2, config: { players: 2 }, seat: null });
    const report = await arenaWith({
      game: 'klaberjass',
      bots: [programPlayer(p), 'rule'],
      deals: 1,
      seed: 'f',
    });
    const r = await p.close();
    expect(report.deals).toBe(1);
    expect(r.faults).toStrictEqual({ 'bad-json': 1, malformed: 1, 'illegal-action': 1, stale: 1 });
    // Three decisions fell back; the stale answer did not cost the pending one.
    expect(r.fallbacks).toBe(3);
    expect(r.decisions).toBe(report.decisionMs[p.name].n);
    expect(r.firstFaults.map((f) => f.code)).toStrictEqual([
      'bad-json',
      'malformed',
      'illegal-action',
      'stale',
    ]);
    // The program heard each refusal as an error line with a code, a reason and the action played for it.
    const errors = lines.map((l) => JSON.parse(l) as { t: string; d: { code: string; played?: unknown } });
    expect(errors.map((e) => e.t)).toStrictEqual(['error', 'error', 'error', 'error']);
    expect(errors.map((e) => e.d.code)).toStrictEqual(['bad-json', 'malformed', 'illegal-action', 'stale']);
    expect(errors[0].d.played).toBeDefined();
    expect(errors[3].d.played).toBeUndefined();
  });

  it('a program that hangs times out, is stopped after three timeouts in a row, and the arena ends', async () => {
    const p = new Program({ command: faulty('hang'), seed: 'h', timeoutMs: 100, stderr: () => {} });
    const report = await arenaWith({
      game: 'klaberjass',
      bots: ['rule', programPlayer(p)],
      deals: 1,
      seed: 'h',
    });
    const r = await p.close();
    expect(report.deals).toBe(1);
    expect(r.faults.timeout).toBe(3);
    expect(r.faults.exited).toBe(r.decisions - 3);
    expect(r.fallbacks).toBe(r.decisions);
    expect(r.exit).toBe('SIGKILL');
  });

  it('a program that dies is played by the fallback for the rest of the arena', async () => {
    const p = new Program({ command: faulty('die'), seed: 'd' });
    p.hello({ game: 'klaberjass', players: 2, config: { players: 2 }, seat: null });
    const report = await arenaWith({
      game: 'klaberjass',
      bots: [programPlayer(p), 'random'],
      deals: 2,
      seed: 'd',
    });
    const r = await p.close();
    expect(report.deals).toBe(2);
    expect(r.exit).toBe('3');
    expect(r.faults).toStrictEqual({ exited: r.decisions });
    expect(r.fallbacks).toBe(r.decisions);
  });

  it('a command that cannot start is reported, not thrown', async () => {
    const { code, report } = await stichArena(
      '--game',
      'klaberjass',
      '--bots',
      'cmd:/nonexistent/bot,random',
      '--deals',
      '1',
    );
    expect(code).toBe(0);
    expect(report.programs[0].exit).toBe('127');
    expect(report.programs[0].fallbacks).toBe(report.programs[0].decisions);
  });
});

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Game, type LadderReport, ladderCommand, markdown, standings, svg } from '../src/ladder.ts';

const names = ['x', 'y', 'z'];
const bot = join(import.meta.dirname, '..', '..', '..', 'examples', 'bots', 'random_bot.py');

describe('ladder ratings', () => {
  it('start equal and move with the results: winners up, losers down, ranked by mu', () => {
    const start = standings(names, []);
    expect(new Set(start.map((s) => s.mu)).size).toBe(1);
    const games: Game[] = [];
    for (let i = 0; i < 5; i++) games.push({ a: 1, b: 0, score: 1 }, { a: 0, b: 2, score: 1 });
    const s = standings(names, games);
    expect(s.map((r) => r.name)).toStrictEqual(['y', 'x', 'z']);
    expect(s.map((r) => r.rank)).toStrictEqual([1, 2, 3]);
    expect(s[0].mu).toBeGreaterThan(start[0].mu);
    expect(s[2].mu).toBeLessThan(start[0].mu);
    const y = s[0];
    expect({ games: y.games, wins: y.wins, draws: y.draws, losses: y.losses }).toStrictEqual({
      games: 5,
      wins: 5,
      draws: 0,
      losses: 0,
    });
    // Games make a rating surer; the interval is mu ± 1.96 sigma.
    expect(y.sigma).toBeLessThan(start[0].sigma);
    expect(y.low).toBeCloseTo(y.mu - 1.96 * y.sigma, 1);
    expect(y.high).toBeCloseTo(y.mu + 1.96 * y.sigma, 1);
  });

  it('a draw between equals leaves them equal; the result, not the side, decides', () => {
    const [a, b] = standings(['a', 'b'], [{ a: 0, b: 1, score: 0.5 }]);
    expect(a.mu).toBe(b.mu);
    expect(a.draws).toBe(1);
    const won = standings(['a', 'b'], [{ a: 0, b: 1, score: 1 }]);
    const lost = standings(['a', 'b'], [{ a: 1, b: 0, score: 0 }]);
    expect(won).toStrictEqual(lost);
  });

  it('writes the table and the plot with a row per player', () => {
    const report: LadderReport = {
      game: 'klaberjass',
      players: 2,
      rounds: 1,
      deals: 1,
      seed: 's',
      ratings: standings(names, [{ a: 0, b: 2, score: 1 }]),
      pairs: [],
      games: [[0, 2, 1]],
    };
    const md = markdown(report);
    for (const n of names) expect(md).toMatch(new RegExp(`^\\| \\d \\| ${n} \\|`, 'm'));
    const plot = svg(report);
    expect(plot.match(/<circle /g)).toHaveLength(3);
    expect(plot).toMatch(/^<svg /);
  });

  it('stich ladder plays every pair, rates each duplicate deal and writes its files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ladder-'));
    let text = '';
    const code = await ladderCommand.run(
      [
        '--game',
        'klaberjass',
        '--bots',
        `random,rule,cmd:python3 ${bot}`,
        '--rounds',
        '2',
        '--deals',
        '2',
        '--out',
        dir,
      ],
      { write: (t: string) => (text += t) },
    );
    expect(code).toBe(0);
    const r = JSON.parse(text) as LadderReport;
    // Three pairs, each 2 rounds × 2 deals: every player has 8 games.
    expect(r.pairs.map((p) => [p.a, p.b, p.deals])).toStrictEqual([
      ['random', 'rule', 4],
      ['random', `python3 ${bot}`, 4],
      ['rule', `python3 ${bot}`, 4],
    ]);
    // The outside program played its games through the interface, one process for the whole ladder.
    expect(r.programs).toHaveLength(1);
    expect(r.programs?.[0]).toMatchObject({ fallbacks: 0, faults: {}, exit: '0' });
    expect(r.ratings.map((s) => s.games)).toStrictEqual([8, 8, 8]);
    // The games are listed in order and replay to the same ratings.
    expect(r.games).toHaveLength(12);
    const replayed = r.games.map(([a, b, score]) => ({ a, b, score }) as Game);
    expect(standings(['random', 'rule', `python3 ${bot}`], replayed)).toStrictEqual(r.ratings);
    expect(JSON.parse(await readFile(join(dir, 'ladder.json'), 'utf8'))).toStrictEqual(r);
    expect(await readFile(join(dir, 'ladder.md'), 'utf8')).toBe(markdown(r));
    expect(await readFile(join(dir, 'ladder.svg'), 'utf8')).toBe(svg(r));
  });
});

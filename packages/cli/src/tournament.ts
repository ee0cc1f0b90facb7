/**
 * `stich tournament`: a whole practice tournament of computer players, played locally as fast as the
 * bots play (packages/tournament, docs/tournaments.md); prints the settings, each round's tables and
 * the standings as JSON.
 */
import { BOT_LEVELS, type BotLevel } from '@stich/bots';
import { practice } from '@stich/tournament/runner';
import type { Command } from './commands.ts';
import { intOption, parseOptions, printJson } from './io.ts';

const isLevel = (x: string): x is BotLevel => (BOT_LEVELS as readonly string[]).includes(x);

export const tournamentCommand: Command = {
  summary:
    'tournament --format F [--game G] [--preset P] --players N [--series R] [--games G] [--level L] [--seed S] — a practice tournament of computer players; prints the standings',
  async run(args, out) {
    const opts = parseOptions(args, [
      'format',
      'game',
      'preset',
      'players',
      'series',
      'rounds',
      'games',
      'deals',
      'level',
      'seed',
    ]);
    if (!opts.ok) {
      printJson(out, { error: { code: 'usage', reason: opts.reason } });
      return 2;
    }
    const o = opts.options;
    const players = intOption(o, 'players', 16, 1);
    const level = o.level ?? 'rule';
    // --series (DDV, Differenzler passes) and --rounds name the same number; --deals and --games too.
    const rounds = o.series ?? o.rounds;
    const games = o.games ?? o.deals;
    const problem =
      typeof players === 'string'
        ? players
        : !isLevel(level)
          ? `--level is one of ${BOT_LEVELS.join(', ')}`
          : o.series !== undefined && o.rounds !== undefined
            ? 'give --series or --rounds, not both'
            : o.games !== undefined && o.deals !== undefined
              ? 'give --games or --deals, not both'
              : [rounds, games].some((x) => x !== undefined && !/^\d+$/.test(x))
                ? '--series/--rounds and --games/--deals are whole numbers'
                : null;
    if (problem !== null || typeof players === 'string' || !isLevel(level)) {
      printJson(out, { error: { code: 'usage', reason: problem } });
      return 2;
    }
    const settings = {
      format: o.format ?? 'ddv',
      ...(o.game !== undefined ? { game: o.game } : {}),
      ...(o.preset !== undefined ? { preset: o.preset } : {}),
      ...(rounds !== undefined ? { rounds: Number(rounds) } : {}),
      ...(games !== undefined ? { games: Number(games) } : {}),
      seed: o.seed ?? '1',
    };
    const t0 = performance.now();
    const r = practice({
      settings,
      players,
      level,
      progress: (round, table) => process.stderr.write(`round ${round + 1} table ${table + 1} done\n`),
    });
    if (!r.ok) {
      printJson(out, { error: r.error });
      return 1;
    }
    const { settings: s, rounds: plan, standings } = r.value;
    printJson(out, {
      settings: s,
      level,
      ms: Math.round(performance.now() - t0),
      rounds: plan.map((x) => ({ tables: x.tables.map((t) => t.players), ...(x.bye ? { bye: x.bye } : {}) })),
      standings,
    });
    return 0;
  },
};

import { BOT_LEVELS, type BotLevel } from '@stich/bots';
import { arena } from '@stich/bots/arena';
import { gameById } from '@stich/engine';
import type { Command } from './commands.ts';
import { intOption, parseOptions, printJson } from './io.ts';
import { DEFAULT_PLAYERS } from './selfplay.ts';

const isLevel = (x: string): x is BotLevel => (BOT_LEVELS as readonly string[]).includes(x);

/**
 * `stich arena`: two bot levels on duplicate deals and, with `--matches N`, on N whole duplicate
 * matches; prints the bots package's report as JSON.
 */
export const arenaCommand: Command = {
  summary:
    'arena --game G [--players N] [--preset P] --bots A,B --deals N [--matches M] --seed S — bot against bot on duplicate deals and matches',
  async run(args, out) {
    const opts = parseOptions(args, ['game', 'players', 'preset', 'bots', 'deals', 'matches', 'seed']);
    if (!opts.ok) {
      printJson(out, { error: { code: 'usage', reason: opts.reason } });
      return 2;
    }
    const { options } = opts;
    const game = gameById(options.game ?? '');
    const levels = (options.bots ?? 'rule,random').split(',');
    const players = game ? intOption(options, 'players', DEFAULT_PLAYERS[game.id], 2) : 0;
    const matches = intOption(options, 'matches', 0, 0);
    // Matches only: --deals 0 is allowed once there are matches to play.
    const deals = intOption(options, 'deals', 100, typeof matches === 'number' && matches > 0 ? 0 : 1);
    const problem = !game
      ? '--game must name an available game'
      : levels.length !== 2 || !levels.every(isLevel)
        ? `--bots takes two of ${BOT_LEVELS.join(', ')}, e.g. search,rule`
        : typeof players === 'string'
          ? players
          : typeof matches === 'string'
            ? matches
            : typeof deals === 'string'
              ? deals
              : undefined;
    if (
      problem ||
      !game ||
      typeof players === 'string' ||
      typeof deals === 'string' ||
      typeof matches === 'string'
    ) {
      printJson(out, { error: { code: 'usage', reason: problem } });
      return 2;
    }
    const config = options.preset ? { players, preset: options.preset } : undefined;
    const parsed = config && game.parseConfig(config);
    if (parsed && !parsed.ok) {
      printJson(out, { error: parsed.error });
      return 1;
    }
    let report: ReturnType<typeof arena>;
    try {
      report = arena({
        game: game.id,
        players,
        ...(config ? { config } : {}),
        bots: levels as [BotLevel, BotLevel],
        deals,
        seed: options.seed ?? '1',
        progress: (done) => {
          if (done % 100 === 0) process.stderr.write(`${done} deals\n`);
        },
        matches,
        matchProgress: (done) => {
          if (done % 10 === 0 || done === matches) process.stderr.write(`${done} matches\n`);
        },
      });
    } catch (e) {
      // A game the bots package cannot referee yet (no arena scoring): a clear error, not a stack trace.
      printJson(out, { error: { code: 'unsupported', reason: (e as Error).message } });
      return 1;
    }
    printJson(out, report);
    return 0;
  },
};

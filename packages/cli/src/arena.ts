import { BOT_LEVELS, type BotLevel } from '@stich/bots';
import { type ArenaReport, type ArenaSide, arenaWith } from '@stich/bots/arena';
import { type AnyGame, DEFAULT_PLAYERS, gameById } from '@stich/engine';
import type { Command } from './commands.ts';
import {
  CMD_PREFIX,
  DEFAULT_TIMEOUT_MS,
  Program,
  type ProgramReport,
  programPlayer,
  splitSides,
} from './external.ts';
import { intOption, parseOptions, printJson } from './io.ts';

const isLevel = (x: string): x is BotLevel => (BOT_LEVELS as readonly string[]).includes(x);

/** A side of `--bots`: a level, or `cmd:COMMAND` (an outside program); null when it is neither. */
type SideSpec = { readonly level: BotLevel } | { readonly command: string };

function parseSide(text: string): SideSpec | null {
  if (isLevel(text)) return { level: text };
  if (text.startsWith(CMD_PREFIX) && text.slice(CMD_PREFIX.length).trim() !== '')
    return { command: text.slice(CMD_PREFIX.length).trim() };
  return null;
}

/** Parses a `--bots` list into sides, or a reason. */
export function parseSides(text: string): SideSpec[] | string {
  const specs = splitSides(text, BOT_LEVELS).map(parseSide);
  const bad = specs.indexOf(null);
  if (bad >= 0) return `--bots: each entry is one of ${BOT_LEVELS.join(', ')} or cmd:COMMAND`;
  return specs as SideSpec[];
}

/** Starts the programs of `specs` (told the game in `hello`) and returns the arena sides. */
export function startSides(
  specs: readonly SideSpec[],
  g: AnyGame,
  players: number,
  config: unknown,
  seed: string,
  timeoutMs: number,
): { sides: ArenaSide[]; programs: Program[] } {
  const programs: Program[] = [];
  const sides = specs.map((s): ArenaSide => {
    if ('level' in s) return s.level;
    const p = new Program({ command: s.command, timeoutMs, seed });
    p.hello({ game: g.id, players, config, seat: null });
    programs.push(p);
    return programPlayer(p);
  });
  return { sides, programs };
}

/**
 * `stich arena`: two sides (bot levels or outside programs, docs/bot-interface.md) on duplicate deals
 * and, with `--matches N`, on N whole duplicate matches; prints the bots package's report as JSON, with
 * each program's faults under `programs`.
 */
export const arenaCommand: Command = {
  summary:
    'arena --game G [--players N] [--preset P] --bots A,B --deals N [--matches M] --seed S — bot against bot (or an outside program: cmd:COMMAND) on duplicate deals and matches',
  async run(args, out) {
    const opts = parseOptions(args, [
      'game',
      'players',
      'preset',
      'bots',
      'deals',
      'matches',
      'seed',
      'timeout',
    ]);
    if (!opts.ok) {
      printJson(out, { error: { code: 'usage', reason: opts.reason } });
      return 2;
    }
    const { options } = opts;
    const game = gameById(options.game ?? '');
    const specs = parseSides(options.bots ?? 'rule,random');
    const players = game ? intOption(options, 'players', DEFAULT_PLAYERS[game.id], 2) : 0;
    const matches = intOption(options, 'matches', 0, 0);
    const timeoutMs = intOption(options, 'timeout', DEFAULT_TIMEOUT_MS, 1);
    // Matches only: --deals 0 is allowed once there are matches to play.
    const deals = intOption(options, 'deals', 100, typeof matches === 'number' && matches > 0 ? 0 : 1);
    const problem = !game
      ? '--game must name an available game'
      : typeof specs === 'string'
        ? specs
        : specs.length !== 2
          ? `--bots takes two of ${BOT_LEVELS.join(', ')} or cmd:COMMAND, e.g. search,rule`
          : [players, matches, deals, timeoutMs].find((x) => typeof x === 'string');
    if (
      problem ||
      !game ||
      typeof specs === 'string' ||
      typeof players === 'string' ||
      typeof deals === 'string' ||
      typeof matches === 'string' ||
      typeof timeoutMs === 'string'
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
    const seed = options.seed ?? '1';
    const { sides, programs } = startSides(specs, game, players, config ?? { players }, seed, timeoutMs);
    let report: ArenaReport;
    try {
      report = await arenaWith({
        game: game.id,
        players,
        ...(config ? { config } : {}),
        bots: [sides[0], sides[1]],
        deals,
        seed,
        progress: (done) => {
          if (done % 100 === 0) process.stderr.write(`${done} deals\n`);
        },
        matches,
        matchProgress: (done) => {
          if (done % 10 === 0 || done === matches) process.stderr.write(`${done} matches\n`);
        },
      });
    } catch (e) {
      await Promise.all(programs.map((p) => p.close()));
      // A game the bots package cannot referee yet (no arena scoring): a clear error, not a stack trace.
      printJson(out, { error: { code: 'unsupported', reason: (e as Error).message } });
      return 1;
    }
    const reports: ProgramReport[] = await Promise.all(programs.map((p) => p.close()));
    printJson(out, programs.length > 0 ? { ...report, programs: reports } : report);
    return 0;
  },
};

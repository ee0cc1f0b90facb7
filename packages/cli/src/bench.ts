import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type Action,
  type AnyGame,
  DEFAULT_PLAYERS,
  GAME_META,
  GAMES,
  type GameId,
  randomStep,
  type Seat,
  seeded,
  unwrap,
} from '@stich/engine';
import type { Command } from './commands.ts';
import { intOption, parseOptions, printJson } from './io.ts';

interface EngineBench {
  game: string;
  players: number;
  /** The rules preset, for games that have several (Doppelkopf: house, ddv). */
  preset?: string;
  /** Finished deals per CPU second of random legal self-play through the public API, one core. */
  dealsPerSecond: number;
  /** Mean CPU cost of one call, in nanoseconds, over states of random games. */
  legalActionsNs: number;
  applyNs: number;
  viewForNs: number;
}

/** CPU time of this process in milliseconds: steadier than wall time on a shared machine. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Random self-play of whole matches through the public API (randomDeal, applyDeal, toAct,
 * legalActions, apply, outcome at the match's end), timed for about `seconds`.
 */
function benchGame(game: AnyGame, setup: BenchSetup, seconds: number, seed = 'bench'): EngineBench {
  const { players, preset } = setup;
  const config = unwrap(game.parseConfig(preset ? { players, preset } : { players }));
  const rng = seeded(seed);
  const playMatch = (): number => {
    let state = game.start(config, 0);
    while (!game.isOver(state)) {
      if (game.awaitsDeal(state)) state = unwrap(game.applyDeal(state, game.randomDeal(state, rng)));
      else {
        const { seat, action } = randomStep(game, state, rng);
        state = unwrap(game.apply(state, seat, action));
      }
    }
    return game.outcome(state).deals.length;
  };
  for (let i = 0; i < 50; i++) playMatch(); // warm-up: let the JIT optimise before timing
  let deals = 0;
  const started = cpuMs();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (let i = 0; i < 20; i++) deals += playMatch();
    elapsed = cpuMs() - started;
  }
  const dealsPerSecond = deals / (elapsed / 1000);

  // Sample states of random play, then time single calls on them.
  const samples: { state: unknown; seat: Seat; action: Action }[] = [];
  let state = game.start(config, 0);
  while (samples.length < 5000) {
    if (game.isOver(state)) state = game.start(config, 0);
    else if (game.awaitsDeal(state)) state = unwrap(game.applyDeal(state, game.randomDeal(state, rng)));
    else {
      const step = randomStep(game, state, rng);
      samples.push({ state, seat: step.seat, action: step.action });
      state = unwrap(game.apply(state, step.seat, step.action));
    }
  }
  const time = (f: (s: (typeof samples)[number]) => unknown): number => {
    let sink = 0;
    const rounds = 40;
    const t0 = cpuMs();
    for (let r = 0; r < rounds; r++) for (const s of samples) sink ^= f(s) ? 1 : 0;
    const ns = ((cpuMs() - t0) * 1e6) / (rounds * samples.length);
    return sink === 2 ? -1 : Math.round(ns);
  };
  return {
    game: game.id,
    players,
    ...(preset ? { preset } : {}),
    dealsPerSecond: Math.round(dealsPerSecond),
    legalActionsNs: time((s) => game.legalActions(s.state, s.seat)),
    applyNs: time((s) => game.apply(s.state, s.seat, s.action)),
    viewForNs: time((s) => game.viewFor(s.state, s.seat)),
  };
}

interface BenchSetup {
  players: number;
  preset?: string;
}

/** The setups benchmarked per game: every player count it allows, Doppelkopf's two presets, else the default. */
const BENCH_SETUPS: Readonly<Record<GameId, readonly BenchSetup[]>> = {
  differenzler: [{ players: DEFAULT_PLAYERS.differenzler }],
  doppelkopf: [
    { players: DEFAULT_PLAYERS.doppelkopf, preset: 'house' },
    { players: DEFAULT_PLAYERS.doppelkopf, preset: 'ddv' },
  ],
  klaberjass: [{ players: DEFAULT_PLAYERS.klaberjass }],
  klapperjas: GAME_META.klapperjas.players.map((players) => ({ players })),
};

/** The CLI entry that a measurement in its own process runs (`bench --game G --setup I`). */
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * One setup measured in a fresh process (this Node, its flags): the JIT's type feedback from the games and
 * presets measured before it does not slow it (in one process the figures depended on the order, e.g.
 * Doppelkopf some 5-8% lower after Differenzler), and its CPU time is its own.
 */
function benchInChild(game: string, setup: number, seconds: number): EngineBench {
  const args = [...process.execArgv, MAIN, 'bench', '--game', game, '--setup', String(setup)];
  const r = spawnSync(process.execPath, [...args, '--seconds', String(seconds)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench ${game} setup ${setup} failed: ${r.stderr || r.stdout}`);
  return (JSON.parse(r.stdout) as { engine: EngineBench[] }).engine[0];
}

const setupsOf = (game: AnyGame): readonly BenchSetup[] => BENCH_SETUPS[game.id];

export const benchCommand: Command = {
  summary:
    'bench [--game G] [--seconds S] — engine speed: self-play deals/s, cost of legalActions/apply/viewFor',
  async run(args, out) {
    // `--setup I` (with `--game`): measure that one setup here; without it every setup runs in its own process.
    const opts = parseOptions(args, ['game', 'seconds', 'setup']);
    if (!opts.ok) {
      printJson(out, { error: { code: 'usage', reason: opts.reason } });
      return 2;
    }
    const seconds = intOption(opts.options, 'seconds', 3, 1);
    if (typeof seconds === 'string') {
      printJson(out, { error: { code: 'usage', reason: seconds } });
      return 2;
    }
    const games = Object.values(GAMES).filter((g) => !opts.options.game || g.id === opts.options.game);
    if (opts.options.setup !== undefined) {
      const index = intOption(opts.options, 'setup', 0, 0);
      const setup = games.length === 1 && typeof index === 'number' ? setupsOf(games[0])[index] : undefined;
      if (setup === undefined) {
        printJson(out, {
          error: { code: 'usage', reason: '--setup I needs --game G and one of its setups' },
        });
        return 2;
      }
      printJson(out, { node: process.version, engine: [benchGame(games[0], setup, seconds)] });
      return 0;
    }
    const results: EngineBench[] = [];
    for (const game of games) {
      setupsOf(game).forEach((_, i) => {
        results.push(benchInChild(game.id, i, seconds));
      });
    }
    printJson(out, { node: process.version, engine: results });
    return 0;
  },
};

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AnyGame,
  type GameRecord,
  gameById,
  newRecord,
  type RecordStep,
  randomStep,
  type Seat,
  seeded,
  unwrap,
} from '@stich/engine';
import type { Command } from './commands.ts';
import { intOption, parseOptions, printJson } from './io.ts';

/** Player counts used when `--players` is not given. */
export const DEFAULT_PLAYERS: Record<string, number> = {
  klapperjas: 4,
  differenzler: 4,
  klaberjass: 2,
  doppelkopf: 4,
};

export interface SelfplayOptions {
  game: AnyGame;
  config: unknown;
  deals: number;
  seed: string;
}

export interface SelfplayRun {
  records: GameRecord[];
  deals: object[];
  matches: number;
  finishedMatches: number;
  actions: number;
}

/**
 * Random legal play until `deals` deals are finished. Each deal is drawn from the seed
 * `<seed>:<match>:<n>` and recorded as that seed; actions come from a generator seeded with `seed`.
 */
export function selfplay({ game, config, deals, seed }: SelfplayOptions): SelfplayRun {
  const parsed = game.parseConfig(config);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  const actionRng = seeded(`${seed}:actions`);
  const run: SelfplayRun = { records: [], deals: [], matches: 0, finishedMatches: 0, actions: 0 };
  while (run.deals.length < deals) {
    const m = run.matches++;
    let state = game.start(parsed.value, m % game.seats(game.start(parsed.value, 0)));
    const record = newRecord(game.id, config, m % game.seats(state));
    const dealsOut = record.deals as { seed: string }[];
    const actionsOut = record.actions as RecordStep[];
    let counted = 0;
    while (!game.isOver(state) && run.deals.length < deals) {
      if (game.awaitsDeal(state)) {
        const dealSeed = `${seed}:${m}:${dealsOut.length}`;
        dealsOut.push({ seed: dealSeed });
        state = unwrap(game.applyDeal(state, game.randomDeal(state, seeded(dealSeed))));
      } else {
        const { seat, action } = randomStep(game, state, actionRng);
        actionsOut.push({ seat: seat as Seat, action: action as RecordStep['action'] });
        state = unwrap(game.apply(state, seat, action));
        run.actions++;
        if (game.awaitsDeal(state) || game.isOver(state)) {
          const finished = game.outcome(state).deals;
          run.deals.push(...finished.slice(counted));
          counted = finished.length;
        }
      }
    }
    if (game.isOver(state)) run.finishedMatches++;
    run.records.push(record);
  }
  run.deals.length = Math.min(run.deals.length, deals);
  return run;
}

/** Averages of the numeric fields and rates of the boolean fields that the deal results share. */
export function summarize(deals: readonly object[]): Record<string, number> {
  const sums: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (const d of deals) {
    for (const [k, v] of Object.entries(d)) {
      if (typeof v === 'number' || typeof v === 'boolean') {
        sums[k] = (sums[k] ?? 0) + Number(v);
        counts[k] = (counts[k] ?? 0) + 1;
      }
    }
  }
  return Object.fromEntries(
    Object.keys(sums).map((k) => [k, Math.round((sums[k] / counts[k]) * 1000) / 1000]),
  );
}

export const selfplayCommand: Command = {
  summary: 'selfplay --game G [--players N] [--preset P] --deals N --seed S [--out DIR] — random legal play',
  async run(args, out) {
    const opts = parseOptions(args, ['game', 'players', 'preset', 'deals', 'seed', 'out']);
    if (!opts.ok) {
      printJson(out, { error: { code: 'usage', reason: opts.reason } });
      return 2;
    }
    const { options } = opts;
    const game = gameById(options.game ?? '');
    if (!game) {
      printJson(out, { error: { code: 'usage', reason: `--game must name an available game` } });
      return 2;
    }
    const players = intOption(options, 'players', DEFAULT_PLAYERS[game.id], 2);
    const deals = intOption(options, 'deals', 100, 1);
    if (typeof players === 'string' || typeof deals === 'string') {
      printJson(out, {
        error: { code: 'usage', reason: String(typeof players === 'string' ? players : deals) },
      });
      return 2;
    }
    const config = { players, ...(options.preset ? { preset: options.preset } : {}) };
    const parsed = game.parseConfig(config);
    if (!parsed.ok) {
      printJson(out, { error: parsed.error });
      return 1;
    }
    const seed = options.seed ?? '1';
    const started = performance.now();
    const run = selfplay({ game, config, deals, seed });
    const seconds = (performance.now() - started) / 1000;
    if (options.out) {
      await mkdir(options.out, { recursive: true });
      for (let i = 0; i < run.records.length; i++) {
        await writeFile(
          join(options.out, `${game.id}-${seed}-${i}.json`),
          `${JSON.stringify(run.records[i], null, 1)}\n`,
        );
      }
    }
    printJson(out, {
      game: game.id,
      config,
      seed,
      deals: run.deals.length,
      matches: run.matches,
      finishedMatches: run.finishedMatches,
      actions: run.actions,
      seconds: Math.round(seconds * 1000) / 1000,
      averages: summarize(run.deals),
      ...(options.out ? { written: run.records.length, out: options.out } : {}),
    });
    return 0;
  },
};

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AnyGame,
  DEFAULT_PLAYERS,
  type GameId,
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

interface SelfplayOptions {
  game: AnyGame;
  config: unknown;
  deals: number;
  seed: string;
}

interface SelfplayRun {
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

type Deal = Record<string, unknown>;
const mean = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000;
const rate = (deals: readonly Deal[], f: (d: Deal) => boolean): number =>
  mean(deals.map((d) => (f(d) ? 1 : 0)));
const sum = (xs: unknown): number => (xs as number[]).reduce((a, b) => a + b, 0);

/** Statistics of finished deals that a player of each game would ask for. */
const SUMMARIES: Readonly<Record<GameId, (deals: readonly Deal[]) => Record<string, number>>> = {
  klapperjas: (deals) => ({
    declarerWon: rate(deals, (d) => d.won === true),
    orgi: rate(deals, (d) => d.kind === 'orgi'),
    kleines: rate(deals, (d) => d.kind === 'kleines'),
    besser: rate(deals, (d) => d.besser === true),
    kontra: rate(deals, (d) => d.kontra !== null),
    re: rate(deals, (d) => d.re !== null),
    meldsCounted: rate(deals, (d) => (d.melds as unknown[]).length > 0),
    belle: rate(deals, (d) => (d.belle as unknown[]).length > 0),
    gamePoints: mean(deals.map((d) => d.gamePoints as number)),
  }),
  differenzler: (deals) => ({
    difference: mean(deals.map((d) => sum(d.differences) / 4)),
    estimate: mean(deals.map((d) => sum(d.estimates) / 4)),
    exactHits: rate(deals, (d) => (d.differences as number[]).includes(0)),
  }),
  klaberjass: (deals) => ({
    makerScored: rate(deals, (d) => (d.scored as number[])[d.maker as number] > 0),
    sequencesCounted: rate(deals, (d) => (d.sequences as { seat: unknown }).seat !== null),
    bella: rate(deals, (d) => d.bella !== null),
    thrownInBefore: mean(deals.map((d) => d.thrownIn as number)),
    scoredPerDeal: mean(deals.map((d) => sum(d.scored))),
  }),
  doppelkopf: (deals) => {
    const kind = (d: Deal) => (d.contract as { kind: string }).kind;
    const items = (d: Deal) => d.items as { kind: string }[];
    return {
      normal: rate(deals, (d) => kind(d) === 'normal'),
      silentSolo: rate(deals, (d) => kind(d) === 'silent-solo'),
      hochzeit: rate(deals, (d) => kind(d) === 'hochzeit'),
      solo: rate(deals, (d) => kind(d) === 'solo'),
      armut: rate(deals, (d) => kind(d) === 'armut'),
      redeal: rate(deals, (d) => kind(d) === 'redeal'),
      reWon: rate(deals, (d) => d.winner === 're'),
      announced: rate(deals, (d) => ((d.announcements as unknown[] | undefined) ?? []).length > 0),
      specialPoints: mean(
        deals.map(
          (d) => items(d).filter((i) => ['fuchsGefangen', 'doppelkopf', 'karlchen'].includes(i.kind)).length,
        ),
      ),
      reCardPoints: mean(deals.map((d) => (d.cardPoints as { re: number } | undefined)?.re ?? 0)),
      highestScore: mean(deals.map((d) => Math.max(...(d.score as number[])))),
    };
  },
};

/** Game-specific statistics of the deals (a new game's entry is a compile error until written). */
export const summarize = (game: GameId, deals: readonly object[]): Record<string, number> =>
  SUMMARIES[game](deals as Deal[]);

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
      statistics: summarize(game.id, run.deals),
      ...(options.out ? { written: run.records.length, out: options.out } : {}),
    });
    return 0;
  },
};

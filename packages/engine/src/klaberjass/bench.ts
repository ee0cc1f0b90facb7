/**
 * Random self-play through the public `Game` API: deals per second. Every deal is a fresh chance deal, then
 * random legal actions until the deal ends (played or thrown in). Run:
 * `node packages/engine/src/klaberjass/bench.ts [seconds]`.
 */
import type { Rng } from '../core/rng.ts';
import { seeded } from '../core/rng.ts';
import { klaberjass } from './game.ts';
import type { KlaberjassState } from './types.ts';

/**
 * Milliseconds of this process's CPU time where the platform tells it (Node), else of wall time: on a busy
 * machine CPU time measures what one core does.
 */
const cpu = globalThis.process?.cpuUsage;
const clock = (): number => {
  if (!cpu) return performance.now();
  const u = cpu();
  return (u.user + u.system) / 1000;
};

export interface BenchResult {
  /** Deals dealt per CPU second (played or thrown in). */
  readonly dealsPerSecond: number;
  /** Deals played to the last trick per CPU second. */
  readonly playedPerSecond: number;
  /** Actions applied per CPU second. */
  readonly actionsPerSecond: number;
}

/** Random self-play for about `seconds`: every deal a fresh chance deal, then random legal actions. */
export function benchKlaberjassDetail(seconds = 1, seed = 'bench'): BenchResult {
  const game = klaberjass;
  const rng: Rng = seeded(seed);
  const config = game.parseConfig({ players: 2 });
  if (!config.ok) throw new Error(config.error.reason);
  let state: KlaberjassState = game.start(config.value, 0);
  let deals = 0;
  let played = 0;
  let actions = 0;
  const t0 = clock();
  const end = t0 + seconds * 1000;
  for (;;) {
    for (let k = 0; k < 1024; k++) {
      if (game.isOver(state)) state = game.start(config.value, deals & 1);
      const dealt = game.applyDeal(state, game.randomDeal(state, rng));
      if (!dealt.ok) throw new Error(dealt.error.reason);
      state = dealt.value;
      while (!game.awaitsDeal(state) && !game.isOver(state)) {
        const seat = game.toAct(state)[0];
        const legal = game.legalActions(state, seat);
        const next = game.apply(state, seat, legal[rng.int(legal.length)]);
        if (!next.ok) throw new Error(next.error.reason);
        state = next.value;
        actions++;
      }
      deals++;
      if (state.m.throwIn === null) played++;
    }
    const now = clock();
    if (now >= end) {
      const per = 1000 / (now - t0);
      return { dealsPerSecond: deals * per, playedPerSecond: played * per, actionsPerSecond: actions * per };
    }
  }
}

/** Random self-play deals per second through the public API (see `benchKlaberjassDetail`). */
export const benchKlaberjass = (seconds = 1, seed = 'bench'): number =>
  benchKlaberjassDetail(seconds, seed).dealsPerSecond;

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 2);
  const r = benchKlaberjassDetail(seconds);
  console.log(
    `klaberjass: ${Math.round(r.dealsPerSecond)} deals/s (${Math.round(r.playedPerSecond)} played to the end), ${Math.round(r.actionsPerSecond)} actions/s`,
  );
}

/**
 * Random self-play through the public `Game` API: rounds (deals) per second on one core. Every step asks
 * `toAct`, `legalActions` and `apply` as a table would; chance comes from `randomDeal`/`applyDeal`.
 */
import { seeded } from '../core/rng.ts';
import { differenzler as G } from './game.ts';
import type { DifferenzlerState } from './state.ts';

export function benchDifferenzler(seconds: number, seed = 'bench'): number {
  const parsed = G.parseConfig({ players: 4 });
  if (!parsed.ok) throw new Error(parsed.error.reason);
  const config = parsed.value;
  const rng = seeded(seed);
  let state: DifferenzlerState = G.start(config, 0);
  let rounds = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  let now = t0;
  while (now < until) {
    for (let k = 0; k < 1000; k++) {
      if (G.isOver(state)) state = G.start(config, rounds % 4);
      if (G.awaitsDeal(state)) {
        const next = G.applyDeal(state, G.randomDeal(state, rng));
        if (!next.ok) throw new Error(next.error.reason);
        state = next.value;
        rounds++;
        continue;
      }
      const seats = G.toAct(state);
      const seat = seats.length === 1 ? seats[0] : seats[rng.int(seats.length)];
      const legal = G.legalActions(state, seat);
      const next = G.apply(state, seat, legal[rng.int(legal.length)]);
      if (!next.ok) throw new Error(next.error.reason);
      state = next.value;
    }
    now = performance.now();
  }
  return rounds / ((now - t0) / 1000);
}

/** Random self-play speed through the public API (for `npm run bench`; not a test). */
import type { Seat } from '../core/game.ts';
import { unwrap } from '../core/result.ts';
import { seeded } from '../core/rng.ts';
import { klapperjas as G } from './index.ts';
import type { KlapperjasAction, KlapperjasState } from './state.ts';

export interface KlapperjasBench {
  readonly players: number;
  /** Complete deals played (thrown-in deals are played but not counted). */
  readonly deals: number;
  /** Deals per second of wall time. */
  readonly dealsPerSecond: number;
  /** Deals per second of this process's CPU time (Node only; equals the wall figure elsewhere). */
  readonly dealsPerCpuSecond: number;
  readonly actionsPerDeal: number;
  /** Nanoseconds per call over sampled states of the same games. */
  readonly legalActionsNs: number;
  readonly applyNs: number;
}

const proc = (globalThis as { process?: { cpuUsage(): { user: number; system: number } } }).process;
const cpuMs = (): number => {
  if (!proc) return performance.now();
  const u = proc.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Plays complete deals (bidding, melds, play, scoring) for about `seconds`: random deals, random legal
 * actions, optional callers (Kontra/Re) now and then as core/play.ts chooses them.
 */
export function benchKlapperjas(seconds = 1, players: 2 | 3 | 4 = 4): KlapperjasBench {
  const rng = seeded('bench');
  const cfg = unwrap(G.parseConfig({ players }));
  let state: KlapperjasState = G.start(cfg, 0);
  let deals = 0;
  let actions = 0;
  const sample: { s: KlapperjasState; seat: Seat; a: KlapperjasAction }[] = [];
  const t0 = performance.now();
  const c0 = cpuMs();
  const end = t0 + seconds * 1000;
  let now = t0;
  while (now < end) {
    for (let k = 0; k < 500; k++) {
      if (state.phase === 'over') state = G.start(cfg, 0);
      if (G.awaitsDeal(state)) {
        state = unwrap(G.applyDeal(state, G.randomDeal(state, rng)));
        continue;
      }
      const seats = G.toAct(state);
      let seat = seats[0];
      if (seats.length > 1 && rng.int(10) === 0) seat = seats[1 + rng.int(seats.length - 1)];
      const legal = G.legalActions(state, seat);
      const a = legal[rng.int(legal.length)];
      if (sample.length < 4096 && actions % 7 === 0) sample.push({ s: state, seat, a });
      const r = G.apply(state, seat, a);
      if (!r.ok) throw new Error(r.error.reason);
      // A finished deal makes a new match record.
      if (r.value.m !== state.m) deals++;
      state = r.value;
      actions++;
    }
    now = performance.now();
  }
  const wall = (now - t0) / 1000;
  const cpu = (cpuMs() - c0) / 1000;
  const reps = 20;
  let sink = 0;
  let t = cpuMs();
  for (let i = 0; i < reps; i++) for (const x of sample) sink += G.legalActions(x.s, x.seat).length;
  const legalNs = ((cpuMs() - t) * 1e6) / (reps * sample.length);
  t = cpuMs();
  for (let i = 0; i < reps; i++) for (const x of sample) sink += G.apply(x.s, x.seat, x.a).ok ? 1 : 0;
  const applyNs = ((cpuMs() - t) * 1e6) / (reps * sample.length);
  if (sink < 0) throw new Error('unreachable');
  return {
    players,
    deals,
    dealsPerSecond: Math.round(deals / wall),
    dealsPerCpuSecond: Math.round(deals / cpu),
    actionsPerDeal: Math.round((10 * actions) / Math.max(1, deals)) / 10,
    legalActionsNs: Math.round(legalNs),
    applyNs: Math.round(applyNs),
  };
}

/**
 * Perfect-information Monte Carlo: deal the unseen cards many times consistently with what the seat
 * knows, solve each deal double dummy, and score each legal card by its average value. Budgets are
 * counted in solver nodes, not time, so a decision is the same on every machine for a given seed.
 */
import type { Card, Rng } from '@stich/engine';
import { NodeLimit, Solver } from '../solver/search.ts';
import { exclusions, type PlayContext, problemFor, sampleHands } from './context.ts';

export interface Budget {
  /** Most deals sampled. */
  readonly samples: number;
  /** Nodes for the whole decision; sampling stops once they are spent. */
  readonly nodes: number;
  /** Nodes one deal may take; a deal that needs more is dropped. */
  readonly perSample: number;
  /** After a dropped deal: sample on (true) or stop (false, the default). */
  readonly skip?: boolean;
  /**
   * From `after` solved deals on, a card is no longer solved once it is clearly worse than the best:
   * the mean of its paired loss against the best card (same deals) exceeds `z` standard errors.
   */
  readonly prune?: { readonly after: number; readonly z: number };
}

export const DEFAULT_BUDGET: Budget = {
  samples: 32,
  nodes: 1_500_000,
  perSample: 400_000,
  prune: { after: 6, z: 2 },
};

let shared: Solver | undefined;
/** One solver (and table) per thread. */
export const solver = (): Solver => {
  shared ??= new Solver(18);
  return shared;
};

export interface Estimate {
  /** Sum of values by card over `samples` solved deals. */
  readonly totals: Map<Card, number>;
  readonly samples: number;
  /** Solver nodes spent, and of them the nodes of deals dropped at their node limit. */
  readonly nodes: number;
  readonly wasted: number;
}

/** Average double-dummy value of each legal card; `samples` is 0 when no deal could be solved in budget. */
export function pimc(
  ctx: PlayContext,
  legal: readonly Card[],
  rng: Rng,
  budget: Budget = DEFAULT_BUDGET,
  onSample?: (values: Map<Card, number>) => void,
): Estimate {
  const s = solver();
  const excl = exclusions(ctx);
  const totals = new Map<Card, number>();
  for (const c of legal) totals.set(c, 0);
  // Cards still solved, their values per solved deal, and the deals a dropped card was solved in.
  const live = new Set(legal);
  const history = new Map<Card, number[]>();
  for (const c of legal) history.set(c, []);
  const solvedIn = new Map<Card, number>();
  let samples = 0;
  let spent = 0;
  let wasted = 0;
  while (samples < budget.samples && spent < budget.nodes) {
    const hands = sampleHands(ctx, rng, excl);
    s.load(problemFor(ctx, hands));
    s.nodes = 0;
    s.nodeLimit = Math.min(budget.perSample, budget.nodes - spent + budget.perSample / 4);
    let values: Map<Card, number>;
    try {
      values = s.moveValues(live.size < legal.length ? live : undefined);
    } catch (e) {
      if (!(e instanceof NodeLimit)) throw e;
      spent += s.nodes;
      wasted += s.nodes;
      s.nodeLimit = Number.POSITIVE_INFINITY;
      if (budget.skip) continue;
      break;
    }
    spent += s.nodes;
    s.nodeLimit = Number.POSITIVE_INFINITY;
    if (![...live].every((c) => values.has(c)))
      throw new Error(`solver and engine disagree on legal cards: ${legal} vs ${[...values.keys()]}`);
    for (const c of live) {
      totals.set(c, totals.get(c)! + values.get(c)!);
      history.get(c)!.push(values.get(c)!);
    }
    onSample?.(values);
    samples++;
    if (budget.prune && samples >= budget.prune.after && live.size > 1)
      prune(live, history, budget.prune.z, (c) => solvedIn.set(c, samples));
  }
  // A dropped card's total is scaled to all deals, so that totals compare as averages, and kept below
  // the best card still solved (it was dropped as clearly worse; a later run of bad deals for the best
  // card must not bring it back on fewer deals).
  let bestLive = Number.NEGATIVE_INFINITY;
  for (const c of live) bestLive = Math.max(bestLive, totals.get(c)!);
  for (const [c, n] of solvedIn) totals.set(c, Math.min((totals.get(c)! * samples) / n, bestLive - 1));
  return { totals, samples, nodes: spent, wasted };
}

/** Drops from `live` every card whose paired loss against the best live card is `z` standard errors above 0. */
function prune(live: Set<Card>, history: Map<Card, number[]>, z: number, drop: (c: Card) => void): void {
  let best: Card | undefined;
  let bestSum = Number.NEGATIVE_INFINITY;
  for (const c of live) {
    const sum = history.get(c)!.reduce((a, x) => a + x, 0);
    if (sum > bestSum) {
      best = c;
      bestSum = sum;
    }
  }
  const hb = history.get(best!)!;
  const n = hb.length;
  for (const c of [...live]) {
    if (c === best) continue;
    const hc = history.get(c)!;
    let m = 0;
    for (let i = 0; i < n; i++) m += hb[i] - hc[i];
    m /= n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (hb[i] - hc[i] - m) ** 2;
    v /= n - 1;
    if (m > 0 && m > z * Math.sqrt(v / n)) {
      live.delete(c);
      drop(c);
    }
  }
}

/** The card with the best average; ties go to `prefer` (the rule player's card), then the first listed. */
export function bestCard(est: Estimate, legal: readonly Card[], prefer: Card): Card {
  let best = prefer;
  let bestV = est.totals.get(prefer)!;
  for (const c of legal) {
    const v = est.totals.get(c)!;
    if (v > bestV) {
      best = c;
      bestV = v;
    }
  }
  return best;
}

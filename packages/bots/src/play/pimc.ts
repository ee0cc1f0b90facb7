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
}

export const DEFAULT_BUDGET: Budget = { samples: 24, nodes: 250_000, perSample: 120_000 };

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
  let samples = 0;
  let spent = 0;
  let wasted = 0;
  for (let i = 0; i < budget.samples && spent < budget.nodes; i++) {
    const hands = sampleHands(ctx, rng, excl);
    s.load(problemFor(ctx, hands));
    s.nodes = 0;
    s.nodeLimit = Math.min(budget.perSample, budget.nodes - spent + budget.perSample / 4);
    let values: Map<Card, number>;
    try {
      values = s.moveValues();
    } catch (e) {
      if (!(e instanceof NodeLimit)) throw e;
      spent += s.nodes;
      wasted += s.nodes;
      s.nodeLimit = Number.POSITIVE_INFINITY;
      break;
    }
    spent += s.nodes;
    s.nodeLimit = Number.POSITIVE_INFINITY;
    if (!legal.every((c) => values.has(c)))
      throw new Error(`solver and engine disagree on legal cards: ${legal} vs ${[...values.keys()]}`);
    for (const c of legal) totals.set(c, totals.get(c)! + values.get(c)!);
    onSample?.(values);
    samples++;
  }
  return { totals, samples, nodes: spent, wasted };
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

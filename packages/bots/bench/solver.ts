/**
 * Solver benchmark: full deals solved from the first card, trump known, every hand open.
 * Run: node packages/bots/bench/solver.ts [deals] [game|all] [method=mtdf|ab] (no arguments: DEFAULT_RUN)
 * Times are the CPU time of each solve (one core), so that other load on the machine does not count.
 */
import type { Card } from '@stich/engine';
import { DECK32, DECK36, seeded, shuffle } from '@stich/engine';
import { DIFFERENZLER, type GameRules, JAS32, type Objective } from '../src/solver/model.ts';
import { Solver } from '../src/solver/search.ts';

interface Case {
  readonly name: string;
  readonly rules: GameRules;
  readonly deck: readonly Card[];
  readonly party: readonly number[];
  readonly size: number;
  readonly objective: Objective;
}

const CASES: readonly Case[] = [
  {
    name: 'klapperjas-4p',
    rules: JAS32,
    deck: DECK32,
    party: [0, 1, 0, 1],
    size: 8,
    objective: 'difference',
  },
  { name: 'klapperjas-3p', rules: JAS32, deck: DECK32, party: [1, 0, 1], size: 9, objective: 'difference' },
  { name: 'klaberjass-2p', rules: JAS32, deck: DECK32, party: [0, 1], size: 9, objective: 'difference' },
  {
    name: 'differenzler',
    rules: DIFFERENZLER,
    deck: DECK36,
    party: [0, 1, 1, 1],
    size: 9,
    objective: 'difference',
  },
  {
    name: 'differenzler-target',
    rules: DIFFERENZLER,
    deck: DECK36,
    party: [0, 1, 1, 1],
    size: 9,
    objective: 'target',
  },
  // After three tricks (6 cards each): where PIMC starts to solve Differenzler deals within budget.
  {
    name: 'differenzler-6',
    rules: DIFFERENZLER,
    deck: DECK36,
    party: [0, 1, 1, 1],
    size: 6,
    objective: 'difference',
  },
  {
    name: 'differenzler-6-target',
    rules: DIFFERENZLER,
    deck: DECK36,
    party: [0, 1, 1, 1],
    size: 6,
    objective: 'target',
  },
];

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

export function benchSolver(deals: number, only?: string, method = 'mtdf'): object[] {
  const out: object[] = [];
  const solver = new Solver(20);
  for (const c of CASES) {
    if (only && only !== 'all' && c.name !== only) continue;
    const rng = seeded(`bench-${c.name}`);
    const times: number[] = [];
    const nodes: number[] = [];
    for (let i = 0; i < deals; i++) {
      const cards = shuffle(c.deck, rng);
      const hands = c.party.map((_, q) => cards.slice(q * c.size, (q + 1) * c.size));
      const trump = rng.int(4);
      solver.load({
        rules: c.rules,
        trump,
        hands,
        trick: [],
        leader: 0,
        party: c.party,
        objective: c.objective,
        need: 40 + rng.int(40),
      });
      solver.nodes = 0;
      // CPU time of this thread, not wall time: the figure stays meaningful on a shared machine.
      const t0 = process.cpuUsage();
      if (method === 'ab') solver.solveAlphaBeta();
      else solver.solve();
      const t = process.cpuUsage(t0);
      times.push((t.user + t.system) / 1000);
      nodes.push(solver.nodes);
    }
    const r = {
      game: c.name,
      deals,
      method,
      medianMs: +pct(times, 0.5).toFixed(2),
      p95Ms: +pct(times, 0.95).toFixed(2),
      maxMs: +Math.max(...times).toFixed(2),
      medianNodes: pct(nodes, 0.5),
      p95Nodes: pct(nodes, 0.95),
    };
    console.log(JSON.stringify(r));
    out.push(r);
  }
  return out;
}

/** What `npm run bench` solves: full deals of the 32-card games; Differenzler from the fourth trick (full
 * 36-card deals take seconds each: name `differenzler` or `differenzler-target` to run them). */
const DEFAULT_RUN: readonly [string, number][] = [
  ['klapperjas-4p', 200],
  ['klapperjas-3p', 200],
  ['klaberjass-2p', 200],
  ['differenzler-6', 100],
  ['differenzler-6-target', 100],
];

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.length > 2) benchSolver(Number(process.argv[2]), process.argv[3], process.argv[4]);
  else for (const [name, deals] of DEFAULT_RUN) benchSolver(deals, name);
}

/**
 * PIMC decisions of the first tricks on fixed seeded positions: samples finished per decision, solver
 * nodes (spent, and wasted on deals dropped at their limit) and CPU ms. Every seat plays by rule, so
 * the positions are the same whatever the solver does; at each card decision of the first `tricks`
 * tricks with two or more distinct cards the search player's PIMC runs once (as `playSearch` calls it).
 * Run: node packages/bots/bench/decisions.ts game players deals seed [tricks]
 *   [samples nodes perSample [skip|stop] [pruneAfter z]] (budget; none: DEFAULT_BUDGET; `inf` for no node limit)
 * With a fixed sample count and no node limits, `check` (the sum of all values) must stay the same
 * under any exact solver change.
 */
import type { AnyGame, BaseOutcome, Card, GameId } from '@stich/engine';
import { gameById, seeded, unwrap } from '@stich/engine';
import type { DifferenzlerView } from '@stich/engine/differenzler/index';
import type { KlaberjassView } from '@stich/engine/klaberjass/index';
import type { KlapperjasView } from '@stich/engine/klapperjas/index';
import { contextOf as differenzlerCtx } from '../src/games/differenzler.ts';
import { contextOf as klaberjassCtx } from '../src/games/klaberjass.ts';
import { contextOf as klapperjasCtx } from '../src/games/klapperjas.ts';
import { decide, requestFor } from '../src/index.ts';
import type { PlayContext } from '../src/play/context.ts';
import { type Budget, DEFAULT_BUDGET, pimc } from '../src/play/pimc.ts';

const [game = 'klapperjas', players = '4', deals = '20', seed = 'd1', tricksArg = '3', ...b] =
  process.argv.slice(2);
const num = (x: string | undefined, d: number) =>
  x === undefined ? d : x === 'inf' ? Number.POSITIVE_INFINITY : Number(x);
const budget: Budget =
  b.length === 0
    ? DEFAULT_BUDGET
    : {
        samples: num(b[0], DEFAULT_BUDGET.samples),
        nodes: num(b[1], DEFAULT_BUDGET.nodes),
        perSample: num(b[2], DEFAULT_BUDGET.perSample),
        skip: b[3] === 'skip',
        prune: b[4] ? { after: Number(b[4]), z: Number(b[5] ?? 2) } : undefined,
      };
const maxTricks = Number(tricksArg);

function contextOf(view: unknown, seat: number): PlayContext | undefined {
  const v = view as { phase: string; tricks: readonly unknown[] };
  if (v.phase !== 'play' || v.tricks.length >= maxTricks) return undefined;
  if (game === 'klapperjas') return klapperjasCtx(view as KlapperjasView, seat);
  if (game === 'klaberjass') return klaberjassCtx(view as KlaberjassView, seat);
  return differenzlerCtx(view as DifferenzlerView, seat);
}

interface Row {
  trick: number;
  samples: number;
  nodes: number;
  wasted: number;
  ms: number;
}
const rows: Row[] = [];
let check = 0;
const g = gameById(game as GameId) as AnyGame;
for (let d = 0; d < Number(deals); d++) {
  const s = `${seed}/${d}`;
  let state = g.start(unwrap(g.parseConfig({ players: Number(players) })), 0);
  const dealRng = seeded(`${s}/deal`);
  const before = (g.outcome(state) as BaseOutcome).deals.length;
  for (let step = 0; step < 10_000; step++) {
    if ((g.outcome(state) as BaseOutcome).deals.length > before) break;
    if (g.awaitsDeal(state)) {
      state = unwrap(g.applyDeal(state, g.randomDeal(state, dealRng)));
      continue;
    }
    const seat = g.toAct(state)[0]!;
    const req = requestFor(game as GameId, state, seat, 'rule', `${s}/${step}`);
    const ctx = contextOf(req.view, seat);
    const cards = [
      ...new Set(
        (req.legal as { t: string; card?: Card }[]).filter((a) => a.t === 'play').map((a) => a.card!),
      ),
    ];
    if (ctx && cards.length > 1) {
      const t0 = process.cpuUsage();
      const est = pimc(ctx, cards, seeded(`${s}/${step}/pimc`), budget);
      const t = process.cpuUsage(t0);
      for (const v of est.totals.values()) check += v;
      rows.push({
        trick: ctx.tricks.length,
        samples: est.samples,
        nodes: est.nodes,
        wasted: est.wasted,
        ms: (t.user + t.system) / 1000,
      });
    }
    state = unwrap(g.apply(state, seat, decide(req)));
  }
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const r2 = (x: number) => Math.round(x * 100) / 100;
for (let t = 0; t < maxTricks; t++) {
  const rs = rows.filter((r) => r.trick === t);
  const sm = rs.map((r) => r.samples);
  const nodes = rs.reduce((a, r) => a + r.nodes, 0);
  const wasted = rs.reduce((a, r) => a + r.wasted, 0);
  console.log(
    JSON.stringify({
      game,
      players: Number(players),
      trick: t + 1,
      decisions: rs.length,
      samples: {
        zero: sm.filter((x) => x === 0).length,
        atLeast30: sm.filter((x) => x >= 30).length,
        min: pct(sm, 0),
        p10: pct(sm, 0.1),
        p50: pct(sm, 0.5),
        p90: pct(sm, 0.9),
        max: pct(sm, 1),
        mean: r2(sm.reduce((a, x) => a + x, 0) / Math.max(1, sm.length)),
      },
      nodesPerSample: Math.round(
        (nodes - wasted) /
          Math.max(
            1,
            sm.reduce((a, x) => a + x, 0),
          ),
      ),
      wastedShare: r2(wasted / Math.max(1, nodes)),
      ms: {
        p50: r2(
          pct(
            rs.map((r) => r.ms),
            0.5,
          ),
        ),
        max: r2(
          pct(
            rs.map((r) => r.ms),
            1,
          ),
        ),
      },
    }),
  );
}
console.log(JSON.stringify({ budget, check }));

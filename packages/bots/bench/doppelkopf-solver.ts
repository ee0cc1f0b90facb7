/**
 * Doppelkopf solver benchmark: random deals of `preset` (ddv: 48 cards, house: 40) cut to `tricks` cards per
 * hand, every hand open, normal game (Re = the Kreuz-Damen holders), forehand leads; each solved exactly by
 * MTD(f) and by full-window alpha-beta, with a node cap (a deal over it counts as unsolved).
 * Run: node packages/bots/bench/doppelkopf-solver.ts [preset=ddv] [tricks=8] [deals=20] [cap=20000000]
 * Times are CPU time of each solve (one core).
 */
import { seeded, shuffle } from '@stich/engine';
import { CQ, HT, isTrump, KINDS } from '../src/doppelkopf/model.ts';
import { DkSolver, NodeLimit } from '../src/doppelkopf/solver.ts';

const preset = process.argv[2] ?? 'ddv';
const tricks = Number(process.argv[3] ?? 8);
const deals = Number(process.argv[4] ?? 20);
const cap = Number(process.argv[5] ?? 20_000_000);
const nines = preset === 'ddv';
const solver = new DkSolver(20);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

for (const method of ['mtdf', 'ab'] as const) {
  const ms: number[] = [];
  const nodes: number[] = [];
  let unsolved = 0;
  for (let d = 0; d < deals; d++) {
    const rng = seeded(`dk-bench/${preset}/${d}`);
    const deck: number[] = [];
    for (let k = 0; k < KINDS; k++) if (nines || k % 6 !== 0) deck.push(k, k);
    const cards = shuffle(deck, rng);
    const per = cards.length / 4;
    const one = [0, 0, 0, 0];
    const two = [0, 0, 0, 0];
    let re = 0;
    for (let p = 0; p < 4; p++)
      for (let i = 0; i < tricks; i++) {
        const k = cards[p * per + i];
        if ((one[p] >> k) & 1) two[p] |= 1 << k;
        else one[p] |= 1 << k;
        if (k === CQ) re |= 1 << p;
      }
    if (re === 0) re = 1;
    solver.clear();
    solver.load({
      order: 0,
      dulleSecond: !nines && isTrump(0, HT),
      pigSeat: -1,
      one,
      two,
      leader: 0,
      trick: [],
      re,
      hochzeit: -1,
      tricksDone: 0,
    });
    solver.nodes = 0;
    solver.nodeLimit = cap;
    const t0 = process.cpuUsage();
    try {
      if (method === 'mtdf') solver.mtdf();
      else solver.value();
      const t = process.cpuUsage(t0);
      ms.push((t.user + t.system) / 1000);
      nodes.push(solver.nodes);
    } catch (e) {
      if (!(e instanceof NodeLimit)) throw e;
      unsolved++;
    }
    solver.nodeLimit = Number.POSITIVE_INFINITY;
  }
  console.log(
    JSON.stringify({
      preset,
      tricks,
      method,
      deals,
      solved: ms.length,
      unsolved,
      cap,
      ms: { p50: pct(ms, 0.5), p95: pct(ms, 0.95), max: pct(ms, 1) },
      nodes: { p50: pct(nodes, 0.5), p95: pct(nodes, 0.95) },
    }),
  );
}

/**
 * Search-level decision times in Doppelkopf, only where there is a real choice (two or more legal card
 * kinds, or an announcement open): all four seats `search`, `deals` deals of `preset`.
 * Run: node packages/bots/bench/doppelkopf-decisions.ts [preset=ddv] [deals=10]
 * CPU time per decision (one core), so other load on the machine does not count.
 */
import { gameById, seeded, unwrap } from '@stich/engine';
import { decide, requestFor } from '../src/index.ts';

const preset = process.argv[2] ?? 'ddv';
const deals = Number(process.argv[3] ?? 10);
const g = gameById('doppelkopf')!;
const byKind: Record<string, number[]> = { play: [], announce: [] };
for (let d = 0; d < deals; d++) {
  let s = g.start(unwrap(g.parseConfig({ players: 4, preset })), d % 4);
  s = unwrap(g.applyDeal(s, g.randomDeal(s, seeded(`dk-decisions/${preset}/${d}`))));
  for (let i = 0; i < 1000 && g.outcome(s).deals.length === 0 && !g.awaitsDeal(s); i++) {
    const seat = g.toAct(s)[0];
    const legal = g.legalActions(s, seat) as readonly { t: string; card?: string }[];
    const cards = new Set(legal.filter((a) => a.t === 'play').map((a) => a.card));
    const real = g.phase(s) === 'play' && (cards.size > 1 || legal.some((a) => a.t === 'announce'));
    const t0 = process.cpuUsage();
    const a = decide(requestFor('doppelkopf', s, seat, 'search', `${d}/${i}`));
    const t = process.cpuUsage(t0);
    if (real)
      (legal.some((x) => x.t === 'announce') ? byKind.announce : byKind.play).push(
        (t.user + t.system) / 1000,
      );
    s = unwrap(g.apply(s, seat, a));
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 10) / 10;
};
for (const [k, xs] of Object.entries(byKind))
  console.log(
    JSON.stringify({
      preset,
      deals,
      decisions: k === 'play' ? 'cards only' : 'announcement open',
      n: xs.length,
      p50: pct(xs, 0.5),
      p99: pct(xs, 0.99),
      max: pct(xs, 1),
    }),
  );

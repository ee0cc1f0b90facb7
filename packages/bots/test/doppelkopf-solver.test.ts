/**
 * The Doppelkopf solver against brute force over the engine itself (an equivalence test): end positions of
 * random deals of both presets (first and second Dulle rule, with and without nines, solos included), with
 * the open trick at any stage; the solver's value of every legal card must equal a plain minimax that plays
 * the engine's legal cards (Re maximising its card points, Kontra minimising them) to the end of the deal
 * and reads Re's card points from the engine's result.
 */
import type { Card, Rng } from '@stich/engine';
import { gameById, SPECTATOR, seeded, unwrap } from '@stich/engine';
import { type DoppelkopfState, type DoppelkopfView, handWords } from '@stich/engine/doppelkopf/index';
import { describe, expect, it } from 'vitest';
import { HT, isTrump, KINDS, kindOf } from '../src/doppelkopf/model.ts';
import { DkSolver } from '../src/doppelkopf/solver.ts';

const g = gameById('doppelkopf')!;
type S = DoppelkopfState;
type Act = { t: string; card?: Card; game?: string };

/** A random deal played at random (no announcements) to a point with `left` tricks and `open` cards of the next. */
function position(preset: string, rng: Rng, left: number, open: number, solo: boolean): S {
  const options = preset === 'house' ? { schwein: 'off' as const } : {};
  let s = g.start(unwrap(g.parseConfig({ players: 4, preset, options })), rng.int(4)) as S;
  s = unwrap(g.applyDeal(s, g.randomDeal(s, rng))) as S;
  const total = preset === 'house' ? 10 : 12;
  const target = (total - left) * 4 + open;
  for (let i = 0; i < 500; i++) {
    if (s.phase === 'play' && s.played === target) return s;
    const seat = g.toAct(s)[0];
    const legal = g.legalActions(s, seat) as readonly Act[];
    let a: Act;
    if (s.phase === 'play') {
      const plays = legal.filter((x) => x.t === 'play');
      a = plays[rng.int(plays.length)];
    } else {
      const wanted = solo
        ? (legal.find((x) => x.t === 'declare' && x.game !== 'hochzeit' && x.game !== 'armut') ??
          legal.find((x) => x.t === 'solo' || x.t === 'reserve'))
        : undefined;
      a =
        wanted ?? legal.find((x) => x.t === 'healthy') ?? legal.filter((x) => x.t !== 'sick')[0] ?? legal[0];
    }
    s = unwrap(g.apply(s, seat, a as never)) as S;
  }
  throw new Error('no position');
}

/** Re's card points at the end of the deal under minimax over the engine. */
function minimax(s: S): number {
  if (s.phase !== 'play') {
    const o = g.outcome(s) as { deals: readonly { cardPoints: { re: number } }[] };
    return o.deals[o.deals.length - 1].cardPoints.re;
  }
  const seat = s.turn;
  const max = ((s.d.re >> seat) & 1) !== 0;
  let best = max ? -1 : 1000;
  const seen = new Set<string>();
  for (const a of g.legalActions(s, seat) as readonly Act[]) {
    if (a.t !== 'play' || seen.has(a.card!)) continue;
    seen.add(a.card!);
    const v = minimax(unwrap(g.apply(s, seat, a as never)) as S);
    best = max ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

/** Re's card points in the tricks finished so far (the spectator's view and the true parties). */
function reSoFar(s: S): number {
  const v = g.viewFor(s, SPECTATOR) as DoppelkopfView;
  let pts = 0;
  for (const t of v.tricks) if (((s.d.re >> t.winner!) & 1) !== 0) pts += t.points;
  return pts;
}

function problemOf(s: S) {
  const v = g.viewFor(s, SPECTATOR) as DoppelkopfView;
  const trick = v.trick ? v.trick.cards.map((p) => kindOf(p.card)) : [];
  const leader = v.trick ? v.trick.leader : v.tricks[v.tricks.length - 1].winner!;
  const mask = (1 << KINDS) - 1;
  return {
    order: s.d.order,
    dulleSecond: s.config.options.dulle === 'second' && isTrump(s.d.order, HT),
    pigSeat: -1,
    one: [0, 1, 2, 3].map((x) => handWords(s)[x] & mask),
    two: [0, 1, 2, 3].map((x) => handWords(s)[4 + x] & mask),
    leader,
    trick,
    re: s.d.re,
    hochzeit: -1,
    tricksDone: v.tricks.length,
  };
}

describe('Doppelkopf solver equals minimax over the engine', () => {
  const solver = new DkSolver(14);
  for (const preset of ['ddv', 'house'])
    it(`${preset}: 3 tricks left, the open trick at every stage, normal games and solos`, () => {
      const rng = seeded(`dk-solver/${preset}`);
      let checked = 0;
      for (let i = 0; i < 80; i++) {
        const s = position(preset, rng, 3, i % 4, i % 3 === 0);
        const p = problemOf(s);
        solver.load(p);
        const values = solver.moveValues();
        const base = reSoFar(s);
        const seat = s.turn;
        for (const a of g.legalActions(s, seat) as readonly Act[]) {
          if (a.t !== 'play') continue;
          const k = kindOf(a.card!);
          const truth = minimax(unwrap(g.apply(s, seat, a as never)) as S);
          expect(base + values.get(k)!, `${preset} #${i} ${a.card}`).toBe(truth);
          checked++;
        }
        // The position's value is the mover's best card.
        solver.load(p);
        const all = [...values.values()];
        const reMoves = ((s.d.re >> seat) & 1) !== 0;
        expect(solver.value()).toBe(reMoves ? Math.max(...all) : Math.min(...all));
        // Null windows around it give bounds on the right side (fail-soft).
        const exact = solver.value();
        expect(solver.value(exact, exact + 1)).toBeLessThanOrEqual(exact);
        expect(solver.value(exact - 1, exact)).toBeGreaterThanOrEqual(exact);
      }
      expect(checked).toBeGreaterThan(100);
    });
});

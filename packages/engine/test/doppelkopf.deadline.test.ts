/**
 * The deadline the view gives each call (deadline.ts) against the rule itself: over random deals of both
 * presets, a call the view says closes at "the second card of trick k" (004 "Verschärfen": Re/Kontra "vor
 * der zweiten Karte des zweiten Stichs", each level one trick later) or at "the seat's own card in trick k"
 * (DDV, by cards in hand) is allowed at every later position up to that moment and at none after it, when
 * nobody announces in between. The calls listed are exactly the announcements the seat is offered when it
 * may act.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CallDeadline,
  callDeadlines,
  type DoppelkopfAction,
  type DoppelkopfState,
  doppelkopf as G,
  toAct,
} from '../src/doppelkopf/index.ts';
import { type Rng, seeded, unwrap } from '../src/index.ts';

type S = DoppelkopfState;

/** A random state in the card play of a deal, reached with announcements now and then. */
function inPlay(preset: 'ddv' | 'house', seed: number, rng: Rng): S | null {
  const cfg = unwrap(G.parseConfig({ players: 4, preset, options: { games: 4 } }));
  let s: S = G.start(cfg, seed % 4);
  const stop = 4 + rng.int(36);
  for (let i = 0; i < 400 && !G.isOver(s); i++) {
    if (G.awaitsDeal(s)) {
      s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
      continue;
    }
    if (s.phase === 'play' && s.played >= stop % (preset === 'ddv' ? 48 : 40)) return s;
    const seat = s.turn;
    const legal = G.legalActions(s, seat);
    // Mostly gesund and cards, so that normal games with open deadlines come up.
    const healthy = legal.find((a) => a.t === 'healthy');
    const card = legal.filter((a) => a.t === 'play');
    const a =
      healthy && rng.int(6) > 0
        ? healthy
        : card.length > 0 && rng.int(8) > 0
          ? card[rng.int(card.length)]
          : legal[rng.int(legal.length)];
    s = unwrap(G.apply(s, seat, a as DoppelkopfAction));
  }
  return null;
}

/** Whether the position is still before the deadline `d` of `seat`. */
function before(s: S, seat: number, d: CallDeadline): boolean {
  if (d.before === 'second') return s.played <= 4 * (d.trick - 1) + 1;
  const n = s.config.options.nines ? 12 : 10;
  return G.viewFor(s, seat).handCounts[seat] >= n - d.trick + 1;
}

const calls = (s: S, seat: number): string[] =>
  G.legalActions(s, seat)
    .filter((a) => a.t === 'announce')
    .map((a) => (a as { call: string }).call);

describe.each(['ddv', 'house'] as const)('announcement deadlines in the view: %s', (preset) => {
  it('a call stays open exactly until the moment the view names, and the view lists the offered calls', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const rng = seeded(seed);
        let s = inPlay(preset, seed, rng);
        if (s === null) return;
        const seat = rng.int(4);
        const ds = callDeadlines(s, seat);
        if (toAct(s).includes(seat)) expect(ds.map((d) => d.call)).toEqual(calls(s, seat));
        expect(G.viewFor(s, seat).deadlines).toEqual(ds);
        if (ds.length === 0) return;
        // Play cards only (the seat to play its lowest-listed card) and watch each call open and close.
        const deal = s.m.deals;
        while (s.phase === 'play' && s.m.deals === deal) {
          const open = new Set(callDeadlines(s, seat).map((d) => d.call));
          for (const d of ds)
            expect(open.has(d.call), `${d.call} at card ${s.played}`).toBe(before(s, seat, d));
          checked++;
          const card: DoppelkopfAction | undefined = G.legalActions(s, s.turn).find((a) => a.t === 'play');
          if (!card) break;
          s = unwrap(G.apply(s, s.turn, card));
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DifferenzlerState, differenzler as G } from '../src/differenzler/index.ts';
import {
  type Action,
  type Card,
  DECK36,
  type GameRecord,
  newRecord,
  playRandomMatch,
  randomStep,
  replay,
  type Seat,
  seeded,
  unwrap,
} from '../src/index.ts';

const RUNS = 20;
const seeds = fc.string({ minLength: 1, maxLength: 12 });
const configOf = (rounds: number, undertrump: '002' | 'swiss' = '002') =>
  unwrap(G.parseConfig({ players: 4, options: { rounds, undertrump } }));

/** Cards still in `seat`'s hand, seen through that seat's own view. */
const handOf = (s: DifferenzlerState, seat: Seat): readonly Card[] => G.viewFor(s, seat).hand ?? [];

/** Plays one match at random and calls `check` on every state after a deal or action. */
function eachState(
  seed: string,
  rounds: number,
  undertrump: '002' | 'swiss',
  check: (s: DifferenzlerState) => void,
) {
  const rng = seeded(seed);
  return playRandomMatch<DifferenzlerState>(G, G.start(configOf(rounds, undertrump), rng.int(4)), rng, {
    onDeal: check,
    onAction: check,
  });
}

describe('random play (fast-check over seeds)', () => {
  it('always finishes; 157 points every round; every card exactly once; legal actions never empty for toAct[0]', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom('002', 'swiss' as const), (seed, rule) => {
        const end = eachState(seed, 3, rule, (s) => {
          if (G.isOver(s) || G.awaitsDeal(s)) return;
          if (G.phase(s) === 'estimate') for (const p of [0, 1, 2, 3]) expect(handOf(s, p)).toHaveLength(9);
          const seat = G.toAct(s)[0];
          expect(G.legalActions(s, seat).length).toBeGreaterThan(0);
          // Every card is either held by exactly one seat or lies in exactly one trick.
          const v = G.viewFor(s, 'spectator');
          const played = [...v.tricks, ...(v.trick ? [v.trick] : [])].flatMap((t) =>
            t.cards.map((c) => c.card),
          );
          const held = [0, 1, 2, 3].flatMap((p) => handOf(s, p));
          expect([...played, ...held].sort()).toEqual([...DECK36].sort());
        });
        const o = G.outcome(end);
        expect(o.over).toBe(true);
        expect(o.deals).toHaveLength(3);
        for (const d of o.deals) {
          expect(d.points.reduce((a, b) => a + b)).toBe(157);
          expect(d.differences).toEqual(d.points.map((p, s) => Math.abs(p - d.estimates[s])));
        }
        expect(o.scores).toEqual([0, 1, 2, 3].map((s) => o.deals.reduce((n, d) => n + d.differences[s], 0)));
        expect(o.winners.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('a record of the match replays to the same states (round trip through JSON)', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const rng = seeded(seed);
        const dealer = rng.int(4);
        const config = { players: 4, options: { rounds: 2 } };
        const record = newRecord('differenzler', config, dealer) as GameRecord & {
          deals: unknown[];
          actions: { seat: Seat; action: Action }[];
        };
        const states: DifferenzlerState[] = [G.start(configOf(2), dealer)];
        let s = states[0];
        while (!G.isOver(s)) {
          if (G.awaitsDeal(s)) {
            const deal = G.randomDeal(s, rng);
            record.deals.push(deal);
            s = unwrap(G.applyDeal(s, deal));
          } else {
            const step = randomStep(G, s, rng, 0.3);
            record.actions.push({ seat: step.seat, action: step.action });
            s = unwrap(G.apply(s, step.seat, step.action as never));
          }
          states.push(s);
        }
        const again = unwrap(replay<DifferenzlerState>(G, JSON.parse(JSON.stringify(record)), true));
        expect(again.states).toEqual(states);
        expect(G.outcome(again.state)).toEqual(G.outcome(s));
      }),
      { numRuns: 12 },
    );
  });

  it('apply never changes its input state', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        let last: DifferenzlerState | undefined;
        let copy: unknown;
        eachState(seed, 1, '002', (s) => {
          if (last) expect(last).toEqual(copy);
          last = s;
          copy = structuredClone(s);
        });
      }),
      { numRuns: 10 },
    );
  });

  it("viewFor never holds another seat's cards, and a spectator no hand", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        eachState(seed, 1, '002', (s) => {
          const hands = [0, 1, 2, 3].map((p) => handOf(s, p));
          for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
            const text = JSON.stringify(G.viewFor(s, viewer));
            for (const other of [0, 1, 2, 3]) {
              if (other === viewer) continue;
              for (const card of hands[other]) expect(text).not.toContain(`"${card}"`);
            }
          }
          expect(G.viewFor(s, 'spectator').hand).toBeNull();
        });
      }),
      { numRuns: 8 },
    );
  });

  it('estimates stay hidden from the other seats until the round ends', () => {
    // Two plays of the same deal and cards that differ only in seat 0's estimate: the other seats and a
    // spectator see exactly the same until the last trick is taken.
    fc.assert(
      fc.property(
        seeds,
        fc.integer({ min: 0, max: 157 }),
        fc.integer({ min: 0, max: 157 }),
        (seed, e1, e2) => {
          fc.pre(e1 !== e2);
          const run = (estimate0: number): DifferenzlerState[] => {
            const rng = seeded(seed);
            let s = G.start(configOf(1), 0);
            s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
            const out = [s];
            for (const seat of [1, 2, 3, 0]) {
              const points = seat === 0 ? estimate0 : rng.int(158);
              s = unwrap(G.apply(s, seat, { t: 'estimate', points }));
              out.push(s);
            }
            while (!G.isOver(s)) {
              const seat = G.toAct(s)[0];
              const legal = G.legalActions(s, seat);
              s = unwrap(G.apply(s, seat, legal[rng.int(legal.length)]));
              out.push(s);
            }
            return out;
          };
          const a = run(e1);
          const b = run(e2);
          expect(a).toHaveLength(b.length);
          for (let i = 0; i < a.length; i++) {
            const ended = G.viewFor(a[i], 1).roundOver;
            for (const viewer of [1, 2, 3, 'spectator'] as const) {
              if (ended) expect(G.viewFor(a[i], viewer)).not.toEqual(G.viewFor(b[i], viewer));
              else expect(G.viewFor(a[i], viewer)).toEqual(G.viewFor(b[i], viewer));
            }
            if (i >= 4) expect(G.viewFor(a[i], 0)).not.toEqual(G.viewFor(b[i], 0));
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});

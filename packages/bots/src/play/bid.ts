/**
 * Bidding by simulation: deal the unseen cards (and the seat's own cards still lying face down) many
 * times, solve each deal double dummy with a trump candidate and the seat as declarer, and count the
 * deals the declarer wins. One null-window search per deal answers "does the declarer win?".
 */
import type { Card, Rng, Seat } from '@stich/engine';
import { SUITS, shuffle } from '@stich/engine';
import type { GameRules } from '../solver/model.ts';
import { NodeLimit } from '../solver/search.ts';
import { cardValue } from './context.ts';
import { solver } from './pimc.ts';

export interface BidSim {
  readonly rules: GameRules;
  readonly deck: readonly Card[];
  /** Seats that play, in playing order from the one who leads the first trick. */
  readonly order: readonly Seat[];
  readonly me: Seat;
  /** The cards the seat sees in its hand. */
  readonly hand: readonly Card[];
  /** Cards each seat will hold in play, by seat. */
  readonly handSize: number;
  /** Cards known to be in a seat's hand, by seat (the 4-player dealer's turned card). */
  readonly known: readonly (readonly Card[])[];
  /** Cards seen lying on the stock (out of play). */
  readonly outOfPlay: readonly Card[];
  /** 2/3 players: the turned card that the holder of a 7 takes in exchange. */
  readonly turned?: Card;
  /**
   * The game's 7 exchange with trump suit index `trump` as the engine exports it (`afterExchange`;
   * Klaberjass: the trump 7, Klapper-Jas: the 7 of the turned suit): a hand after it. Without it, or
   * without `turned`, the sampled hands stay as dealt.
   */
  readonly exchange?: (hand: readonly Card[], trump: number, turned: Card) => Card[];
}

export interface WinTest {
  /** Party by seat: 0 the declarer's. */
  readonly party: readonly number[];
  /** The least declarer margin (declarer party − others) that wins, given the points dealt in play. */
  readonly threshold: (dealtPoints: number) => number;
}

/**
 * The least whole margin that wins under a game's rule of who wins the deal (the engine's `makerWins` or
 * `declarerBeats`): 1 where a tie loses for the declarer, 0 where it would win.
 */
export const leastWin = (wins: (declarer: number, other: number) => boolean): number => (wins(0, 0) ? 0 : 1);

/** A full deal consistent with what the seat sees. */
function sampleDeal(sim: BidSim, rng: Rng, trump: number): Card[][] {
  const seen = new Set<Card>([...sim.hand, ...sim.outOfPlay]);
  for (const k of sim.known) for (const c of k) seen.add(c);
  const pool = shuffle(
    sim.deck.filter((c) => !seen.has(c)),
    rng,
  );
  const hands: Card[][] = [];
  let k = 0;
  const maxSeat = Math.max(...sim.order) + 1;
  for (let s = 0; s < maxSeat; s++) hands.push([]);
  for (const s of sim.order) {
    const base = s === sim.me ? [...sim.hand] : [...sim.known[s]];
    const more = sim.handSize - base.length;
    hands[s] = [...base, ...pool.slice(k, k + more)];
    k += more;
  }
  if (sim.turned && sim.exchange)
    for (const s of sim.order) hands[s] = sim.exchange(hands[s], trump, sim.turned);
  return hands;
}

interface BidResult {
  readonly wins: number;
  readonly samples: number;
}

/** Deals won by the declarer `me` with trump `trump` over up to `samples` deals within `nodes`. */
export function declarerWins(
  sim: BidSim,
  trump: number,
  test: WinTest,
  rng: Rng,
  samples: number,
  nodes: number,
): BidResult {
  const s = solver();
  let wins = 0;
  let done = 0;
  let spent = 0;
  const ctx = { rules: sim.rules, trump };
  for (let i = 0; i < samples && spent < nodes; i++) {
    const hands = sampleDeal(sim, rng, trump);
    let dealt = sim.rules.lastTrick;
    for (const q of sim.order) for (const c of hands[q]) dealt += cardValue(ctx, c);
    s.load({
      rules: sim.rules,
      trump,
      hands: sim.order.map((q) => hands[q]),
      trick: [],
      leader: 0,
      party: sim.order.map((q) => test.party[q]),
    });
    s.nodes = 0;
    s.nodeLimit = nodes - spent;
    try {
      if (s.reaches(test.threshold(dealt))) wins++;
      done++;
    } catch (e) {
      if (!(e instanceof NodeLimit)) throw e;
    } finally {
      spent += s.nodes;
      s.nodeLimit = Number.POSITIVE_INFINITY;
    }
  }
  return { wins, samples: done };
}

export const suitIndex = (s: string): number => SUITS.indexOf(s as (typeof SUITS)[number]);

/**
 * A seat's knowledge of a deal in card play, in one shape for every game: its hand, the tricks so far,
 * the cards others are known to hold, and what each seat cannot hold (inferred from play). Game
 * adapters build it from their views; the sampler deals the unseen cards consistently with it.
 */
import type { Card, Rng, Seat } from '@stich/engine';
import { cannotHold, beats as engineBeats, winnerIndex as engineWinner, SUITS, shuffle } from '@stich/engine';
import { type GameRules, type Objective, type Problem, trickRules } from '../solver/model.ts';

export interface PlayedTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
}

export interface PlayContext {
  readonly rules: GameRules;
  readonly undertrump?: '002' | 'swiss';
  /** Every card of the game's deck. */
  readonly deck: readonly Card[];
  /** Seats that play this deal, in playing order (cyclic). */
  readonly order: readonly Seat[];
  readonly me: Seat;
  /** Trump suit index (SUITS order). */
  readonly trump: number;
  readonly hand: readonly Card[];
  /** Cards each seat holds now, by seat. */
  readonly handCounts: readonly number[];
  /** Finished tricks of this deal, then the open one (possibly empty, with its leader). */
  readonly tricks: readonly PlayedTrick[];
  readonly trick: PlayedTrick;
  /** Cards publicly known to be in a seat's hand (still held), by seat. */
  readonly known: readonly (readonly Card[])[];
  /** Cards known to be out of play (not in any hand, not played): e.g. a card lying open on the stock. */
  readonly outOfPlay: readonly Card[];
  /** Party by seat, seen from `me`: 0 my party (maximising), 1 the others. */
  readonly party: readonly number[];
  readonly objective: Objective;
  /** Objective `target`: points my party still wants. */
  readonly need?: number;
  /** Points a party gains once it wins a trick (by party), and the parties that have won one (bits). */
  readonly ifTrick?: readonly [number, number];
  readonly tookTrick?: number;
}

const suitOf = (c: Card): number => SUITS.indexOf(c[0] as (typeof SUITS)[number]);

/** Trick strength of a card (trumps above every plain card). */
export function strength(ctx: Pick<PlayContext, 'rules' | 'trump'>, c: Card): number {
  const s = suitOf(c);
  return s === ctx.trump ? 100 + ctx.rules.trumpOrder.indexOf(c[1]) : ctx.rules.plainOrder.indexOf(c[1]);
}

export function cardValue(ctx: Pick<PlayContext, 'rules' | 'trump'>, c: Card): number {
  return suitOf(c) === ctx.trump ? ctx.rules.trumpValue[c[1]] : ctx.rules.plainValue[c[1]];
}

/** Whether `c` takes the trick from `w`, the card winning so far: the engine's rule (kernel `beats`). */
export const beats = (ctx: Pick<PlayContext, 'rules' | 'trump'>, c: Card, w: Card): boolean =>
  engineBeats(ctx.rules.orders[ctx.trump], c, w);

/** Index of the winning card in a (partial) trick: the engine's (kernel `winnerIndex`). */
export const winnerIndex = (ctx: Pick<PlayContext, 'rules' | 'trump'>, cards: readonly Card[]): number =>
  engineWinner(ctx.rules.orders[ctx.trump], cards);

export { suitOf };

/**
 * For each seat, the cards it may still hold as far as play shows: every failure to follow, ruff or
 * overtrump rules cards out. The engine infers it (kernel `cannotHold`) from the same follow policy that
 * makes its legal cards, so the two never disagree.
 */
export function exclusions(ctx: PlayContext): Map<Seat, Set<Card>> {
  return cannotHold(
    trickRules(ctx.rules, ctx.trump, ctx.undertrump),
    ctx.deck,
    [...ctx.tricks, ctx.trick],
    ctx.order,
  );
}

/** Cards nobody but the seats' hands and the hidden stock can hold: not mine, not played, not known. */
export function unseen(ctx: PlayContext): Card[] {
  const seen = new Set<Card>(ctx.hand);
  for (const t of [...ctx.tricks, ctx.trick]) for (const c of t.cards) seen.add(c);
  for (const k of ctx.known) for (const c of k) seen.add(c);
  for (const c of ctx.outOfPlay) seen.add(c);
  return ctx.deck.filter((c) => !seen.has(c));
}

/**
 * One deal of the unseen cards to the other seats (the rest stays in the stock) that respects the
 * exclusions where it can. Each step first gives a seat every card it can still hold when they are
 * exactly as many as its free places (so constrained seats are never starved); otherwise it takes a
 * card with the fewest possible holders and gives it to a holder drawn with weight = free places
 * (the stock counting as a holder of everything). After `tries` failures the exclusions are dropped.
 */
export function sampleHands(ctx: PlayContext, rng: Rng, excl: Map<Seat, Set<Card>>, tries = 20): Card[][] {
  const pool = unseen(ctx);
  const others = ctx.order.filter((s) => s !== ctx.me);
  const need = new Map<Seat, number>();
  for (const s of others) need.set(s, ctx.handCounts[s] - ctx.known[s].length);
  const stock = pool.length - others.reduce((a, s) => a + need.get(s)!, 0);
  for (let attempt = 0; attempt <= tries; attempt++) {
    const strict = attempt < tries;
    const free = new Map(need);
    let stockFree = stock;
    const hands: Card[][] = ctx.handCounts.map(() => []);
    for (const s of ctx.order) hands[s] = s === ctx.me ? [...ctx.hand] : [...ctx.known[s]];
    const may = (s: Seat, c: Card) => !strict || !excl.get(s)!.has(c);
    const left = shuffle(pool, rng);
    const give = (s: Seat, c: Card) => {
      hands[s].push(c);
      free.set(s, free.get(s)! - 1);
      left.splice(left.indexOf(c), 1);
    };
    let ok = true;
    while (ok && left.length > 0) {
      // Forced: a seat that can hold exactly as many of the cards left as it has free places.
      let forced = false;
      for (const s of others) {
        const f = free.get(s)!;
        if (f === 0) continue;
        const cand = left.filter((c) => may(s, c));
        if (cand.length < f) {
          ok = false;
          break;
        }
        if (cand.length === f) {
          for (const c of cand) give(s, c);
          forced = true;
        }
      }
      if (!ok || forced) continue;
      let best = left[0];
      let bestK = Number.POSITIVE_INFINITY;
      for (const c of left) {
        let k = 0;
        for (const s of others) if (free.get(s)! > 0 && may(s, c)) k++;
        if (k < bestK) {
          best = c;
          bestK = k;
        }
      }
      const hs = others.filter((s) => free.get(s)! > 0 && may(s, best));
      let total = stockFree;
      for (const s of hs) total += free.get(s)!;
      if (total === 0) {
        ok = false;
        break;
      }
      let x = rng.int(total);
      if (x < stockFree) {
        stockFree--;
        left.splice(left.indexOf(best), 1);
        continue;
      }
      x -= stockFree;
      for (const s of hs) {
        const f = free.get(s)!;
        if (x < f) {
          give(s, best);
          break;
        }
        x -= f;
      }
    }
    if (ok) return hands;
  }
  throw new Error('no consistent deal');
}

/** The solver's problem for one sampled deal: seats renumbered in playing order. */
export function problemFor(ctx: PlayContext, hands: readonly (readonly Card[])[]): Problem {
  const leaderIdx = ctx.order.indexOf(ctx.trick.leader);
  return {
    rules: ctx.rules,
    trump: ctx.trump,
    hands: ctx.order.map((s) => hands[s]),
    trick: ctx.trick.cards,
    leader: leaderIdx,
    party: ctx.order.map((s) => ctx.party[s]),
    ifTrick: ctx.ifTrick,
    tookTrick: ctx.tookTrick,
    objective: ctx.objective,
    need: ctx.need,
    undertrump: ctx.undertrump,
  };
}

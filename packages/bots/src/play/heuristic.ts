/**
 * Sound trick play by rules of thumb, for every game (the `rule` level, and the fallback of `search`):
 * draw trumps with the master trump, cash masters, lead low from length otherwise; feed points to a
 * partner who wins; win cheaply when the trick is worth it; otherwise throw the cheapest card and keep
 * the Mie and Jas. `wantTricks: false` (a Differenzler seat at its estimate) reverses the aims.
 */
import type { Card } from '@stich/engine';
import { beats, cardValue, type PlayContext, strength, suitOf, winnerIndex } from './context.ts';

interface Aim {
  /** Take tricks and points (true), or avoid them. */
  readonly wantTricks: boolean;
  /** My party made trump (draws trumps first). */
  readonly declarer: boolean;
}

const by =
  <T>(...keys: ((x: T) => number)[]) =>
  (a: T, b: T): number => {
    for (const k of keys) {
      const d = k(a) - k(b);
      if (d !== 0) return d;
    }
    return 0;
  };

export function ruleCard(ctx: PlayContext, legal: readonly Card[], aim: Aim): Card {
  if (legal.length === 1) return legal[0];
  const played = new Set<Card>();
  for (const t of [...ctx.tricks, ctx.trick]) for (const c of t.cards) played.add(c);
  const mine = new Set(ctx.hand);
  const outside = ctx.deck.filter((c) => !played.has(c) && !mine.has(c) && !ctx.outOfPlay.includes(c));
  const isMaster = (c: Card) =>
    !outside.some((o) => suitOf(o) === suitOf(c) && strength(ctx, o) > strength(ctx, c));
  const val = (c: Card) => cardValue(ctx, c);
  const str = (c: Card) => strength(ctx, c);
  const T = ctx.trump;
  const trick = ctx.trick.cards;
  const n = ctx.order.length;

  if (trick.length === 0) {
    if (!aim.wantTricks) {
      // Lead the card least likely to win: the lowest of a suit where others still hold higher cards.
      return [...legal].sort(
        by(
          (c) => (isMaster(c) ? 1 : 0),
          (c) => (suitOf(c) === T ? 1 : 0),
          str,
          val,
        ),
      )[0];
    }
    const trumpsOut = outside.some((o) => suitOf(o) === T);
    const myTrumps = legal.filter((c) => suitOf(c) === T);
    if (aim.declarer && trumpsOut && myTrumps.length > 0) {
      const top = myTrumps.sort(by((c) => -str(c)))[0];
      if (isMaster(top)) return top;
    }
    const plainMasters = legal.filter((c) => suitOf(c) !== T && isMaster(c) && val(c) >= 10);
    if (plainMasters.length > 0) return plainMasters.sort(by((c) => -val(c)))[0];
    // Low from the longest plain suit, keeping tens and aces.
    const len = (c: Card) => legal.filter((x) => suitOf(x) === suitOf(c)).length;
    const plain = legal.filter((c) => suitOf(c) !== T);
    const pool = plain.length > 0 ? plain : legal;
    return [...pool].sort(by(val, (c) => -len(c), str))[0];
  }

  const wi = winnerIndex(ctx, trick);
  const w = trick[wi];
  const li = ctx.order.indexOf(ctx.trick.leader);
  const winnerSeat = ctx.order[(li + wi) % n];
  const partnerWins = ctx.party[winnerSeat] === ctx.party[ctx.me] && winnerSeat !== ctx.me;
  const last = trick.length === n - 1;
  const winners = legal.filter((c) => beats(ctx, c, w));
  const losers = legal.filter((c) => !beats(ctx, c, w));
  const trickPts = trick.reduce((a, c) => a + val(c), 0);
  // The two highest trumps of the engine's order (Jas and Mie, Bauer and Nell) are kept.
  const topTwo = 100 + ctx.rules.trumpOrder.length - 2;
  const precious = (c: Card) => (str(c) >= topTwo ? 30 : 0);

  if (!aim.wantTricks) {
    // Stay under the winning card with the dearest such card; if every card wins, the cheapest winner.
    if (losers.length > 0)
      return losers.sort(
        by(
          (c) => -str(c),
          (c) => -val(c),
        ),
      )[0];
    return winners.sort(by(val, str))[0];
  }
  if (partnerWins) {
    const safe = last || isMaster(w);
    if (safe || losers.length === 0) {
      // Feed points, but not the Jas or the Mie.
      const pool = losers.length > 0 ? losers : legal;
      return [...pool].sort(by((c) => precious(c) - val(c), str))[0];
    }
    return [...(losers.length > 0 ? losers : legal)].sort(by(val, str))[0];
  }
  if (winners.length > 0) {
    if (last) {
      if (trickPts > 0 || winners.some((c) => val(c) > 0)) return winners.sort(by(str))[0];
    } else {
      const sure = winners.filter(isMaster).sort(by(str));
      if (sure.length > 0 && (trickPts + val(sure[0]) >= 10 || suitOf(sure[0]) !== T)) return sure[0];
      if (trickPts >= 10) return winners.sort(by(str))[0];
    }
  }
  const pool = losers.length > 0 ? losers : legal;
  return [...pool].sort(by((c) => val(c) + precious(c), str))[0];
}

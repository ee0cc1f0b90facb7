/** The follow rules over card strings, for rollouts (the solver has its own bit-set version). */
import type { Card } from '@stich/engine';
import { beats, type PlayContext, strength, suitOf, winnerIndex } from './context.ts';

type Rules = Pick<PlayContext, 'rules' | 'trump' | 'undertrump'>;

export function legalCards(ctx: Rules, hand: readonly Card[], trick: readonly Card[]): Card[] {
  if (trick.length === 0) return [...hand];
  const T = ctx.trump;
  const led = suitOf(trick[0]);
  const w = trick[winnerIndex(ctx, trick)];
  const trumpIn = suitOf(w) === T;
  const follow = hand.filter((c) => suitOf(c) === led);
  const trumps = hand.filter((c) => suitOf(c) === T);
  const higher = trumps.filter((c) => !trumpIn || beats(ctx, c, w));
  if (ctx.rules.follow === 'klapperjas') {
    if (led === T) {
      if (trumps.length === 0) return [...hand];
      return higher.length > 0 ? higher : trumps;
    }
    if (follow.length > 0) return follow;
    if (trumps.length > 0) return trumpIn && higher.length > 0 ? higher : trumps;
    return [...hand];
  }
  if (led === T) return trumps.some((c) => c[1] !== 'J') ? trumps : [...hand];
  if (follow.length > 0) return [...follow, ...higher];
  const others = hand.filter((c) => suitOf(c) !== T);
  if (ctx.undertrump === 'swiss' && trumpIn && others.length > 0) return [...others, ...higher];
  return [...hand];
}

export { strength };

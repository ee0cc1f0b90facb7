/**
 * Plain minimax over card strings, written from the rule texts without bit sets, tables or pruning:
 * the reference the solver is checked against.
 */
import type { Card } from '@stich/engine';
import { SUITS } from '@stich/engine';
import type { Problem } from '../src/solver/model.ts';

const suit = (c: Card): number => SUITS.indexOf(c[0] as (typeof SUITS)[number]);

export function referenceValue(p: Problem): number {
  const r = p.rules;
  const n = p.hands.length;
  const T = p.trump;
  const strength = (c: Card): number =>
    suit(c) === T ? 100 + r.trumpOrder.indexOf(c[1]) : r.plainOrder.indexOf(c[1]);
  const value = (c: Card): number => (suit(c) === T ? r.trumpValue[c[1]] : r.plainValue[c[1]]);
  const winnerIndex = (trick: readonly Card[]): number => {
    let w = 0;
    for (let i = 1; i < trick.length; i++) {
      const c = trick[i];
      const b = trick[w];
      const better = (suit(c) === suit(b) && strength(c) > strength(b)) || (suit(c) === T && suit(b) !== T);
      if (better) w = i;
    }
    return w;
  };
  const legal = (hand: readonly Card[], trick: readonly Card[]): Card[] => {
    if (trick.length === 0) return [...hand];
    const led = suit(trick[0]);
    const follow = hand.filter((c) => suit(c) === led);
    const trumps = hand.filter((c) => suit(c) === T);
    const best = trick[winnerIndex(trick)];
    const higher = trumps.filter((c) => suit(best) !== T || strength(c) > strength(best));
    if (r.follow === 'klapperjas') {
      if (follow.length > 0) {
        if (led !== T) return follow;
        return higher.length > 0 ? higher : trumps;
      }
      if (trumps.length > 0) return suit(best) === T && higher.length > 0 ? higher : trumps;
      return [...hand];
    }
    // differenzler
    if (led === T) {
      const forced = trumps.filter((c) => c[1] !== 'J');
      return forced.length > 0 ? trumps : [...hand];
    }
    if (follow.length > 0) return [...follow, ...(suit(best) === T ? higher : trumps)];
    const others = hand.filter((c) => suit(c) !== T);
    if (p.undertrump === 'swiss' && suit(best) === T && others.length > 0) return [...others, ...higher];
    return [...hand];
  };
  const target = p.objective === 'target';
  const ifTrick = p.ifTrick ?? [0, 0];
  const go = (
    hands: readonly (readonly Card[])[],
    trick: readonly Card[],
    leader: number,
    took: number,
    won0: number,
    won1: number,
  ): number => {
    if (trick.length === 0 && hands.every((h) => h.length === 0)) {
      if (target) return -Math.abs((p.need ?? 0) - won0);
      return won0 - won1;
    }
    const seat = (leader + trick.length) % n;
    const max = p.party[seat] === 0;
    let best = max ? -Infinity : Infinity;
    for (const c of legal(hands[seat], trick)) {
      const nh = hands.map((h, i) => (i === seat ? h.filter((x) => x !== c) : h));
      const nt = [...trick, c];
      let v: number;
      if (nt.length < n) v = go(nh, nt, leader, took, won0, won1);
      else {
        const winner = (leader + winnerIndex(nt)) % n;
        const party = p.party[winner];
        let pts = nt.reduce((a, x) => a + value(x), 0);
        if (nh.every((h) => h.length === 0)) pts += r.lastTrick;
        let nTook = took;
        if ((took & (1 << party)) === 0) {
          pts += ifTrick[party];
          nTook |= 1 << party;
        }
        v =
          party === 0
            ? go(nh, [], winner, nTook, won0 + pts, won1)
            : go(nh, [], winner, nTook, won0, won1 + pts);
      }
      best = max ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return go(p.hands, p.trick, p.leader, p.tookTrick ?? 0, 0, 0);
}

/**
 * What one seat may know, shaped from the kernel's parts of the view (`viewFor`). Never the opponent's hand
 * nor the stock below the turned card; the winner's sequences only after the first trick (003: "nicht bis
 * aufgedeckt, nachdem der erste Trick gespielt worden ist").
 */
import { count } from '../core/bits.ts';
import { SUITS } from '../core/cards.ts';
import { type Seat, SPECTATOR } from '../core/game.ts';
import type { ViewParts } from '../kernel/index.ts';
import { CARDS, countedSequences, trumpSeven } from './cards.ts';
import type { KlaberjassState, KlaberjassView } from './types.ts';

export function viewFor(s: KlaberjassState, seat: Seat | null, k: ViewParts): KlaberjassView {
  const o = s.own;
  const dealt = o.turned >= 0;
  return {
    game: 'klaberjass',
    viewer: seat ?? SPECTATOR,
    seats: 2,
    phase: s.phase,
    toAct: [...k.toAct],
    dealer: s.dealer,
    target: s.config.options.target,
    turned: dealt ? CARDS[o.turned] : null,
    hand: k.hand,
    handCounts: k.handCounts,
    stockCount: dealt ? count(o.stock) + count(o.extra[0]) + count(o.extra[1]) : 0,
    bids: o.bids,
    maker: o.maker >= 0 ? o.maker : null,
    trump: o.trump >= 0 ? SUITS[o.trump] : null,
    exchange: o.exchanged
      ? { seat: o.sevenHolder, gave: CARDS[trumpSeven(o.trump)], took: CARDS[o.turned] }
      : null,
    announcements: o.talk,
    sequenceWinner: o.seqWinner >= 0 ? o.seqWinner : null,
    sequences: s.tricks.length > 0 ? countedSequences(o.seqWinner, o.startHands) : null,
    trick: k.trick,
    tricks: s.tricks,
    points: s.points,
    bella: o.bella >= 0 ? o.bella : null,
    thrownIn: o.thrownIn,
    throwIn: o.throwIn,
    results: s.results,
    scores: s.scores,
  };
}

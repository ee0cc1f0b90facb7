/**
 * What one seat may know. Never the opponent's hand nor the stock below the turned card; the winner's
 * sequences only after the first trick (003: "nicht bis aufgedeckt, nachdem der erste Trick gespielt worden ist").
 */

import { count } from '../core/bits.ts';
import { SUITS } from '../core/cards.ts';
import type { Viewer } from '../core/game.ts';
import { tricksView } from '../kernel/index.ts';
import { CARDS, cardsOf, countedSequences, ORDERS, POS } from './cards.ts';
import type { KlaberjassState, KlaberjassView } from './types.ts';

const name = (c: number) => CARDS[c];

export function viewFor(s: KlaberjassState, viewer: Viewer): KlaberjassView {
  // Anything but seat 0 or 1 sees what a spectator sees.
  const seat = viewer === 0 || viewer === 1 ? viewer : -1;
  const plays: { seat: number; card: number }[] = [];
  for (let n = s.plays; n !== null; n = n.prev) plays.push({ seat: n.play >> 5, card: n.play & 31 });
  plays.reverse();
  const { trick, tricks } = tricksView(plays, 2, ORDERS[s.d.trump], name);
  const dealt = s.d.turned >= 0;
  const seven = s.d.trump * 8 + POS.seven;
  return {
    game: 'klaberjass',
    viewer,
    seats: 2,
    phase: s.phase,
    toAct: s.turn < 0 ? [] : [s.turn],
    dealer: s.m.dealer,
    target: s.m.config.options.target,
    turned: dealt ? CARDS[s.d.turned] : null,
    hand: seat < 0 ? null : cardsOf(s.hands[seat]),
    handCounts: [count(s.hands[0]), count(s.hands[1])],
    stockCount: dealt ? count(s.d.stock) + count(s.d.extra[0]) + count(s.d.extra[1]) : 0,
    bids: s.d.bids,
    maker: s.d.maker >= 0 ? s.d.maker : null,
    trump: s.d.trump >= 0 ? SUITS[s.d.trump] : null,
    exchange: s.d.exchanged ? { seat: s.d.sevenHolder, gave: CARDS[seven], took: CARDS[s.d.turned] } : null,
    announcements: s.d.talk,
    sequenceWinner: s.d.seqWinner >= 0 ? s.d.seqWinner : null,
    sequences: plays.length >= 2 ? countedSequences(s.d.seqWinner, s.d.startHands) : null,
    trick,
    tricks,
    points: s.points,
    bella: s.bella >= 0 ? s.bella : null,
    thrownIn: s.m.thrownIn,
    throwIn: s.m.throwIn,
    results: s.m.results,
    scores: s.m.scores,
  };
}

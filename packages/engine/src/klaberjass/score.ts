/**
 * Klaberjass scoring (003) as the kernel's hooks: a deal's row from the kernel's tally, each seat's score of
 * it, the match's end.
 */
import { SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import type { DealTally } from '../kernel/index.ts';
import { CARDS, countedSequences } from './cards.ts';
import type { KlaberjassDealResult, KlaberjassOwn, KlaberjassState } from './types.ts';

type State = KlaberjassState;

/** The last trick's bonus (003: "zehn für den letzten Stich"). */
export const LAST_TRICK = 10;
/** What Bella (trump King and Queen in one hand, 003) adds to the claiming seat's total. */
export const BELLA_VALUE = 20;
/** Cards in each hand in play (003): six dealt first, three more after trump is made. */
export const HAND_SIZE = 9;
/** Whether the maker wins the deal (003): only with the higher total; equal totals (Riegel) lose. */
export const makerWins = (maker: number, other: number): boolean => maker > other;

/**
 * What each seat scores from a deal's totals (003): "Wenn der Trumpfhersteller die höhere Kerbe hat, zählt
 * ... jeder Spieler seine volle Kerbe, aber im Falle eines Riegels, der Trumpfhersteller nichts, während sein
 * Konkurrent seine eigene Gesamtmenge zählt. Wenn der Nichthersteller die höhere Kerbe hat, erhält er seine
 * Selbst- und Kerbe seines Konkurrenten."
 */
export function scoreDeal(totals: readonly number[], maker: Seat): number[] {
  const o = 1 - maker;
  const scored = [0, 0];
  if (totals[maker] > totals[o]) {
    scored[maker] = totals[maker];
    scored[o] = totals[o];
  } else if (totals[maker] === totals[o]) scored[o] = totals[o];
  else scored[o] = totals[maker] + totals[o];
  return scored;
}

/** The row of a played deal: the kernel's tally (its points hold the last trick) with sequences and Bella. */
export function dealRow(s: State, tally: DealTally): KlaberjassDealResult {
  const o = s.own;
  const last = tally.lastTrick;
  const seq = countedSequences(o.seqWinner, o.startHands);
  // Literals, not `map` closures: once a deal on the self-play's path.
  const p = tally.points;
  const cardPoints = [p[0] - (last === 0 ? LAST_TRICK : 0), p[1] - (last === 1 ? LAST_TRICK : 0)];
  const totals = [
    p[0] + (seq.seat === 0 ? seq.points : 0) + (o.bella === 0 ? BELLA_VALUE : 0),
    p[1] + (seq.seat === 1 ? seq.points : 0) + (o.bella === 1 ? BELLA_VALUE : 0),
  ];
  const m = o.maker;
  return {
    dealer: s.dealer,
    maker: m,
    trump: SUITS[o.trump],
    turned: CARDS[o.turned],
    exchange: o.exchanged ? o.sevenHolder : null,
    sequences: seq,
    bella: o.bella >= 0 ? o.bella : null,
    lastTrick: last,
    lastCards: s.tricks[s.tricks.length - 1].cards,
    cardPoints,
    totals,
    scored: scoreDeal(totals, m),
    winner: makerWins(totals[m], totals[1 - m]) ? m : 1 - m,
    thrownIn: o.thrownIn,
    // A played deal with a schmeiss said: it was refused (an accepted one throws the deal in).
    schmeiss: { accepted: o.schmeissed, refused: o.schmeisser >= 0 ? o.schmeisser : null },
  };
}

/** A played deal starts the count of deals thrown in again. */
export const settle = (s: State): KlaberjassOwn => ({ ...s.own, thrownIn: 0, throwIn: null, schmeissed: [] });

/** 003: to 500; if both pass it in one deal the higher total wins. Equal totals: another deal. */
export const isMatchOver = (s: State): boolean =>
  Math.max(s.scores[0], s.scores[1]) >= s.config.options.target && s.scores[0] !== s.scores[1];

/**
 * Klaberjass scoring (003): a deal's totals to each seat's score, the next deal or the match's end, the outcome.
 */
import { type Card, SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { CARDS, countedSequences } from './cards.ts';
import type { KlaberjassDealResult, KlaberjassOutcome, KlaberjassState } from './types.ts';

type State = KlaberjassState;

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

/** The last trick's two cards in play order, from the newest play back. */
function lastPlays(plays: State['plays']): { seat: Seat; card: Card }[] {
  const out: { seat: Seat; card: Card }[] = [];
  for (let n = plays; n !== null && out.length < 2; n = n.prev)
    out.unshift({ seat: n.play >> 5, card: CARDS[n.play & 31] });
  return out;
}

export function finishDeal(s: State, last: Seat): State {
  const seq = countedSequences(s.d.seqWinner, s.d.startHands);
  const total = (p: Seat): number =>
    s.points[p] + (p === last ? 10 : 0) + (p === seq.seat ? seq.points : 0) + (p === s.bella ? 20 : 0);
  const totals = [total(0), total(1)];
  const m = s.d.maker;
  const scored = scoreDeal(totals, m);
  const result: KlaberjassDealResult = {
    dealer: s.m.dealer,
    maker: m,
    trump: SUITS[s.d.trump],
    turned: CARDS[s.d.turned],
    exchange: s.d.exchanged ? s.d.sevenHolder : null,
    sequences: seq,
    bella: s.bella >= 0 ? s.bella : null,
    lastTrick: last,
    lastCards: lastPlays(s.plays),
    cardPoints: [s.points[0], s.points[1]],
    totals,
    scored,
    winner: totals[m] > totals[1 - m] ? m : 1 - m,
    thrownIn: s.m.thrownIn,
    // A played deal with a schmeiss said: it was refused (an accepted one throws the deal in).
    schmeiss: { accepted: s.m.schmeissed, refused: s.d.schmeisser >= 0 ? s.d.schmeisser : null },
  };
  const scores = [s.m.scores[0] + scored[0], s.m.scores[1] + scored[1]];
  const target = s.m.config.options.target;
  // 003: to 500; if both pass it in one deal the higher total wins. Equal totals: another deal.
  const over = Math.max(scores[0], scores[1]) >= target && scores[0] !== scores[1];
  return {
    ...s,
    phase: over ? 'over' : 'deal',
    turn: -1,
    points: [s.points[0] + (last === 0 ? 10 : 0), s.points[1] + (last === 1 ? 10 : 0)],
    d: { ...s.d, lastTrick: last },
    m: {
      ...s.m,
      scores,
      results: [...s.m.results, result],
      thrownIn: 0,
      throwIn: null,
      schmeissed: [],
      dealer: over ? s.m.dealer : 1 - s.m.dealer,
    },
  };
}

export function outcome(s: State): KlaberjassOutcome {
  const over = s.phase === 'over';
  return {
    deals: s.m.results,
    scores: s.m.scores,
    over,
    winners: over ? [s.m.scores[0] > s.m.scores[1] ? 0 : 1] : [],
  };
}

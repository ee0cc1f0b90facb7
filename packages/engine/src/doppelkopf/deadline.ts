/**
 * Until when each announcement a seat may make now stays open, in the terms a player reads at the table:
 * "bis zur 2. Karte des 2. Stichs" (004, deadlines by cards played) or "bis zu deiner Karte im 2. Stich"
 * (DDV, deadlines by cards in hand). Made from the same `levels` the legal actions come from, so the table
 * shows the rule without restating it.
 */
import type { Seat } from '../core/game.ts';
import { levels, shiftNow } from './announce.ts';
import { handSizeOf } from './config.ts';
import { cardsInHand } from './deal.ts';
import { partyOf } from './play.ts';
import { CALLS, type Call, type DoppelkopfState } from './state.ts';

export interface CallDeadline {
  readonly call: Call;
  /** The trick (1-based) in which the call closes. */
  readonly trick: number;
  /** `second`: before the second card of that trick (004). `own`: before the seat's own card in it (DDV). */
  readonly before: 'second' | 'own';
}

const NONE: readonly CallDeadline[] = [];

/** The calls `seat` may make now for its own party, lowest first, each with its deadline. */
export function callDeadlines(s: DoppelkopfState, seat: Seat): readonly CallDeadline[] {
  const shift = shiftNow(s);
  if (shift < 0) return NONE;
  const party = partyOf(s, seat);
  const cards = cardsInHand(s, seat);
  const now = levels(s, party, cards + shift, shift);
  if (now === 0) return NONE;
  const p = party === 0 ? s.d.annRe : s.d.annKo;
  const hand = s.config.options.deadlines === 'hand';
  const n = handSizeOf(s.config.options);
  const out: CallDeadline[] = [];
  for (let l = 1; l <= 5; l++) {
    if ((now & (1 << l)) === 0) continue;
    const call = l === 1 ? (party === 0 ? 're' : 'kontra') : CALLS[l];
    if (!hand) {
      // Level above p: before the second card of trick p + 2, moved by a Hochzeit's shift (announce.ts).
      out.push({ call, trick: p + 2 + shift, before: 'second' });
      continue;
    }
    // The fewest cards (plus shift) with which level l is still allowed; `levels` grows with the cards held.
    let least = cards + shift;
    while (least > 0 && (levels(s, party, least - 1, shift) & (1 << l)) !== 0) least--;
    // Holding `least - shift` cards is the last moment: before the own card of trick n + 1 - least + shift.
    out.push({ call, trick: n + 1 - least + shift, before: 'own' });
  }
  return out;
}

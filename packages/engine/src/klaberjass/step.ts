/**
 * The Klaberjass play step (spec.ts item 9, `FastFollow.step`): the kernel's reference step written out for
 * two seats on the 32-bit hands. Performance shortcut, the one of this module: random self-play spent about
 * half its play time in the generic step (the deck by config, two-copy slots, hooks for points, the follow
 * check and the bonus, a trick array and copies by seat count). Here a card is one bit of `held[2 * seat]`,
 * the follow check is `legalPlays`, points and `beats` read the tables by trump, and a complete trick's view
 * is one of those made at load (no trick array or view per trick). It gives the same states and refusals as the reference step
 * (test/kernel.override.test.ts plays both side by side; `trickGame(SPEC, { reference: true })`).
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { JASS32, type PlayedCard, type TrickView } from '../kernel/index.ts';
import { stepped } from '../kernel/states.ts';
import { beats, cardPoints } from './cards.ts';
import { BELLA, fault, legalPlays } from './play.ts';
import { LAST_TRICK } from './score.ts';
import type { KlaberjassState } from './types.ts';

type State = KlaberjassState;

const NO_TRICK: readonly PlayedCard[] = [];

/**
 * Every complete trick as views show it, `TAKEN[((leader * 32 + led) * 32 + kind) * 2 + (winner === leader
 * ? 0 : 1)]`, made at load and shared by every state and view that shows it, as the kernel shares a trick
 * view once it is taken. Its cards are the deck's interned plays of the leader's card and the other seat's,
 * in an array made as the kernel makes a trick (`new Array(k + 1)`, filled), so that every trick array has
 * one elements kind.
 */
const TAKEN: readonly TrickView[] = Array.from({ length: 2 * 32 * 32 * 2 }, (_, i) => {
  const leader = i >> 11;
  const cards: PlayedCard[] = new Array(2);
  cards[0] = JASS32.played[leader * 32 + ((i >> 6) & 31)];
  cards[1] = JASS32.played[(1 - leader) * 32 + ((i >> 1) & 31)];
  return { leader, cards, winner: (i & 1) === 0 ? leader : 1 - leader };
});

/** `s` after `seat` plays `card` (with a Bella claim or not): the reference step's state or refusal. */
export function step(
  s: State,
  seat: Seat,
  card: Card,
  claims: boolean,
  finish: (s: State, lastTrick: Seat) => State,
): Result<State> {
  if (seat !== s.turn) return err('not-your-turn', `seat ${s.turn} is to play`);
  const kind = JASS32.kindOf(card);
  if (kind < 0) return err('malformed', `${JSON.stringify(card)} is not a card of this game`);
  const w = 2 * seat;
  const hand = s.held[w];
  const bit = 1 << kind;
  if ((hand & bit) === 0) return err('illegal-action', `${card} is not in your hand`);
  const trump = s.own.trump;
  const led = s.led;
  if (led >= 0 && (legalPlays(hand, led, trump) & bit) === 0) return err('illegal-action', fault(s, card));
  if (claims) {
    // Recorded before the card is played: the deal's last card is scored with its claim.
    if (!BELLA.allows(s, seat, kind)) return err('illegal-action', BELLA.refusal);
    s = BELLA.record(s, seat);
  }
  const h = hand & ~bit;
  const old = s.held;
  // An array literal of the four words (the kernel's `without` for two seats): optimised code allocates it inline.
  const held = seat === 0 ? [h, old[1], old[2], old[3]] : [old[0], old[1], h, old[3]];
  const worth = s.worth + cardPoints(kind, trump);
  if (led < 0)
    return ok(
      stepped(
        s,
        held,
        1 - seat,
        JASS32.opened[seat * 32 + kind],
        0,
        kind,
        kind,
        worth,
        s.tricks,
        s.points,
        s.tricksWon,
      ),
    );
  // The trick is complete: its winner takes its points (the last one with the bonus) and leads next.
  const leader = 1 - seat;
  const winner = beats(kind, s.top, trump) ? seat : leader;
  // Both hands are equally long once a trick is complete: the seat that played is out of cards at the end.
  const last = h === 0;
  const taken = last ? worth + LAST_TRICK : worth;
  const p = s.points;
  const t = s.tricksWon;
  const points = winner === 0 ? [p[0] + taken, p[1]] : [p[0], p[1] + taken];
  const tricksWon = winner === 0 ? [t[0] + 1, t[1]] : [t[0], t[1] + 1];
  const view = TAKEN[((leader * 32 + led) * 32 + kind) * 2 + (winner === leader ? 0 : 1)];
  const m = s.tricks.length;
  const tricks: TrickView[] = new Array(m + 1);
  for (let i = 0; i < m; i++) tricks[i] = s.tricks[i];
  tricks[m] = view;
  const took = stepped(s, held, winner, NO_TRICK, 0, -1, -1, 0, tricks, points, tricksWon);
  return ok(last ? finish(took, winner) : took);
}

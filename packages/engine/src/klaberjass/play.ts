/**
 * Klaberjass card play (003): the legal cards on the 32-bit hands (the kernel's `ruff-overtrump` policy),
 * the play lists with Bella claims, and the play step.
 */
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { FOLLOW_RULES, legalWord } from '../kernel/index.ts';
import { type KlaberjassAction, PLAY, PLAY_BELLA } from './actions.ts';
import { beats, CARDS, cardPoints, POS, suitMask, TRUMP_STRENGTH } from './cards.ts';
import { finishDeal } from './score.ts';
import type { KlaberjassState, PlayNode } from './types.ts';

type State = KlaberjassState;

const RUFF = FOLLOW_RULES['ruff-overtrump'];
/** Within a suit byte: positions whose trump strength is above the given position's. */
const TRUMP_ABOVE: readonly number[] = TRUMP_STRENGTH.map((v) =>
  TRUMP_STRENGTH.reduce((m, w, p) => (w > v ? m | (1 << p) : m), 0),
);

// ---- legal actions ----

/**
 * The cards `seat` may play, as a set (003: "müssen Klage immer folgen, wenn fähig; andernfalls muß er Trumpf";
 * on a trump lead "den Trick nehmen, wenn möglich"): the kernel's `ruff-overtrump` policy. The second of
 * two cards never meets a ruffed trick, so its overtrump duty is the trump lead's.
 */
export function legalPlays(s: State, seat: Seat): number {
  const hand = s.hands[seat];
  if (s.lead < 0) return hand;
  // Performance shortcut, the one of this function: `ruff-overtrump` written out for the second of two
  // cards (no ruffed trick to meet); equal to the kernel's `legalWord` and card-level `legalCards`
  // (test/kernel.fast.test.ts).
  const led = s.lead >> 3;
  const follow = hand & suitMask(led);
  if (follow !== 0) {
    if (led !== s.d.trump) return follow;
    const higher = follow & (TRUMP_ABOVE[s.lead & 7] << (led * 8));
    return higher !== 0 ? higher : follow;
  }
  const trumps = hand & suitMask(s.d.trump);
  return trumps !== 0 ? trumps : hand;
}

/** `legalPlays` through the kernel's policy table: the generic form the shortcut is tested against. */
export function legalPlaysByPolicy(s: State, seat: Seat): number {
  const hand = s.hands[seat];
  if (s.lead < 0) return hand;
  const t = s.d.trump;
  const led = s.lead >> 3;
  const higher = led === t ? TRUMP_ABOVE[s.lead & 7] << (t * 8) : suitMask(t);
  return legalWord(RUFF, hand, suitMask(led), suitMask(t), higher, 0, false);
}

const bellaAllowed = (s: State, seat: Seat, card: number): boolean => {
  if (seat !== s.d.bellaHolder || card >> 3 !== s.d.trump) return false;
  const p = card & 7;
  if (p === POS.king) return (s.played & (1 << (card - 1))) !== 0;
  if (p === POS.queen) return (s.played & (1 << (card + 1))) !== 0;
  return false;
};

export const nonDealer = (s: State): Seat => 1 - s.m.dealer;

/** The play actions of each suit's cards, interned: `BY_SUIT[suit * 256 + byte]`, lowest card first. */
const BY_SUIT: readonly (readonly KlaberjassAction[])[] = Array.from({ length: 4 * 256 }, (_, i) =>
  PLAY.filter((_, c) => c >> 3 === i >> 8 && (i & 255 & (1 << (c & 7))) !== 0),
);

/** Trump King and Queen by trump suit: the cards Bella may come with. */
const BELLA_PAIR: readonly number[] = [0, 1, 2, 3].map(
  (t) => (1 << (t * 8 + POS.king)) | (1 << (t * 8 + POS.queen)),
);

/** The play actions for the cards `seat` may play, lowest card first; a Bella claim right after its card. */
export function playList(s: State, seat: Seat): readonly KlaberjassAction[] {
  const m = legalPlays(s, seat);
  if (seat === s.d.bellaHolder && (m & BELLA_PAIR[s.d.trump]) !== 0) {
    const out: KlaberjassAction[] = [];
    for (let rest = m; rest !== 0; rest &= rest - 1) {
      const i = 31 - Math.clz32(rest & -rest);
      out.push(PLAY[i]);
      if (bellaAllowed(s, seat, i)) out.push(PLAY_BELLA[i]);
    }
    return out;
  }
  const b0 = m & 0xff;
  const b1 = (m >>> 8) & 0xff;
  const b2 = (m >>> 16) & 0xff;
  const b3 = m >>> 24;
  // Following suit, or trumping: one suit, an interned list.
  if ((b1 | b2 | b3) === 0) return BY_SUIT[b0];
  if ((b0 | b2 | b3) === 0) return BY_SUIT[256 + b1];
  if ((b0 | b1 | b3) === 0) return BY_SUIT[512 + b2];
  if ((b0 | b1 | b2) === 0) return BY_SUIT[768 + b3];
  const l0 = BY_SUIT[b0];
  const l1 = BY_SUIT[256 + b1];
  const l2 = BY_SUIT[512 + b2];
  const l3 = BY_SUIT[768 + b3];
  const out: KlaberjassAction[] = new Array(l0.length + l1.length + l2.length + l3.length);
  let k = 0;
  for (let i = 0; i < l0.length; i++) out[k++] = l0[i];
  for (let i = 0; i < l1.length; i++) out[k++] = l1[i];
  for (let i = 0; i < l2.length; i++) out[k++] = l2[i];
  for (let i = 0; i < l3.length; i++) out[k++] = l3[i];
  return out;
}

// ---- apply ----

export function applyPlay(s: State, seat: Seat, card: number, bella: boolean): Result<State> {
  if ((s.hands[seat] & (1 << card)) === 0) return err('illegal-action', `${CARDS[card]} is not in your hand`);
  if ((legalPlays(s, seat) & (1 << card)) === 0)
    return err(
      'illegal-action',
      s.lead >> 3 === s.d.trump && (s.hands[seat] & suitMask(s.d.trump)) !== 0
        ? `${CARDS[card]} is not allowed: follow trump and head the trick if you can`
        : `${CARDS[card]} is not allowed: follow suit, else trump`,
    );
  if (bella && !bellaAllowed(s, seat, card))
    return err(
      'illegal-action',
      'Bella is claimed with the second of trump King and Queen, by the seat that held both',
    );
  const h0 = seat === 0 ? s.hands[0] & ~(1 << card) : s.hands[0];
  const h1 = seat === 1 ? s.hands[1] & ~(1 << card) : s.hands[1];
  const plays: PlayNode = { play: card | (seat << 5), prev: s.plays };
  const played = s.played | (1 << card);
  const bellaSeat = bella ? seat : s.bella;
  // Every field written out in the order of `start` (the hottest path; a spread costs more here).
  if (s.lead < 0)
    return ok({
      phase: s.phase,
      turn: 1 - seat,
      hands: [h0, h1],
      played,
      plays,
      lead: card,
      leader: seat,
      points: s.points,
      bella: bellaSeat,
      d: s.d,
      m: s.m,
    });
  const trump = s.d.trump;
  const winner = beats(card, s.lead, trump) ? seat : s.leader;
  const pts = cardPoints(card, trump) + cardPoints(s.lead, trump);
  const points = winner === 0 ? [s.points[0] + pts, s.points[1]] : [s.points[0], s.points[1] + pts];
  const next: State = {
    phase: s.phase,
    turn: winner,
    hands: [h0, h1],
    played,
    plays,
    lead: -1,
    leader: -1,
    points,
    bella: bellaSeat,
    d: s.d,
    m: s.m,
  };
  return ok(h0 === 0 && h1 === 0 ? finishDeal(next, winner) : next);
}

/**
 * Announcements (Ansagen and Absagen): who may make which now, and which seats `toAct` lists for them.
 *
 * Levels: 1 Re/Kontra, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz (004: KEINE-1). A higher call includes
 * the lower ones its party has not made; it must be in time for the lowest of them.
 *
 * Deadlines (config `deadlines`):
 * - `hand` (DDV, as the oracle program: README peculiarity 3): level L while the announcer holds at least
 *   n - L cards (n = 12: Re/Kontra with 11, keine 90 with 10, ... schwarz with 7). A party that has said
 *   nothing may still answer the opponents' announcement of level o with Re/Kontra while holding at least
 *   n - o - 1 cards (Erwiderung). A party goes on above Re/Kontra (level p + 1 with n - 1 - p cards) only
 *   if its first call was in time (made with n - 1 cards), so after a reply only a member still holding
 *   n - 1 cards can say more (as the oracle program: one game of its data). In a Hochzeit nothing is
 *   announced before the partner is found, and then every deadline moves by (clarification trick - 1) cards.
 * - `trick` (004 "Verschärfen"): level L before the second card of trick L + 1 (Re/Kontra before the second
 *   card of the second trick, KEINE-90 of the third, ...); once one party has said KEINE-90 the other can
 *   no longer say KEINE-90 or more.
 *
 * Optional actors. `toAct` is part of every view, so whom it lists must not tell who is in which party
 * (nor a stilles Solo). In a normal game and a stilles Solo it lists every seat (besides the one to play)
 * that could announce something *if it were in either party*; such a seat's legal actions are its real
 * announcements plus `quiet` ("nothing now"), so every listed seat has an action. Where the parties are
 * public (a declared solo, a Hochzeit, Armut) only seats whose own party may announce are listed.
 */
import type { Seat } from '../core/game.ts';
import { handSizeOf } from './config.ts';
import type { DoppelkopfState } from './state.ts';

const NOBODY: readonly Seat[] = [];
/** The seat to act first, then the optional actors of `mask` in seat order after it: `TO_ACT[turn * 16 + mask]`. */
const TO_ACT: readonly (readonly Seat[])[] = Array.from({ length: 64 }, (_, i) => {
  const turn = i >> 4;
  const out: Seat[] = [turn];
  for (let k = 1; k < 4; k++) {
    const s = (turn + k) % 4;
    if ((i & 15 & (1 << s)) !== 0) out.push(s);
  }
  return out;
});

/** The seats that may act: the seat to answer, declare or play first, then the optional announcers. */
export function toAct(s: DoppelkopfState): readonly Seat[] {
  const p = s.phase;
  if (p === 'play') return TO_ACT[s.turn * 16 + s.opt];
  if (p === 'reserve' || p === 'declare' || p === 'bid' || p === 'armut') return TO_ACT[s.turn * 16];
  return NOBODY;
}

/** Bit L for every level L above p: `LEVEL_BITS[p]`. */
export const LEVEL_BITS = [0b111110, 0b111100, 0b111000, 0b110000, 0b100000, 0];
/** Flag in `allowedLevels`: the only allowed call is a late Re/Kontra as an answer. */
export const REPLY = 64;

/**
 * The levels (bit L) that a seat of `party` (0 Re, 1 Kontra) may announce now, with `REPLY` when the call
 * can only be a reply. Does not look at the seat's real party.
 */
export function allowedLevels(s: DoppelkopfState, party: 0 | 1, seat: Seat): number {
  const shift = shiftNow(s);
  return shift < 0 ? 0 : levels(s, party, heldInPlay(s, seat) + shift, shift);
}

/** How far a Hochzeit moves the deadlines (0 otherwise), or -1 while nothing may be announced. */
export function shiftNow(s: DoppelkopfState): number {
  const c = s.d.contract;
  if (c === null || s.phase !== 'play') return -1;
  if (c.kind !== 'hochzeit') return 0;
  return c.clarification === 0 ? -1 : c.clarification - 1;
}

/** `allowedLevels` for a seat holding `eff - shift` cards. */
export function levels(s: DoppelkopfState, party: 0 | 1, eff: number, shift: number): number {
  const d = s.d;
  const p = party === 0 ? d.annRe : d.annKo;
  const o = party === 0 ? d.annKo : d.annRe;
  if (p >= 5) return 0;
  if (s.config.options.deadlines === 'hand') {
    const n = handSizeOf(s.config.options);
    // With n - 1 cards anything goes; the ladder goes on only for a party whose first call was in time.
    if (eff >= n - 1 || ((d.inTime & (1 << party)) !== 0 && eff >= n - 1 - p)) return LEVEL_BITS[p];
    if (p === 0 && o >= 1 && eff >= n - 1 - o) return 2 | REPLY;
    return 0;
  }
  if (s.played > 4 * (p + 1) + 1 + 4 * shift) return 0;
  // 004: "Hat eine Partei KEINE-90 angesagt, so kann dies die andere Partei nicht mehr tun."
  return o >= 2 ? LEVEL_BITS[p] & 2 : LEVEL_BITS[p];
}

/** Bit of `callState`: some seat could still announce in either party. */
export const CALLS_OPEN = 16;

/**
 * In one pass: the seats besides `turn` that `toAct` lists (see above; the quiet ones left out), as a mask,
 * and `CALLS_OPEN` when any seat could announce in either party (the state's `calls`).
 */
export function callState(s: DoppelkopfState): number {
  const shift = shiftNow(s);
  if (shift < 0) return 0;
  const kind = s.d.contract!.kind;
  const hidden = kind === 'normal' || kind === 'silent-solo';
  // Shortcut (docs/architecture.md): `levels` as one card threshold per party, read once for all seats.
  const tRe = threshold(s, 0, shift);
  const tKo = threshold(s, 1, shift);
  const low = tRe < tKo ? tRe : tKo;
  // Shortcut: the cards held read off the cards played (`heldInPlay` written out for all seats at once):
  // the seats yet to play to the open trick hold `most`, the seat to play among them.
  const played = s.played;
  const most = handSizeOf(s.config.options) - (played >> 2) + shift;
  if (most < low) return 0;
  const turn = s.turn;
  const open = played & 3;
  const leader = (turn - open) & 3;
  const re = s.d.re;
  const quiet = s.quiet;
  let out = CALLS_OPEN;
  for (let seat = 0; seat < 4; seat++) {
    if (seat === turn || (quiet & (1 << seat)) !== 0) continue;
    const eff = ((seat - leader) & 3) < open ? most - 1 : most;
    if (hidden ? eff >= low : eff >= (((re >> seat) & 1) !== 0 ? tRe : tKo)) out |= 1 << seat;
  }
  return out;
}

/**
 * The cards `seat` holds in phase `play`, from the cards played: every hand starts the play as large as the
 * others (an Armut's taker returns as many cards as he took), and a seat has played one card to each finished
 * trick and to the open one if it played there already (the seats from the open trick's leader up to `turn`).
 * Checked against the hand words in doppelkopf.fast.test.ts.
 */
export function heldInPlay(s: DoppelkopfState, seat: Seat): number {
  const played = s.played;
  const open = played & 3;
  const leader = (s.turn - open) & 3;
  return handSizeOf(s.config.options) - (played >> 2) - (((seat - leader) & 3) < open ? 1 : 0);
}

/** Never reached by a card count. */
const NEVER = 99;

/** The least `eff` (cards held + shift) for which `levels` of `party` is not 0: it grows with `eff`. */
function threshold(s: DoppelkopfState, party: 0 | 1, shift: number): number {
  const d = s.d;
  const p = party === 0 ? d.annRe : d.annKo;
  const o = party === 0 ? d.annKo : d.annRe;
  if (p >= 5) return NEVER;
  if (s.config.options.deadlines !== 'hand') return levels(s, party, 0, shift) !== 0 ? 0 : NEVER;
  const n = handSizeOf(s.config.options);
  let t = n - 1;
  if ((d.inTime & (1 << party)) !== 0 && n - 1 - p < t) t = n - 1 - p;
  if (p === 0 && o >= 1 && n - 1 - o < t) t = n - 1 - o;
  return t;
}

/** The seats besides `turn` that `toAct` lists (see above), as a mask, leaving out the quiet ones. */
export const optionalActors = (s: DoppelkopfState): number => callState(s) & 15;

/** Whether any seat could announce now in either party (`calls` of the state; see there why it never reopens). */
export const callsOpen = (s: DoppelkopfState): boolean => (callState(s) & CALLS_OPEN) !== 0;

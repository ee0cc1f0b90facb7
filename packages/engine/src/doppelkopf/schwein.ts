/**
 * Schwein (004): "Von zwei auf einer Hand befindlichen Füchsen wird der zweite zum Schwein, sobald mit dem
 * ersten ein Stich gemacht wird. Die Bekanntgabe eines Schweins erfolgt, sobald es zum Einsatz kommt."
 *
 * Of two Füchse (Karo-Ass) in one hand the second becomes the Schwein, the highest trump (above the Dullen),
 * once "a trick is made" with the first. Option `schwein`:
 * - `fox` (house default): "einen Stich machen" is to win a trick, and "mit dem ersten" names the card that
 *   wins it: the owner wins the trick he played his first Fuchs to (so the Fuchs took it);
 * - `party`: the trick of the first Fuchs goes to the owner's party (brought home, not caught); the owner is
 *   not told before he plays the Schwein (he may not know his partner);
 * - `any`: any trick that contains the first Fuchs;
 * - `off`: no Schweine.
 * Only where the Karo-Ass is a trump (normal game, Hochzeit, stilles Solo, Armut, Karo-Solo). "In one hand" is
 * read when the first Fuchs is played (after an Armut exchange). The Schwein is announced when it is played:
 * views and the deal's result show it from that card on (`schweinOf`); before, only its owner sees it.
 *
 * State (`DealState.pig`): -1 none; seat + 4 while the owner's first Fuchs lies in the open trick; then the
 * owner's seat (live) or -1 (the first Fuchs was caught). Both steps are off the card path but for one compare.
 */
import type { Seat } from '../core/game.ts';
import { TRUMP } from '../kernel/index.ts';
import { DA, ESUIT, KINDS } from './cards.ts';
import type { SchweinRule } from './config.ts';
import { type DealState, type DoppelkopfState, held, heldTwice, type PlayCell } from './state.ts';

export const PIG_PENDING = 4;

/**
 * The deal state after `seat` plays a Karo-Ass while no Schwein is known (`d.pig === -1`): the first of two
 * Füchse in one hand marks its owner as pending.
 */
export function firstFox(s: DoppelkopfState, seat: Seat): DealState {
  const d = s.d;
  if (s.config.options.schwein === 'off' || ESUIT[d.order * KINDS + DA] !== TRUMP) return d;
  if ((heldTwice(s, seat) & (1 << DA)) === 0) return d;
  return { ...d, pig: seat + PIG_PENDING };
}

/** `pig` once the trick holding the owner's first Fuchs is complete (pig >= 4), won by `winner`. */
export function pigAfterTrick(pig: number, winner: Seat, re: number, rule: SchweinRule): number {
  const owner = pig - PIG_PENDING;
  if (rule === 'any') return owner;
  if (rule === 'fox') return winner === owner ? owner : -1;
  return ((re >> owner) & 1) === ((re >> winner) & 1) ? owner : -1;
}

/** The Schwein once played: its owner and trick (1-based), else null. */
export function schweinOf(pig: number, plays: PlayCell | null): { seat: Seat; trick: number } | null {
  if (pig < 0 || pig >= PIG_PENDING) return null;
  let n = 0;
  for (let p = plays; p !== null; p = p.prev) n++;
  // Newest first: the owner's Karo-Ass seen first is his second (if he played two).
  let foxes = 0;
  let at = -1;
  let i = n;
  for (let p = plays; p !== null; p = p.prev) {
    i--;
    if (p.seat === pig && p.kind === DA) {
      foxes++;
      if (foxes === 1) at = i;
    }
  }
  return foxes === 2 ? { seat: pig, trick: (at >> 2) + 1 } : null;
}

/**
 * Whether `seat` holds the live Schwein and may know it (its own view shows that). Not with `party`: whether
 * the first Fuchs went to the owner's party depends on parties he may not know yet; he learns it when the
 * Schwein is played, like everybody.
 */
export const holdsSchwein = (s: DoppelkopfState, seat: Seat): boolean =>
  s.config.options.schwein !== 'party' && s.d.pig === seat && (held(s, seat) & (1 << DA)) !== 0;

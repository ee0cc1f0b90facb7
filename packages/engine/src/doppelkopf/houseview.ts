/**
 * What a viewer sees of the house rules (option `melden: 'house'`): the solo candidates and their bids
 * (public), its own Vorbehalt's kind while the Vorbehalte are named, the Armut's progress (public: who gives,
 * how many, who shoved, who took, whether trumps came back; the cards themselves only to the poor player
 * and, once taken, to the taker), and the Schwein (public from the card that plays it on; before, its owner
 * sees that he holds it).
 */
import type { Card } from '../core/cards.ts';
import { type Seat, SPECTATOR, type Viewer } from '../core/game.ts';
import { GAMES_DECLARED } from './cards.ts';
import { cardsOf } from './deal.ts';
import { holdsSchwein, schweinOf } from './schwein.ts';
import type { Call, DoppelkopfState } from './state.ts';
import { callOfLevel } from './state.ts';

export interface ArmutView {
  readonly poor: Seat;
  /** Cards passed face down (and returned). */
  readonly cards: number;
  readonly given: number;
  /** The seat the cards are offered to (-1 while they are given). */
  readonly at: Seat;
  readonly shoved: readonly Seat[];
  readonly taker: Seat;
  readonly returned: number;
  readonly trumpsBack: boolean | null;
  /** The cards given and returned: only for the poor player and (the given ones once taken) the taker. */
  readonly givenCards: readonly Card[] | null;
  readonly returnedCards: readonly Card[] | null;
}

export interface HouseView {
  /** Solo candidates of the Melden round, front first. */
  readonly solos: readonly Seat[];
  readonly bids: readonly { readonly seat: Seat; readonly call: Call | 'fold' }[];
  /** Bidding: the front and the rear player now, and the level reached ('none' before a bid). */
  readonly holder: Seat;
  readonly challenger: Seat;
  readonly level: Call | 'none';
  /** The viewer's own Vorbehalt kind once named (seen by nobody else). */
  readonly vorbehalt: 'hochzeit' | 'armut' | null;
  readonly armut: ArmutView | null;
  readonly schwein: { readonly seat: Seat; readonly trick: number } | null;
  readonly schweinInHand: boolean;
}

export function houseView(s: DoppelkopfState, viewer: Viewer): HouseView | null {
  if (s.config.options.melden !== 'house' && s.config.options.schwein === 'off') return null;
  const d = s.d;
  const h = d.house;
  const a = h?.armut ?? null;
  const seat = viewer === SPECTATOR ? -1 : viewer;
  const named = seat >= 0 && d.decls[seat] >= 0 ? GAMES_DECLARED[d.decls[seat]] : null;
  const sees = a !== null && (seat === a.poor || (seat === a.taker && seat >= 0));
  return {
    solos: h?.cands ?? [],
    bids: (h?.bids ?? []).map((b) => ({ seat: b.seat, call: b.level === 0 ? 'fold' : callOfLevel(b.level) })),
    holder: s.phase === 'bid' && h !== null ? h.holder : -1,
    challenger: s.phase === 'bid' && h !== null ? h.challenger : -1,
    level: h === null || h.level === 0 ? 'none' : callOfLevel(h.level),
    vorbehalt: named === 'hochzeit' || named === 'armut' ? named : null,
    armut:
      a === null
        ? null
        : {
            poor: a.poor,
            cards: a.n,
            given: a.given,
            at: a.at,
            shoved: a.shoved,
            taker: a.taker,
            returned: a.returned,
            trumpsBack: a.trumpsBack,
            givenCards: sees ? cardsOf(a.given1, a.given2) : null,
            returnedCards: sees ? cardsOf(a.back1, a.back2) : null,
          },
    schwein: schweinOf(d.pig, s.plays),
    schweinInHand: seat >= 0 && s.phase === 'play' && holdsSchwein(s, seat),
  };
}

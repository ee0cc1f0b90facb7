/**
 * What a viewer of a Doppelkopf table may know: its own hand, the Vorbehalt answers, the contract as far as
 * it is public (a stilles Solo looks like a normal game to everyone but its player until the deal ends; a
 * Vorbehalt's kind only once it is the game), the parties as far as the viewer can tell, the announcements,
 * the tricks, the last deal's result and the match scores.
 */
import type { Card } from '../core/cards.ts';
import { type BaseView, type Seat, SPECTATOR, type Viewer } from '../core/game.ts';
import type { PointedTrickView } from '../kernel/index.ts';
import { toAct } from './announce.ts';
import { CQ, displayOrder, GAMES_DECLARED, KIND_CARDS, ORDERS, POINTS } from './cards.ts';
import type { DoppelkopfOptions, Preset } from './config.ts';
import { type CallDeadline, callDeadlines } from './deadline.ts';
import { cardsInHand, cardsOf } from './deal.ts';
import { announcementsInOrder, playsInOrder } from './finish.ts';
import { partyOf } from './play.ts';
import { holdsSchwein, schweinOf } from './schwein.ts';
import {
  bidCalls,
  type Call,
  CONTRACT_BASE,
  type Contract,
  callOfLevel,
  type DealResult,
  type DoppelkopfState,
  held,
  heldTwice,
  PARTIES,
  type Party,
} from './state.ts';

export type ReservationView = 'healthy' | 'reserve' | 'solo' | null;

export interface AnnouncementView {
  readonly seat: Seat;
  readonly party: Party;
  readonly call: Call;
  readonly played: number;
  readonly reply: boolean;
}

export interface DoppelkopfView extends BaseView {
  readonly game: 'doppelkopf';
  readonly preset: Preset;
  readonly options: DoppelkopfOptions;
  /** The deal in progress (1-based), or the last one between deals. */
  readonly deal: number;
  readonly dealer: Seat;
  readonly forehand: Seat;
  /** The viewer's cards, trumps first, strongest first (empty for the spectator and between deals). */
  readonly hand: readonly Card[];
  readonly handCounts: readonly number[];
  /** Trumps are no single suit in Doppelkopf: always null (the hand comes in the contract's order). */
  readonly trump: null;
  readonly reservations: readonly ReservationView[];
  /** The contract as the viewer knows it; null before the Vorbehalt round ends. */
  readonly contract: Contract | null;
  /** Each seat's party as far as the viewer can tell (null: not known to it). */
  readonly knownParties: readonly (Party | null)[];
  readonly announcements: readonly AnnouncementView[];
  /** Each party's highest call ('none' before any). */
  readonly highest: { readonly re: Call | 'none'; readonly kontra: Call | 'none' };
  /** The calls the viewer may make now for its party, each with the trick and card it closes at (deadline.ts). */
  readonly deadlines: readonly CallDeadline[];
  readonly trick: PointedTrickView | null;
  readonly tricks: readonly PointedTrickView[];
  /** Seats that have played their Pflichtsolo. */
  readonly pflichtsoloDone: readonly Seat[];
  readonly last: DealResult | null;
  readonly scores: readonly number[];
  /** House preset (004 Melden): bidding, Armut, Schwein (below); null with `melden: 'ddv'` and no Schweine. */
  readonly house: HouseView | null;
}

/** The display order of every trick order (made once at load, not sorted per view). */
const DISPLAY: readonly (readonly number[])[] = ORDERS.map((_, o) => displayOrder(o));

const RESERVATION: readonly ReservationView[] = [null, 'healthy', 'reserve', 'solo'];

const callName = (party: Party, level: number): Call | 'none' =>
  level === 0 ? 'none' : level === 1 ? party : callOfLevel(level);

/** Parties as `viewer` can tell them. */
function partiesFor(s: DoppelkopfState, viewer: Viewer): (Party | null)[] {
  const c = s.d.contract;
  const truth = (seat: Seat): Party => PARTIES[partyOf(s, seat)];
  if (c === null) return [null, null, null, null];
  if (s.phase === 'deal' || s.phase === 'over') return [0, 1, 2, 3].map(truth);
  if (c.kind === 'hochzeit' && c.clarification === 0)
    return [0, 1, 2, 3].map((x) => (x === c.declarer ? 're' : null));
  if (c.kind !== 'normal' && c.kind !== 'silent-solo') return [0, 1, 2, 3].map(truth);
  // Normal game or stilles Solo: what the viewer's hand, the Kreuz-Damen played and the announcements show.
  const out: (Party | null)[] = [null, null, null, null];
  const queensPlayed = [0, 0, 0, 0];
  for (let p = s.plays; p !== null; p = p.prev) if (p.kind === CQ) queensPlayed[p.seat]++;
  for (let a = s.d.anns; a !== null; a = a.prev) out[a.seat] = a.party;
  for (let x = 0; x < 4; x++) if (queensPlayed[x] > 0) out[x] = 're';
  if (viewer !== SPECTATOR) out[viewer] = truth(viewer);
  const viewerQueens =
    viewer === SPECTATOR
      ? 0
      : ((held(s, viewer) >> CQ) & 1) + ((heldTwice(s, viewer) >> CQ) & 1) + queensPlayed[viewer];
  const reKnown = out.filter((p) => p === 're').length;
  const alone = queensPlayed.some((q) => q === 2) || viewerQueens === 2;
  if (reKnown >= 2 || alone) for (let x = 0; x < 4; x++) if (out[x] === null) out[x] = 'kontra';
  // Three seats known tell the fourth where that is sure: three Kontra leave Re; one Re and two Kontra leave a
  // second Re only when that Re is the viewer holding one Kreuz-Dame (another Re seat may be a silent soloist).
  const open = out.indexOf(null);
  if (open >= 0 && out.filter((p) => p !== null).length === 3) {
    const kontra = out.filter((p) => p === 'kontra').length;
    if (kontra === 3 || (viewer !== SPECTATOR && out[viewer] === 're' && viewerQueens === 1))
      out[open] = 're';
  }
  return out;
}

function tricksOf(s: DoppelkopfState): { trick: PointedTrickView | null; tricks: PointedTrickView[] } {
  const plays = playsInOrder(s.plays);
  const tricks: PointedTrickView[] = [];
  let trick: PointedTrickView | null = null;
  for (let i = 0, t = 0; i < plays.length; i += 4, t++) {
    const end = Math.min(i + 4, plays.length);
    const cards: { seat: Seat; card: Card }[] = [];
    let points = 0;
    for (let j = i; j < end; j++) {
      const p = plays[j];
      cards.push({ seat: p.seat, card: KIND_CARDS[p.kind] });
      points += POINTS[p.kind];
    }
    if (end - i === 4)
      tricks.push({ leader: plays[i].seat, cards, winner: (s.winners >>> (2 * t)) & 3, points });
    else trick = { leader: plays[i].seat, cards, points };
  }
  return { trick, tricks };
}

export function viewFor(s: DoppelkopfState, viewer: Viewer): DoppelkopfView {
  const between = s.phase === 'deal' || s.phase === 'over';
  const c = s.d.contract;
  let contract: Contract | null = c;
  if (c !== null && c.kind === 'silent-solo' && !between && viewer !== c.declarer) contract = CONTRACT_BASE;
  let hand: Card[] = [];
  if (viewer !== SPECTATOR && !between) {
    const one = held(s, viewer);
    const two = heldTwice(s, viewer);
    for (const k of DISPLAY[s.d.order]) {
      if ((one & (1 << k)) !== 0) hand.push(KIND_CARDS[k]);
      if ((two & (1 << k)) !== 0) hand.push(KIND_CARDS[k]);
    }
    // 004 "Schwein (höchster Trumpf)": its owner sees it first (schwein.ts).
    if (holdsSchwein(s, viewer)) hand = ['DA', ...hand.filter((c) => c !== 'DA')];
  } else hand = [];
  const { trick, tricks } = tricksOf(s);
  const handCounts = between ? [0, 0, 0, 0] : [0, 1, 2, 3].map((i) => cardsInHand(s, i));
  const anns = announcementsInOrder(s.d.anns).map((a) => ({
    seat: a.seat,
    party: a.party,
    call: a.call,
    played: a.played,
    reply: a.reply,
  }));
  return {
    game: 'doppelkopf',
    viewer,
    seats: 4,
    phase: s.phase,
    toAct: [...toAct(s)],
    preset: s.config.preset,
    options: s.config.options,
    deal: between ? s.m.deals : s.m.deals + 1,
    dealer: s.m.dealer,
    forehand: s.m.forehand,
    hand,
    handCounts,
    trump: null,
    reservations: s.d.answers.map((a) => RESERVATION[a + 1]),
    contract,
    knownParties: partiesFor(s, viewer),
    announcements: anns,
    highest: { re: callName('re', s.d.annRe), kontra: callName('kontra', s.d.annKo) },
    deadlines: viewer === SPECTATOR || between ? [] : callDeadlines(s, viewer),
    trick,
    tricks,
    pflichtsoloDone: [0, 1, 2, 3].filter((x) => (s.m.soloDone & (1 << x)) !== 0),
    last: s.m.results.length > 0 ? s.m.results[s.m.results.length - 1] : null,
    scores: s.m.scores,
    house: houseView(s, viewer),
  };
}

/**
 * What a viewer sees of the house rules (option `melden: 'house'`): the solo candidates and their bids
 * (public), its own Vorbehalt's kind while the Vorbehalte are named, the Armut's progress (public: who gives,
 * how many, who shoved, who took, whether trumps came back; the cards themselves only to the poor player
 * and, once taken, to the taker), and the Schwein (public from the card that plays it on; before, its owner
 * sees that he holds it).
 */
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
    bids: bidCalls(h?.bids ?? []),
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

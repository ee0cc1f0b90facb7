/**
 * The end of a deal: its tricks, parties, special points and value (score.ts), the match totals, and the
 * next forehand (DDV: one seat on, except after a Pflichtsolo that is not a Vorführung, whose deal is
 * repeated with the same forehand; oracle README "forehand").
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { CJ, DA, KIND_CARDS, KINDS, POINTS } from './cards.ts';
import type { DoppelkopfOptions } from './config.ts';
import { houseResult, SEATS } from './deal.ts';
import { scoreDdv, scoreHouse } from './score.ts';
import {
  type AnnCell,
  type DealResult,
  type DoppelkopfState,
  type Party,
  type PlayCell,
  type ScoreItem,
  seatTricks,
} from './state.ts';

const FUCHS = KIND_CARDS[DA];
const KARLCHEN = KIND_CARDS[CJ];

/** The plays of the deal in order. */
export function playsInOrder(head: PlayCell | null): { seat: Seat; kind: number }[] {
  const out: { seat: Seat; kind: number }[] = [];
  for (let c = head; c !== null; c = c.prev) out.push({ seat: c.seat, kind: c.kind });
  return out.reverse();
}

export function announcementsInOrder(head: AnnCell | null): AnnCell[] {
  const out: AnnCell[] = [];
  for (let c = head; c !== null; c = c.prev) out.push(c);
  return out.reverse();
}

/** The announcements of a deal in order, as its result shows them. */
const announcementsOf = (head: AnnCell | null): DealResult['announcements'] =>
  announcementsInOrder(head).map(({ seat, party, call, played, hand, reply }) => ({
    seat,
    party,
    call,
    played,
    hand,
    reply,
  }));

export interface FinishedTrick {
  readonly leader: Seat;
  readonly plays: readonly (readonly [Seat, Card])[];
  readonly winner: Seat;
  readonly points: number;
}

/**
 * `[seat, card]` of every seat and kind: the plays of the finished tricks share these pairs (made once at load,
 * frozen since results are shared between states anyway; a deal's result holds 48 of them).
 */
const PAIRS: readonly (readonly [Seat, Card])[] = Array.from({ length: SEATS * KINDS }, (_, i) =>
  Object.freeze([(i / KINDS) | 0, KIND_CARDS[i % KINDS]] as const),
);

/** The finished tricks of a deal from its plays and the packed winners (one walk of the play list). */
export function finishedTricks(s: DoppelkopfState): FinishedTrick[] {
  // The deal's play list holds one cell per card played.
  const n = s.played;
  let c = s.plays;
  // The cards of an open trick are no finished trick.
  for (let j = n & 3; j > 0; j--) c = (c as PlayCell).prev;
  const out: FinishedTrick[] = [];
  const winners = s.winners;
  // Newest trick first, four cells at a time; reversed at the end.
  for (let t = (n >> 2) - 1; t >= 0; t--) {
    const c3 = c as PlayCell;
    const c2 = c3.prev as PlayCell;
    const c1 = c2.prev as PlayCell;
    const c0 = c1.prev as PlayCell;
    c = c0.prev;
    out.push({
      leader: c0.seat,
      plays: [
        PAIRS[c0.seat * KINDS + c0.kind],
        PAIRS[c1.seat * KINDS + c1.kind],
        PAIRS[c2.seat * KINDS + c2.kind],
        PAIRS[c3.seat * KINDS + c3.kind],
      ],
      winner: (winners >>> (2 * t)) & 3,
      points: POINTS[c0.kind] + POINTS[c1.kind] + POINTS[c2.kind] + POINTS[c3.kind],
    });
  }
  return out.reverse();
}

const PARTY: readonly Party[] = ['kontra', 're'];

/**
 * Special points (DDV 'Sonderpunkte'; 004 names Karl-, Fuchs- and Doppelkopf-Stiche), only while Re has two
 * players: a Fuchs (Karo-Ass) won by the other party, a trick of 40 or more points, the last trick won by
 * a Kreuz-Bube (Karlchen). Each to the trick winner's party.
 */
export function specials(tricks: readonly FinishedTrick[], re: number): ScoreItem[] {
  const out: ScoreItem[] = [];
  const last = tricks.length - 1;
  for (let i = 0; i <= last; i++) {
    const t = tricks[i];
    const w = (re >> t.winner) & 1;
    const p = PARTY[w];
    for (let j = 0; j < 4; j++) {
      const [seat, card] = t.plays[j];
      if (card === FUCHS && ((re >> seat) & 1) !== w)
        out.push({ kind: 'fuchsGefangen', party: p, points: 1, trick: i + 1 });
    }
    if (t.points >= 40) out.push({ kind: 'doppelkopf', party: p, points: 1, trick: i + 1 });
    if (i === last) {
      let j = 0;
      while (t.plays[j][0] !== t.winner) j++;
      if (t.plays[j][1] === KARLCHEN) out.push({ kind: 'karlchen', party: p, points: 1, trick: i + 1 });
    }
  }
  return out;
}

/**
 * The special points the options count. The DDV value counts what `fuchs`, `karlchen` and `doppelkopfTrick`
 * leave on (all three in the preset); 004's scoring leaves them out itself (score.ts `scoreHouse`), since its result
 * names them.
 */
export function counted(items: ScoreItem[], o: DoppelkopfOptions): ScoreItem[] {
  if (o.scoring !== 'ddv' || (o.fuchs && o.karlchen && o.doppelkopfTrick)) return items;
  return items.filter((i) =>
    i.kind === 'fuchsGefangen' ? o.fuchs : i.kind === 'karlchen' ? o.karlchen : o.doppelkopfTrick,
  );
}

export function finishDeal(s: DoppelkopfState): DoppelkopfState {
  const d = s.d;
  const m = s.m;
  const c = d.contract!;
  const tricks = finishedTricks(s);
  const two = (d.re & (d.re - 1)) !== 0;
  const reSeats: Seat[] = [];
  const koSeats: Seat[] = [];
  // Card points by seat from the finished tricks (the state keeps none: a packed number of four seats' points
  // outgrew the small integers, and every state then carried a boxed number).
  const bySeat = [0, 0, 0, 0];
  for (let i = 0; i < tricks.length; i++) bySeat[tricks[i].winner] += tricks[i].points;
  const wonBySeat = [
    seatTricks(s.tricks, 0),
    seatTricks(s.tricks, 1),
    seatTricks(s.tricks, 2),
    seatTricks(s.tricks, 3),
  ];
  const points = { re: 0, kontra: 0 };
  const won = { re: 0, kontra: 0 };
  for (let x = 0; x < SEATS; x++) {
    if (((d.re >> x) & 1) !== 0) {
      reSeats.push(x);
      points.re += bySeat[x];
      won.re += wonBySeat[x];
    } else {
      koSeats.push(x);
      points.kontra += bySeat[x];
      won.kontra += wonBySeat[x];
    }
  }
  const facts = {
    re: d.re,
    annRe: d.annRe,
    annKo: d.annKo,
    points,
    tricks: won,
    specials: two ? counted(specials(tricks, d.re), s.config.options) : [],
    solo: !two,
  };
  const v =
    s.config.options.scoring === 'ddv' ? scoreDdv(facts) : scoreHouse(facts, s.config.options, c.kind);
  const result: DealResult = {
    deal: m.deals + 1,
    dealer: m.dealer,
    forehand: m.forehand,
    leader: d.leader,
    hands: d.dealt,
    contract: c,
    parties: { re: reSeats, kontra: koSeats },
    announcements: announcementsOf(d.anns),
    tricks,
    cardPoints: { ...points, bySeat },
    tricksWon: { ...won, bySeat: wonBySeat },
    winner: v.winner,
    needs: v.needs,
    items: v.items,
    forRe: v.forRe,
    multiplier: v.multiplier,
    score: v.score,
    house: houseResult(s, null, []),
  };
  const deals = m.deals + 1;
  const over = deals >= s.config.options.games;
  const repeat = c.kind === 'solo' && c.pflicht && !c.vorfuehrung;
  const forehand = over || repeat ? m.forehand : (m.forehand + 1) % SEATS;
  const soloDone = c.kind === 'solo' && c.pflicht ? m.soloDone | (1 << (c.declarer as Seat)) : m.soloDone;
  // At its size (a slice and a push would grow it once more).
  const before = m.results;
  const results = new Array<DealResult>(before.length + 1);
  for (let i = 0; i < before.length; i++) results[i] = before[i];
  results[before.length] = result;
  return {
    ...s,
    phase: over ? 'over' : 'deal',
    turn: forehand,
    opt: 0,
    quiet: 0,
    calls: false,
    m: {
      deals,
      dealer: (forehand + SEATS - 1) % SEATS,
      forehand,
      soloDone,
      results,
      scores: [
        m.scores[0] + v.score[0],
        m.scores[1] + v.score[1],
        m.scores[2] + v.score[2],
        m.scores[3] + v.score[3],
      ],
    },
  };
}

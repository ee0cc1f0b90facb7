/**
 * The end of a deal: its tricks, parties, special points and value (score.ts), the match totals, and the
 * next forehand (DDV: one seat on, except after a Pflichtsolo that is not a Vorführung, whose deal is
 * repeated with the same forehand; oracle README "forehand").
 */
import type { Card } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { CJ, DA, KIND_CARDS, POINTS } from './cards.ts';
import { scoreDdv, scoreHouse } from './score.ts';
import type { AnnCell, DealResult, DoppelkopfState, Party, PlayCell, ScoreItem } from './state.ts';

const SEATS = 4;

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

export interface FinishedTrick {
  readonly leader: Seat;
  readonly plays: readonly (readonly [Seat, Card])[];
  readonly kinds: readonly number[];
  readonly winner: Seat;
  readonly points: number;
}

/** The finished tricks of a deal from its plays and the packed winners. */
export function finishedTricks(s: DoppelkopfState): FinishedTrick[] {
  const plays = playsInOrder(s.plays);
  const out: FinishedTrick[] = [];
  for (let t = 0; (t + 1) * 4 <= plays.length; t++) {
    const four = plays.slice(t * 4, t * 4 + 4);
    out.push({
      leader: four[0].seat,
      plays: four.map((p) => [p.seat, KIND_CARDS[p.kind]] as const),
      kinds: four.map((p) => p.kind),
      winner: (s.winners >>> (2 * t)) & 3,
      points: four.reduce((a, p) => a + POINTS[p.kind], 0),
    });
  }
  return out;
}

/**
 * Special points (DDV 'Sonderpunkte'; 004 names Karl-, Fuchs- and Doppelkopf-Stiche), only while Re has two
 * players: a Fuchs (Karo-Ass) won by the other party, a trick of 40 or more points, the last trick won by
 * a Kreuz-Bube (Karlchen). Each to the trick winner's party.
 */
function specials(tricks: readonly FinishedTrick[], partyOf: (s: Seat) => Party): ScoreItem[] {
  const out: ScoreItem[] = [];
  tricks.forEach((t, i) => {
    const p = partyOf(t.winner);
    t.kinds.forEach((k, j) => {
      if (k === DA && partyOf(t.plays[j][0]) !== p)
        out.push({ kind: 'fuchsGefangen', party: p, points: 1, trick: i + 1 });
    });
    if (t.points >= 40) out.push({ kind: 'doppelkopf', party: p, points: 1, trick: i + 1 });
    if (i === tricks.length - 1) {
      const j = t.plays.findIndex(([seat]) => seat === t.winner);
      if (t.kinds[j] === CJ) out.push({ kind: 'karlchen', party: p, points: 1, trick: i + 1 });
    }
  });
  return out;
}

export function finishDeal(s: DoppelkopfState): DoppelkopfState {
  const c = s.contract!;
  const tricks = finishedTricks(s);
  const partyOf = (seat: Seat): Party => (((s.re >> seat) & 1) !== 0 ? 're' : 'kontra');
  const two = (s.re & (s.re - 1)) !== 0;
  const reSeats = [0, 1, 2, 3].filter((x) => partyOf(x) === 're');
  const koSeats = [0, 1, 2, 3].filter((x) => partyOf(x) === 'kontra');
  const sum = (seats: Seat[], by: readonly number[]) => seats.reduce((a, x) => a + by[x], 0);
  const points = { re: sum(reSeats, s.points), kontra: sum(koSeats, s.points) };
  const won = { re: sum(reSeats, s.won), kontra: sum(koSeats, s.won) };
  const facts = {
    re: s.re,
    annRe: s.annRe,
    annKo: s.annKo,
    points,
    tricks: won,
    specials: two ? specials(tricks, partyOf) : [],
    solo: !two,
  };
  const v = s.config.options.scoring === 'ddv' ? scoreDdv(facts) : scoreHouse(facts);
  const result: DealResult = {
    deal: s.deals + 1,
    dealer: s.dealer,
    forehand: s.forehand,
    leader: s.leader,
    hands: s.dealt,
    contract: c,
    parties: { re: reSeats, kontra: koSeats },
    announcements: announcementsInOrder(s.anns).map((a) => ({
      seat: a.seat,
      party: a.party,
      call: a.call,
      played: a.played,
      hand: a.hand,
      reply: a.reply,
    })),
    tricks: tricks.map(({ leader, plays, winner, points }) => ({ leader, plays, winner, points })),
    cardPoints: { ...points, bySeat: s.points },
    tricksWon: { ...won, bySeat: s.won },
    winner: v.winner,
    items: v.items,
    forRe: v.forRe,
    multiplier: v.multiplier,
    score: v.score,
  };
  const deals = s.deals + 1;
  const over = deals >= s.config.options.games;
  const repeat = c.kind === 'solo' && c.pflicht && !c.vorfuehrung;
  const forehand = over || repeat ? s.forehand : (s.forehand + 1) % SEATS;
  const soloDone = c.kind === 'solo' && c.pflicht ? s.soloDone | (1 << (c.declarer as Seat)) : s.soloDone;
  const results = s.results.slice();
  results.push(result);
  return {
    ...s,
    phase: over ? 'over' : 'deal',
    deals,
    dealer: (forehand + SEATS - 1) % SEATS,
    forehand,
    turn: forehand,
    opt: 0,
    quiet: 0,
    soloDone,
    results,
    scores: s.scores.map((x, i) => x + v.score[i]),
  };
}

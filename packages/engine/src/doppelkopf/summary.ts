/**
 * The common deal summary of Doppelkopf (core/summary.ts) from a deal's result: sides are the parties as they
 * stood at the end (Re 0, Kontra 1; a soloist alone against three), the score is the result's `score`, and
 * the counts (docs/statistics.md "Doppelkopf") read the contract, the announcements, the house rules' result
 * and the special points as finish.ts finds them (`specials`, whether or not the options count them).
 */
import type { BySeat, Seat } from '../core/game.ts';
import {
  allCardPoints,
  bump,
  type DealSummary,
  densePlaces,
  emptyCounts,
  type GameSummary,
} from '../core/summary.ts';
import { DA, KIND_CARDS } from './cards.ts';
import { specials } from './finish.ts';
import type { DoppelkopfOutcome } from './outcome.ts';
import type { DealResult } from './state.ts';

const FUCHS = KIND_CARDS[DA];

export function dealSummary(r: DealResult): DealSummary {
  const seats = r.score.length;
  const counts = emptyCounts(seats);
  const re = r.parties.re.reduce((m, s) => m | (1 << s), 0);
  const sides: number[] = [];
  for (let s: Seat = 0; s < seats; s++) sides.push((re >> s) & 1 ? 0 : 1);
  if (r.contract.kind === 'redeal') {
    for (const s of r.house?.seats ?? []) bump(counts[s], `redeal.${r.house?.redeal ?? 'other'}`);
    return {
      sides,
      score: r.score,
      won: sides.map(() => false),
      cardPoints: sides.map(() => 0),
      cardPointsAll: 0,
      counts,
      void: true,
    };
  }
  const won = sides.map((side) => (side === 0 ? r.winner === 're' : r.winner === 'kontra'));
  const cardPoints = sides.map((side) => (side === 0 ? r.cardPoints.re : r.cardPoints.kontra));
  for (let s: Seat = 0; s < seats; s++) {
    const party = sides[s] === 0 ? 're' : 'kontra';
    bump(counts[s], `${party}.played`);
    if (won[s]) bump(counts[s], `${party}.won`);
  }
  const c = r.contract;
  const d = c.declarer;
  if (d !== null) {
    // A solo by its kind; a stilles Solo and a Hochzeit the holder played alone are solos of their own kind.
    const kind =
      c.kind === 'solo'
        ? `solo.${c.solo}`
        : c.kind === 'silent-solo'
          ? 'solo.silent'
          : c.kind === 'hochzeit'
            ? 'hochzeit'
            : c.kind === 'armut'
              ? 'armut'
              : null;
    if (kind !== null) {
      bump(counts[d], `${kind}.played`);
      if (won[d]) bump(counts[d], `${kind}.won`);
    }
    if (c.kind === 'hochzeit' && c.failed) bump(counts[d], 'hochzeit.alone');
  }
  const armut = r.house?.armut ?? null;
  if (c.kind === 'armut' && armut !== null && armut.taker >= 0) {
    bump(counts[armut.taker], 'armut.taken');
    if (won[armut.taker]) bump(counts[armut.taker], 'armut.taken.won');
  }
  // An announcement held when its party won the deal (it then reached what the announcement asked for).
  for (const a of r.announcements) {
    bump(counts[a.seat], `call.${a.call}`);
    if (won[a.seat]) bump(counts[a.seat], `call.${a.call}.held`);
  }
  if (r.house?.schwein) bump(counts[r.house.schwein.seat], 'schwein');
  // Special points exist only while Re has two players (finish.ts).
  if (r.parties.re.length === 2) {
    let foxTrick = -1;
    for (const sp of specials(r.tricks, re)) {
      const t = r.tricks[(sp.trick as number) - 1];
      if (sp.kind === 'doppelkopf') bump(counts[t.winner], 'doppelkopf');
      else if (sp.kind === 'karlchen') bump(counts[t.winner], 'karlchen');
      else if (sp.kind === 'fuchsGefangen') {
        bump(counts[t.winner], 'fox.caught');
        // One item per Fuchs: the trick's Füchse of the other party, each lost by its player, counted once.
        if (foxTrick === sp.trick) continue;
        foxTrick = sp.trick as number;
        for (const [seat, card] of t.plays)
          if (card === FUCHS && sides[seat] !== sides[t.winner]) bump(counts[seat], 'fox.lost');
      }
    }
  }
  return {
    sides,
    score: r.score,
    won,
    cardPoints,
    cardPointsAll: allCardPoints(sides, cardPoints),
    counts,
    void: false,
  };
}

/** Places by the match score: the highest first (the outcome's winners), equal scores share a place. */
export function places(o: DoppelkopfOutcome): BySeat<number> {
  return densePlaces(o.scores);
}

export const doppelkopfSummary: GameSummary<DoppelkopfOutcome> = {
  lowerIsBetter: false,
  deal: dealSummary,
  places,
};

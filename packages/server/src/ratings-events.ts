/**
 * From per-seat results to rated events (docs/ratings.md, "What is rated"). The engine says who played with
 * whom and how each seat did; this file only groups seats into sides and ranks the sides:
 *
 * - Doppelkopf, per deal: the parties as they stood at the end of the deal (a soloist alone against three),
 *   ranked by the deal's score of their members.
 * - Differenzler, per deal: the four seats ranked by their deal's difference (lower is better).
 * - Klapper-Jas (2, 3 and 4 players) and Klaberjass, per match: the fixed sides ranked by the match result
 *   (the winners first; 3-player Klapper-Jas by its ranking of first, second and third).
 */
import { GAME_META, type GameId } from '@stich/engine';
import type { Member, RatedEvent, RatedMatch, RatedTeam } from './ratings.ts';

/** Whether a game is rated deal by deal or once per match. */
export const RATED_BY: Readonly<Record<GameId, 'deal' | 'match'>> = {
  doppelkopf: 'deal',
  differenzler: 'deal',
  klapperjas: 'match',
  klaberjass: 'match',
};

/** Games whose deal score is a penalty (BaseOutcome: "Differenzler: lower is better"). */
export const LOWER_WINS: ReadonlySet<GameId> = new Set(['differenzler']);

/**
 * One deal's results by seat, as the statistics' deal summary has them: the side each seat played on (any
 * id; seats with the same id were partners in this deal) and the seat's score in the deal.
 */
export interface SeatResults {
  readonly sides: readonly (string | number)[];
  readonly score: readonly number[];
}

/** The match's end as the engine's outcome states it (`game.outcome(state)` of a finished match). */
export interface MatchEnd {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  /** 3-player Klapper-Jas: first, second, third. */
  readonly ranking?: readonly number[];
}

/**
 * The event of one deal: seats grouped by side, sides ranked by their members' mean score (a soloist's
 * three-fold score against three single ones still ranks the right side first), equal means tied.
 */
export function dealEvent(members: readonly Member[], r: SeatResults, lowerWins = false): RatedEvent {
  const sides = new Map<string | number, number[]>();
  r.sides.forEach((side, seat) => {
    const seats = sides.get(side) ?? [];
    seats.push(seat);
    sides.set(side, seats);
  });
  const groups = [...sides.values()].map((seats) => {
    const mean = seats.reduce((a, s) => a + r.score[s], 0) / seats.length;
    return { seats, value: lowerWins ? -mean : mean };
  });
  return { teams: ranked(members, groups) };
}

/**
 * The event of a whole match: the game's sides for this many players (GAME_META parties), the winners'
 * side first; with a ranking, places in its order (seats it does not name share the last place).
 */
export function matchEvent(game: GameId, members: readonly Member[], end: MatchEnd): RatedEvent {
  const n = members.length;
  const parties = GAME_META[game]?.parties[String(n)] ?? members.map((_, i) => [i]);
  const place = (seat: number): number => {
    if (end.ranking && end.ranking.length > 0) {
      const i = end.ranking.indexOf(seat);
      return i < 0 ? end.ranking.length + 1 : i + 1;
    }
    return end.winners.includes(seat) ? 1 : 2;
  };
  const groups = parties.map((seats) => ({ seats: [...seats], value: -Math.min(...seats.map(place)) }));
  return { teams: ranked(members, groups) };
}

/** Sides with a value (higher is better) as ranked teams: place 1 for the best, ties share a place. */
function ranked(
  members: readonly Member[],
  groups: readonly { readonly seats: readonly number[]; readonly value: number }[],
): RatedTeam[] {
  const values = [...new Set(groups.map((g) => g.value))].sort((a, b) => b - a);
  return groups.map((g) => ({ members: g.seats.map((s) => members[s]), rank: values.indexOf(g.value) + 1 }));
}

/** Everything the rating of one finished match needs, in the terms of the table and the engine. */
export interface FinishedMatch {
  readonly id: string;
  readonly at: string;
  readonly game: GameId;
  readonly preset: string;
  /** By seat: the player id of a person's seat, the level of a computer player's, null for an outside program's. */
  readonly members: readonly (Member | null)[];
  /** By deal, in order: each seat's side and score (the statistics' deal summaries). */
  readonly deals: readonly SeatResults[];
  readonly end: MatchEnd;
  /** The players whose seat asked for hints during the match. */
  readonly hinted: readonly string[];
}

/** The rated match of a finished one: its events by the game's rule above. */
export function ratedMatch(f: FinishedMatch): RatedMatch {
  const base = { id: f.id, at: f.at, game: f.game, preset: f.preset, hinted: f.hinted };
  if (f.members.some((m) => m === null)) return { ...base, events: [], program: true };
  const members = f.members as readonly Member[];
  const events =
    RATED_BY[f.game] === 'deal'
      ? f.deals.map((d) => dealEvent(members, d, LOWER_WINS.has(f.game)))
      : [matchEvent(f.game, members, f.end)];
  return { ...base, events };
}

/**
 * From a finished match to rated events (docs/ratings.md, "What is rated"). The engine's common summaries
 * (`dealSummaries`, `matchPlaces`: engine summaries.ts) say who played with whom and how each seat did; this
 * file only groups seats into sides and ranks the sides:
 *
 * - Doppelkopf, per deal: the parties as they stood at the end of the deal (a soloist alone against three),
 *   ranked by the deal's score of their members.
 * - Differenzler, per deal: the four seats ranked by their deal's difference (lower is better).
 * - Klapper-Jas (2, 3 and 4 players) and Klaberjass, per match: the fixed sides ranked by their places in
 *   the match (the winners first; 3-player Klapper-Jas first, second, third).
 */
import {
  type BaseOutcome,
  DEAL_SUMMARIES,
  type DealSummary,
  dealSummaries,
  GAME_META,
  type GameId,
  matchPlaces,
} from '@stich/engine';
import type { Member, RatedEvent, RatedMatch, RatedTeam } from './ratings.ts';
import type { FinishedTable } from './stats.ts';

/** Whether a game is rated deal by deal or once per match. */
const RATED_BY: Readonly<Record<GameId, 'deal' | 'match'>> = {
  doppelkopf: 'deal',
  differenzler: 'deal',
  klapperjas: 'match',
  klaberjass: 'match',
};

/**
 * The event of one deal: seats grouped by side (seats that sat the deal out, side −1, left out), sides
 * ranked by their members' mean score (a soloist's three-fold score against three single ones still ranks
 * the right side first), equal means tied. A void deal (a redeal) is no event.
 */
export function dealEvent(
  members: readonly Member[],
  d: Pick<DealSummary, 'sides' | 'score'> & { readonly void?: boolean },
  lowerIsBetter = false,
): RatedEvent | null {
  if (d.void) return null;
  const sides = new Map<number, number[]>();
  d.sides.forEach((side, seat) => {
    if (side < 0) return;
    const seats = sides.get(side) ?? [];
    seats.push(seat);
    sides.set(side, seats);
  });
  const groups = [...sides.values()].map((seats) => {
    const mean = seats.reduce((a, s) => a + d.score[s], 0) / seats.length;
    return { seats, value: lowerIsBetter ? -mean : mean };
  });
  return { teams: ranked(members, groups) };
}

/**
 * The event of a whole match: the game's sides for this many players (GAME_META parties), ranked by the
 * seats' places in the match (`matchPlaces`: 1 the best).
 */
export function matchEvent(game: GameId, members: readonly Member[], places: readonly number[]): RatedEvent {
  const parties = GAME_META[game]?.parties[String(members.length)] ?? members.map((_, i) => [i]);
  const groups = parties.map((seats) => ({
    seats: [...seats],
    value: -Math.min(...seats.map((s) => places[s])),
  }));
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

/** Everything the rating of one finished match needs. */
export interface FinishedMatch {
  /** The table's id. */
  readonly id: string;
  /** When the match finished (ISO). */
  readonly at: string;
  readonly game: GameId;
  /** The preset the match was played with (the game's default when the table named none). */
  readonly preset: string;
  /**
   * By seat: the player id of a person's seat, the level of a computer player's; null for a seat with no
   * rated player (an outside program, docs/bot-interface.md): then the match is not rated.
   */
  readonly members: readonly (Member | null)[];
  /** `game.outcome(state)` of the finished match. */
  readonly outcome: BaseOutcome;
  /** The players whose seat asked for hints during the match. */
  readonly hinted: readonly string[];
}

/** The rated match of a finished one: its events by the game's rule above. */
export function ratedMatch(f: FinishedMatch): RatedMatch {
  const base = { id: f.id, at: f.at, game: f.game, preset: f.preset, hinted: f.hinted };
  if (f.members.some((m) => m === null)) return { ...base, events: [], program: true };
  const members = f.members as readonly Member[];
  const n = members.length;
  const events =
    RATED_BY[f.game] === 'deal'
      ? dealSummaries(f.game, f.outcome, n).flatMap(
          (d) => dealEvent(members, d, DEAL_SUMMARIES[f.game].lowerIsBetter) ?? [],
        )
      : [matchEvent(f.game, members, matchPlaces(f.game, f.outcome, n))];
  return { ...base, events };
}

/**
 * A finished table (statistics' `FinishedTable`, statsdb.ts) and its replayed outcome as a finished match:
 * members from the seat setup and the seat holders, hinted players from the hints asked for.
 */
export function finishedMatchOf(t: FinishedTable, outcome: BaseOutcome): FinishedMatch {
  const holder = new Map(t.holders.map((h) => [h.seat, h.playerId]));
  const members = t.setup.map((s, seat): Member | null =>
    s.kind === 'bot' ? { bot: s.level } : s.program ? null : (holder.get(seat) ?? null),
  );
  const hinted = [
    ...new Set(t.hints.map((h) => holder.get(h.seat)).filter((p): p is string => p !== undefined)),
  ];
  const game = t.game as GameId;
  return {
    id: t.id,
    at: t.endedAt,
    game,
    preset: t.preset ?? GAME_META[game]?.presets[0]?.id ?? '',
    members,
    outcome,
    hinted,
  };
}

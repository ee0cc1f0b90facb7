/**
 * Statistics of players from the stored records (docs/statistics.md), by one code path: a finished table's
 * record is replayed through the engine, each deal summarised per seat (`dealSummaries`), and each human
 * seat's match folded into one `SeatMatch`; a profile adds up a player's `SeatMatch`es per game and preset
 * (`aggregate`). Pure: statsdb.ts reads and stores them.
 */
import {
  type AnyGame,
  type BaseOutcome,
  BOT_LEVELS,
  type BotLevel,
  dealSummaries,
  type GameId,
  type GameRecord,
  gameById,
  matchPlaces,
  replay,
} from '@stich/engine';
import type { GameStats, RecentMatch, SeatSetup } from '@stich/protocol';

/** One human seat's finished match, as `match_stats` stores it. */
export interface SeatMatch {
  readonly tableId: string;
  readonly seat: number;
  readonly playerId: string;
  readonly game: GameId;
  readonly preset: string | null;
  readonly endedAt: string;
  readonly players: number;
  readonly place: number;
  readonly won: boolean;
  /** The seat's match score as the game counts it. */
  readonly score: number;
  readonly deals: number;
  readonly dealsWon: number;
  readonly dealsLost: number;
  readonly gamePoints: number;
  readonly cardPoints: number;
  readonly cardPointsAll: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly histogram: Readonly<Record<string, number>>;
  /** The strongest computer player at the table, null without one. */
  readonly bots: BotLevel | null;
  readonly hints: number;
}

/** What `seatMatches` reads of a finished table besides its record. */
export interface FinishedTable {
  readonly id: string;
  readonly game: GameId;
  readonly preset: string | null;
  readonly setup: readonly SeatSetup[];
  readonly endedAt: string;
  /** The seat holders: who played each human seat. */
  readonly holders: readonly { readonly seat: number; readonly playerId: string }[];
  /** Hints asked for, one entry per hint. */
  readonly hints: readonly { readonly seat: number }[];
}

/** The strongest computer player of a table's setup. */
function strongestBot(setup: readonly SeatSetup[]): BotLevel | null {
  let best = -1;
  for (const s of setup) if (s.kind === 'bot') best = Math.max(best, BOT_LEVELS.indexOf(s.level));
  return best < 0 ? null : BOT_LEVELS[best];
}

const add = (into: Record<string, number>, from: Readonly<Record<string, number>>): void => {
  for (const k in from) into[k] = (into[k] ?? 0) + from[k];
};

/**
 * Each human seat's match from a finished table's record. An error (a record that does not replay, or a
 * match that is not over) names the reason; nothing is counted then.
 */
export function seatMatches(
  t: FinishedTable,
  record: GameRecord,
): { ok: true; value: SeatMatch[]; outcome: BaseOutcome } | { ok: false; reason: string } {
  const game = gameById(record.game) as AnyGame | undefined;
  if (!game) return { ok: false, reason: `game ${record.game} is not available` };
  const r = replay(game, record);
  if (!r.ok) return { ok: false, reason: r.error.reason };
  const state = r.value.state;
  if (!game.isOver(state)) return { ok: false, reason: 'the match is not over' };
  const n = game.seats(state);
  const outcome = game.outcome(state);
  const deals = dealSummaries(record.game, outcome, n);
  const places = matchPlaces(record.game, outcome, n);
  const bots = strongestBot(t.setup);
  const out: SeatMatch[] = [];
  for (const h of t.holders) {
    const s = h.seat;
    if (s < 0 || s >= n) continue;
    let played = 0;
    let won = 0;
    let lost = 0;
    let gamePoints = 0;
    let cardPoints = 0;
    let cardPointsAll = 0;
    const counts: Record<string, number> = {};
    const histogram: Record<string, number> = {};
    for (const d of deals) {
      if (d.void || d.sides[s] < 0) continue;
      played++;
      if (d.won[s]) won++;
      else lost++;
      gamePoints += d.score[s];
      cardPoints += d.cardPoints[s];
      cardPointsAll += d.cardPointsAll;
      add(counts, d.counts[s]);
      const key = String(d.score[s]);
      histogram[key] = (histogram[key] ?? 0) + 1;
    }
    out.push({
      tableId: t.id,
      seat: s,
      playerId: h.playerId,
      game: record.game,
      preset: t.preset,
      endedAt: t.endedAt,
      players: n,
      place: places[s],
      won: outcome.winners.includes(s),
      score: outcome.scores[s],
      deals: played,
      dealsWon: won,
      dealsLost: lost,
      gamePoints,
      cardPoints,
      cardPointsAll,
      counts,
      histogram,
      bots,
      hints: t.hints.filter((x) => x.seat === s).length,
    });
  }
  return { ok: true, value: out, outcome };
}

/** Recent matches a profile shows. */
const RECENT = 50;

/**
 * A player's statistics per game and preset and the last RECENT matches (newest first), from the player's
 * seat matches in any order. Games and presets are ordered by game id, then preset (null first).
 */
export function aggregate(rows: readonly SeatMatch[]): { games: GameStats[]; recent: RecentMatch[] } {
  const by = new Map<string, { -readonly [K in keyof GameStats]: GameStats[K] }>();
  const counts = new Map<string, Record<string, number>>();
  const hist = new Map<string, Record<string, number>>();
  const vs = new Map<string, Partial<Record<BotLevel, { matches: number; won: number }>>>();
  for (const r of rows) {
    const key = `${r.game}\u0000${r.preset ?? ''}`;
    let g = by.get(key);
    if (!g) {
      g = {
        game: r.game,
        preset: r.preset,
        matches: 0,
        matchesWon: 0,
        matchesLost: 0,
        deals: 0,
        dealsWon: 0,
        dealsLost: 0,
        gamePoints: 0,
        cardPoints: 0,
        cardPointsAll: 0,
        counts: {},
        vsBots: {},
        hints: 0,
        histogram: {},
        rating: null,
      };
      by.set(key, g);
      counts.set(key, g.counts as Record<string, number>);
      hist.set(key, g.histogram as Record<string, number>);
      vs.set(key, g.vsBots as Partial<Record<BotLevel, { matches: number; won: number }>>);
    }
    g.matches++;
    if (r.won) g.matchesWon++;
    else g.matchesLost++;
    g.deals += r.deals;
    g.dealsWon += r.dealsWon;
    g.dealsLost += r.dealsLost;
    g.gamePoints += r.gamePoints;
    g.cardPoints += r.cardPoints;
    g.cardPointsAll += r.cardPointsAll;
    g.hints += r.hints;
    add(counts.get(key) as Record<string, number>, r.counts);
    add(hist.get(key) as Record<string, number>, r.histogram);
    if (r.bots !== null) {
      const v = vs.get(key) as Partial<Record<BotLevel, { matches: number; won: number }>>;
      const e = v[r.bots] ?? { matches: 0, won: 0 };
      v[r.bots] = e;
      e.matches++;
      if (r.won) e.won++;
    }
  }
  const games = [...by.values()].sort(
    (a, b) => a.game.localeCompare(b.game) || (a.preset ?? '').localeCompare(b.preset ?? ''),
  );
  const recent = [...rows]
    .sort((a, b) => b.endedAt.localeCompare(a.endedAt) || b.tableId.localeCompare(a.tableId))
    .slice(0, RECENT)
    .map(
      (r): RecentMatch => ({
        tableId: r.tableId,
        game: r.game,
        preset: r.preset,
        endedAt: r.endedAt,
        place: r.place,
        players: r.players,
        score: r.score,
        hinted: r.hints > 0,
      }),
    );
  return { games, recent };
}

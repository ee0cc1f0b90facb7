/**
 * Ratings (docs/ratings.md): one OpenSkill rating (Weng-Lin, Plackett-Luce) per player, game and preset,
 * computed by one pure function from rated matches in order. Each match holds its rated events: one per
 * deal where the parties change from deal to deal or every deal is scored on its own (Doppelkopf,
 * Differenzler), one for the whole match where the sides stay (Klapper-Jas, Klaberjass); ratings-events.ts
 * makes them from per-seat results. The computer players take part with fixed ratings per level and game
 * and are never updated. A match in which any seat used hints is not rated for anybody (counted apart).
 *
 * The store (ratings-store.ts) applies `rateMatch` to each finished match in the order it keeps; a test
 * proves that equal to `rateAll` over the same matches (a full recomputation).
 */
import type { GameId } from '@stich/engine';
import { BOT_LEVELS, type BotLevel } from '@stich/engine/levels';
import { type Options, type Rating as OsRating, ordinal, rate } from 'openskill';

/** A seat's player: an account or guest (player id), or a computer player of a level. */
export type Member = string | { readonly bot: BotLevel };

/** One side of an event: its members and its place (1 best; equal places are a tie). */
export interface RatedTeam {
  readonly members: readonly Member[];
  readonly rank: number;
}

/** One deal or one whole match, as a ranking of its sides. */
export interface RatedEvent {
  readonly teams: readonly RatedTeam[];
}

/** A finished match: the unit that is rated at once, counted in `matches`, and skipped for hints. */
export interface RatedMatch {
  /** The table's id. */
  readonly id: string;
  /** When the match finished (ISO time). */
  readonly at: string;
  readonly game: GameId;
  readonly preset: string;
  readonly events: readonly RatedEvent[];
  /** Players whose seat used hints: then nobody in the match is rated. */
  readonly hinted: readonly string[];
  /** An outside program held a seat (docs/bot-interface.md): a computer without a fixed rating, not rated. */
  readonly program?: boolean;
}

/** The stored state of one player (or one bot level) in one game and preset. */
export interface PlayerRating {
  readonly mu: number;
  readonly sigma: number;
  /** Rated matches. */
  readonly matches: number;
  /** When the last rated match finished. */
  readonly lastPlayed: string;
}

/** A player's rating after a rated match: one point of the rating history. */
export interface HistoryPoint {
  readonly player: string;
  readonly game: GameId;
  readonly preset: string;
  readonly match: string;
  readonly at: string;
  readonly mu: number;
  readonly sigma: number;
}

/** Why a match changed no rating. */
type SkipReason = 'hinted' | 'program' | 'no-humans' | 'no-result';

/** What rating one match did: the new ratings of its humans (and bot levels' counts), or why it did not. */
export type MatchRating =
  | {
      readonly rated: true;
      /** By key (`keyOf`): every human's new rating, and every bot level's count and last match. */
      readonly updates: ReadonlyMap<string, PlayerRating>;
      readonly history: readonly HistoryPoint[];
    }
  | { readonly rated: false; readonly reason: SkipReason };

// ---------------------------------------------------------------------------------------------------------
// Parameters (docs/ratings.md)
// ---------------------------------------------------------------------------------------------------------

/** A new player's rating: the library's defaults, mu 25, sigma 25/3. */
export const MU0 = 25;
export const SIGMA0 = 25 / 3;
/**
 * The performance spread of one event (OpenSkill's beta, default 25/6). A single deal is mostly the cards:
 * the deal-rated games get a larger beta, so one deal moves a rating less than one match does.
 */
const BETA: Readonly<Record<GameId, number>> = {
  klapperjas: 25 / 6,
  klaberjass: 25 / 6,
  doppelkopf: 25 / 3,
  differenzler: 25 / 3,
};
/**
 * The growth of a rating's uncertainty (tau, the library's default 25/300), once per match (not per deal),
 * so that a player's rating follows a changing skill in every game alike.
 */
export const TAU = 25 / 300;
/**
 * Displayed value: `BASE + SCALE × (mu − Z × sigma)`, rounded: a new player shows 1000 and rises as his
 * sigma shrinks (a player of the rule level's strength settles near 1700).
 */
export const Z = 3;
export const SCALE = 40;
const BASE = 1000;
/** Rated matches until a rating loses its provisional marker, and the activity a leaderboard row needs. */
export const MIN_MATCHES = 10;
export const ACTIVE_DAYS = 90;

/**
 * The computer players' fixed ratings by game (all presets), measured by `bench/ratings-sim.ts bots`
 * (docs/ratings.md, seeds C1, Klaberjass C2): two players of each level rated among themselves on real
 * engine matches by this module's events, a level's mean mu shifted so that `rule` sits at a new player's
 * mu (25), the others at their measured distance from it; sigma the larger measured one (a bot is never
 * updated, so it never shrinks). After a change here, `recomputeRatings`.
 */
export const BOT_RATINGS: Readonly<Record<GameId, Readonly<Record<BotLevel, OsRating>>>> = {
  klapperjas: {
    random: { mu: 4.8, sigma: 2.5 },
    rule: { mu: 25, sigma: 2.6 },
    search: { mu: 29.5, sigma: 2.6 },
  },
  klaberjass: {
    random: { mu: -1.6, sigma: 2.4 },
    rule: { mu: 25, sigma: 1.9 },
    search: { mu: 30.4, sigma: 1.8 },
  },
  doppelkopf: {
    random: { mu: -1.9, sigma: 2.4 },
    rule: { mu: 25, sigma: 2.3 },
    search: { mu: 29.9, sigma: 2.4 },
  },
  differenzler: {
    random: { mu: -2.3, sigma: 2.3 },
    rule: { mu: 25, sigma: 2.1 },
    search: { mu: 38.7, sigma: 2.1 },
  },
};

/** The parameters `rateMatch` uses; tests and the simulation may pass others (e.g. other bot ratings). */
export interface RatingParams {
  readonly beta: Readonly<Record<GameId, number>>;
  readonly tau: number;
  readonly bots: Readonly<Record<GameId, Readonly<Record<BotLevel, OsRating>>>>;
}

export const PARAMS: RatingParams = { beta: BETA, tau: TAU, bots: BOT_RATINGS };

// ---------------------------------------------------------------------------------------------------------
// The rating function
// ---------------------------------------------------------------------------------------------------------

/** The key of a member: its player id, or `bot:<level>` (player ids are base64url, without a colon). */
export const memberId = (m: Member): string => (typeof m === 'string' ? m : `bot:${m.bot}`);
export const botOf = (id: string): BotLevel | undefined => {
  const level = id.startsWith('bot:') ? id.slice(4) : '';
  return (BOT_LEVELS as readonly string[]).includes(level) ? (level as BotLevel) : undefined;
};
/** The key of one rating: game, preset and member. */
export const keyOf = (game: string, preset: string, id: string): string => `${game}\n${preset}\n${id}`;

/** What players see: the conservative estimate mu − 3σ, scaled (docs/ratings.md). */
export const displayOf = (r: { readonly mu: number; readonly sigma: number }): number =>
  Math.round(ordinal(r, { z: Z, alpha: SCALE, target: BASE }));

/**
 * Rates one match from the ratings before it (`before(key)`, undefined for a new player). Pure: the
 * caller stores the updates. Bots read their fixed rating and only their count changes.
 */
export function rateMatch(
  m: RatedMatch,
  before: (key: string) => PlayerRating | undefined,
  params: RatingParams = PARAMS,
): MatchRating {
  if (m.program) return { rated: false, reason: 'program' };
  // A deal with no result (thrown in, redealt: every side tied) says nothing about anybody.
  const events = m.events.filter((e) => e.teams.length > 1 && new Set(e.teams.map((t) => t.rank)).size > 1);
  const ids = new Set(events.flatMap((e) => e.teams.flatMap((t) => t.members.map(memberId))));
  if (events.length === 0) return { rated: false, reason: 'no-result' };
  // A seat that asked for hints plays on its current rating, like a bot on its fixed one, and is not updated.
  const hinted = new Set(m.hinted);
  const held = (id: string): boolean => botOf(id) !== undefined || hinted.has(id);
  if ([...ids].every(held))
    return { rated: false, reason: [...ids].some((id) => hinted.has(id)) ? 'hinted' : 'no-humans' };
  const fixed = params.bots[m.game];
  const current = new Map<string, OsRating>();
  const ratingOf = (id: string): OsRating => {
    let r = current.get(id);
    if (!r) {
      const level = botOf(id);
      const stored = before(keyOf(m.game, m.preset, id));
      r =
        level !== undefined
          ? fixed[level]
          : stored
            ? { mu: stored.mu, sigma: stored.sigma }
            : { mu: MU0, sigma: SIGMA0 };
      current.set(id, r);
    }
    return r;
  };
  const options = (i: number): Options => ({
    mu: MU0,
    sigma: SIGMA0,
    beta: params.beta[m.game],
    // Uncertainty grows once per match: before its first event.
    tau: i === 0 ? params.tau : 0,
  });
  events.forEach((e, i) => {
    const teams = e.teams.map((t) => t.members.map((x) => ratingOf(memberId(x))));
    const after = rate(teams, { ...options(i), rank: e.teams.map((t) => t.rank) });
    e.teams.forEach((t, ti) => {
      t.members.forEach((x, mi) => {
        const id = memberId(x);
        // A bot keeps its fixed rating, a hinted seat its rating before the match.
        if (!held(id)) current.set(id, after[ti][mi]);
      });
    });
  });
  const updates = new Map<string, PlayerRating>();
  const history: HistoryPoint[] = [];
  for (const id of [...ids].sort()) {
    if (hinted.has(id)) continue;
    const key = keyOf(m.game, m.preset, id);
    const r = current.get(id)!;
    const prev = before(key);
    // The latest match, should one that finished earlier be rated later.
    const lastPlayed = prev && prev.lastPlayed > m.at ? prev.lastPlayed : m.at;
    updates.set(key, { mu: r.mu, sigma: r.sigma, matches: (prev?.matches ?? 0) + 1, lastPlayed });
    if (botOf(id) === undefined)
      history.push({
        player: id,
        game: m.game,
        preset: m.preset,
        match: m.id,
        at: m.at,
        mu: r.mu,
        sigma: r.sigma,
      });
  }
  return { rated: true, updates, history };
}

/** Every rating and the whole history from all matches, in the order given: the full recomputation. */
export function rateAll(
  matches: Iterable<RatedMatch>,
  params: RatingParams = PARAMS,
): { ratings: Map<string, PlayerRating>; history: HistoryPoint[]; skipped: Map<string, SkipReason> } {
  const ratings = new Map<string, PlayerRating>();
  const history: HistoryPoint[] = [];
  const skipped = new Map<string, SkipReason>();
  for (const m of matches) {
    const r = rateMatch(m, (k) => ratings.get(k), params);
    if (!r.rated) {
      skipped.set(m.id, r.reason);
      continue;
    }
    for (const [k, v] of r.updates) ratings.set(k, v);
    history.push(...r.history);
  }
  return { ratings, history, skipped };
}

/**
 * The synthetic half of the ratings' simulation (docs/ratings.md, bench/ratings-sim.ts; a small run is a
 * unit test): players of known strength play matches whose results come from a noisy model, the ratings
 * are computed by `rateAll` from the events the match shapes of the games make, and the order of the
 * ratings is compared with the known order. Seeded, pure, no engine rules (the real bots' half is the
 * bench script's).
 *
 * Model: player i has skill i × step (so player 0 is the weakest). A side's performance in an event is the
 * mean skill of its members plus normal noise of standard deviation `noise` in a deal (`noise / √deals` for
 * a whole match, whose result sums its deals); sides are ranked by it.
 */
import { type GameId, type Rng, seeded } from '@stich/engine';
import { keyOf, PARAMS, type RatedEvent, type RatedMatch, type RatingParams, rateAll } from './ratings.ts';

/**
 * The shapes of the games' rated events: `parties` (Doppelkopf: a deal of 4, two against two or, in one
 * deal of ten, a soloist against three, new parties every deal), `ranking` (Differenzler: a deal of 4 each
 * for himself), `teams` (4-player Klapper-Jas: one event per match, fixed pairs), `duel` (Klaberjass,
 * 2-player Klapper-Jas: one event per match).
 */
export type SimShape = 'parties' | 'ranking' | 'teams' | 'duel';

const SHAPE_GAME: Readonly<Record<SimShape, GameId>> = {
  parties: 'doppelkopf',
  ranking: 'differenzler',
  teams: 'klapperjas',
  duel: 'klaberjass',
};

interface SimOptions {
  readonly shape: SimShape;
  readonly players: number;
  /** Matches each player plays on average (players are drawn at random for each match). */
  readonly matchesPerPlayer: number;
  /** Rated deals per match (deal shapes only). */
  readonly deals: number;
  /** Skill step between neighbours, in the unit of the noise. */
  readonly step: number;
  readonly noise: number;
  readonly seed: string;
  /** The control: every event's places shuffled, so results say nothing about skill. */
  readonly shuffled?: boolean;
  /** Report after these many matches per player (default: the end only). */
  readonly checkpoints?: readonly number[];
  readonly params?: RatingParams;
}

export interface SimPoint {
  readonly matchesPerPlayer: number;
  readonly spearman: number;
  readonly kendall: number;
  /** The ratings' order is exactly the skills' order. */
  readonly exact: boolean;
  /** Neighbours (by skill) in the right order, of players − 1. */
  readonly neighbours: number;
}

/** A normal deviate (Box-Muller) from the seeded generator. */
function normal(rng: Rng): number {
  const u = (rng.next() + 1) / 4294967297;
  const v = rng.next() / 4294967296;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function draw(rng: Rng, n: number, k: number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, k);
}

/** Places (1 best, ties shared) of values, higher better. */
function places(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

/** The matches of a simulation, in order. */
export function simMatches(o: SimOptions): RatedMatch[] {
  const rng = seeded(o.seed);
  const size = o.shape === 'duel' ? 2 : 4;
  const total = Math.round((o.matchesPerPlayer * o.players) / size);
  const game = SHAPE_GAME[o.shape];
  const id = (p: number) => `p${String(p).padStart(3, '0')}`;
  const matches: RatedMatch[] = [];
  for (let m = 0; m < total; m++) {
    const seats = draw(rng, o.players, size);
    const sides: number[][][] = [];
    if (o.shape === 'parties')
      for (let d = 0; d < o.deals; d++) {
        const order = draw(rng, 4, 4).map((i) => seats[i]);
        sides.push(rng.int(10) === 0 ? [[order[0]], order.slice(1)] : [order.slice(0, 2), order.slice(2)]);
      }
    else if (o.shape === 'ranking') for (let d = 0; d < o.deals; d++) sides.push(seats.map((p) => [p]));
    else if (o.shape === 'teams')
      sides.push([
        [seats[0], seats[2]],
        [seats[1], seats[3]],
      ]);
    else sides.push([[seats[0]], [seats[1]]]);
    // A match's result sums its deals: its noise is a deal's over the square root of the deals.
    const noise = o.shape === 'teams' || o.shape === 'duel' ? o.noise / Math.sqrt(o.deals) : o.noise;
    const events: RatedEvent[] = sides.map((teams) => {
      const perf = teams.map((t) => t.reduce((a, p) => a + p * o.step, 0) / t.length + noise * normal(rng));
      const place = places(perf);
      const shown = o.shuffled ? draw(rng, teams.length, teams.length).map((i) => place[i]) : place;
      return { teams: teams.map((t, i) => ({ members: t.map(id), rank: shown[i] })) };
    });
    const at = new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString();
    matches.push({ id: `m${m}`, at, game, preset: 'sim', events, hinted: [] });
  }
  return matches;
}

/** Runs a simulation and measures the recovered order at each checkpoint. */
export function simulate(o: SimOptions): SimPoint[] {
  const size = o.shape === 'duel' ? 2 : 4;
  const all = simMatches(o);
  const marks = o.checkpoints ?? [o.matchesPerPlayer];
  return marks.map((k) => {
    const upTo = Math.round((k * o.players) / size);
    const { ratings } = rateAll(all.slice(0, upTo), o.params ?? PARAMS);
    const game = SHAPE_GAME[o.shape];
    const shown = Array.from({ length: o.players }, (_, p) => {
      const r = ratings.get(keyOf(game, 'sim', `p${String(p).padStart(3, '0')}`));
      return r ? r.mu - 3 * r.sigma : Number.NEGATIVE_INFINITY;
    });
    return { matchesPerPlayer: k, ...agreement(shown) };
  });
}

/** How well values (by player, whose true order is their index) follow the index. */
export function agreement(values: readonly number[]): Omit<SimPoint, 'matchesPerPlayer'> {
  const n = values.length;
  const rank = values.map(
    (v) => values.filter((w) => w < v).length + (values.filter((w) => w === v).length + 1) / 2,
  );
  const mean = (n + 1) / 2;
  let num = 0;
  let den1 = 0;
  let den2 = 0;
  for (let i = 0; i < n; i++) {
    num += (i + 1 - mean) * (rank[i] - mean);
    den1 += (i + 1 - mean) ** 2;
    den2 += (rank[i] - mean) ** 2;
  }
  let concord = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) concord += Math.sign(values[j] - values[i]);
  let neighbours = 0;
  for (let i = 0; i + 1 < n; i++) if (values[i + 1] > values[i]) neighbours++;
  return {
    spearman: den2 === 0 ? 0 : num / Math.sqrt(den1 * den2),
    kendall: concord / ((n * (n - 1)) / 2),
    exact: neighbours === n - 1,
    neighbours,
  };
}

/**
 * Arena: two bot levels play the same deals with the seats swapped (duplicate), so the luck of the
 * cards cancels. Each deal is played from a fresh match, so match scores never steer the play.
 *
 * Sides: 4-player Klapper-Jas: A at seats 0 and 2, B at 1 and 3, then swapped. 2 players: A at seat 0,
 * then at seat 1. 3 players: the deal three times, A at each seat once against two B players.
 * Differenzler: A at seats 0 and 2, B at 1 and 3, then swapped (each plays for himself).
 * A pair's margin is A's mean minus B's mean over its replays; "game points" is the deal's score
 * (Klapper-Jas match points, Klaberjass points scored, Differenzler minus the difference: higher is
 * better for all). A pair is won by A when its game-point margin is above zero.
 */
import type { AnyGame, BaseOutcome, GameId, Seat } from '@stich/engine';
import { gameById, seeded, unwrap } from '@stich/engine';
import { type BotLevel, decide, requestFor } from './index.ts';

export interface ArenaOptions {
  readonly game: GameId;
  /** Players at the table (Klapper-Jas 2, 3 or 4). */
  readonly players?: number;
  /** The two levels: A and B. */
  readonly bots: readonly [BotLevel, BotLevel];
  /** Duplicate deals (each played two or three times). */
  readonly deals: number;
  readonly seed: string;
  /** The game's setup input, if not the default for the player count. */
  readonly config?: unknown;
  /** Called after each duplicate deal with the number done. */
  readonly progress?: (done: number) => void;
}

export interface Interval {
  readonly mean: number;
  /** Half-width of the 95% confidence interval (normal approximation). */
  readonly ci95: number;
  readonly low: number;
  readonly high: number;
}

export interface ArenaReport {
  readonly game: GameId;
  readonly players: number;
  readonly bots: readonly [BotLevel, BotLevel];
  readonly deals: number;
  readonly seed: string;
  /** Per duplicate deal: A's card points (Augen, with melds) and game points, and B's, and A minus B. */
  readonly cardPoints: { readonly a: Interval; readonly b: Interval; readonly margin: Interval };
  readonly gamePoints: { readonly a: Interval; readonly b: Interval; readonly margin: Interval };
  /** Share of duplicate deals whose game-point margin favours A (ties count half). */
  readonly winRate: Interval;
  /** Decision times in milliseconds of CPU time by level. */
  readonly decisionMs: Readonly<
    Record<string, { readonly p50: number; readonly p99: number; readonly max: number; readonly n: number }>
  >;
}

function interval(xs: readonly number[]): Interval {
  const n = xs.length;
  const mean = xs.reduce((a, x) => a + x, 0) / Math.max(1, n);
  const v = n > 1 ? xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) : 0;
  const ci95 = 1.96 * Math.sqrt(v / Math.max(1, n));
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { mean: r(mean), ci95: r(ci95), low: r(mean - ci95), high: r(mean + ci95) };
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 100) / 100;
};

/** The setup an arena uses by default: the game's default preset for the player count. */
export function defaultConfig(players: number): unknown {
  return { players };
}

interface DealScore {
  /** Card points (Augen) by seat, partners sharing theirs. */
  readonly points: readonly number[];
  /** Game points by seat, higher is better. */
  readonly game: readonly number[];
}

/** The score of the deal that `deals` last added (per game's result shape). */
function scoreOf(game: GameId, deal: Record<string, unknown>): DealScore {
  const nums = (k: string) => deal[k] as readonly number[];
  switch (game) {
    case 'klapperjas':
      return { points: nums('points'), game: nums('awarded') };
    case 'klaberjass':
      return { points: nums('totals'), game: nums('scored') };
    case 'differenzler':
      return { points: nums('points'), game: nums('differences').map((d) => -d) };
    default:
      throw new Error(`no arena scoring for ${game}`);
  }
}

/** Seats of level A in each replay of a deal. */
function layouts(n: number): Seat[][] {
  if (n === 2) return [[0], [1]];
  if (n === 3) return [[0], [1], [2]];
  return [
    [0, 2],
    [1, 3],
  ];
}

/** Plays one deal from a fresh match; returns its score and the decision times per seat's level. */
function playDeal(
  g: AnyGame,
  game: GameId,
  config: unknown,
  levels: readonly BotLevel[],
  seed: string,
  times: Map<BotLevel, number[]>,
): DealScore {
  let state = g.start(unwrap(g.parseConfig(config)), 0);
  const dealRng = seeded(`${seed}/deal`);
  const before = (g.outcome(state) as BaseOutcome).deals.length;
  for (let step = 0; step < 10_000; step++) {
    const o = g.outcome(state) as BaseOutcome;
    if (o.deals.length > before) return scoreOf(game, o.deals[o.deals.length - 1] as Record<string, unknown>);
    if (g.awaitsDeal(state)) {
      state = unwrap(g.applyDeal(state, g.randomDeal(state, dealRng)));
      continue;
    }
    const seat = g.toAct(state)[0];
    const level = levels[seat];
    const req = requestFor(game, state, seat, level, `${seed}/${step}`);
    // CPU time of the decision (one core), not wall time: other load on the machine does not count.
    const t0 = process.cpuUsage();
    const action = decide(req);
    const t = process.cpuUsage(t0);
    times.get(level)!.push((t.user + t.system) / 1000);
    state = unwrap(g.apply(state, seat, action));
  }
  throw new Error('deal did not end');
}

export function arena(opts: ArenaOptions): ArenaReport {
  const g = gameById(opts.game);
  if (!g) throw new Error(`unknown game ${opts.game}`);
  const n = opts.players ?? (opts.game === 'klaberjass' ? 2 : 4);
  const config = opts.config ?? defaultConfig(n);
  const [A, B] = opts.bots;
  const times = new Map<BotLevel, number[]>([
    [A, []],
    [B, []],
  ]);
  const cp: number[][] = [[], [], []];
  const gp: number[][] = [[], [], []];
  const wins: number[] = [];
  for (let i = 0; i < opts.deals; i++) {
    let aC = 0;
    let bC = 0;
    let aG = 0;
    let bG = 0;
    const lay = layouts(n);
    for (let r = 0; r < lay.length; r++) {
      const aSeats = lay[r];
      const levels = Array.from({ length: n }, (_, s) => (aSeats.includes(s) ? A : B));
      const sc = playDeal(g, opts.game, config, levels, `${opts.seed}/${i}`, times);
      const bSeats = levels.map((_, s) => s).filter((s) => !aSeats.includes(s));
      const mean = (xs: readonly number[], seats: Seat[]) =>
        seats.reduce((a, s) => a + xs[s], 0) / seats.length;
      aC += mean(sc.points, aSeats);
      bC += mean(sc.points, bSeats);
      aG += mean(sc.game, aSeats);
      bG += mean(sc.game, bSeats);
    }
    const k = lay.length;
    cp[0].push(aC / k);
    cp[1].push(bC / k);
    cp[2].push((aC - bC) / k);
    gp[0].push(aG / k);
    gp[1].push(bG / k);
    gp[2].push((aG - bG) / k);
    wins.push(aG > bG ? 1 : aG === bG ? 0.5 : 0);
    opts.progress?.(i + 1);
  }
  const decisionMs: Record<string, { p50: number; p99: number; max: number; n: number }> = {};
  for (const [level, xs] of times)
    decisionMs[level] = { p50: pct(xs, 0.5), p99: pct(xs, 0.99), max: pct(xs, 1), n: xs.length };
  return {
    game: opts.game,
    players: n,
    bots: [A, B],
    deals: opts.deals,
    seed: opts.seed,
    cardPoints: { a: interval(cp[0]), b: interval(cp[1]), margin: interval(cp[2]) },
    gamePoints: { a: interval(gp[0]), b: interval(gp[1]), margin: interval(gp[2]) },
    winRate: interval(wins),
    decisionMs,
  };
}

/** Pools the intervals of independent runs (different seeds) of the same match-up. */
function pool(parts: readonly { readonly i: Interval; readonly n: number }[]): Interval {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (const { i, n: k } of parts) {
    const sd = k > 1 ? (i.ci95 / 1.96) * Math.sqrt(k) : 0;
    n += k;
    sum += i.mean * k;
    sq += sd * sd * (k - 1) + i.mean * i.mean * k;
  }
  const mean = sum / n;
  const v = n > 1 ? (sq - n * mean * mean) / (n - 1) : 0;
  const ci95 = 1.96 * Math.sqrt(Math.max(0, v) / n);
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { mean: r(mean), ci95: r(ci95), low: r(mean - ci95), high: r(mean + ci95) };
}

/**
 * One report from runs of the same game, players and levels with different seeds (e.g. run in
 * parallel). Intervals are pooled exactly; decision times approximately (p50: mean of the runs'
 * p50 weighted by decisions; p99 and max: the largest).
 */
export function mergeReports(reports: readonly ArenaReport[]): ArenaReport {
  const [first] = reports;
  const pick = (f: (r: ArenaReport) => Interval) => pool(reports.map((r) => ({ i: f(r), n: r.deals })));
  const decisionMs: Record<string, { p50: number; p99: number; max: number; n: number }> = {};
  for (const level of Object.keys(first.decisionMs)) {
    const xs = reports.map((r) => r.decisionMs[level]);
    const n = xs.reduce((a, x) => a + x.n, 0);
    decisionMs[level] = {
      p50: Math.round((xs.reduce((a, x) => a + x.p50 * x.n, 0) / Math.max(1, n)) * 100) / 100,
      p99: Math.max(...xs.map((x) => x.p99)),
      max: Math.max(...xs.map((x) => x.max)),
      n,
    };
  }
  return {
    ...first,
    deals: reports.reduce((a, r) => a + r.deals, 0),
    seed: reports.map((r) => r.seed).join(','),
    cardPoints: {
      a: pick((r) => r.cardPoints.a),
      b: pick((r) => r.cardPoints.b),
      margin: pick((r) => r.cardPoints.margin),
    },
    gamePoints: {
      a: pick((r) => r.gamePoints.a),
      b: pick((r) => r.gamePoints.b),
      margin: pick((r) => r.gamePoints.margin),
    },
    winRate: pick((r) => r.winRate),
    decisionMs,
  };
}

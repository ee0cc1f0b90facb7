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
 *
 * Match mode (`matches`): whole matches, from `start` to `isOver`, replayed in the same seat layouts.
 * A replay is won by A when A's seats end ahead in the game's own match result (`outcome.winners`):
 * the share of A's seats among the winners against the share of B's (4 players: the winning party;
 * 2 players: the winner; 3-player Klapper-Jas: the first place, so A wins only when A finishes first;
 * Differenzler: the lowest total difference, a shared first place between A and B is a tie). A match
 * pair scores the mean over its replays of 1 (won), 0.5 (tie), 0 (lost).
 *
 * The play is one generator (`duplicate`) that asks for each decision; `arena` answers with the bot
 * levels synchronously, `arenaWith` also with outside players that answer asynchronously (a program
 * behind the bot interface, docs/bot-interface.md).
 *
 * Optional calls (a seat that `toAct` lists after the seat to act: a Doppelkopf announcement or reply while
 * another seat is to play) are asked of the levels that make them (`makesOptionalCalls`), as a server table
 * asks its bots (packages/server/src/autoplay.ts): before each decision of the seat to act, each listed
 * seat in `toAct` order that has more than one legal action; the first call is applied and the next step
 * asks everyone again. At a table the bots' calls are decided while the seat to act thinks, so they come
 * first unless that seat is quicker; the arena takes them first. Outside players answer only as the seat
 * to act.
 */
import type { Action, AnyGame, BaseOutcome, BaseView, GameId, Seat } from '@stich/engine';
import { DEFAULT_PLAYERS, gameById, seeded, unwrap } from '@stich/engine';
import { type DokoTally, mergeTallies, newTally, tallyDoko } from './arena-doko.ts';
import { type BotLevel, decide, decideOptional, makesOptionalCalls, requestFor } from './index.ts';

interface ArenaOptions {
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
  /** Whole matches played in duplicate after the deals (default 0: none). */
  readonly matches?: number;
  /** A replayed match that needs more deals (thrown-in deals included) throws (default 1000). */
  readonly maxMatchDeals?: number;
  /** Called after each duplicate match with the number done. */
  readonly matchProgress?: (done: number) => void;
  /** Called after each duplicate deal with A's margins over it (the ladder rates from these). */
  readonly pair?: (margin: { readonly cardPoints: number; readonly gamePoints: number }) => void;
}

/**
 * A player outside the bots package (e.g. a program behind the bot interface). It sees what a bot
 * sees: the seat's view and legal actions. `act` must resolve to one of `legal` (the arena checks).
 */
export interface OutsidePlayer {
  /** Its name in the report (decision times are keyed by it). */
  readonly name: string;
  act(seat: Seat, view: BaseView, legal: readonly Action[]): Promise<Action>;
  /** A fresh deal (deal mode) or match (match mode) starts: the seats this side holds in it. */
  start?(seats: readonly Seat[]): void;
  /** A deal ended: its result as the game's outcome lists it. */
  end?(result: object): void;
}

/** One side of `arenaWith`: a bot level, or an outside player. */
export type ArenaSide = BotLevel | OutsidePlayer;

/**
 * What the duplicate play asks of its driver: a decision (answer with the action; an optional actor's,
 * `optional`, with its call or null for none) or a notice.
 */
type ArenaEvent =
  | {
      readonly t: 'act';
      readonly side: 0 | 1;
      readonly seat: Seat;
      readonly state: unknown;
      readonly seed: string;
      readonly optional?: true;
    }
  | { readonly t: 'start'; readonly seats: readonly [readonly Seat[], readonly Seat[]] }
  | { readonly t: 'end'; readonly result: object };

/** A driver's answer: an action, or (to an optional question) null for none. */
type Answer = Action | null | undefined;
type Run = Generator<ArenaEvent, ArenaReport, Answer>;

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
  /** The two sides: bot levels or outside players' names. */
  readonly bots: readonly [string, string];
  readonly deals: number;
  readonly seed: string;
  /** Per duplicate deal: A's card points (Augen, with melds) and game points, and B's, and A minus B. */
  readonly cardPoints: { readonly a: Interval; readonly b: Interval; readonly margin: Interval };
  readonly gamePoints: { readonly a: Interval; readonly b: Interval; readonly margin: Interval };
  /** Share of duplicate deals whose game-point margin favours A (ties count half). */
  readonly winRate: Interval;
  /** Match mode: present when matches were played. */
  readonly matches?: MatchReport;
  /** Doppelkopf deals: contracts and calls by side (deal mode only). */
  readonly doppelkopf?: { readonly a: DokoTally; readonly b: DokoTally };
  /** Decision times in milliseconds by level or player (deals and matches): CPU time for the bot levels, wall time for outside players; optional calls are not counted (they are asked at every step while a call is open). */
  readonly decisionMs: Readonly<
    Record<string, { readonly p50: number; readonly p99: number; readonly max: number; readonly n: number }>
  >;
}

interface MatchReport {
  /** Duplicate matches (each played two or three times). */
  readonly played: number;
  /** Per duplicate match: the mean over its replays of 1 when A won, 0.5 tie, 0 lost. */
  readonly winRate: Interval;
  /** Per duplicate match: the mean number of deals played in its replays (thrown-in deals not counted). */
  readonly dealsPerMatch: Interval;
  /** The most deals any replayed match took. */
  readonly longestMatch: number;
}

/** Bot steps one deal may take before the arena gives up on it. */
const MAX_DEAL_STEPS = 10_000;

/** Mean and 95% interval of a sample. */
export function interval(xs: readonly number[]): Interval {
  const n = xs.length;
  const mean = xs.reduce((a, x) => a + x, 0) / Math.max(1, n);
  const v = n > 1 ? xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) : 0;
  const ci95 = 1.96 * Math.sqrt(v / Math.max(1, n));
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { mean: r(mean), ci95: r(ci95), low: r(mean - ci95), high: r(mean + ci95) };
}

const pct = (xs: readonly number[], p: number): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 100) / 100;
};

/** The setup an arena uses by default: the game's default preset for the player count. */
function defaultConfig(players: number): unknown {
  return { players };
}

interface DealScore {
  /** Card points (Augen) by seat, partners sharing theirs. */
  readonly points: readonly number[];
  /** Game points by seat, higher is better. */
  readonly game: readonly number[];
}

/** The score of the deal that `deals` last added (per game's result shape; a new game fails to compile here). */
function scoreOf(game: GameId, deal: Record<string, unknown>): DealScore {
  const nums = (k: string) => deal[k] as readonly number[];
  switch (game) {
    case 'klapperjas':
      return { points: nums('points'), game: nums('awarded') };
    case 'klaberjass':
      return { points: nums('totals'), game: nums('scored') };
    case 'differenzler':
      return { points: nums('points'), game: nums('differences').map((d) => -d) };
    case 'doppelkopf': {
      // Card points of the seat's party (partners share theirs), game points as scored.
      const re = (deal.parties as { re: readonly number[] }).re;
      const cp = deal.cardPoints as { re: number; kontra: number };
      return { points: [0, 1, 2, 3].map((s) => (re.includes(s) ? cp.re : cp.kontra)), game: nums('score') };
    }
  }
}

/** Side (0 = A, 1 = B) by seat for a replay with A at `aSeats`, and B's seats. */
function sides(n: number, aSeats: readonly Seat[]) {
  const side = Array.from({ length: n }, (_, s) => (aSeats.includes(s) ? 0 : 1) as 0 | 1);
  const bSeats = side.map((_, s) => s).filter((s) => !aSeats.includes(s));
  return { side, bSeats };
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

/** What `step` needs besides the state: the side by seat, and whether each side is asked optional calls. */
interface Sides {
  readonly side: readonly (0 | 1)[];
  readonly asks: readonly [boolean, boolean];
  /** Calls made as an optional actor, by side. */
  readonly offTurn: [number, number];
}

/**
 * Asks the optional actors whose side makes optional calls, then (none calling) the side of the seat to act
 * (the driver answers), and applies the action.
 */
function* step(g: AnyGame, state: unknown, s: Sides, seed: string): Generator<ArenaEvent, unknown, Answer> {
  const listed = g.toAct(state);
  const seat = listed[0];
  if (seat === undefined) throw new Error(`arena: nobody is to act in phase ${g.phase(state)} (${seed})`);
  for (let k = 1; k < listed.length; k++) {
    const o = listed[k];
    if (!s.asks[s.side[o]] || g.legalActions(state, o).length < 2) continue;
    const call = yield { t: 'act', side: s.side[o], seat: o, state, seed: `${seed}/o${o}`, optional: true };
    if (call) {
      s.offTurn[s.side[o]]++;
      return unwrap(g.apply(state, o, call));
    }
  }
  const action = yield { t: 'act', side: s.side[seat], seat, state, seed };
  if (action === undefined) throw new Error('arena: the driver gave no action');
  return unwrap(g.apply(state, seat, action));
}

/** Plays one deal from a fresh match, asking the driver for each decision; returns its score and result. */
function* playDeal(
  g: AnyGame,
  game: GameId,
  config: unknown,
  side: Sides,
  seed: string,
): Generator<ArenaEvent, { readonly score: DealScore; readonly result: object }, Answer> {
  let state = g.start(unwrap(g.parseConfig(config)), 0);
  const dealRng = seeded(`${seed}/deal`);
  const before = (g.outcome(state) as BaseOutcome).deals.length;
  for (let i = 0; i < MAX_DEAL_STEPS; i++) {
    const o = g.outcome(state) as BaseOutcome;
    if (o.deals.length > before) {
      const result = o.deals[o.deals.length - 1];
      yield { t: 'end', result };
      return { score: scoreOf(game, result as Record<string, unknown>), result };
    }
    if (g.awaitsDeal(state)) {
      state = unwrap(g.applyDeal(state, g.randomDeal(state, dealRng)));
      continue;
    }
    state = yield* step(g, state, side, `${seed}/${i}`);
  }
  throw new Error('deal did not end');
}

/**
 * Plays one whole match (dealer 0) with the deals drawn from one generator seeded by `seed`; returns
 * the match winners and the number of deals played.
 *
 * Every game's `randomDeal` draws the same calls from the generator whatever the state (Fisher-Yates
 * over the deck; Differenzler then draws the trump), so the k-th deal of every replay of a match is
 * the same shuffled deck (and trump). Which seat gets which cards of it depends on the dealer (and in
 * 3-player Klapper-Jas on the seats still playing), so the replays can diverge: 4-player Klapper-Jas
 * and Differenzler pass the deal round in a fixed order and stay identical as far as both replays go;
 * 2-player Klapper-Jas (the winner of a deal deals next) stays identical while the same seat wins each
 * deal; 3-player Klapper-Jas passes the deal round until the first place is decided, then the first
 * deals for the other two and after that the winner of each deal, so it diverges when the replays
 * decide the first place at different deals or, after it, another seat wins a deal; in Klaberjass a
 * thrown-in deal is dealt again from the next deck, so once the replays differ in throw-ins each
 * played deal comes from a different deck.
 */
function* playMatch(
  g: AnyGame,
  game: GameId,
  config: unknown,
  side: Sides,
  seed: string,
  maxDeals: number,
): Generator<ArenaEvent, { readonly winners: readonly Seat[]; readonly deals: number }, Answer> {
  let state = g.start(unwrap(g.parseConfig(config)), 0);
  const dealRng = seeded(`${seed}/deals`);
  let dealt = 0;
  let sinceDeal = 0;
  let seen = 0;
  for (let i = 0; !g.isOver(state); i++) {
    if (g.awaitsDeal(state)) {
      const done = (g.outcome(state) as BaseOutcome).deals;
      for (; seen < done.length; seen++) yield { t: 'end', result: done[seen] };
      if (dealt >= maxDeals)
        throw new Error(`arena: ${game} match ${seed} did not end within ${maxDeals} deals (maxMatchDeals)`);
      dealt++;
      sinceDeal = 0;
      state = unwrap(g.applyDeal(state, g.randomDeal(state, dealRng)));
      continue;
    }
    if (++sinceDeal > MAX_DEAL_STEPS)
      throw new Error(
        `arena: ${game} match ${seed}: deal ${dealt} did not end within ${MAX_DEAL_STEPS} steps`,
      );
    state = yield* step(g, state, side, `${seed}/${i}`);
  }
  const o = g.outcome(state) as BaseOutcome;
  for (; seen < o.deals.length; seen++) yield { t: 'end', result: o.deals[seen] };
  return { winners: o.winners, deals: o.deals.length };
}

/** 1 when A's seats end the match ahead (a larger share of them among the winners), 0.5 tie, 0 behind. */
function matchScore(winners: readonly Seat[], aSeats: readonly Seat[], bSeats: readonly Seat[]): number {
  const share = (seats: readonly Seat[]) => seats.filter((s) => winners.includes(s)).length / seats.length;
  const a = share(aSeats);
  const b = share(bSeats);
  return a > b ? 1 : a === b ? 0.5 : 0;
}

/**
 * The duplicate play of `opts` between sides named `names`; `times` holds each name's decision times;
 * `asks`: whether each side is asked optional calls.
 */
function* duplicate(
  opts: Omit<ArenaOptions, 'bots'>,
  names: readonly [string, string],
  times: ReadonlyMap<string, readonly number[]>,
  asks: readonly [boolean, boolean],
): Run {
  const g = gameById(opts.game);
  if (!g) throw new Error(`unknown game ${opts.game}`);
  const n = opts.players ?? DEFAULT_PLAYERS[opts.game];
  const config = opts.config ?? defaultConfig(n);
  const cp: number[][] = [[], [], []];
  const gp: number[][] = [[], [], []];
  const wins: number[] = [];
  const tally = [newTally(), newTally()] as const;
  const offTurn: [number, number] = [0, 0];
  for (let i = 0; i < opts.deals; i++) {
    let aC = 0;
    let bC = 0;
    let aG = 0;
    let bG = 0;
    const lay = layouts(n);
    for (let r = 0; r < lay.length; r++) {
      const aSeats = lay[r];
      const { side, bSeats } = sides(n, aSeats);
      yield { t: 'start', seats: [aSeats, bSeats] };
      const played = yield* playDeal(g, opts.game, config, { side, asks, offTurn }, `${opts.seed}/${i}`);
      const sc = played.score;
      if (opts.game === 'doppelkopf') tallyDoko(tally, side, played.result);
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
    opts.pair?.({ cardPoints: (aC - bC) / k, gamePoints: (aG - bG) / k });
    opts.progress?.(i + 1);
  }
  const matchCount = opts.matches ?? 0;
  const maxDeals = opts.maxMatchDeals ?? 1000;
  const matchWins: number[] = [];
  const matchDeals: number[] = [];
  let longestMatch = 0;
  for (let i = 0; i < matchCount; i++) {
    const lay = layouts(n);
    let score = 0;
    let deals = 0;
    for (const aSeats of lay) {
      const { side, bSeats } = sides(n, aSeats);
      yield { t: 'start', seats: [aSeats, bSeats] };
      const m = yield* playMatch(
        g,
        opts.game,
        config,
        { side, asks, offTurn: [0, 0] },
        `${opts.seed}/match/${i}`,
        maxDeals,
      );
      score += matchScore(m.winners, aSeats, bSeats);
      deals += m.deals;
      longestMatch = Math.max(longestMatch, m.deals);
    }
    matchWins.push(score / lay.length);
    matchDeals.push(deals / lay.length);
    opts.matchProgress?.(i + 1);
  }
  const decisionMs: Record<string, { p50: number; p99: number; max: number; n: number }> = {};
  for (const [level, xs] of times)
    decisionMs[level] = { p50: pct(xs, 0.5), p99: pct(xs, 0.99), max: pct(xs, 1), n: xs.length };
  return {
    game: opts.game,
    players: n,
    bots: names,
    deals: opts.deals,
    seed: opts.seed,
    cardPoints: { a: interval(cp[0]), b: interval(cp[1]), margin: interval(cp[2]) },
    gamePoints: { a: interval(gp[0]), b: interval(gp[1]), margin: interval(gp[2]) },
    winRate: interval(wins),
    ...(opts.game === 'doppelkopf' && opts.deals > 0
      ? {
          doppelkopf: {
            a: { ...tally[0], offTurn: offTurn[0] },
            b: { ...tally[1], offTurn: offTurn[1] },
          },
        }
      : {}),
    ...(matchCount > 0
      ? {
          matches: {
            played: matchCount,
            winRate: interval(matchWins),
            dealsPerMatch: interval(matchDeals),
            longestMatch,
          },
        }
      : {}),
    decisionMs,
  };
}

/** Each name's decision times, in the order the sides are named (one list when both have the same name). */
function timesFor(names: readonly [string, string]): Map<string, number[]> {
  return new Map(names.map((x) => [x, []]));
}

/**
 * The level's decision for the asked seat, its CPU time recorded under the level (an optional actor's
 * call or null, not timed).
 */
function levelDecides(
  game: GameId,
  e: Extract<ArenaEvent, { t: 'act' }>,
  level: BotLevel,
  times: ReadonlyMap<string, number[]>,
): Action | null {
  const req = requestFor(game, e.state, e.seat, level, e.seed);
  if (e.optional) return decideOptional(req);
  // CPU time of the decision (one core), not wall time: other load on the machine does not count.
  const t0 = process.cpuUsage();
  const action = decide(req);
  const t = process.cpuUsage(t0);
  times.get(level)?.push((t.user + t.system) / 1000);
  return action;
}

/** Two bot levels on duplicate deals (and matches); synchronous and deterministic for a seed. */
export function arena(opts: ArenaOptions): ArenaReport {
  const times = timesFor(opts.bots);
  const asks = [
    makesOptionalCalls(opts.game, opts.bots[0]),
    makesOptionalCalls(opts.game, opts.bots[1]),
  ] as const;
  const run = duplicate(opts, opts.bots, times, asks);
  for (let next = run.next(); ; ) {
    if (next.done) return next.value;
    const e = next.value;
    if (e.t !== 'act') {
      next = run.next();
      continue;
    }
    next = run.next(levelDecides(opts.game, e, opts.bots[e.side], times));
  }
}

/**
 * Like `arena`, with outside players among the sides. An outside player's answer that is not one of
 * the legal actions throws (its adapter is expected to answer legally, e.g. with a fallback); its
 * decision times are wall time.
 */
export async function arenaWith(
  opts: Omit<ArenaOptions, 'bots'> & { readonly bots: readonly [ArenaSide, ArenaSide] },
): Promise<ArenaReport> {
  const g = gameById(opts.game);
  if (!g) throw new Error(`unknown game ${opts.game}`);
  const nameOf = (x: ArenaSide) => (typeof x === 'string' ? x : x.name);
  const names = [nameOf(opts.bots[0]), nameOf(opts.bots[1])] as const;
  const times = timesFor(names);
  const asks = opts.bots.map((x) => typeof x === 'string' && makesOptionalCalls(opts.game, x)) as [
    boolean,
    boolean,
  ];
  const run = duplicate(opts, names, times, asks);
  for (let next = run.next(); ; ) {
    if (next.done) return next.value;
    const e = next.value;
    if (e.t === 'start' || e.t === 'end') {
      for (const [i, x] of opts.bots.entries())
        if (typeof x !== 'string') e.t === 'start' ? x.start?.(e.seats[i]) : x.end?.(e.result);
      next = run.next();
      continue;
    }
    const player = opts.bots[e.side];
    // Only bot levels are asked optional calls (`asks`), never an outside player.
    if (typeof player === 'string') {
      next = run.next(levelDecides(opts.game, e, player, times));
      continue;
    }
    const legal = g.legalActions(e.state, e.seat);
    const t0 = performance.now();
    const action = await player.act(e.seat, g.viewFor(e.state, e.seat), legal);
    times.get(player.name)?.push(performance.now() - t0);
    if (!legal.includes(action))
      throw new Error(`arena: ${player.name} answered an action it was not offered`);
    next = run.next(action);
  }
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
  if (n === 0) return { mean: 0, ci95: 0, low: 0, high: 0 };
  const mean = sum / n;
  const v = n > 1 ? (sq - n * mean * mean) / (n - 1) : 0;
  const ci95 = 1.96 * Math.sqrt(Math.max(0, v) / n);
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { mean: r(mean), ci95: r(ci95), low: r(mean - ci95), high: r(mean + ci95) };
}

/**
 * One report from runs of the same game, players and levels with different seeds (e.g. run in
 * parallel). Intervals are pooled exactly (deal intervals over deals, match intervals over the runs
 * that played matches, by matches played); decision times approximately (p50: mean of the runs'
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
  const withMatches = reports.flatMap((r) => (r.matches && r.matches.played > 0 ? [r.matches] : []));
  const pickMatch = (f: (m: MatchReport) => Interval) =>
    pool(withMatches.map((m) => ({ i: f(m), n: m.played })));
  const { matches: _firstMatches, doppelkopf: _firstDoko, ...firstRest } = first;
  return {
    ...firstRest,
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
    ...(reports.every((r) => r.doppelkopf)
      ? {
          doppelkopf: {
            a: mergeTallies(reports.map((r) => r.doppelkopf!.a)),
            b: mergeTallies(reports.map((r) => r.doppelkopf!.b)),
          },
        }
      : {}),
    ...(withMatches.length > 0
      ? {
          matches: {
            played: withMatches.reduce((a, m) => a + m.played, 0),
            winRate: pickMatch((m) => m.winRate),
            dealsPerMatch: pickMatch((m) => m.dealsPerMatch),
            longestMatch: Math.max(...withMatches.map((m) => m.longestMatch)),
          },
        }
      : {}),
    decisionMs,
  };
}

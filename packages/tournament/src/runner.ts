/**
 * The practice runner: a whole tournament of computer players, played locally with the engine and
 * the bots (as the bots' arena plays), as fast as the bots decide. Deterministic for a seed: the
 * draws, the deals and the bots' choices all come from generators seeded from it.
 *
 * How a table plays (docs/tournaments.md):
 * - DDV: a table of four plays the series as one match of the engine with `games` deals (the deal
 *   passing round as the engine's rules pass it; with the DDV preset, Pflichtsolo included). A table
 *   of five plays a quarter more games (30 for 24), so each player plays as many games as at a table
 *   of four; in game i the player at seat i mod 5 deals and sits out, and the other four play the
 *   deal with the player left of him leading. Each such game is a fresh deal of the engine (its
 *   match has four seats), so match rules such as the Pflichtsolo do not apply at a table of five.
 * - Differenzler: a pass is one match of the engine with `games` rounds at a table of four.
 * - Swiss: each pair plays one whole match.
 * - Duplicate: every table of a round plays the same deals (drawn from one generator per deal);
 *   table t's seat s holds hand (s + t) mod 4, so with four tables or more each hand is played from
 *   each seat. Each deal is a fresh match (as in the arena), so match scores never steer the play.
 */
import { type BotLevel, decide, requestFor } from '@stich/bots';
import { type AnyGame, type BaseOutcome, gameById, seeded, unwrap } from '@stich/engine';
import { done, type TResult } from './errors.ts';
import { checkResult, nextRound, type Round, type Table } from './plan.ts';
import { dealScores, type GameResult, partSeats, playedDeals, type TableResult } from './results.ts';
import { type Standing, standings } from './standings.ts';
import { create, register, type Settings, start } from './tournament.ts';

/** A typed error the runner does not expect (its own results failing their check) is a bug: throw. */
const unwrapT = <T>(r: TResult<T>): T => {
  if (r.ok) return r.value;
  throw new Error(`practice: ${r.error.code}: ${r.error.reason}`);
};

/** Bot steps one deal may take before the runner gives up on it (a bot that never ends a deal). */
const MAX_STEPS = 10_000;
/** Deals a Swiss match may take. */
const MAX_MATCH_DEALS = 1_000;

export interface PracticeOptions {
  /** The tournament's settings (as `create` takes them). */
  readonly settings: unknown;
  readonly players: number;
  readonly level: BotLevel;
  /** Called after each table with the round and table finished. */
  readonly progress?: (round: number, table: number) => void;
}

export interface PracticeReport {
  readonly settings: Settings;
  readonly players: readonly string[];
  readonly rounds: readonly Round[];
  readonly results: readonly TableResult[];
  readonly standings: readonly Standing[];
}

/** Lets the bots act until `done` holds. */
function play(
  g: AnyGame,
  state: unknown,
  level: BotLevel,
  seed: string,
  end: (s: unknown) => boolean,
): unknown {
  let s = state;
  for (let i = 0; !end(s); i++) {
    if (i > MAX_STEPS) throw new Error(`practice: ${g.id} did not end within ${MAX_STEPS} steps (${seed})`);
    const seat = g.toAct(s)[0];
    if (seat === undefined) throw new Error(`practice: nobody is to act in ${g.phase(s)} (${seed})`);
    s = unwrap(g.apply(s, seat, decide(requestFor(g.id, s, seat, level, `${seed}/${i}`))));
  }
  return s;
}

/**
 * The deal drawn from `seed` for a fresh match dealt by `dealer`, its hands rotated: seat s gets hand
 * (s + rotate) mod n (the duplicate rotation; the rest of the deal, e.g. the trump, stays).
 */
export function rotatedDeal(
  g: AnyGame,
  config: unknown,
  dealer: number,
  rotate: number,
  seed: string,
): unknown {
  const state = g.start(config, dealer);
  const deal = g.randomDeal(state, seeded(`${seed}/deal`)) as { hands?: unknown[] };
  const n = g.seats(state);
  if (rotate === 0) return deal;
  if (!Array.isArray(deal.hands) || deal.hands.length !== n)
    throw new Error(`practice: ${g.id} deals no hand per seat, so its deals cannot be rotated`);
  return { ...deal, hands: deal.hands.map((_, s) => (deal.hands as unknown[])[(s + rotate) % n]) };
}

/** The seed of deal `deal` of a duplicate round: the same at every table. */
export const duplicateSeed = (seed: string, round: number, deal: number): string =>
  `${seed}/r${round}/deal${deal}`;

/**
 * One game from a fresh match dealt by `dealer`, the hands rotated by `rotate`; its scores by seat. A void
 * deal (a house redeal) is dealt again, with other cards from the same seed.
 */
function playDeal(
  g: AnyGame,
  config: unknown,
  dealer: number,
  rotate: number,
  level: BotLevel,
  seed: string,
): number[] {
  let state = g.start(config, dealer);
  const games = (s: unknown) => playedDeals(g.id, (g.outcome(s) as BaseOutcome).deals);
  for (let n = 0; games(state).length === 0; n++) {
    if (n > MAX_MATCH_DEALS) throw new Error(`practice: ${g.id} dealt ${n} void deals (${seed})`);
    const at = n === 0 ? seed : `${seed}/n${n}`;
    state = unwrap(g.applyDeal(state, rotatedDeal(g, config, dealer, rotate, at)));
    state = play(g, state, level, at, (s) => games(s).length > 0 || g.awaitsDeal(s));
  }
  return dealScores(g.id, games(state)[0]);
}

/** The game's setup input: four seats (Swiss: two), the tournament's preset, and a match length. */
function configInput(s: Settings, length?: number): object {
  const players = s.format === 'swiss' ? 2 : 4;
  const options =
    length === undefined ? undefined : s.game === 'differenzler' ? { rounds: length } : { games: length };
  return { players, ...(s.preset !== null ? { preset: s.preset } : {}), ...(options ? { options } : {}) };
}

function playTable(s: Settings, round: number, index: number, table: Table, level: BotLevel): TableResult {
  const g = gameById(s.game) as AnyGame;
  const k = table.players.length;
  const base = `${s.seed}/r${round}/t${index}`;
  const games: GameResult[] = [];
  const result = { round, table: index, players: table.players, games };
  if (s.format === 'swiss') {
    const config = unwrap(g.parseConfig(configInput(s)));
    let state = g.start(config, round % 2);
    const deals = seeded(`${base}/deals`);
    for (let d = 0; !g.isOver(state); d++) {
      if (d > MAX_MATCH_DEALS)
        throw new Error(`practice: a ${s.game} match took over ${MAX_MATCH_DEALS} deals`);
      state = unwrap(g.applyDeal(state, g.randomDeal(state, deals)));
      state = play(g, state, level, `${base}/d${d}`, (x) => g.awaitsDeal(x) || g.isOver(x));
    }
    const o = g.outcome(state) as BaseOutcome;
    games.push({ scores: [...o.scores] });
    return { ...result, winners: o.winners.map((w) => table.players[w]) };
  }
  const config = unwrap(g.parseConfig(configInput(s)));
  if (k === 4 && (s.format === 'ddv' || s.format === 'differenzler')) {
    // The series (pass) is one match: its length is the game's own option.
    const long = unwrap(g.parseConfig(configInput(s, s.games)));
    let state = g.start(long, 0);
    const deals = seeded(`${base}/deals`);
    for (let d = 0; !g.isOver(state); d++) {
      if (d > MAX_MATCH_DEALS)
        throw new Error(`practice: a ${s.game} series took over ${MAX_MATCH_DEALS} deals`);
      state = unwrap(g.applyDeal(state, g.randomDeal(state, deals)));
      state = play(g, state, level, `${base}/d${d}`, (x) => g.awaitsDeal(x) || g.isOver(x));
    }
    for (const deal of playedDeals(s.game, (g.outcome(state) as BaseOutcome).deals))
      games.push({ scores: dealScores(s.game, deal) });
    return result;
  }
  if (s.format === 'duplicate') {
    for (let d = 0; d < s.games; d++)
      games.push({
        deal: d,
        // The deal's seed leaves out the table: every table gets the same cards.
        scores: playDeal(g, config, d % 4, table.rotation, level, duplicateSeed(s.seed, round, d)),
      });
    return { ...result, rotation: table.rotation };
  }
  for (let i = 0; i < (s.games * 5) / 4; i++) {
    // Table of five: the dealer (seat i mod 5) sits out; the next four play, the first of them leads
    // (engine seat 0, so engine seat 3 deals).
    const sc = playDeal(g, config, 3, 0, level, `${base}/g${i}`);
    const scores: (number | null)[] = Array(5).fill(null);
    partSeats(i).forEach((seat, j) => {
      scores[seat] = sc[j];
    });
    games.push({ scores });
  }
  return result;
}

/** Plays a whole tournament of `players` bots named bot01, bot02, ...; bad settings give the typed error. */
export function practice(opts: PracticeOptions): TResult<PracticeReport> {
  const created = create(opts.settings);
  if (!created.ok) return created;
  let t = created.value;
  for (let i = 1; i <= opts.players; i++) {
    const r = register(t, `bot${String(i).padStart(2, '0')}`, 0);
    if (!r.ok) return r;
    t = r.value;
  }
  const started = start(t);
  if (!started.ok) return started;
  t = started.value;
  const rounds: Round[] = [];
  const results: TableResult[] = [];
  for (let r = 0; r < t.settings.rounds; r++) {
    const next = nextRound(t, results);
    if (!next.ok) return next;
    rounds.push(next.value);
    const played = next.value.tables.map((table, i) => {
      const res = playTable(t.settings, r, i, table, opts.level);
      opts.progress?.(r, i);
      return res;
    });
    const bye = next.value.bye;
    if (bye !== null)
      played.push({ round: r, table: next.value.tables.length, players: [bye], games: [], winners: [bye] });
    // The runner's results go through the same check as the server's will.
    for (const res of played) results.push(unwrapT(checkResult(next.value, res)));
  }
  return done({
    settings: t.settings,
    players: t.players,
    rounds,
    results,
    standings: standings(t.settings.format, t.settings.game, t.players, results),
  });
}

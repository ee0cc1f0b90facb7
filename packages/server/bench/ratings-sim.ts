/**
 * The ratings' simulation (docs/ratings.md): does the method recover known strengths?
 *
 *   node packages/server/bench/ratings-sim.ts synthetic [--seeds K]
 *     players of known skill (synthetic, src/ratings-sim.ts) in the four event shapes of the games, at
 *     three noise levels, and the control with shuffled results; a Markdown table.
 *   node packages/server/bench/ratings-sim.ts bots --game G [--matches N] [--seed S] [--players N]
 *     the real bot levels playing real engine matches (two players of each level, seated at random),
 *     rated as players from the same events the server makes (ratings-events.ts); prints their ratings,
 *     whether every search player ends above every rule player above every random player, and the levels'
 *     fixed ratings this measures (`rule` set to a new player's mu, 25). JSON on the last line.
 *   node packages/server/bench/ratings-sim.ts alone --game G [--matches N] [--seed S]
 *     one rated player of each level alone against the fixed-rated bots (BOT_RATINGS): where its rating
 *     settles, against the level's fixed value.
 */
import { type BotLevel, decide, requestFor } from '@stich/bots';
import { type AnyGame, type BaseOutcome, type GameId, gameById, seeded, unwrap } from '@stich/engine';
import { BOT_LEVELS } from '@stich/engine/levels';
import {
  displayOf,
  keyOf,
  type Member,
  MU0,
  PARAMS,
  type RatedMatch,
  rateAll,
  SIGMA0,
} from '../src/ratings.ts';
import { type FinishedMatch, ratedMatch } from '../src/ratings-events.ts';
import { type SimPoint, type SimShape, simulate } from '../src/ratings-sim.ts';

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};

/** The shorter matches of the bench: Doppelkopf 4 deals, Differenzler 4 rounds, the others as preset. */
const CONFIG: Readonly<Record<GameId, Record<string, unknown>>> = {
  doppelkopf: { options: { games: 4, pflichtsolo: false } },
  differenzler: { options: { rounds: 4 } },
  klapperjas: {},
  klaberjass: {},
};

/** Plays one whole match of bots; its outcome, which the server rates through the engine summaries. */
function playMatch(game: GameId, players: number, levels: readonly BotLevel[], seed: string) {
  const g = gameById(game) as AnyGame;
  let state = g.start(unwrap(g.parseConfig({ players, ...CONFIG[game] })), 0);
  const rng = seeded(`${seed}/deals`);
  for (let i = 0; !g.isOver(state); i++) {
    if (g.awaitsDeal(state)) {
      state = unwrap(g.applyDeal(state, g.randomDeal(state, rng)));
      continue;
    }
    const seat = g.toAct(state)[0];
    state = unwrap(g.apply(state, seat, decide(requestFor(game, state, seat, levels[seat], `${seed}/${i}`))));
    if (i > 200_000) throw new Error('match did not end');
  }
  return g.outcome(state) as BaseOutcome;
}

const defaultPlayers = (game: GameId) => (game === 'klaberjass' ? 2 : 4);

/** Bot matches with `members` chosen per match; the rated matches in order. */
function botMatches(
  game: GameId,
  matches: number,
  seed: string,
  players: number,
  seating: (m: number) => { members: Member[]; levels: BotLevel[] },
): RatedMatch[] {
  const out: RatedMatch[] = [];
  const started = Date.now();
  for (let m = 0; m < matches; m++) {
    const { members, levels } = seating(m);
    const outcome = playMatch(game, players, levels, `${seed}/${m}`);
    const f: FinishedMatch = {
      id: `m${m}`,
      at: new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString(),
      game,
      preset: 'bench',
      members,
      outcome,
      hinted: [],
    };
    out.push(ratedMatch(f));
    if ((m + 1) % 25 === 0)
      console.error(`${game}: ${m + 1}/${matches} matches, ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return out;
}

function bots(): void {
  const game = opt('game', 'klaberjass') as GameId;
  const matches = Number(opt('matches', '200'));
  const seed = opt('seed', 'R1');
  const players = Number(opt('players', String(defaultPlayers(game))));
  // Two players of each level: p = level index × 2 + copy.
  const ids = BOT_LEVELS.flatMap((l) => [`${l}.1`, `${l}.2`]);
  const pick = seeded(`${seed}/seats`);
  const all = botMatches(game, matches, seed, players, () => {
    const pool = [...ids];
    const chosen: string[] = [];
    for (let s = 0; s < players; s++) chosen.push(pool.splice(pick.int(pool.length), 1)[0]);
    return { members: chosen, levels: chosen.map((c) => c.split('.')[0] as BotLevel) };
  });
  const rated = rateAll(all).ratings;
  const fresh = { mu: MU0, sigma: SIGMA0, matches: 0, lastPlayed: '' };
  const ratings = { get: (k: string) => rated.get(k) ?? fresh };
  const rows = ids.map((id) => ({ id, ...ratings.get(keyOf(game, 'bench', id)) }));
  console.log(
    `\n${game}, ${players} players, ${matches} matches (seed ${seed}): players of each level twice\n`,
  );
  console.log('| player | mu | sigma | displayed | matches |\n| --- | --- | --- | --- | --- |');
  for (const r of [...rows].sort((a, b) => b.mu - 3 * b.sigma - (a.mu - 3 * a.sigma)))
    console.log(`| ${r.id} | ${r.mu.toFixed(2)} | ${r.sigma.toFixed(2)} | ${displayOf(r)} | ${r.matches} |`);
  // The true order: random < rule < search; within a level any order.
  const value = (id: string) => {
    const r = ratings.get(keyOf(game, 'bench', id))!;
    return r.mu - 3 * r.sigma;
  };
  const byLevel = BOT_LEVELS.map((l) => ids.filter((id) => id.startsWith(`${l}.`)).map(value));
  const ordered = byLevel.every((v, i) => i === 0 || Math.min(...v) > Math.max(...byLevel[i - 1]));
  const levelMu = BOT_LEVELS.map((l) => {
    const rs = ids.filter((id) => id.startsWith(`${l}.`)).map((id) => ratings.get(keyOf(game, 'bench', id))!);
    return {
      level: l,
      mu: rs.reduce((a, r) => a + r.mu, 0) / rs.length,
      sigma: Math.max(...rs.map((r) => r.sigma)),
    };
  });
  const shift = MU0 - levelMu[BOT_LEVELS.indexOf('rule')].mu;
  const fixed = Object.fromEntries(
    levelMu.map((x) => [
      x.level,
      { mu: Math.round((x.mu + shift) * 10) / 10, sigma: Math.round(x.sigma * 10) / 10 },
    ]),
  );
  console.log(`\nevery search above every rule above every random (mu − 3σ): ${ordered}`);
  console.log(`fixed ratings measured (rule at ${MU0}): ${JSON.stringify(fixed)}`);
  console.log(JSON.stringify({ game, players, matches, seed, ordered, fixed }));
}

function alone(): void {
  const game = opt('game', 'klaberjass') as GameId;
  const matches = Number(opt('matches', '150'));
  const seed = opt('seed', 'A1');
  const players = Number(opt('players', String(defaultPlayers(game))));
  const pick = seeded(`${seed}/seats`);
  console.log(
    `\n${game}: one rated player of each level, alone against fixed-rated bots, ${matches} matches each\n`,
  );
  console.log(
    "| level played | fixed rating (mu) | rated player: mu | sigma | displayed | bot's displayed |",
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  const out: Record<string, number> = {};
  for (const level of BOT_LEVELS) {
    const all = botMatches(game, matches, `${seed}/${level}`, players, () => {
      const seat = pick.int(players);
      const levels = Array.from({ length: players }, (_, s) =>
        s === seat ? level : BOT_LEVELS[pick.int(3)],
      );
      const members: Member[] = levels.map((l, s) => (s === seat ? `me-${level}` : { bot: l }));
      return { members, levels };
    });
    const r = rateAll(all).ratings.get(keyOf(game, 'bench', `me-${level}`))!;
    const f = PARAMS.bots[game][level];
    out[level] = r.mu;
    console.log(
      `| ${level} | ${f.mu} | ${r.mu.toFixed(2)} | ${r.sigma.toFixed(2)} | ${displayOf(r)} | ${displayOf(f)} |`,
    );
  }
  console.log(JSON.stringify({ game, matches, seed, settled: out }));
}

function synthetic(): void {
  const seeds = Number(opt('seeds', '5'));
  const checkpoints = [10, 25, 50, 100, 200];
  const players = 12;
  const deals = 8;
  const step = 0.1;
  console.log(
    `\nSynthetic: ${players} players, skill i × ${step} (i = 0…${players - 1}), ${deals} deals per match, ` +
      `seeds S1…S${seeds}. Per cell: mean Kendall τ / mean Spearman ρ of (mu − 3σ) against skill, and in how ` +
      `many runs the whole order came out exactly, after N matches per player.\n`,
  );
  console.log(`| shape | deal noise | results | ${checkpoints.map((c) => `N=${c}`).join(' | ')} |`);
  console.log(`| --- | --- | --- | ${checkpoints.map(() => '---').join(' | ')} |`);
  const shapes: SimShape[] = ['parties', 'ranking', 'teams', 'duel'];
  for (const shape of shapes)
    for (const noise of [0.5, 1, 2])
      for (const shuffled of noise === 1 ? [false, true] : [false]) {
        const runs = Array.from({ length: seeds }, (_, i) =>
          simulate({
            shape,
            players,
            matchesPerPlayer: 200,
            deals,
            step,
            noise,
            seed: `S${i + 1}`,
            shuffled,
            checkpoints,
          }),
        );
        const cells = checkpoints.map((_, c) => {
          const mean = (f: (p: SimPoint) => number) => runs.reduce((a, r) => a + f(r[c]), 0) / seeds;
          const exact = runs.filter((r) => r[c].exact).length;
          return `${mean((p) => p.kendall).toFixed(2)} / ${mean((p) => p.spearman).toFixed(2)}, ${exact}/${seeds}`;
        });
        console.log(`| ${shape} | ${noise} | ${shuffled ? 'shuffled' : 'true'} | ${cells.join(' | ')} |`);
      }
}

const mode = args[0];
if (mode === 'synthetic') synthetic();
else if (mode === 'bots') bots();
else if (mode === 'alone') alone();
else {
  console.error(
    'usage: ratings-sim.ts synthetic | bots --game G [--matches N] | alone --game G [--matches N]',
  );
  process.exit(2);
}

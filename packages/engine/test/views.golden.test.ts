/**
 * Views do not change when a game's code does (issue 23: the games move onto the kernel's `trickGame`).
 * Every example record in examples/<game>/ and seeded random matches of every preset and player count are
 * played step by step; after every deal and action, every seat's view, the spectator's, the legal actions
 * of every seat to act, and at the end the outcome are written as JSON and hashed. The hashes are in
 * fixtures/views.golden.json. A change that is meant to change views rewrites it:
 * `STICH_GOLDEN=write npx vitest run test/views.golden.test.ts`, and says why in its commit.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AnyGame,
  GAME_META,
  GAMES,
  type GameRecord,
  parseRecord,
  randomStep,
  recordDeal,
  SPECTATOR,
  seeded,
  unwrap,
} from '../src/index.ts';

const FILE = join(import.meta.dirname, 'fixtures', 'views.golden.json');
const EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'examples');
const WRITE = process.env.STICH_GOLDEN === 'write';
const MATCHES = 3;

/** Hashes what everyone sees of the state: each seat's view and legal actions, the spectator's view. */
function see(game: AnyGame, state: unknown, hash: ReturnType<typeof createHash>): void {
  const n = game.seats(state);
  for (let seat = 0; seat < n; seat++) hash.update(JSON.stringify(game.viewFor(state, seat)));
  hash.update(JSON.stringify(game.viewFor(state, SPECTATOR)));
  for (const seat of game.toAct(state)) hash.update(JSON.stringify(game.legalActions(state, seat)));
}

function replayRecord(game: AnyGame, record: GameRecord): string {
  const hash = createHash('sha256');
  let state = game.start(unwrap(game.parseConfig(record.config)), record.dealer ?? 0);
  let deal = 0;
  const dealIfDue = () => {
    while (game.awaitsDeal(state) && deal < record.deals.length) {
      state = unwrap(game.applyDeal(state, unwrap(recordDeal(game, state, record.deals[deal++]))));
      see(game, state, hash);
    }
  };
  for (const step of record.actions) {
    dealIfDue();
    state = unwrap(game.apply(state, step.seat, step.action));
    see(game, state, hash);
  }
  dealIfDue();
  hash.update(JSON.stringify(game.outcome(state)));
  return hash.digest('hex');
}

function randomMatch(game: AnyGame, config: unknown, seed: string): string {
  const hash = createHash('sha256');
  const rng = seeded(seed);
  let state = game.start(unwrap(game.parseConfig(config)), 1);
  for (let steps = 0; !game.isOver(state) && steps < 20_000; steps++) {
    if (game.awaitsDeal(state)) state = unwrap(game.applyDeal(state, game.randomDeal(state, rng)));
    else {
      const { seat, action } = randomStep(game, state, rng);
      state = unwrap(game.apply(state, seat, action));
    }
    see(game, state, hash);
  }
  hash.update(JSON.stringify(game.outcome(state)));
  return hash.digest('hex');
}

/** Every case by name, computed lazily (a game's cases run in its own test). */
function casesOf(game: AnyGame): [string, () => string][] {
  const out: [string, () => string][] = [];
  const dir = join(EXAMPLES, game.id);
  if (existsSync(dir))
    for (const f of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort())
      out.push([
        `${game.id}/${f}`,
        () => replayRecord(game, unwrap(parseRecord(JSON.parse(readFileSync(join(dir, f), 'utf8'))))),
      ]);
  const meta = GAME_META[game.id];
  for (const players of meta?.players ?? [])
    for (const preset of meta?.presets ?? [])
      for (let i = 0; i < MATCHES; i++) {
        const config = { players, preset: preset.id };
        out.push([
          `${game.id}/random/${players}/${preset.id}/${i}`,
          () => randomMatch(game, config, `golden-${i}`),
        ]);
      }
  return out;
}

const golden: Record<string, string> = existsSync(FILE) ? JSON.parse(readFileSync(FILE, 'utf8')) : {};
const written: Record<string, string> = {};

describe.each(Object.values(GAMES).map((g) => [g.id, g] as const))('views of %s', (_, game) => {
  it.each(casesOf(game))('%s', (name, run) => {
    const h = run();
    if (WRITE) written[name] = h;
    else expect(h, name).toBe(golden[name]);
  });
});

describe('golden file', () => {
  it.runIf(WRITE)('is written', () => {
    const sorted = Object.fromEntries(
      Object.entries({ ...golden, ...written }).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    writeFileSync(FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  });
});

/**
 * The records of the replay audit (issue 22), built by random play: a long Klaberjass record whose deals all
 * repeat one seed (it compresses well), a Differenzler record, and the steps of a finished 100-round
 * Differenzler match stored as a table (`storeFinished`). Used by test/replay.test.ts and bench/replay.ts.
 */
import {
  type AnyGame,
  type GameId,
  type GameRecord,
  gameById,
  newRecord,
  randomStep,
  seeded,
  unwrap,
} from '@stich/engine';
import { context } from '../src/context.ts';
import { type Store, type StoredStep, secret } from '../src/store.ts';

/** A match of `game` by random play whose every deal is `{ seed }` of `seeds(i)`, cut at `maxSteps`. */
export function randomRecord(
  gameId: GameId,
  config: { players: number; options?: Record<string, unknown> },
  seeds: (deal: number) => string,
  maxSteps = 20_000,
): GameRecord {
  const game = gameById(gameId) as AnyGame;
  const rng = seeded(`${gameId}-play`);
  let state = game.start(unwrap(game.parseConfig(config)), 0);
  const deals: { seed: string }[] = [];
  const actions: GameRecord['actions'][number][] = [];
  // Where the last whole deal ended: a record cut at the step bound ends there, so that it replays.
  let cut = { deals: 0, actions: 0 };
  while (!game.isOver(state) && deals.length + actions.length < maxSteps) {
    if (game.awaitsDeal(state)) {
      cut = { deals: deals.length, actions: actions.length };
      const seed = seeds(deals.length);
      state = unwrap(game.applyDeal(state, game.randomDeal(state, seeded(seed))));
      deals.push({ seed });
    } else {
      const { seat, action } = randomStep(game, state, rng);
      state = unwrap(game.apply(state, seat, action));
      actions.push({ seat, action: action as GameRecord['actions'][number]['action'] });
    }
  }
  const over = game.isOver(state);
  const players = Array.from({ length: config.players }, (_, i) => `Spieler ${i + 1}`);
  return {
    ...newRecord(gameId, config, 0, players),
    deals: over ? deals : deals.slice(0, cut.deals),
    actions: over ? actions : actions.slice(0, cut.actions),
  };
}

/** The audit's long Klaberjass record: every deal one seed, played on to the step bound. */
export const klaberjassRecord = (maxSteps = 20_000) =>
  randomRecord('klaberjass', { players: 2, options: { target: 100_000 } }, () => 'same', maxSteps);

/** A Differenzler match of `rounds` rounds. */
export const differenzlerRecord = (rounds: number) =>
  randomRecord('differenzler', { players: 4, options: { rounds } }, (i) => `d${i}`);

/** Stores `record` as a finished public table (guests at every seat); returns the table id. */
export async function storeFinished(
  record: GameRecord,
  visibility: 'public' | 'private' = 'public',
  store: Store = context().store,
) {
  const holders = [];
  for (let seat = 0; seat < (record.config as { players: number }).players; seat++) {
    const { player, token } = await store.createGuest(record.players?.[seat] ?? `P${seat}`);
    holders.push({ seat, playerId: player.id, name: player.name, tokenHash: `reserved:${secret()}`, token });
  }
  const id = secret(9);
  const invite = visibility === 'private' ? secret(18) : null;
  await store.createTable(
    {
      id,
      game: record.game,
      config: record.config as { players: number },
      setup: holders.map(() => ({ kind: 'human' as const })),
      visibility,
      invite,
      status: 'parked',
      dealer: record.dealer,
      turnTimer: null,
      createdBy: holders[0].playerId,
      createdAt: new Date().toISOString(),
    },
    holders.map(({ token: _, ...h }) => h),
  );
  // The steps in the order the table applied them: a deal whenever the game awaits one.
  const game = gameById(record.game) as AnyGame;
  let state = game.start(unwrap(game.parseConfig(record.config)), record.dealer);
  const steps: StoredStep[] = [];
  let d = 0;
  const deal = () => {
    while (game.awaitsDeal(state) && d < record.deals.length) {
      const entry = record.deals[d++] as { seed: string };
      state = unwrap(game.applyDeal(state, game.randomDeal(state, seeded(entry.seed))));
      steps.push({ seq: steps.length, kind: 'deal', seat: null, data: entry });
    }
  };
  for (const { seat, action } of record.actions) {
    deal();
    state = unwrap(game.apply(state, seat, unwrap(game.parseAction(action))));
    steps.push({ seq: steps.length, kind: 'action', seat, data: action });
  }
  deal();
  await store.append(id, steps);
  await store.setStatus(id, 'over');
  return { id, invite, tokens: holders.map((h) => h.token) };
}

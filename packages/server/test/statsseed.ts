/**
 * Finished matches written straight into a store for the statistics tests and bench (test/stats.test.ts,
 * bench/stats.ts): a record by random play, stored as a finished table with the given seat holders,
 * computer seats and hints.
 */
import { type AnyGame, type GameId, type GameRecord, gameById, recordDeal, unwrap } from '@stich/engine';
import type { SeatSetup } from '@stich/protocol';
import { type Store, type StoredStep, secret } from '../src/store.ts';
import { randomRecord } from './records.ts';

export interface SeedMatch {
  readonly record: GameRecord;
  /** Seat → player id of each human seat; other seats are computer players of `level`. */
  readonly people: Readonly<Record<number, string>>;
  readonly level?: 'random' | 'rule' | 'search';
  /** Seats that asked for a hint, one entry per hint. */
  readonly hints?: readonly number[];
  /** Store only the steps, leaving the table unfinished. */
  readonly unfinished?: boolean;
}

/** A finished match of `game` by random play (every deal its own seed). */
export const matchRecord = (
  game: GameId,
  config: { players: number; preset?: string; options?: Record<string, unknown> },
  tag: string,
) => randomRecord(game, config as { players: number }, (i) => `${tag}-${i}`);

/** Stores a finished table; returns its id. */
export async function seedMatch(store: Store, m: SeedMatch): Promise<string> {
  const { record } = m;
  const n = (record.config as { players: number }).players;
  const setup: SeatSetup[] = Array.from({ length: n }, (_, s) =>
    m.people[s] !== undefined ? { kind: 'human' } : { kind: 'bot', level: m.level ?? 'random' },
  );
  const id = secret(9);
  const holders = Object.entries(m.people).map(([seat, playerId]) => ({
    seat: Number(seat),
    playerId,
    name: `P${seat}`,
    tokenHash: `reserved:${secret()}`,
  }));
  await store.createTable(
    {
      id,
      game: record.game,
      config: record.config as { players: number },
      setup,
      visibility: 'public',
      invite: null,
      status: 'playing',
      dealer: record.dealer,
      turnTimer: null,
      createdBy: holders[0]?.playerId ?? null,
      createdAt: new Date().toISOString(),
    },
    holders,
  );
  const game = gameById(record.game) as AnyGame;
  let state = game.start(unwrap(game.parseConfig(record.config)), record.dealer);
  const steps: StoredStep[] = [];
  let d = 0;
  const deal = () => {
    while (game.awaitsDeal(state) && d < record.deals.length) {
      const entry = record.deals[d++];
      state = unwrap(game.applyDeal(state, unwrap(recordDeal(game, state, entry))));
      steps.push({ seq: steps.length, kind: 'deal', seat: null, data: entry });
    }
  };
  for (const { seat, action } of record.actions) {
    deal();
    state = unwrap(game.apply(state, seat, unwrap(game.parseAction(action))));
    steps.push({ seq: steps.length, kind: 'action', seat, data: action });
  }
  deal();
  await store.append(id, steps, m.unfinished ? undefined : 'over');
  const hints = m.hints ?? [];
  for (let i = 0; i < hints.length; i++)
    await store.db
      .insertInto('hint_uses')
      .values({ table_id: id, seq: i, seat: hints[i], at: new Date().toISOString() })
      .execute();
  return id;
}

/**
 * How far a match has come, for the lobby's rows (Meine Tische, Offene Tische): the deals finished, how
 * many the match has where its rules fix the number, and the match score by seat, from the engine's
 * outcome. A live table reads it from its state; a stored one replays its record, once per stored step
 * count (cached), so a lobby that is opened again costs nothing for tables that did not move.
 */
import { type AnyGame, gameById, replay } from '@stich/engine';
import type { TableProgress } from '@stich/protocol';
import { context } from './context.ts';

/** Options that fix the number of deals (Doppelkopf's games, Differenzler's rounds); other games play to a target. */
const LENGTH_KEYS = ['games', 'rounds'] as const;

/** The progress of a match in state `state` of `game` under `config`. */
export function progressOf(game: AnyGame, state: unknown, config: unknown): TableProgress {
  const out = game.outcome(state as never) as { deals: readonly unknown[]; scores: readonly number[] };
  const parsed = game.parseConfig(config);
  const options = (parsed.ok ? (parsed.value as { options?: Record<string, unknown> }).options : {}) ?? {};
  const of = LENGTH_KEYS.map((k) => options[k]).find((v): v is number => typeof v === 'number') ?? null;
  return { deals: out.deals.length, of, scores: [...out.scores] };
}

const CACHE_MAX = 2000;
const cache = new Map<string, { steps: number; progress: TableProgress | null }>();

/** The progress of stored tables by id (null where the record cannot be replayed). */
export async function storedProgress(ids: readonly string[]): Promise<Map<string, TableProgress | null>> {
  const { store } = context();
  const out = new Map<string, TableProgress | null>();
  if (ids.length === 0) return out;
  const counts = await store.db
    .selectFrom('steps')
    .select(['table_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('table_id', 'in', ids)
    .groupBy('table_id')
    .execute();
  const stepsOf = new Map(counts.map((c) => [c.table_id, Number(c.n)]));
  for (const id of ids) {
    const steps = stepsOf.get(id) ?? 0;
    const hit = cache.get(id);
    if (hit && hit.steps === steps) {
      out.set(id, hit.progress);
      continue;
    }
    const record = await store.record(id);
    const game = record ? gameById(record.game) : undefined;
    const r = record && game ? replay<unknown>(game, record) : undefined;
    const progress = r?.ok && game ? progressOf(game, r.value.state, record!.config) : null;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(id, { steps, progress });
    out.set(id, progress);
  }
  return out;
}

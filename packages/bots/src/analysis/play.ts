/**
 * Records of deals played by bots: for the analysis tests, its benchmark and demonstrations. Each
 * deal comes from a seed stored in the record, so the record replays exactly.
 */
import type { GameId, GameRecord, RecordDeal, RecordStep } from '@stich/engine';
import { gameById, newRecord, seeded } from '@stich/engine';
import { type BotLevel, decide, requestFor } from '../index.ts';

interface PlayOptions {
  readonly game: GameId;
  /** The game's setup input, e.g. `{ players: 4 }`. */
  readonly config: unknown;
  /** Level by seat. */
  readonly levels: readonly BotLevel[];
  readonly seed: string;
  /** Deals to play (thrown-in deals count). */
  readonly deals: number;
  readonly dealer?: number;
}

/** Plays `deals` deals with the given bots and returns the record. */
export function botRecord(opts: PlayOptions): GameRecord {
  const game = gameById(opts.game);
  if (!game) throw new Error(`unknown game ${opts.game}`);
  const config = game.parseConfig(opts.config);
  if (!config.ok) throw new Error(config.error.reason);
  const dealer = opts.dealer ?? 0;
  let state = game.start(config.value, dealer);
  const deals: RecordDeal[] = [];
  const actions: RecordStep[] = [];
  for (let step = 0; step < 100_000 && !game.isOver(state); step++) {
    if (game.awaitsDeal(state)) {
      if (deals.length === opts.deals) break;
      const seed = `${opts.seed}/${deals.length}`;
      deals.push({ seed });
      const next = game.applyDeal(state, game.randomDeal(state, seeded(seed)));
      if (!next.ok) throw new Error(next.error.reason);
      state = next.value;
      continue;
    }
    const seat = game.toAct(state)[0];
    const action = decide(requestFor(opts.game, state, seat, opts.levels[seat], `${opts.seed}/a${step}`));
    const next = game.apply(state, seat, action);
    if (!next.ok) throw new Error(next.error.reason);
    state = next.value;
    actions.push({ seat, action: action as RecordStep['action'] });
  }
  return { ...newRecord(opts.game, opts.config, dealer), deals, actions };
}

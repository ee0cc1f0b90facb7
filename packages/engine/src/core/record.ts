/**
 * Game records (docs/record-format.md): a match as its setup, its deals and every action with its seat.
 * Loading validates everything and names the first bad deal or action by index.
 */
import type { AnyGame, GameId, Seat } from './game.ts';
import { GAME_IDS } from './game.ts';
import { err, isObject, ok, type Result } from './result.ts';
import { seeded } from './rng.ts';

export const RECORD_FORMAT = 'stich-record';
export const RECORD_VERSION = 1;

/**
 * A deal in a record: a seed that `randomDeal` expands, or the game's explicit deal object, which may carry
 * the optional field `fair` (its proof of a fair shuffle, docs/fair-deal.md; the replay ignores it).
 */
export type RecordDeal = { readonly seed: string } | Readonly<Record<string, unknown>>;

export interface RecordStep {
  readonly seat: Seat;
  readonly action: { readonly t: string } & Readonly<Record<string, unknown>>;
}

/** `Id`: the game's id, a registered game's by default (a test-only game has its own). */
export interface GameRecord<Id extends string = GameId> {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly game: Id;
  /** The game's setup input: `{ players, preset, options }`. */
  readonly config: unknown;
  /** Display names by seat (optional). */
  readonly players?: readonly string[];
  /** The first dealer's seat. */
  readonly dealer: Seat;
  readonly deals: readonly RecordDeal[];
  readonly actions: readonly RecordStep[];
  /** Free-form: dates, table id, program version. Not interpreted. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/**
 * Checks the record's envelope (not yet the game's rules): its game must be one of `games`, by default the
 * registered ones.
 */
export function parseRecord(input: unknown): Result<GameRecord>;
export function parseRecord<Id extends string>(input: unknown, games: readonly Id[]): Result<GameRecord<Id>>;
export function parseRecord(input: unknown, games: readonly string[] = GAME_IDS): Result<GameRecord<string>> {
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch (e) {
      return err('bad-record', `not JSON: ${(e as Error).message}`);
    }
  }
  if (!isObject(input)) return err('bad-record', 'a record is a JSON object');
  const r = input;
  if (r.format !== RECORD_FORMAT) return err('bad-record', `format must be "${RECORD_FORMAT}"`);
  if (r.version !== RECORD_VERSION)
    return err(
      'bad-record',
      `unsupported version ${String(r.version)}; this program reads version ${RECORD_VERSION}`,
    );
  if (typeof r.game !== 'string' || !games.includes(r.game))
    return err('bad-record', `game must be one of ${games.join(', ')}`);
  if (!Number.isInteger(r.dealer) || (r.dealer as number) < 0)
    return err('bad-record', 'dealer must be a seat number');
  if (r.players !== undefined && !(Array.isArray(r.players) && r.players.every((p) => typeof p === 'string')))
    return err('bad-record', 'players must be a list of names');
  if (!Array.isArray(r.deals)) return err('bad-record', 'deals must be a list');
  for (let i = 0; i < r.deals.length; i++) {
    if (!isObject(r.deals[i])) return err('bad-record', `deal ${i} must be an object`, i);
  }
  if (!Array.isArray(r.actions)) return err('bad-record', 'actions must be a list');
  for (let i = 0; i < r.actions.length; i++) {
    const s = r.actions[i];
    if (!isObject(s) || !Number.isInteger(s.seat) || !isObject(s.action) || typeof s.action.t !== 'string')
      return err('bad-record', `action ${i} must be { seat, action: { t, ... } }`, i);
  }
  if (r.meta !== undefined && !isObject(r.meta)) return err('bad-record', 'meta must be an object');
  return ok(r as unknown as GameRecord<string>);
}

/**
 * The game's deal of one record entry, for the state that awaits it: a seed expanded by `randomDeal`, or
 * the explicit deal without its `fair` field (the deal's proof of a fair shuffle, docs/fair-deal.md,
 * checked by `stich verify`, not here). Everything that replays a record deals through this.
 */
export function recordDeal(game: AnyGame<string>, state: unknown, entry: RecordDeal): Result<unknown> {
  if ('seed' in entry) {
    if (typeof entry.seed !== 'string') return err('bad-record', 'seed must be a string');
    return ok(game.randomDeal(state, seeded(entry.seed)));
  }
  const { fair: _, ...cards } = entry;
  return game.parseDeal(state, cards);
}

export interface Replay<S> {
  readonly state: S;
  /** With `keepStates`: the state after each deal and action, in order, starting with the start state. */
  readonly states?: readonly S[];
}

/**
 * Plays a record through the game's rules. Deals are applied whenever the game awaits one.
 * Errors name the deal or action index: `deal 2: ...` or `action 17 (seat 1, play): ...`.
 */
export function replay<S>(
  game: AnyGame<string>,
  record: GameRecord<string>,
  keepStates = false,
): Result<Replay<S>> {
  if (record.game !== game.id) return err('bad-record', `record is for ${record.game}, not ${game.id}`);
  const config = game.parseConfig(record.config);
  if (!config.ok) return err('bad-record', `config: ${config.error.reason}`);
  let state = game.start(config.value, record.dealer);
  if (record.dealer >= game.seats(state)) return err('bad-record', `dealer ${record.dealer} is not a seat`);
  const states: S[] | undefined = keepStates ? [state] : undefined;
  let nextDeal = 0;

  const dealIfAwaited = (): Result<true> => {
    while (game.awaitsDeal(state) && nextDeal < record.deals.length) {
      const i = nextDeal++;
      const deal = recordDeal(game, state, record.deals[i]);
      if (!deal.ok) return err('bad-record', `deal ${i}: ${deal.error.reason}`, i);
      const next = game.applyDeal(state, deal.value);
      if (!next.ok) return err('bad-record', `deal ${i}: ${next.error.reason}`, i);
      state = next.value;
      states?.push(state);
    }
    return ok(true);
  };

  for (let i = 0; i < record.actions.length; i++) {
    const dealt = dealIfAwaited();
    if (!dealt.ok) return dealt;
    const { seat, action } = record.actions[i];
    const label = `action ${i} (seat ${seat}, ${action.t})`;
    if (game.awaitsDeal(state))
      return err('bad-record', `${label}: a deal is due first, but the record has no more deals`, i);
    const parsed = game.parseAction(action);
    if (!parsed.ok) return err('bad-record', `${label}: ${parsed.error.reason}`, i);
    const next = game.apply(state, seat, parsed.value);
    if (!next.ok) return err('bad-record', `${label}: ${next.error.code}: ${next.error.reason}`, i);
    state = next.value;
    states?.push(state);
  }
  const dealt = dealIfAwaited();
  if (!dealt.ok) return dealt;
  if (nextDeal < record.deals.length) return err('bad-record', `deal ${nextDeal} is never used`, nextDeal);
  return ok(states ? { state, states } : { state });
}

/** A record under construction, as a table or self-play writes it. */
export function newRecord<Id extends string>(
  game: Id,
  config: unknown,
  dealer: Seat,
  players?: readonly string[],
): GameRecord<Id> {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game,
    config,
    ...(players ? { players } : {}),
    dealer,
    deals: [],
    actions: [],
  };
}

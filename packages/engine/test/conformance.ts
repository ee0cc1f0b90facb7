/**
 * Helpers of the conformance suite (conformance.test.ts): seeded traces of random legal play through the
 * public `Game` interface only, cards inside any JSON value, card slots of a deal, deep freezing.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  type Action,
  type AnyGame,
  type GameRecord,
  isCard,
  newRecord,
  type RecordDeal,
  type Rng,
  randomStep,
  type Seat,
  SPECTATOR,
  seeded,
  unwrap,
  type Viewer,
} from '../src/index.ts';

/** What the suite needs to know of a game beyond the `Game` interface. */
export interface Adapter {
  /** Every preset the game offers (from its config module). Player counts are found by parseConfig. */
  readonly presets: readonly string[];
  /** Every action kind (`t`) its parseAction knows; each must be played in the seeded matches. */
  readonly kinds: readonly string[];
  /** Kinds the rules do not offer with this preset, player count and options (name the rule passage). */
  readonly absent?: (preset: string, players: number, options?: object) => readonly string[];
  /** Action kinds whose content only the acting seat may know until the deal ends. */
  readonly secret?: readonly string[];
  /** Option sets played besides the presets (with the preset named, or the first), for rules the presets leave out. */
  readonly variants?: readonly { readonly preset?: string; readonly options: object }[];
  /** The seat that receives a card slot of a deal; by default `hands[i]` is seat i's and the rest nobody's. */
  readonly owner?: (path: Path) => Seat | null;
}

/** A game with its adapter: how a test-only game (test/games) joins the suite. */
export interface ConformanceEntry {
  readonly game: AnyGame<string>;
  readonly adapter: Adapter;
}

/** One step of a match: a deal (as the JSON a record holds) or a seat's action. */
export type Event = { readonly deal: unknown } | { readonly seat: Seat; readonly action: Action };

export interface Trace {
  readonly seed: string;
  readonly config: unknown;
  readonly dealer: Seat;
  readonly seats: number;
  /** `states[0]` is the start; `states[i + 1]` the state after `events[i]`. */
  readonly states: readonly unknown[];
  readonly events: readonly Event[];
  /** The match as a record with every deal written out. */
  readonly record: GameRecord<string>;
  /** The same match with every deal as the seed it was drawn from. */
  readonly seedRecord: GameRecord<string>;
}

export const isDeal = (e: Event): e is { readonly deal: unknown } => 'deal' in e;

/** Every viewer of a table: the seats, then the spectator. */
export const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, i) => i),
  SPECTATOR,
];

/** A deep copy through JSON, so that a deal or action is exactly what a record stores. */
export const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * Freezes a value and everything it reaches (typed arrays cannot be frozen and are left alone): a rule
 * that writes into its input then throws in strict mode instead of passing silently.
 */
export function deepFreeze(x: unknown, seen: WeakSet<object>): void {
  if (x === null || typeof x !== 'object' || seen.has(x)) return;
  seen.add(x);
  if (ArrayBuffer.isView(x)) return;
  Object.freeze(x);
  for (const k of Reflect.ownKeys(x)) deepFreeze((x as Record<string | symbol, unknown>)[k], seen);
}

/**
 * Plays one seeded match of random legal play and keeps every state. `visit` runs on each state as it is
 * reached (the start state included). Throws when the match does not end within `maxSteps`.
 */
export function playTrace(
  game: AnyGame<string>,
  config: unknown,
  seed: string,
  maxSteps: number,
  visit?: (state: unknown, index: number) => void,
): Trace {
  const rng: Rng = seeded(seed);
  const parsed = unwrap(game.parseConfig(config));
  const seats = game.seats(game.start(parsed, 0));
  const dealer = rng.int(seats);
  let state: unknown = game.start(parsed, dealer);
  const states: unknown[] = [state];
  const events: Event[] = [];
  const deals: RecordDeal[] = [];
  const seeds: RecordDeal[] = [];
  const actions: { seat: Seat; action: { t: string } & Record<string, unknown> }[] = [];
  visit?.(state, 0);
  while (!game.isOver(state)) {
    if (events.length >= maxSteps)
      throw new Error(`${game.id} ${JSON.stringify(config)} seed ${seed}: no end after ${maxSteps} steps`);
    if (game.awaitsDeal(state)) {
      // Each deal from a seed of its own, so that a record can also name the seed instead of the cards.
      const dealSeed = `${seed}/deal/${deals.length}`;
      const deal = json(game.randomDeal(state, seeded(dealSeed)));
      state = unwrap(game.applyDeal(state, unwrap(game.parseDeal(state, deal))));
      events.push({ deal });
      deals.push(deal as RecordDeal);
      seeds.push({ seed: dealSeed });
    } else {
      const { seat, action } = randomStep(game, state, rng);
      state = unwrap(applyOrExplain(game, state, seat, action));
      events.push({ seat, action });
      actions.push({ seat, action: json(action) as { t: string } & Record<string, unknown> });
    }
    states.push(state);
    visit?.(state, states.length - 1);
  }
  const record: GameRecord<string> = { ...newRecord(game.id, config, dealer), deals, actions };
  return { seed, config, dealer, seats, states, events, record, seedRecord: { ...record, deals: seeds } };
}

/** `apply`, with a throw explained: on frozen input, a rule that writes into its input throws. */
export function applyOrExplain(game: AnyGame<string>, state: unknown, seat: Seat, action: Action) {
  try {
    return game.apply(state, seat, action);
  } catch (e) {
    throw new Error(
      `${game.id}: apply(seat ${seat}, ${JSON.stringify(action)}) threw in phase ${game.phase(state)} ` +
        `(states and actions are deep-frozen: writing into them throws): ${(e as Error).message}`,
    );
  }
}

/** Every card string anywhere inside a JSON-like value. */
export function cardsIn(x: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof x === 'string') {
    if (isCard(x)) out.add(x);
  } else if (Array.isArray(x)) for (const y of x) cardsIn(y, out);
  else if (x !== null && typeof x === 'object') for (const y of Object.values(x)) cardsIn(y, out);
  return out;
}

/** A card's place inside a deal: the path of keys to it. */
export type Path = readonly (string | number)[];

export interface Slot {
  readonly path: Path;
  readonly card: string;
}

/** Every card of a deal with its path, e.g. `['hands', 2, 5]` or `['stock', 0]`. */
export function slotsOf(deal: unknown, path: Path = [], out: Slot[] = []): Slot[] {
  if (typeof deal === 'string') {
    if (isCard(deal)) out.push({ path, card: deal });
  } else if (Array.isArray(deal)) {
    for (let i = 0; i < deal.length; i++) slotsOf(deal[i], [...path, i], out);
  } else if (deal !== null && typeof deal === 'object')
    for (const [k, y] of Object.entries(deal)) slotsOf(y, [...path, k], out);
  return out;
}

/** The deal with the cards at two paths exchanged. */
export function swapped(deal: unknown, a: Path, b: Path): unknown {
  const copy = json(deal);
  const at = (p: Path) =>
    p.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as never, copy as never);
  const ka = a[a.length - 1];
  const kb = b[b.length - 1];
  const x = at(a)[ka];
  at(a)[ka] = at(b)[kb];
  at(b)[kb] = x;
  return copy;
}

/** True when `action` equals one of `list` as data. */
export const listed = (list: readonly Action[], action: Action): boolean =>
  list.some((a) => isDeepStrictEqual(json(a), json(action)));

/**
 * Self-play harness for the legality tests (bots.test.ts, selfplay-search*.test.ts): whole matches
 * of one game set-up, a bot asked at every step, every request and answer checked on the way.
 */
import type { Action, AnyGame, GameId, Rng, Seat } from '@stich/engine';
import { gameById, SPECTATOR, seeded } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { type BotLevel, type BotRequest, decide, requestFor } from '../src/index.ts';

export interface Table {
  readonly game: GameId;
  readonly players: number;
}

export const TABLES: readonly Table[] = [
  { game: 'klapperjas', players: 4 },
  { game: 'klapperjas', players: 3 },
  { game: 'klapperjas', players: 2 },
  { game: 'klaberjass', players: 2 },
  { game: 'differenzler', players: 4 },
];

export const tableName = (t: Table): string => `${t.game} ${t.players}p`;

/** The levels of the seats for one deal, drawn anew at every deal. */
export type Seating = (rng: Rng, players: number) => BotLevel[];

/** Each seat `random` or `rule` with equal odds: every mix occurs, all-rule and all-random included. */
export const randomOrRule: Seating = (rng, n) =>
  Array.from({ length: n }, () => (rng.int(2) === 0 ? 'random' : 'rule'));

export const allRule: Seating = (_, n) => Array.from({ length: n }, () => 'rule');

/**
 * `search` at one or two seats (drawn), the others `rule` or `random`: the search player meets every
 * level as partner and opponent, and a deal costs at most two search seats.
 */
export const someSearch: Seating = (rng, n) => {
  const levels = randomOrRule(rng, n);
  const first = rng.int(n);
  levels[first] = 'search';
  if (n > 2 && rng.int(2) === 0) levels[(first + 1 + rng.int(n - 1)) % n] = 'search';
  return levels;
};

/** A rules set-up of a table, and what self-play of random and rule players must show with it. */
export interface Setup {
  readonly label: string;
  readonly config?: { readonly preset?: string; readonly options?: Record<string, unknown> };
  /** Deals of random and rule players (bots.test.ts). */
  readonly deals: number;
  /** Exactly the kinds chosen over those deals (any level). */
  readonly kinds: readonly string[];
  /** Kinds the `rule` level must have chosen itself. */
  readonly ruleKinds: readonly string[];
}

/** Klapper-Jas kinds: `re` only where a bot can be asked for it (see `setups`), `exchange` with 2 or 3 players. */
function klapperjasKinds(players: number, re: boolean): string[] {
  return [
    'orgi',
    'kleines',
    'besser',
    'trump',
    'pass',
    'kontra',
    ...(re ? ['re'] : []),
    ...(players < 4 ? ['exchange'] : []),
    'meld',
    'play',
    'play+belle',
  ];
}

function klapperjasRuleKinds(players: number, kontra: boolean): string[] {
  return [
    'orgi',
    'kleines',
    'trump',
    'pass',
    ...(kontra ? ['kontra'] : []),
    ...(players < 4 ? ['exchange'] : []),
    'meld',
    'play',
    'play+belle',
  ];
}

const KLABERJASS_KINDS = [
  'take',
  'pass',
  'schmeiss',
  'accept',
  'refuse',
  'name',
  'exchange',
  'announce',
  'answer',
  'top',
  'play',
  'play+bella',
];
/** The rule player never says schmeiss (docs/bots.md) and refuses one only when strong in the suit. */
const KLABERJASS_RULE_KINDS = [
  'take',
  'pass',
  'accept',
  'name',
  'exchange',
  'announce',
  'answer',
  'top',
  'play',
  'play+bella',
];

/** The default rules first (at least 1,000 deals), then the presets and options that change decisions. */
export function setups(t: Table): Setup[] {
  const n = t.players;
  switch (t.game) {
    case 'klapperjas':
      return [
        {
          label: 'preset manual (default)',
          deals: 1200,
          kinds: klapperjasKinds(n, true),
          ruleKinds: klapperjasRuleKinds(n, true),
        },
        {
          // Kontra and Re only before the first card of the deal, in the meld round from Vorhand (every
          // seat has a turn there), "besser" from every other player from Vorhand, melds that count without
          // a trick, flat scoring, no play-on for second place.
          label: 'preset klappern',
          config: { preset: 'klappern' },
          deals: 400,
          kinds: klapperjasKinds(n, true),
          ruleKinds: klapperjasRuleKinds(n, false),
        },
        {
          // Other meld options (one Halber for any run of 4+), melds that count without a trick, Belle
          // that needs one; a target of 3 makes short matches (3 players: the end game comes soon).
          label: 'options longRuns single, meldsNeedTrick false, belleNeedsTrick true, target 3',
          config: {
            options: { longRuns: 'single', meldsNeedTrick: false, belleNeedsTrick: true, target: 3 },
          },
          deals: 400,
          kinds: klapperjasKinds(n, true),
          ruleKinds: klapperjasRuleKinds(n, false),
        },
      ];
    case 'klaberjass':
      return [
        {
          label: 'preset hoyle (default)',
          deals: 1200,
          kinds: KLABERJASS_KINDS,
          ruleKinds: KLABERJASS_RULE_KINDS,
        },
        {
          // Sequences compared by length first: other answers in the sequence talk.
          label: 'options sequences length, target 200',
          config: { options: { sequences: 'length', target: 200 } },
          deals: 400,
          kinds: KLABERJASS_KINDS,
          ruleKinds: KLABERJASS_RULE_KINDS,
        },
      ];
    default:
      return [
        {
          label: 'preset standard (default, undertrump 002)',
          deals: 1200,
          kinds: ['estimate', 'play'],
          ruleKinds: ['estimate', 'play'],
        },
        {
          // Swiss undertrumping: other legal cards.
          label: 'options undertrump swiss, tiebreak hits, rounds 4',
          config: { options: { undertrump: 'swiss', tiebreak: 'hits', rounds: 4 } },
          deals: 400,
          kinds: ['estimate', 'play'],
          ruleKinds: ['estimate', 'play'],
        },
      ];
  }
}

export interface SelfPlayOptions {
  readonly table: Table;
  /** `preset` and `options` of the game's config (the player count comes from the table). */
  readonly config?: { readonly preset?: string; readonly options?: Record<string, unknown> };
  /** Finished deals to play (deals thrown in are not counted, their decisions are). */
  readonly deals: number;
  readonly seed: string;
  readonly seating: Seating;
  /** Whether to run the expensive checks at a decision (see `selfPlay`). Default: every decision. */
  readonly deepCheck?: (deal: number, decision: number) => boolean;
  /** The player asked; `decide` unless a test of this harness hands it a faulty one. */
  readonly bot?: (req: BotRequest) => Action;
}

export interface SelfPlayStats {
  deals: number;
  /** Deals dealt, thrown-in ones included (all passed; Klaberjass also an accepted schmeiss). */
  dealt: number;
  matches: number;
  decisions: number;
  /** Decisions with more than one legal action (a single one is answered by `decide` without the bot). */
  choices: number;
  deepChecks: number;
  /** Decisions by action kind (`t`, with `+belle` / `+bella` for card plays announcing it). */
  readonly kinds: Record<string, number>;
  /** The same, by the level that chose. */
  readonly byLevel: Partial<Record<BotLevel, Record<string, number>>>;
  /** Deals by dealer seat. */
  readonly dealers: number[];
  /** Deals played by fewer seats than the table has (Klapper-Jas 3 players: the end game for two). */
  shortDeals: number;
}

/** The kind of an action as counted: `t`, plus the Belle / Bella announcement of a card. */
export function kindOf(a: Action): string {
  const x = a as Action & { belle?: unknown; bella?: unknown };
  return x.belle ? `${a.t}+belle` : x.bella ? `${a.t}+bella` : a.t;
}

/**
 * Deep equality of plain data (objects, arrays, primitives): same prototype, same own enumerable keys
 * (a field holding `undefined` counts), same values. Anything else (a Map, a class) is not plain data
 * and compares unequal unless identical.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const proto = Object.getPrototypeOf(a);
  if (proto !== Object.getPrototypeOf(b) || (proto !== Object.prototype && proto !== Array.prototype))
    return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** `expect(actual).toStrictEqual(expected)`, fast when they are equal; vitest's message when not. */
function sameData(actual: unknown, expected: unknown, what: string): void {
  if (deepEqual(actual, expected)) return;
  expect(actual, what).toStrictEqual(expected);
  throw new Error(`${what}: not equal as plain data`);
}

const add = (m: Record<string, number>, k: string) => {
  m[k] = (m[k] ?? 0) + 1;
};

/**
 * Plays whole matches (a new one when a match is over, its first dealer varied) until `deals` deals
 * are finished. At every step the seat first in `toAct` is asked (never an optional caller out of
 * turn, see docs/bots.md) at the level its seat has in this deal. Checked at every decision:
 * - the request holds exactly game, legal, level, seat, seed and view;
 * - the answer deep-equals one element of a fresh `legalActions(state, seat)`;
 * - the engine accepts it as it is and as the server gets it from a worker (a structured copy, read
 *   by `parseAction`);
 * - the match ends within a bound of steps.
 * Checked where `deepCheck` says so: the request's view deep-equals a copy of `viewFor(state, seat)`
 * taken before the bot ran (so a bot neither saw more nor changed what it was given), its legal list
 * deep-equals `legalActions`, the same request gives the same answer again (`search`: at every 20th
 * such decision), and the answer and its parsed copy lead to the same spectator view.
 */
export function selfPlay(o: SelfPlayOptions): SelfPlayStats {
  const { table } = o;
  const bot = o.bot ?? decide;
  const g = gameById(table.game) as AnyGame;
  const config = g.parseConfig({ players: table.players, ...o.config });
  if (!config.ok) throw new Error(`${tableName(table)}: ${config.error.reason}`);
  const rng = seeded(`${o.seed}/deals`);
  const seatRng = seeded(`${o.seed}/seats`);
  const stats: SelfPlayStats = {
    deals: 0,
    dealt: 0,
    matches: 0,
    decisions: 0,
    choices: 0,
    deepChecks: 0,
    kinds: {},
    byLevel: {},
    dealers: Array.from({ length: table.players }, () => 0),
    shortDeals: 0,
  };
  let state: unknown = null;
  let levels: BotLevel[] = [];
  let dealer: Seat = 0;
  let short = false;
  let steps = 0;
  while (stats.deals < o.deals) {
    if (state === null || g.isOver(state)) {
      state = g.start(config.value, stats.matches % table.players);
      stats.matches++;
      steps = 0;
    }
    if (++steps > 20_000) throw new Error(`${tableName(table)}: match ${stats.matches} does not end`);
    if (g.awaitsDeal(state)) {
      const dealt = g.applyDeal(state, g.randomDeal(state, rng));
      if (!dealt.ok) throw new Error(`${tableName(table)}: deal refused: ${dealt.error.reason}`);
      state = dealt.value;
      stats.dealt++;
      levels = o.seating(seatRng, table.players);
      const v = g.viewFor(state, SPECTATOR) as { dealer: Seat; active?: readonly Seat[] };
      dealer = v.dealer;
      short = v.active !== undefined && v.active.length < table.players;
      continue;
    }
    const before = g.outcome(state).deals.length;
    const seat: Seat = g.toAct(state)[0];
    const level = levels[seat];
    const seed = `${o.seed}/${stats.decisions}`;
    const deep = o.deepCheck?.(stats.deals, stats.decisions) ?? true;
    const view = deep ? structuredClone(g.viewFor(state, seat)) : undefined;
    const req = requestFor(table.game, state, seat, level, seed);
    const action = bot(req);
    const legal: readonly Action[] = g.legalActions(state, seat);
    if (!legal.some((a) => deepEqual(a, action)))
      throw new Error(
        `${tableName(table)}: seat ${seat} (${level}) in phase ${g.phase(state)} answered ` +
          `${JSON.stringify(action)}, not one of ${JSON.stringify(legal)}`,
      );
    // The bot is handed exactly the seat's view and legal actions, nothing else.
    if (Object.keys(req).sort().join() !== 'game,legal,level,seat,seed,view')
      expect(Object.keys(req).sort()).toEqual(['game', 'legal', 'level', 'seat', 'seed', 'view']);
    if (deep) {
      stats.deepChecks++;
      const at = `${tableName(table)} seat ${seat} (${level}) in phase ${g.phase(state)}`;
      sameData(req.view, view, `${at}: the request's view`);
      sameData(req.legal, legal, `${at}: the request's legal actions`);
      // The same request again gives the same answer (a search player only at every 20th decision: it is slow).
      if (level !== 'search' || stats.decisions % 20 === 0)
        sameData(bot(requestFor(table.game, state, seat, level, seed)), action, `${at}: the answer again`);
    }
    // The engine takes the answer itself, and the copy a worker thread sends back, parsed as the server does.
    const direct = g.apply(state, seat, action);
    const parsed = g.parseAction(structuredClone(action));
    if (!parsed.ok || !deepEqual(parsed.value, action))
      throw new Error(`${tableName(table)}: parseAction refuses ${JSON.stringify(action)}`);
    const next = g.apply(state, seat, parsed.value);
    if (!direct.ok || !next.ok) {
      const error = direct.ok ? (next.ok ? null : next.error) : direct.error;
      throw new Error(
        `${tableName(table)}: seat ${seat} (${level}) ${JSON.stringify(action)} refused: ${error?.reason}`,
      );
    }
    if (deep)
      sameData(
        g.viewFor(next.value, SPECTATOR),
        g.viewFor(direct.value, SPECTATOR),
        `${tableName(table)}: the state after the parsed copy of ${JSON.stringify(action)}`,
      );
    state = next.value;
    stats.decisions++;
    if (legal.length > 1) stats.choices++;
    const kind = kindOf(action);
    add(stats.kinds, kind);
    stats.byLevel[level] ??= {};
    add(stats.byLevel[level], kind);
    if (g.outcome(state).deals.length > before) {
      stats.deals++;
      stats.dealers[dealer]++;
      if (short) stats.shortDeals++;
    }
  }
  return stats;
}

/** A one-line summary for the test log. */
export function summary(label: string, s: SelfPlayStats): string {
  const kinds = Object.entries(s.kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return (
    `${label}: ${s.deals} deals (${s.dealt - s.deals} more thrown in), ${s.matches} matches, ${s.decisions} decisions ` +
    `(${s.choices} with a choice, ${s.deepChecks} deep-checked); dealers ${s.dealers.join('/')}` +
    `${s.shortDeals ? `; ${s.shortDeals} deals with a seat out` : ''}; ${kinds}`
  );
}

/** Kinds a `search` player must choose itself over the deals of a table's default rules. */
function searchKinds(t: Table): string[] {
  if (t.game === 'klapperjas')
    return ['orgi', 'kleines', 'trump', 'pass', ...(t.players < 4 ? ['exchange'] : []), 'meld', 'play'];
  if (t.game === 'klaberjass')
    return ['take', 'pass', 'accept', 'name', 'exchange', 'announce', 'answer', 'top', 'play'];
  return ['estimate', 'play'];
}

/**
 * Wall-time limit of one search self-play test: since issue 16 the search spends up to 1.5 million
 * nodes on a decision (6 times the budget before), and 50 deals of 4-player Klapper-Jas took about a minute of
 * CPU; on a loaded machine that is several minutes of wall time.
 */
const SEARCH_TIMEOUT = 300_000;

/** Search deals per table: `DEFAULT` with the default rules, `OTHER` with each other set-up. */
const SEARCH_DEALS = { DEFAULT: 50, OTHER: 10 };

/**
 * The search level in self-play (selfplay-search-*.test.ts, split so that Vitest runs them in
 * parallel and each file stays short): per table, 50 deals of the default rules and 10 of every other
 * set-up of `setups`, `search` at one or two seats drawn every deal (`someSearch`), `rule` and `random`
 * at the others. Every decision is deep-checked (the checks cost little beside a search).
 */
export function describeSearch(tables: readonly Table[]): void {
  describe('the search player chooses only legal actions in self-play', () => {
    for (const t of tables)
      for (const [i, setup] of setups(t).entries()) {
        const deals = i === 0 ? SEARCH_DEALS.DEFAULT : SEARCH_DEALS.OTHER;
        it(
          `${tableName(t)}, ${setup.label}: ${deals} deals with search players`,
          () => {
            const s = selfPlay({
              table: t,
              config: setup.config,
              deals,
              seed: `search-${t.game}-${t.players}-${i}`,
              seating: someSearch,
            });
            if (process.env.SELFPLAY_REPORT)
              console.log(
                `${summary(`${tableName(t)}, ${setup.label}`, s)}; by level ${JSON.stringify(s.byLevel)}`,
              );
            expect(s.deals).toBe(deals);
            expect(s.decisions).toBeGreaterThan(deals * 8);
            expect(s.deepChecks).toBe(s.decisions);
            expect(s.byLevel.search?.play ?? 0).toBeGreaterThan(deals);
            for (const k of Object.keys(s.kinds)) expect(setup.kinds).toContain(k);
            if (i === 0)
              for (const k of searchKinds(t))
                expect(s.byLevel.search?.[k] ?? 0, `search: ${k}`).toBeGreaterThan(0);
          },
          SEARCH_TIMEOUT,
        );
      }
  });
}

/**
 * Analysis of finished deals (docs/analysis.md). Every action of a deal is looked at from the seat
 * that took it, with two figures per legal card:
 * - `dd`, all cards known: the double-dummy value of each card (the solver on the real hands);
 * - `view`, what the seat knew then: the search player's mean value of each card over deals
 *   consistent with its view (PIMC, the same sampler and budget as the `search` level).
 * The loss of a move is the best value minus the value of the card played, in the game's unit:
 * card points (Klapper-Jas, Klaberjass), points of distance to the estimate (Differenzler), game
 * points (Doppelkopf). Decisions other than cards are compared with the search level's own choice.
 * Deterministic: every sample is drawn from a generator seeded by the deal and action index.
 */
import type { Action, AnyGame, Card, GameAction, GameRecord, GameView, Seat } from '@stich/engine';
import { gameById, parseRecord, recordDeal, seeded } from '@stich/engine';
import { BELLA_VALUE, makerWins } from '@stich/engine/klaberjass/index';
import { BELLE_VALUE, declarerBeats } from '@stich/engine/klapperjas/index';
import { knowledge } from '../doppelkopf/know.ts';
import { kindOf } from '../doppelkopf/model.ts';
import { ruleAnnouncement } from '../doppelkopf/rule.ts';
import { cardValues } from '../doppelkopf/search.ts';
import { contextOf as diffContext } from '../games/differenzler.ts';
import { contextOf as kjContext } from '../games/klaberjass.ts';
import { contextOf as jasContext, partiesInDeal } from '../games/klapperjas.ts';
import { decide } from '../index.ts';
import { type PlayContext, problemFor } from '../play/context.ts';
import { pimc, solver } from '../play/pimc.ts';
import { NodeLimit } from '../solver/search.ts';
import { legalOf, viewOf } from '../view.ts';

import { mergeSummaries, type SeatSummary, UNITS, type Unit } from './summary.ts';

export { mergeSummaries, type SeatSummary, UNITS, type Unit };

export interface Option {
  /** A card (card play) or the action's tag. */
  readonly card: Card;
  /** Value with all cards known (card points above an even split / distance / –); null: not computed. */
  readonly dd: number | null;
  /** Expected value from the seat's view (search player, PIMC); null: no sample solved in budget. */
  readonly view: number | null;
}

export interface Figure {
  /** The best option by this figure and the loss of the move played against it (≥ 0, in the unit). */
  readonly best: Card;
  readonly loss: number;
}

interface MoveAnalysis {
  /** Index of the action in the record's `actions`. */
  readonly index: number;
  /** Index of the state after the action among a replay's states (engine `replay` with every state kept). */
  readonly step: number;
  readonly seat: Seat;
  readonly action: Action;
  /** `card`: a card played; `call`: any other decision (bid, Kontra, estimate, announcement, ...). */
  readonly kind: 'card' | 'call';
  /** True when the seat had one choice only (nothing to judge). */
  readonly forced: boolean;
  /** Card play: every legal card with its two figures. */
  readonly options?: readonly Option[];
  readonly dd?: Figure | null;
  readonly view?: Figure | null;
  /** Jass games, all cards known: whether the seat's party wins the deal after the card played / the best card. */
  readonly won?: { readonly played: boolean; readonly best: boolean } | null;
  /** Samples of the view figure. */
  readonly samples?: number;
  /** Calls: what the search level chooses from the seat's view, and whether the move agrees. */
  readonly search?: Action;
  readonly agrees?: boolean;
}

export interface DealAnalysis {
  /** Index of the deal in the record's `deals`. */
  readonly deal: number;
  readonly moves: readonly MoveAnalysis[];
  readonly seats: readonly SeatSummary[];
}

export interface Analysis {
  readonly game: string;
  readonly unit: Unit;
  readonly deals: readonly DealAnalysis[];
  /** Per seat over all analysed deals. */
  readonly match: readonly SeatSummary[];
}

interface AnalyzeOptions {
  /** Only this deal (index into `record.deals`). */
  readonly deal?: number;
  /** Solver nodes for one double-dummy decision; positions over it get `dd: null` (Differenzler early tricks). */
  readonly ddNodes?: number;
}

/** One action with the state before it and the deal it belongs to. */
interface Step {
  readonly index: number;
  readonly step: number;
  readonly deal: number;
  readonly seat: Seat;
  readonly action: Action;
  readonly before: unknown;
}

/** Plays the record through the rules, the state before each action kept; up to deal `last` only. */
function steps(game: AnyGame, record: GameRecord, last = Number.POSITIVE_INFINITY): Step[] {
  const config = game.parseConfig(record.config);
  if (!config.ok) throw new Error(`config: ${config.error.reason}`);
  let state = game.start(config.value, record.dealer);
  let deal = -1;
  const out: Step[] = [];
  const dealIfAwaited = () => {
    while (game.awaitsDeal(state) && deal + 1 < record.deals.length) {
      deal++;
      const value = recordDeal(game, state, record.deals[deal]);
      if (!value.ok) throw new Error(`deal ${deal}: ${value.error.reason}`);
      const next = game.applyDeal(state, value.value);
      if (!next.ok) throw new Error(`deal ${deal}: ${next.error.reason}`);
      state = next.value;
    }
  };
  for (let index = 0; index < record.actions.length; index++) {
    const { seat, action } = record.actions[index];
    dealIfAwaited();
    // The deals after the one asked for are not needed (a server analyses one deal per job).
    if (deal > last) break;
    const parsed = game.parseAction(action);
    if (!parsed.ok) throw new Error(`action ${index}: ${parsed.error.reason}`);
    out.push({ index, step: index + deal + 2, deal, seat, action: parsed.value, before: state });
    const next = game.apply(state, seat, parsed.value);
    if (!next.ok) throw new Error(`action ${index}: ${next.error.reason}`);
    state = next.value;
  }
  return out;
}

type PlayAction = Action & { readonly card?: Card };

const cardsOf = (legal: readonly GameAction[]): Card[] => [
  ...new Set(legal.filter((a) => a.t === 'play').map((a) => a.card)),
];

/** A play context of the seat's view for the Jass games (null outside card play). */
export function contextFor(view: GameView, seat: Seat): PlayContext | null {
  if (view.game === 'doppelkopf' || view.phase !== 'play' || view.trump === null) return null;
  if (view.game === 'klapperjas') return jasContext(view, seat);
  if (view.game === 'klaberjass') return kjContext(view, seat);
  return diffContext(view, seat);
}

/** `seat`'s view of `state`: `AnyGame` erases its type, and every registered game's is a member of GameView. */
const viewAt = (game: AnyGame, state: unknown, seat: Seat): GameView => game.viewFor(state, seat) as GameView;
/** Likewise the seat's legal actions: every registered game's are its member of GameAction. */
const legalAt = (game: AnyGame, state: unknown, seat: Seat): readonly GameAction[] =>
  game.legalActions(state, seat) as readonly GameAction[];

/** Converts a solver value (party margin, or −distance under objective `target`) to the game's unit, higher better. */
export const toUnit = (ctx: PlayContext, x: number): number => (ctx.objective === 'target' ? x : x / 2);

/** The double-dummy value of every legal card on the real hands, or null over the node budget. */
function ddValues(
  ctx: PlayContext,
  hands: readonly (readonly Card[])[],
  nodes: number,
): Map<Card, number> | null {
  const s = solver();
  s.load(problemFor(ctx, hands));
  s.nodes = 0;
  s.nodeLimit = nodes;
  try {
    return s.moveValues();
  } catch (e) {
    if (!(e instanceof NodeLimit)) throw e;
    return null;
  } finally {
    s.nodeLimit = Number.POSITIVE_INFINITY;
  }
}

/** Every seat's hand in `state`. */
const handsOf = (game: AnyGame, state: unknown): Card[][] =>
  Array.from({ length: game.seats(state) }, (_, s) => [...(viewAt(game, state, s).hand ?? [])]);

/**
 * All cards known: the value of each legal card of `seat` in a Jass game's card play (in the game's
 * unit, higher is better), or null outside card play or over the node budget.
 */
export function ddCardValues(
  gameId: string,
  state: unknown,
  seat: Seat,
  nodes = DD_NODES,
): Map<Card, number> | null {
  const game = gameById(gameId as never);
  if (!game) return null;
  const ctx = contextFor(viewAt(game, state, seat), seat);
  if (ctx === null) return null;
  const dd = ddValues(ctx, handsOf(game, state), nodes);
  return dd && new Map([...dd].map(([c, v]) => [c, toUnit(ctx, v)]));
}

function figure(values: ReadonlyMap<Card, number>, played: Card): Figure {
  let best = played;
  for (const [c, v] of values) if (v > values.get(best)!) best = c;
  return { best, loss: values.get(best)! - values.get(played)! };
}

/**
 * Points already fixed outside the tricks, by party seen from `ctx.me` (0 mine, 1 the others):
 * Klapper-Jas melds and Belle that count (unconditionally, or once their party has taken a trick; the
 * ones still waiting for a trick are in the solver's margin), Klaberjass sequences shown and Bella.
 */
function fixedExtras(v: GameView, ctx: PlayContext): [number, number] {
  const out: [number, number] = [0, 0];
  if (v.game === 'klapperjas') {
    const o = v.config.options;
    const took = (p: number) => ((ctx.tookTrick ?? 0) & (1 << p)) !== 0;
    for (const m of v.countingMelds ?? []) {
      const p = ctx.party[m.seat];
      if (!o.meldsNeedTrick || took(p)) out[p] += m.value;
    }
    for (const seat of v.belle) {
      const p = ctx.party[seat];
      if (!o.belleNeedsTrick || took(p)) out[p] += BELLE_VALUE;
    }
  } else if (v.game === 'klaberjass') {
    if (v.sequences?.seat !== null && v.sequences?.seat !== undefined)
      out[ctx.party[v.sequences.seat]] += v.sequences.points;
    if (v.bella !== null) out[ctx.party[v.bella]] += BELLA_VALUE;
  }
  return out;
}

/**
 * Whether the seat's party wins the deal when the points still to come split with `margin` (all cards
 * known): points so far (`view.points`: card points and last trick) plus the fixed melds (fixedExtras)
 * plus the margin, judged by the engine's rule of who wins the deal (Klapper-Jas `declarerBeats`,
 * Klaberjass `makerWins`). 3-player Klapper-Jas (the declarer must beat each opponent, which the team
 * search does not tell) is not judged.
 */
function winsWith(v: GameView, ctx: PlayContext, margin: number): boolean | null {
  if (v.game === 'doppelkopf' || v.game === 'differenzler') return null;
  if (v.game === 'klapperjas' && partiesInDeal(v) > 2) return null;
  const declarer = v.game === 'klaberjass' ? v.maker : v.declarer;
  if (declarer === null) return null;
  const wins = v.game === 'klaberjass' ? makerWins : declarerBeats;
  const other = ctx.order.find((s) => ctx.party[s] !== 0)!;
  const extra = fixedExtras(v, ctx);
  const mine = v.points[ctx.me] + extra[0] + margin;
  const theirs = v.points[other] + extra[1];
  return ctx.party[declarer] === 0 ? wins(mine, theirs) : !wins(theirs, mine);
}

function jassCard(
  _gameId: string,
  game: AnyGame,
  step: Step,
  legal: readonly GameAction[],
  ddNodes: number,
): MoveAnalysis {
  const { index, seat, action } = step;
  const at = { index, step: step.step, seat, action };
  const view = viewAt(game, step.before, seat);
  const ctx = contextFor(view, seat)!;
  const played = (action as PlayAction).card!;
  const cards = cardsOf(legal);
  const base = { ...at, kind: 'card' as const };
  if (cards.length <= 1) return { ...base, forced: true };
  const hands = handsOf(game, step.before);
  const dd = ddValues(ctx, hands, ddNodes);
  const est = pimc(ctx, cards, seeded(`analysis/${step.deal}/${index}`));
  const viewValues =
    est.samples === 0 ? null : new Map(cards.map((c) => [c, toUnit(ctx, est.totals.get(c)! / est.samples)]));
  const ddUnit = dd === null ? null : new Map(cards.map((c) => [c, toUnit(ctx, dd.get(c)!)]));
  const round = (x: number) => Math.round(x * 100) / 100;
  const options = cards.map((card) => ({
    card,
    dd: ddUnit === null ? null : round(ddUnit.get(card)!),
    view: viewValues === null ? null : round(viewValues.get(card)!),
  }));
  const ddFig = ddUnit && figure(ddUnit, played);
  let won: MoveAnalysis['won'] = null;
  if (dd && ctx.objective === 'difference') {
    const p = winsWith(view, ctx, dd.get(played)!);
    const b = winsWith(view, ctx, dd.get(ddFig!.best)!);
    won = p === null || b === null ? null : { played: p, best: b };
  }
  const viewFig = viewValues && figure(viewValues, played);
  return {
    ...base,
    forced: false,
    options,
    dd: ddFig && { best: ddFig.best, loss: round(ddFig.loss) },
    view: viewFig && { best: viewFig.best, loss: round(viewFig.loss) },
    won,
    samples: est.samples,
  };
}

type DkPlay = Action & { readonly t: 'play'; readonly card: Card };

function doppelkopfCard(game: AnyGame, step: Step, legal: readonly GameAction[]): MoveAnalysis {
  const { index, seat, action } = step;
  const at = { index, step: step.step, seat, action };
  const view = viewOf({ view: viewAt(game, step.before, seat) }, 'doppelkopf');
  const plays = legal.filter((a): a is DkPlay => a.t === 'play');
  const kinds = [...new Set(plays.map((a) => kindOf(a.card)))];
  const base = { ...at, kind: 'card' as const };
  if (kinds.length <= 1) return { ...base, forced: true };
  const values = cardValues(view, knowledge(view), kinds, seeded(`analysis/${step.deal}/${index}`)) as Map<
    number,
    number
  > | null;
  const round = (x: number) => Math.round(x * 100) / 100;
  const cardOfKind = (k: number) => plays.find((a) => kindOf(a.card) === k)!.card;
  const options = kinds.map((k) => ({
    card: cardOfKind(k),
    dd: null,
    view: values ? round(values.get(k)!) : null,
  }));
  let viewFig: Figure | null = null;
  if (values) {
    const byCard = new Map(kinds.map((k) => [cardOfKind(k), values.get(k)!]));
    const played = cardOfKind(kindOf((action as DkPlay).card));
    const f = figure(byCard, played);
    viewFig = { best: f.best, loss: round(f.loss) };
  }
  return { ...base, forced: false, options, dd: null, view: viewFig, won: null };
}

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A call: compared with the search level's choice from the same view; for a Doppelkopf announcement that is
 * the rule level's policy, which the search level announces by.
 */
function call(game: AnyGame, gameId: string, step: Step, legal: readonly GameAction[]): MoveAnalysis {
  const { index, seat, action } = step;
  const at = { index, step: step.step, seat, action };
  const base = { ...at, kind: 'call' as const };
  if (legal.length <= 1) return { ...base, forced: true };
  const view = viewAt(game, step.before, seat);
  let search: Action;
  if (view.game === 'doppelkopf' && action.t === 'announce') {
    const v = view;
    search =
      ruleAnnouncement(v, knowledge(v), legalOf({ game: 'doppelkopf', legal }, 'doppelkopf')) ??
      ({ t: 'no announcement' } as Action);
  } else {
    search = decide({
      game: gameId as never,
      level: 'search',
      seat,
      view,
      legal,
      seed: `analysis/${step.deal}/${index}`,
    });
  }
  return { ...base, forced: false, search, agrees: sameAction(search, action) };
}

function summarize(moves: readonly MoveAnalysis[], seats: number): SeatSummary[] {
  return Array.from({ length: seats }, (_, seat) => {
    const mine = moves.filter((m) => m.seat === seat);
    const ddLoss = mine.reduce((a, m) => a + (m.dd?.loss ?? 0), 0);
    const viewLoss = mine.reduce((a, m) => a + (m.view?.loss ?? 0), 0);
    const largest = mine
      .filter((m) => (m.view?.loss ?? 0) > 0 || (m.dd?.loss ?? 0) > 0)
      .map((m) => ({ index: m.index, view: m.view?.loss ?? 0, dd: m.dd?.loss ?? 0 }))
      .sort((a, b) => b.view - a.view || b.dd - a.dd)
      .slice(0, 3);
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      seat,
      ddLoss: round(ddLoss),
      viewLoss: round(viewLoss),
      disagreements: mine.filter((m) => m.agrees === false).length,
      largest,
    };
  });
}

/** Default solver nodes for one all-cards-known decision (4-player Klapper-Jas from the first card: p95 ≈ 1M). */
const DD_NODES = 4_000_000;
/** Differenzler: full deals are far larger (docs/bots.md); early positions over this budget get `dd: null`. */
const DD_NODES_DIFFERENZLER = 1_000_000;

/** Analyses a validated record: every deal, or `opts.deal` only. Throws on a record that does not replay. */
export function analyzeRecord(record: GameRecord, opts: AnalyzeOptions = {}): Analysis {
  const game = gameById(record.game);
  if (!game) throw new Error(`unknown game ${record.game}`);
  const gameId = record.game;
  const ddNodes = opts.ddNodes ?? (gameId === 'differenzler' ? DD_NODES_DIFFERENZLER : DD_NODES);
  const all = steps(game, record, opts.deal);
  const config = game.parseConfig(record.config);
  if (!config.ok) throw new Error(`config: ${config.error.reason}`);
  const seats = game.seats(game.start(config.value, record.dealer));
  const byDeal = new Map<number, MoveAnalysis[]>();
  for (const step of all) {
    if (opts.deal !== undefined && step.deal !== opts.deal) continue;
    const legal = legalAt(game, step.before, step.seat);
    let m: MoveAnalysis;
    if (step.action.t === 'play' && gameId === 'doppelkopf') m = doppelkopfCard(game, step, legal);
    else if (step.action.t === 'play') m = jassCard(gameId, game, step, legal, ddNodes);
    else m = call(game, gameId, step, legal);
    if (!byDeal.has(step.deal)) byDeal.set(step.deal, []);
    byDeal.get(step.deal)!.push(m);
  }
  const deals = [...byDeal.entries()].map(([deal, moves]) => ({
    deal,
    moves,
    seats: summarize(moves, seats),
  }));
  return { game: gameId, unit: UNITS[gameId], deals, match: mergeSummaries(deals, seats) };
}

/** Parses and analyses a record given as JSON text or object. */
export function analyzeText(input: unknown, opts: AnalyzeOptions = {}): Analysis {
  const record = parseRecord(input);
  if (!record.ok) throw new Error(record.error.reason);
  return analyzeRecord(record.value, opts);
}

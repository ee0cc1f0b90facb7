/**
 * What the table shows, read from a game's typed view (the protocol's `GameView`, one type per game
 * told apart by `game`) and its description from the server (`GameMeta`). One reader per game maps its
 * fields to the one model the drawing code uses; nothing is guessed and nothing here decides a rule.
 */
import type {
  DifferenzlerView,
  DoppelkopfView,
  GameMeta,
  GameView,
  KlaberjassView,
  KlapperjasView,
} from '@stich/protocol';
import type { WireAction } from './actions.ts';
import { sortHand } from './hand.ts';

export interface Played {
  readonly seat: number;
  readonly card: string;
}

/** One call in the bidding or the announcements. */
export interface Call {
  readonly seat: number;
  readonly action: WireAction;
}

export interface TrickModel {
  readonly cards: readonly Played[];
  readonly winner: number | null;
}

/** A meld as a seat declared it: kind, top card, trump or not. */
interface MeldTag {
  readonly kind: string;
  readonly top: string;
  readonly trump: boolean;
}

/** One finished deal as the score list shows it; absent parts are null or empty. */
export interface DealSummary {
  readonly trump: string | null;
  /** Who played (Klapper-Jas declarer, Klaberjass maker). */
  readonly declarer: number | null;
  readonly kind: 'orgi' | 'kleines' | null;
  /** Klapper-Jas: the declarer said "besser" (Kreuz as a Kleines). */
  readonly besser: boolean;
  readonly won: boolean | null;
  /** The seat that won the deal where the game names one (Klaberjass); else null (see `won`). */
  readonly winner: number | null;
  readonly gamePoints: number | null;
  readonly cardPoints: readonly number[] | null;
  readonly jas: number | null;
  readonly mie: number | null;
  readonly melds: readonly { readonly seat: number; readonly melds: unknown; readonly value: number }[];
  readonly meldsVoid: boolean;
  readonly belle: readonly { readonly seat: number; readonly value: number | null }[];
  readonly lastTrick: number | null;
  /** The last trick's cards in play order (shown at the end of the deal). */
  readonly lastCards: readonly Played[];
  readonly kontra: number | null;
  readonly re: number | null;
  /** Each seat's total for the deal (card points, melds, Belle, last trick). */
  readonly points: readonly number[] | null;
  /** Match points each seat scored from the deal. */
  readonly awarded: readonly number[];
  /** Doppelkopf: the deal's result as the engine reports it (game, parties, items, score); else null. */
  readonly doko: DokoResult | null;
}

/** A finished Doppelkopf deal as the engine's view reports it (`last`). */
export type DokoResult = NonNullable<DoppelkopfView['last']>;

/** Doppelkopf at the table: the view itself (its contract, parties, announcements, house rules). */
interface DokoModel {
  readonly view: DoppelkopfView;
}

/** One Differenzler round: estimate, points made and difference by seat. */
export interface RoundSummary {
  readonly trump: string;
  readonly estimates: readonly number[];
  readonly points: readonly number[];
  readonly differences: readonly number[];
  readonly lastTrick: number;
  readonly lastCards: readonly Played[];
}

export interface TableModel {
  readonly game: GameView['game'];
  readonly seats: number;
  readonly viewer: number | 'spectator';
  readonly phase: string;
  readonly toAct: readonly number[];
  readonly dealer: number | null;
  /** The viewer's hand in the engine's display order (trump first); null for a spectator. */
  readonly hand: readonly string[] | null;
  readonly handCounts: readonly number[];
  readonly trump: string | null;
  /** The turned card, when the rules show one. */
  readonly turned: string | null;
  /** The turned card proposes the Orgi (Klapper-Jas before play) rather than fixing trump. */
  readonly turnedProposes: boolean;
  readonly stockCount: number | null;
  /** The visible top card of a face-up stock (Klapper-Jas 2/3 players). */
  readonly stockTop: string | null;
  /** The suit proposed for the Orgi, before trump is fixed. */
  readonly proposed: string | null;
  /** The viewer's cards still lying face down aside (Klapper-Jas 2/3 players before trump is fixed). */
  readonly aside: number;
  /** Cards publicly known to be in each seat's hand. */
  readonly known: readonly (readonly string[])[];
  readonly kontraSeat: number | null;
  readonly reSeat: number | null;
  readonly belle: readonly number[];
  /** Declared melds by seat. */
  readonly melds: readonly (readonly MeldTag[])[];
  /** The last thing each seat said in the bidding or the announcements. */
  readonly said: readonly (WireAction | null)[];
  /** Every call of this deal in the order said: bids, Klaberjass sequence talk, Kontra and Re. */
  readonly calls: readonly Call[];
  /** Klaberjass: the seat whose sequences count, once the talk has settled it. */
  readonly sequenceWinner: number | null;
  /** Deals thrown in since the last scored one, and (Klaberjass) how the last one was. */
  readonly thrownIn: number;
  readonly throwIn: 'schmeiss' | 'passed' | null;
  /** The viewer's own exchange of the 7 while he may make it (Klapper-Jas 2/3 players). */
  readonly exchangeOffer: {
    readonly gives: string;
    readonly takes: string;
    readonly breaksRun: boolean;
  } | null;
  /** Places decided so far, first first (Klapper-Jas 3 players); empty where the game has none. */
  readonly ranking: readonly number[];
  readonly trick: readonly Played[];
  readonly lastTrick: TrickModel | null;
  /** Every finished trick of the running deal, first first. */
  readonly tricks: readonly TrickModel[];
  /** Tricks taken by seat in this deal; null before the first trick. */
  readonly tricksTaken: readonly number[] | null;
  /** Differenzler: estimates of this round (null = hidden or not given) and who has estimated. */
  readonly estimates: readonly (number | null)[] | null;
  readonly estimated: readonly boolean[] | null;
  /** Points taken this round by seat, where the game shows them during play (Differenzler). */
  readonly roundPoints: readonly number[] | null;
  readonly scores: readonly number[];
  readonly deals: readonly DealSummary[];
  readonly rounds: readonly RoundSummary[] | null;
  /** The dice as they lie, by seat (Klapper-Jas). */
  readonly dice: readonly { readonly faces: readonly number[]; readonly raised: boolean }[] | null;
  readonly declarer: number | null;
  readonly target: number | null;
  readonly parties: readonly (readonly number[])[];
  /** Seats go round clockwise on screen (the next seat to the left). */
  readonly clockwise: boolean;
  /** Doppelkopf's own parts; null for the other games. */
  readonly doko: DokoModel | null;
}

type Trick = { readonly cards: readonly Played[]; readonly winner?: number };

const trickModel = (x: Trick): TrickModel => ({ cards: x.cards, winner: x.winner ?? null });

function taken(tricks: readonly Trick[], seats: number): number[] {
  const out = Array.from({ length: seats }, () => 0);
  for (const x of tricks) if (x.winner !== undefined) out[x.winner]++;
  return out;
}

const none = (n: number) => Array.from({ length: n }, () => []);

/** The fields every game has, read the same way. */
function common(v: GameView, meta: GameMeta) {
  const lastTrick = v.tricks.length > 0 ? trickModel(v.tricks[v.tricks.length - 1]) : null;
  return {
    game: v.game,
    seats: v.seats,
    viewer: v.viewer,
    phase: v.phase,
    toAct: v.toAct,
    dealer: v.dealer,
    hand: v.hand ? sortHand(v.hand, meta.ranks, v.trump) : null,
    handCounts: v.handCounts,
    trump: v.trump,
    trick: v.trick?.cards ?? [],
    lastTrick,
    tricks: v.tricks.map(trickModel),
    tricksTaken: v.tricks.length > 0 ? taken(v.tricks, v.seats) : null,
    scores: v.scores,
    parties: meta.parties[String(v.seats)] ?? Array.from({ length: v.seats }, (_, i) => [i]),
    clockwise: meta.direction === 'clockwise',
  };
}

function klapperjas(v: KlapperjasView, meta: GameMeta): TableModel {
  const said: (WireAction | null)[] = Array.from({ length: v.seats }, () => null);
  const calls: Call[] = v.bids.map((b) => ({
    seat: b.seat,
    action: b.suit ? { t: b.t, suit: b.suit } : { t: b.t },
  }));
  // Kontra and Re are not kept in order with the bids; they come after them.
  if (v.kontra !== null) calls.push({ seat: v.kontra, action: { t: 'kontra' } });
  if (v.re !== null) calls.push({ seat: v.re, action: { t: 're' } });
  for (const c of calls) said[c.seat] = c.action;
  const melds: MeldTag[][] = none(v.seats);
  for (const d of v.declarations) melds[d.seat] = d.melds.map((m) => ({ ...m }));
  return {
    ...common(v, meta),
    turned: v.turned,
    turnedProposes: v.phase !== 'play',
    stockCount: null,
    stockTop: v.stockTop,
    proposed: v.proposed,
    aside: v.aside,
    known: v.known,
    kontraSeat: v.kontra,
    reSeat: v.re,
    belle: v.belle,
    melds,
    said,
    calls,
    sequenceWinner: null,
    thrownIn: v.thrownIn,
    throwIn: v.thrownIn > 0 ? 'passed' : null,
    exchangeOffer: v.exchangeOffer,
    ranking: v.ranking,
    estimates: null,
    estimated: null,
    roundPoints: null,
    deals: v.results.map((r) => ({
      trump: r.trump,
      declarer: r.declarer,
      kind: r.kind,
      besser: r.besser,
      won: r.won,
      winner: null,
      gamePoints: r.gamePoints,
      cardPoints: r.cardPoints,
      jas: r.jas,
      mie: r.mie,
      melds: r.melds,
      meldsVoid: r.meldsVoid,
      belle: r.belle,
      lastTrick: r.lastTrick,
      lastCards: r.lastCards,
      kontra: r.kontra,
      re: r.re,
      points: r.points,
      awarded: r.awarded,
      doko: null,
    })),
    rounds: null,
    dice: v.dice,
    declarer: v.declarer,
    target: v.config.options.target,
    doko: null,
  };
}

function klaberjass(v: KlaberjassView, meta: GameMeta): TableModel {
  const said: (WireAction | null)[] = Array.from({ length: v.seats }, () => null);
  const calls: Call[] = [...v.bids, ...v.announcements].map((x) => ({ seat: x.seat, action: x.action }));
  for (const c of calls) said[c.seat] = c.action;
  return {
    ...common(v, meta),
    turned: v.turned,
    turnedProposes: false,
    stockCount: v.stockCount,
    stockTop: null,
    proposed: null,
    aside: 0,
    known: none(v.seats),
    kontraSeat: null,
    reSeat: null,
    belle: v.bella === null ? [] : [v.bella],
    melds: none(v.seats),
    said,
    calls,
    sequenceWinner: v.sequenceWinner,
    thrownIn: v.thrownIn,
    throwIn: v.throwIn,
    exchangeOffer: null,
    ranking: [],
    estimates: null,
    estimated: null,
    roundPoints: null,
    deals: v.results.map((r) => ({
      trump: r.trump,
      declarer: r.maker,
      kind: null,
      besser: false,
      won: null,
      winner: r.winner,
      gamePoints: null,
      cardPoints: r.cardPoints,
      jas: null,
      mie: null,
      melds:
        r.sequences.seat === null ? [] : [{ seat: r.sequences.seat, melds: null, value: r.sequences.points }],
      meldsVoid: false,
      belle: r.bella === null ? [] : [{ seat: r.bella, value: null }],
      lastTrick: r.lastTrick,
      lastCards: r.lastCards,
      kontra: null,
      re: null,
      points: r.totals,
      awarded: r.scored,
      doko: null,
    })),
    rounds: null,
    dice: null,
    declarer: v.maker,
    target: v.target,
    doko: null,
  };
}

/** The Jass-only fields of a game that has none of them (Differenzler, Doppelkopf). */
const NO_JASS = {
  turned: null,
  turnedProposes: false,
  stockCount: null,
  stockTop: null,
  proposed: null,
  aside: 0,
  kontraSeat: null,
  reSeat: null,
  belle: [],
  sequenceWinner: null,
  thrownIn: 0,
  throwIn: null,
  exchangeOffer: null,
  ranking: [],
} as const satisfies Partial<TableModel>;

function differenzler(v: DifferenzlerView, meta: GameMeta): TableModel {
  return {
    ...common(v, meta),
    ...NO_JASS,
    known: none(v.seats),
    melds: none(v.seats),
    said: Array.from({ length: v.seats }, () => null),
    calls: [],
    estimates: v.estimates,
    estimated: v.estimated,
    roundPoints: v.points,
    deals: [],
    rounds: v.results,
    dice: null,
    declarer: null,
    target: null,
    doko: null,
  };
}

/** A key that tells finished Doppelkopf deals apart (a redeal keeps the deal's number). */
const dealKey = (r: DokoResult): string => `${r.deal}:${r.hands.map((h) => h.join('')).join('|')}`;

/**
 * Every finished Doppelkopf deal among the views a table sent, in order: the view carries only the last
 * one (`last`), so the list is gathered from the views kept for the replay (replayStore.ts).
 */
export function dokoResults(views: readonly GameView[]): DokoResult[] {
  const out: DokoResult[] = [];
  const seen = new Set<string>();
  for (const v of views) {
    if (v.game !== 'doppelkopf' || v.last === null) continue;
    const k = dealKey(v.last);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v.last);
  }
  return out;
}

const WORDS: Readonly<Record<string, WireAction>> = {
  healthy: { t: 'healthy' },
  reserve: { t: 'reserve' },
  solo: { t: 'solo' },
};

/**
 * Doppelkopf: the hand comes in the engine's order for the contract (trumps strongest first, then Kreuz,
 * Pik, Herz, Karo), so it is not sorted again here; `earlier` are the deals finished before (dokoResults).
 */
function doppelkopf(v: DoppelkopfView, meta: GameMeta, earlier: readonly DokoResult[]): TableModel {
  const results = earlier.slice();
  if (v.last !== null && !results.some((r) => dealKey(r) === dealKey(v.last!))) results.push(v.last);
  const calls: Call[] = [];
  for (const b of v.house?.bids ?? [])
    calls.push({ seat: b.seat, action: b.call === 'fold' ? { t: 'fold' } : { t: 'bid', call: b.call } });
  for (const a of v.announcements) calls.push({ seat: a.seat, action: { t: 'announce', call: a.call } });
  const said: (WireAction | null)[] = v.reservations.map((r) => (r === null ? null : WORDS[r]));
  for (const c of calls) said[c.seat] = c.action;
  return {
    ...common(v, meta),
    ...NO_JASS,
    hand: v.viewer === 'spectator' ? null : v.hand,
    known: none(v.seats),
    melds: none(v.seats),
    said,
    calls,
    estimates: null,
    estimated: null,
    roundPoints: null,
    deals: results.map((r) => ({
      trump: null,
      declarer: r.contract.declarer,
      kind: null,
      besser: false,
      won: null,
      winner: null,
      gamePoints: null,
      cardPoints: null,
      jas: null,
      mie: null,
      melds: [],
      meldsVoid: false,
      belle: [],
      lastTrick: r.tricks.length > 0 ? r.tricks[r.tricks.length - 1].winner : null,
      lastCards:
        r.tricks.length > 0
          ? r.tricks[r.tricks.length - 1].plays.map(([seat, card]) => ({ seat, card }))
          : [],
      kontra: null,
      re: null,
      points: null,
      awarded: r.score,
      doko: r,
    })),
    rounds: null,
    dice: null,
    declarer: null,
    target: null,
    doko: { view: v },
  };
}

/**
 * The table model of a view; null for a game this client has no reader for (a newer server). `earlier`:
 * Doppelkopf's finished deals gathered from the views before (its view carries only the last one).
 */
export function readView(
  view: GameView,
  meta: GameMeta,
  earlier: readonly DokoResult[] = [],
): TableModel | null {
  switch (view.game) {
    case 'doppelkopf':
      return doppelkopf(view, meta, earlier);
    case 'klapperjas':
      return klapperjas(view, meta);
    case 'klaberjass':
      return klaberjass(view, meta);
    case 'differenzler':
      return differenzler(view, meta);
    default:
      return null;
  }
}

/** Finished deals or rounds so far. */
export const dealsPlayed = (m: TableModel): number => m.rounds?.length ?? m.deals.length;

/**
 * Doppelkopf at the table in tests: deals chosen so that a deal brings the game a test needs (an Armut, a
 * Hochzeit, a stilles Solo), and the choices of the seats that bring it about. A wanted deal is found by
 * drawing seeded random deals and playing each through the engine with the same choices until the wanted
 * contract stands; the tests then make those choices at the table over the WebSocket.
 */
import {
  type Action,
  type AnyGame,
  type DoppelkopfView,
  GAMES,
  type Rng,
  type Seat,
  SPECTATOR,
  seeded,
} from '@stich/engine';
import type { Dealer } from '../src/chance.ts';

export const DOKO = GAMES.doppelkopf as AnyGame;

/**
 * The contract a deal is to bring: an Armut (house preset) while another seat holds a Hochzeit and has named
 * it too (Armut goes first, so that Vorbehalt's kind is never made public), a Hochzeit, a stilles Solo, or
 * whatever comes.
 */
export type Want = 'armut' | 'hochzeit' | 'silent' | 'any';

const KIND: Record<Exclude<Want, 'any'>, string> = {
  armut: 'armut+2',
  hochzeit: 'hochzeit',
  silent: 'silent-solo',
};

type Act = { readonly t: string; readonly game?: string; readonly card?: string };

const isAct = (a: unknown): a is Act => typeof a === 'object' && a !== null && 't' in a;
const holdsHochzeit = (v: DoppelkopfView): boolean => v.hand.filter((c) => c === 'CQ').length === 2;

/**
 * What the seat to act chooses, from its view and legal actions only. Before the cards are played the
 * choices bring about the wanted contract: only the seats it needs have a Vorbehalt (for a Hochzeit its
 * holder; for an Armut every seat the house preset lets say `reserve`, that is the poor player and the
 * Hochzeit holder, each naming what it has), nobody plays a solo, the Armut is taken by the first seat
 * offered it. Everything else, and every choice of `any`, is a random legal action.
 */
export function choose(want: Want, view: DoppelkopfView, legal: readonly Action[], rng: Rng): Action {
  const find = (p: (a: Act) => boolean): Action | undefined => legal.find((a) => isAct(a) && p(a));
  const random = () => legal[rng.int(legal.length)];
  if (want === 'any' || view.phase === 'play') return random();
  if (view.phase === 'reserve') {
    const reserve = want === 'armut' || (want === 'hochzeit' && holdsHochzeit(view));
    return find((a) => a.t === (reserve ? 'reserve' : 'healthy')) ?? find((a) => a.t === 'healthy')!;
  }
  if (view.phase === 'declare') {
    const kind = holdsHochzeit(view) ? 'hochzeit' : 'armut';
    return find((a) => a.t === 'declare' && a.game === kind) ?? random();
  }
  if (view.phase === 'armut') return find((a) => a.t === 'take') ?? random();
  return random();
}

/**
 * Plays `state` (just dealt) through the engine with `choose` until the cards are played (then the contract,
 * with `+2` when two seats had a Vorbehalt) or it is dealt again (null).
 */
function contractOf(game: AnyGame, state: unknown, want: Want, rng: Rng): string | null {
  let s = state;
  for (let k = 0; k < 200; k++) {
    const spec = game.viewFor(s, SPECTATOR) as DoppelkopfView;
    if (spec.phase === 'play') {
      const two = spec.reservations.filter((r) => r === 'reserve').length === 2 ? '+2' : '';
      // A stilles Solo shows only to its player: ask every seat.
      for (let seat = 0; seat < 4; seat++) {
        const c = (game.viewFor(s, seat) as DoppelkopfView).contract;
        if (c && c.kind !== 'normal') return c.kind + two;
      }
      return 'normal';
    }
    if (spec.phase === 'deal' || spec.phase === 'over') return null;
    const seat = game.toAct(s)[0] as Seat;
    const a = choose(want, game.viewFor(s, seat) as DoppelkopfView, game.legalActions(s, seat), rng);
    const r = game.apply(s, seat, a);
    if (!r.ok) throw new Error(`choose made an illegal action: ${r.error.reason}`);
    s = r.value;
  }
  return null;
}

/** A deal for `state` (awaiting one) that brings the wanted contract with `choose`; a random one for `any`. */
export function wantedDeal(game: AnyGame, state: unknown, want: Want, rng: Rng): unknown {
  for (let tries = 0; tries < 20_000; tries++) {
    const deal = game.randomDeal(state, rng);
    if (want === 'any') return deal;
    const dealt = game.applyDeal(state, deal);
    if (!dealt.ok) throw new Error(dealt.error.reason);
    if (contractOf(game, dealt.value, want, seeded(`probe-${tries}`)) === KIND[want]) return deal;
  }
  throw new Error(`no deal with ${want} found`);
}

/**
 * A dealer for `startServer` (chance.ts): the tables given a plan get, for their n-th deal, one that brings
 * `plan[n - 1]` (a deal dealt again, after Krankheit say, is the same n-th deal); deals beyond the plan and
 * other tables' deals are random. Seeded by table and deal, so a failing run can be read again.
 */
export function plannedDealer(): { dealer: Dealer; plan(table: string, wants: readonly Want[]): void } {
  const plans = new Map<string, readonly Want[]>();
  const drawn = new Map<string, number>();
  const dealer: Dealer = (table, game, state, _rng) => {
    const plan = plans.get(table);
    // Unplanned: the server's own fair deal.
    if (!plan || game.viewFor(state, SPECTATOR).game !== 'doppelkopf') return undefined;
    const n = (game.viewFor(state, SPECTATOR) as DoppelkopfView).deal + 1;
    const k = (drawn.get(table) ?? 0) + 1;
    drawn.set(table, k);
    return wantedDeal(game, state, plan[n - 1] ?? 'any', seeded(`deal-${table}-${k}`));
  };
  return { dealer, plan: (table, wants) => plans.set(table, wants) };
}

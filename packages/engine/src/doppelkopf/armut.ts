/**
 * Armut (004, option `armut`), phase `armut`:
 * "Arm ist, wer nicht mehr als drei Trumpfkarten hat. Sind sogar zwei Spieler arm, so wird neu gegeben. Wer
 * Armut geltend machen kann, gibt alle Trümpfe verdeckt an seinen linken Nachbarn. Der kann nach links
 * weiterschieben oder aufnehmen. Schieben alle Mitspieler, wird neu gemischt und ausgegeben. Wer die Karten
 * aufnimmt, gibt eine gleiche Anzahl verdeckt zurück und meldet, ob er Trumpfkarten zurückgegeben hat oder
 * nicht."
 *
 * 1. The poor player gives his cards face down, one `give` at a time: with `armut: 'three'` three cards, all
 *    his trumps first, then cards of his choice; with `armut: 'trumps'` exactly his trumps (none with none).
 * 2. They are offered to his left neighbour, who may `take` them unseen or `shove` them on to the left; when
 *    every other player has shoved, the deal is void and dealt again (house.ts `redeal`).
 * 3. The taker picks them up and returns as many cards face down, one `return` at a time (any of his cards,
 *    those received included). Then it is announced whether trumps came back (`trumpsBack`, public).
 * 4. The poor player and the taker are the Re party ("die Armut-Partei"); the forehand leads.
 * The cards given and returned are seen only by the poor player and the taker (view.ts via `houseView`).
 */
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { addKind, type CardSet, DOKO48, removeKind } from '../kernel/index.ts';
import { type DoppelkopfAction, GIVE, listedIn, RETURN, SHOVE, TAKE } from './actions.ts';
import { KINDS, kindOf } from './cards.ts';
import { redeal, SEATS, TRUMP_MASK, trumpsOf } from './deal.ts';
import { notTurn, startPlay } from './play.ts';
import { type ArmutDeal, CONTRACT_BASE, type DoppelkopfState, type HouseDeal, held } from './state.ts';

/** The kinds of a two-word set (kinds once, twice), each as often as it is in it. */
const kindsOf = (one: number, two: number): number[] => {
  const out: number[] = [];
  for (let k = 0; k < KINDS; k++) {
    if ((one & (1 << k)) !== 0) out.push(k);
    if ((two & (1 << k)) !== 0) out.push(k);
  }
  return out;
};

type S = DoppelkopfState;
type A = DoppelkopfAction;

const NO_HOUSE: HouseDeal = {
  cands: [],
  holder: -1,
  challenger: -1,
  next: 0,
  level: 0,
  bids: [],
  soloist: -1,
  armut: null,
};

/** The Armut of `poor` begins: he gives his cards (or, with none to give, they are offered at once). */
export function startArmut(s: S, poor: Seat): S {
  const n = s.config.options.armut === 'trumps' ? trumpsOf(s, poor) : 3;
  const left = (poor + 1) % SEATS;
  const armut: ArmutDeal = {
    poor,
    n,
    given1: 0,
    given2: 0,
    given: 0,
    at: n === 0 ? left : -1,
    shoved: [],
    taker: -1,
    back1: 0,
    back2: 0,
    returned: 0,
    trumpsBack: null,
  };
  const house = { ...(s.d.house ?? NO_HOUSE), armut };
  return { ...s, phase: 'armut', turn: n === 0 ? left : poor, d: { ...s.d, house } };
}

const armutOf = (s: S): ArmutDeal => (s.d.house as HouseDeal).armut as ArmutDeal;

/** Kinds the poor player may give next: his trumps while he has any left, then (three cards) any card. */
function givable(s: S, a: ArmutDeal): number {
  const hand = held(s, a.poor);
  const trumps = hand & TRUMP_MASK;
  return trumps !== 0 || s.config.options.armut === 'trumps' ? trumps : hand;
}

const actionsOf = (mask: number, list: readonly A[]): A[] => {
  const out: A[] = [];
  for (let k = 0; k < KINDS; k++) if ((mask & (1 << k)) !== 0) out.push(list[k]);
  return out;
};
const TAKE_OR_SHOVE: readonly A[] = [TAKE, SHOVE];

export function armutLegal(s: S, seat: Seat): readonly A[] {
  if (s.phase !== 'armut' || seat !== s.turn) return [];
  const a = armutOf(s);
  if (a.at < 0) return actionsOf(givable(s, a), GIVE);
  if (a.taker < 0) return TAKE_OR_SHOVE;
  return actionsOf(held(s, a.taker), RETURN);
}

/** Adds kind `k` to a two-word set as the passed cards keep it (kinds once, twice). */
function add(w: number[], k: number): void {
  const bit = 1 << k;
  if ((w[0] & bit) !== 0) w[1] |= bit;
  else w[0] |= bit;
}

/** The hands (`held` words) with `kinds` added to `seat`'s, or (`take`) `kinds` taken from it. */
function moved(s: S, seat: Seat, kinds: readonly number[], take: boolean): number[] {
  const out = s.held.slice();
  // The words are the kernel's card set over the game's kinds (DOKO48's numbering): its add and remove.
  let set: CardSet = { lo: out[2 * seat], hi: out[2 * seat + 1] };
  for (const k of kinds) set = (take ? removeKind(DOKO48, set, k) : addKind(DOKO48, set, k)) as CardSet;
  out[2 * seat] = set.lo;
  out[2 * seat + 1] = set.hi;
  return out;
}

export function armutAct(s: S, seat: Seat, act: A): Result<S> {
  if (s.phase !== 'armut') return err('illegal-action', `${act.t} belongs to an Armut being passed`);
  if (seat !== s.turn) return notTurn(s, seat);
  if (!listedIn(armutLegal(s, seat), act)) {
    const a = armutOf(s);
    const why =
      a.at < 0
        ? 'give one of your cards face down (your trumps first)'
        : a.taker < 0
          ? 'take the cards or shove them on to the left'
          : 'return one of your cards face down';
    return err('illegal-action', `${JSON.stringify(act)}: ${why}`);
  }
  const a = armutOf(s);
  const h = s.d.house as HouseDeal;
  const put = (armut: ArmutDeal, turn: Seat, held = s.held): S => ({
    ...s,
    turn,
    held,
    d: { ...s.d, house: { ...h, armut } },
  });
  switch (act.t) {
    case 'give': {
      const k = kindOf(act.card);
      const hands = moved(s, a.poor, [k], true);
      const w = [a.given1, a.given2];
      add(w, k);
      const given = a.given + 1;
      const at = given === a.n ? (a.poor + 1) % SEATS : -1;
      return ok(put({ ...a, given1: w[0], given2: w[1], given, at }, at < 0 ? a.poor : at, hands));
    }
    case 'take': {
      const hands = moved(s, seat, kindsOf(a.given1, a.given2), false);
      const taken = { ...a, taker: seat };
      return ok(a.n === 0 ? begin(put(taken, seat, hands)) : put(taken, seat, hands));
    }
    case 'shove': {
      const shoved = [...a.shoved, seat];
      const next = (seat + 1) % SEATS;
      const moved = put({ ...a, shoved, at: next }, next);
      return ok(next === a.poor ? redeal(moved, 'armut-refused', [a.poor]) : moved);
    }
    case 'return': {
      const k = kindOf(act.card);
      const w = [a.back1, a.back2];
      add(w, k);
      const returned = a.returned + 1;
      const next = { ...a, back1: w[0], back2: w[1], returned };
      const hands = moved(s, seat, [k], true);
      if (returned < a.n) return ok(put(next, seat, hands));
      const back = moved({ ...s, held: hands }, a.poor, kindsOf(w[0], w[1]), false);
      return ok(begin(put({ ...next, trumpsBack: ((w[0] | w[1]) & TRUMP_MASK) !== 0 }, seat, back)));
    }
    default:
      return err('illegal-action', `${act.t} is not possible now`);
  }
}

/** The cards are exchanged: the Armut is played, poor player and taker against the others. */
function begin(s: S): S {
  const a = armutOf(s);
  return startPlay(s, { ...CONTRACT_BASE, kind: 'armut', declarer: a.poor, partner: a.taker });
}

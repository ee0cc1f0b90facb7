/**
 * The kernel's members 10 and 11 (spec.ts): a game's own actions while cards are played (`during`, as
 * Doppelkopf's announcements) and what a trick taken settles (`afterTrick`, as a Hochzeit's partner). The
 * test game is Mini (test/games/mini) with two additions: while cards are played every seat may knock once
 * a deal, the seat to play after its cards and any other seat beside it; and the first trick taken by a seat
 * that knocked is noted. And member 12, `nextDealer`: in the test game a dealer whose party won deals again.
 */
import { describe, expect, it } from 'vitest';
import {
  type Card,
  err,
  ok,
  type Result,
  type Seat,
  type TrickDealResult,
  type TrickGameSpec,
  type TrickPhase,
  type TrickState,
  trickGame,
  unwrap,
} from '../src/index.ts';
import type { MiniConfig } from './games/mini/config.ts';
import { cards, DEAL } from './games/mini/deal.ts';
import { mini } from './games/mini/index.ts';
import { MINI, type MiniOwn, type MiniScore, type NameAction } from './games/mini/rules.ts';

interface KnockOwn extends MiniOwn {
  /** Seats that knocked this deal (a mask), and the trick (1-based) first taken by one of them, 0 before. */
  readonly knocked: number;
  readonly caught: number;
}
type Knock = { readonly t: 'knock' };
const KNOCK: Knock = { t: 'knock' };
type S = TrickState<MiniConfig, KnockOwn, TrickDealResult<MiniScore>>;

const knockers = (s: S): Seat[] => [0, 1, 2, 3].filter((seat) => (s.own.knocked & (1 << seat)) === 0);

const knocking: TrickPhase<S, NameAction | Knock> = {
  toAct: knockers,
  legal: (s, seat) => ((s.own.knocked & (1 << seat)) === 0 ? [KNOCK] : []),
  apply: (s, seat, a) => {
    if (a.t !== 'knock') return err('illegal-action', 'trump is named before the first card');
    if ((s.own.knocked & (1 << seat)) !== 0) return err('illegal-action', 'a seat knocks once a deal');
    return ok({ ...s, own: { ...s.own, knocked: s.own.knocked | (1 << seat) } });
  },
};

const parseAction = (input: Readonly<Record<string, unknown>>): Result<NameAction | Knock> =>
  input.t === 'knock' ? ok(KNOCK) : (MINI.parseAction?.(input) as Result<NameAction>);

const base = MINI as unknown as TrickGameSpec<
  'mini',
  MiniConfig,
  KnockOwn,
  NameAction | Knock,
  TrickDealResult<MiniScore>,
  MiniOwn
>;
const KNOCKING = trickGame({
  ...base,
  initial: () => ({ trump: null, knocked: 0, caught: 0 }),
  parseAction,
  beginDeal: (s) => ({ ...s, phase: 'play', own: { trump: null, knocked: 0, caught: 0 } }),
  during: knocking,
  afterTrick: (s, winner) =>
    s.own.caught === 0 && (s.own.knocked & (1 << winner)) !== 0
      ? { ...s, own: { ...s.own, caught: s.tricks.length } }
      : s,
});

function dealt(): S {
  const config = unwrap(KNOCKING.parseConfig({ players: 4, preset: 'plain', options: { deals: 1 } }));
  const start = KNOCKING.start(config, 3);
  return unwrap(KNOCKING.applyDeal(start, DEAL));
}
const play = (s: S, seat: Seat, card: string): S =>
  unwrap(KNOCKING.apply(s, seat, { t: 'play', card: card as Card }));

describe('trickGame: actions of the game’s own while cards are played (during)', () => {
  it('lists the seat to play first, then every seat that may knock; the seat to play gets its cards, then knock', () => {
    const s = dealt();
    expect(KNOCKING.toAct(s)).toEqual([0, 1, 2, 3]);
    expect(KNOCKING.legalActions(s, 0).map((a) => (a.t === 'play' ? a.card : a.t))).toEqual([
      ...cards('C7 C8 C9 CT S7 S8 S9 ST'),
      'knock',
    ]);
    expect(KNOCKING.legalActions(s, 2)).toEqual([KNOCK]);
  });

  it('takes a knock from a seat beside the turn without moving the turn, and refuses a second one', () => {
    const s = unwrap(KNOCKING.apply(dealt(), 2, KNOCK));
    expect(s.turn).toBe(0);
    expect(s.own.knocked).toBe(4);
    expect(KNOCKING.toAct(s)).toEqual([0, 1, 3]);
    expect(KNOCKING.legalActions(s, 2)).toEqual([]);
    const again = KNOCKING.apply(s, 2, KNOCK);
    expect(!again.ok && again.error.code).toBe('not-your-turn');
    // Once every seat knocked, the seat to play acts alone (the kernel's shared list).
    const all = [0, 1, 3].reduce((x, seat) => unwrap(KNOCKING.apply(x, seat, KNOCK)), s);
    expect(KNOCKING.toAct(all)).toEqual([0]);
    const twice = KNOCKING.apply(all, 0, KNOCK);
    expect(!twice.ok && twice.error).toEqual({ code: 'illegal-action', reason: 'a seat knocks once a deal' });
  });

  it('refuses a card out of turn, an action it does not know, and hands a known one to the handler', () => {
    const s = dealt();
    const card = KNOCKING.apply(s, 1, { t: 'play', card: 'CJ' });
    expect(!card.ok && card.error.code).toBe('not-your-turn');
    const unknown = KNOCKING.apply(s, 1, { t: 'shout' } as never);
    expect(!unknown.ok && unknown.error.code).toBe('unknown-action');
    const name = KNOCKING.apply(s, 0, { t: 'name', suit: 'C' });
    expect(!name.ok && name.error).toEqual({
      code: 'illegal-action',
      reason: 'trump is named before the first card',
    });
  });
});

describe('trickGame: what a trick taken settles (afterTrick)', () => {
  it('runs on the state after each trick, its view the last of tricks, before the deal is scored', () => {
    let s = unwrap(KNOCKING.apply(dealt(), 2, KNOCK));
    // Trick 1: Clubs, won by seat 1 (CJ); trick 2 led by seat 1 in Hearts, won by seat 2 (HA).
    s = ['C7', 'CJ', 'SJ', 'D7'].reduce((x, c, i) => play(x, i, c), s);
    expect(s.own.caught).toBe(0);
    expect(s.turn).toBe(1);
    s = ['H7', 'HA', 'D8', 'C8'].reduce((x, c, i) => play(x, (1 + i) % 4, c), s);
    expect(s.tricks[1].winner).toBe(2);
    expect(s.own.caught).toBe(2);
  });
});

describe('trickGame: who deals next (nextDealer)', () => {
  it('asks the spec on the scored state, and the seat after the new dealer leads', () => {
    const seen: number[][] = [];
    // The deal passes to the right here (the seat before the dealer), not to the left as by default.
    const RIGHT = trickGame({
      ...MINI,
      nextDealer: (s) => {
        seen.push([s.dealt, s.results.length]);
        return (s.dealer + 3) % 4;
      },
    });
    const config = unwrap(RIGHT.parseConfig({ players: 4, preset: 'plain', options: { deals: 2 } }));
    let s = unwrap(RIGHT.applyDeal(RIGHT.start(config, 3), DEAL));
    while (!RIGHT.awaitsDeal(s)) s = unwrap(RIGHT.apply(s, s.turn, RIGHT.legalActions(s, s.turn)[0]));
    expect(seen).toEqual([[1, 1]]);
    expect([s.dealer, s.turn]).toEqual([2, 3]);
    // The default: the seat after the dealer deals.
    let t = unwrap(mini.applyDeal(mini.start(config, 3), DEAL));
    while (!mini.awaitsDeal(t)) t = unwrap(mini.apply(t, t.turn, mini.legalActions(t, t.turn)[0]));
    expect([t.dealer, t.turn]).toEqual([0, 1]);
  });
});

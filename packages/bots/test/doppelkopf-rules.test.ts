/**
 * The Doppelkopf rule player's decisions (doppelkopf/rule.ts, play.ts; rules in docs/rules/doppelkopf.md):
 * what it says in the Vorbehalt round and in an Armut on dealt hands, and which card it plays in set
 * positions (normal game order: HT, CQ SQ HQ DQ, CJ SJ HJ DJ, DA DT DK D9; plain A T K 9).
 */
import type { Card } from '@stich/engine';
import { gameById, unwrap } from '@stich/engine';
import type { DoppelkopfState } from '@stich/engine/doppelkopf/index';
import { describe, expect, it } from 'vitest';
import { KINDS, kindOf } from '../src/doppelkopf/model.ts';
import { type PlayState, ruleKind } from '../src/doppelkopf/play.ts';
import { decide, requestFor } from '../src/index.ts';

const g = gameById('doppelkopf')!;
type S = DoppelkopfState;
const cards = (s: string): Card[] => s.split(' ') as Card[];

/** Seat 0 gets `mine`; the rest of the deck goes round the other seats card by card (balanced hands). */
function dealt(preset: 'ddv' | 'house', mine: string, options: object = {}): S {
  const nines = preset === 'ddv';
  const rest: Card[] = [];
  const left = new Map<string, number>();
  for (const c of cards(mine)) left.set(c, (left.get(c) ?? 0) + 1);
  for (const suit of 'CSHD')
    for (const rank of nines ? '9TJQKA' : 'TJQKA')
      for (let i = 0; i < 2; i++) {
        const c = `${suit}${rank}`;
        if ((left.get(c) ?? 0) > 0) left.set(c, left.get(c)! - 1);
        else rest.push(c as Card);
      }
  const hands: Card[][] = [cards(mine), [], [], []];
  rest.forEach((c, i) => {
    hands[1 + (i % 3)].push(c);
  });
  const s = g.start(unwrap(g.parseConfig({ players: 4, preset, options })), 3) as S;
  return unwrap(g.applyDeal(s, { hands })) as S;
}

const ask = (s: S, seat: number) => decide(requestFor('doppelkopf', s, seat, 'rule', 'r'));
/** The rule players act until `seat` is first to act in `phase`. */
function until(s: S, seat: number, phase: string): S {
  for (let i = 0; i < 200 && !(g.toAct(s)[0] === seat && s.phase === phase); i++) {
    const x = g.toAct(s)[0];
    s = unwrap(g.apply(s, x, ask(s, x))) as S;
  }
  expect(s.phase).toBe(phase);
  return s;
}

describe('Vorbehalt (DDV)', () => {
  it('both Kreuz-Damen and an ordinary hand: Vorbehalt, then Hochzeit', () => {
    let s = dealt('ddv', 'CQ CQ SJ HJ D9 DK C9 CK S9 SK H9 HK');
    expect(ask(s, 0)).toEqual({ t: 'reserve' });
    s = unwrap(g.apply(s, 0, { t: 'reserve' })) as S;
    s = until(s, 0, 'declare');
    expect(ask(s, 0)).toEqual({ t: 'declare', game: 'hochzeit' });
  });

  it('ten trumps with both Dullen and four Queens: a trump solo at once', () => {
    const a = ask(dealt('ddv', 'HT HT CQ SQ HQ DQ CJ SJ DA DA CA SA'), 0) as { t: string; game?: string };
    expect(a.t).toBe('declare');
    expect(['diamonds', 'hearts', 'spades', 'clubs']).toContain(a.game);
  });

  it('an ordinary hand: gesund', () => {
    expect(ask(dealt('ddv', 'CQ SQ SJ HJ D9 DK C9 CK S9 SK H9 HK'), 0)).toEqual({ t: 'healthy' });
  });
});

describe('Armut (house, 004: "Arm ist, wer nicht mehr als drei Trumpfkarten hat")', () => {
  it('option armut three, two trumps: Vorbehalt, Armut named, both trumps given, then a King as the third card (Aces and tens kept)', () => {
    let s = dealt('house', 'DK CJ CA CA CK ST SK HA HK CT', { armut: 'three' });
    expect(ask(s, 0)).toEqual({ t: 'reserve' });
    s = unwrap(g.apply(s, 0, { t: 'reserve' })) as S;
    s = until(s, 0, 'declare');
    expect(ask(s, 0)).toEqual({ t: 'declare', game: 'armut' });
    s = unwrap(g.apply(s, 0, ask(s, 0))) as S;
    const given: string[] = [];
    for (let i = 0; i < 3; i++) {
      const a = ask(s, 0) as { t: string; card: string };
      expect(a.t).toBe('give');
      given.push(a.card);
      s = unwrap(g.apply(s, 0, a as never)) as S;
    }
    expect(given.slice(0, 2).sort()).toEqual(['CJ', 'DK']);
    expect(['CK', 'SK', 'HK']).toContain(given[2]);
  });
});

/** A normal-game position: seat 0 to play `hand` after `trick` (led by `leader`). */
function pos(o: {
  hand: string;
  trick?: string;
  leader?: number;
  seat?: number;
  friends?: number;
  foes?: number;
  soloist?: boolean;
  played?: string;
}): PlayState {
  const h = new Array<number>(KINDS).fill(0);
  for (const c of cards(o.hand)) h[kindOf(c)]++;
  const trick = o.trick ? cards(o.trick).map(kindOf) : [];
  const played = new Array<number>(KINDS).fill(0);
  for (const k of trick) played[k]++;
  if (o.played) for (const c of cards(o.played)) played[kindOf(c)]++;
  // Legal: follow the effective suit led (all trumps one suit), else anything.
  const TRUMPS = new Set(cards('HT CQ SQ HQ DQ CJ SJ HJ DJ DA DT DK D9'));
  const suitOf = (c: Card) => (TRUMPS.has(c) ? 'T' : c[0]);
  const mine = cards(o.hand);
  const led = o.trick ? suitOf(cards(o.trick)[0]) : null;
  const follow = mine.filter((c) => led !== null && suitOf(c) === led);
  let legal = 0;
  for (const c of follow.length > 0 ? follow : mine) legal |= 1 << kindOf(c);
  const seat = o.seat ?? 0;
  return {
    order: 0,
    dulleSecond: false,
    pigSeat: -1,
    seat,
    hand: h,
    legal,
    leader: o.leader ?? (seat + 4 - trick.length) % 4,
    trick,
    played,
    deck: () => 2,
    friends: o.friends ?? 0,
    foes: o.foes ?? 0,
    soloist: o.soloist ?? false,
  };
}
const card = (p: PlayState) =>
  [
    'C9',
    'CT',
    'CJ',
    'CQ',
    'CK',
    'CA',
    'S9',
    'ST',
    'SJ',
    'SQ',
    'SK',
    'SA',
    'H9',
    'HT',
    'HJ',
    'HQ',
    'HK',
    'HA',
    'D9',
    'DT',
    'DJ',
    'DQ',
    'DK',
    'DA',
  ][ruleKind(p)];

describe('cards (normal game)', () => {
  it.each([
    {
      why: 'last to play, the partner wins with a Dulle: the Fuchs goes to him',
      p: pos({ hand: 'DA DJ SQ D9', trick: 'DK HT DT', friends: 0b0100 }),
      want: 'DA',
    },
    {
      why: 'last to play, an opponent wins with a Karo-Bube: win as cheaply as possible (Herz-Bube)',
      p: pos({ hand: 'DQ HJ D9 C9', trick: 'DJ DT DK', foes: 0b0010 }),
      want: 'HJ',
    },
    {
      why: 'last to play, the opponents win a plain trick: a Fuchs that wins takes the trick with its points',
      p: pos({ hand: 'DA SQ S9', trick: 'CA CT CK', foes: 0b1110 }),
      want: 'DA',
    },
    {
      why: 'cannot beat the Ace in a plain suit: the cheapest card of the suit',
      p: pos({ hand: 'CK C9 HT', trick: 'CA', leader: 3, foes: 0b1000 }),
      want: 'C9',
    },
    {
      why: "leading: a plain Ace in the suit's first round",
      p: pos({ hand: 'CA C9 DJ DT SK', leader: 0 }),
      want: 'CA',
    },
    {
      why: 'a soloist leads his master trump (the first of two Dullen wins in the DDV)',
      p: pos({ hand: 'HT CQ SQ CA', leader: 0, soloist: true }),
      want: 'HT',
    },
  ])('$why', ({ p, want }) => {
    expect(card(p)).toBe(want);
  });
});

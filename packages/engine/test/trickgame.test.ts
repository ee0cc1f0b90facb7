/**
 * The kernel's `trickGame`, read as rules through the test-only game Mini (test/games/mini): what the kernel
 * supplies by default (dealing, following, the trick's winner, points and the last trick's bonus, the deal's
 * result, the match's end, typed errors) and one hook of a game's own (naming trump before play).
 */
import { describe, expect, it } from 'vitest';
import {
  type Card,
  DOKO40,
  handCards,
  JASS32,
  ok,
  PLAIN_POINTS,
  type Rank,
  type Seat,
  SPECTATOR,
  seeded,
  shuffle,
  trickGame,
  unwrap,
} from '../src/index.ts';
import { cards, DEAL } from './games/mini/deal.ts';
import { mini } from './games/mini/index.ts';
import { MINI, type MiniState } from './games/mini/rules.ts';

/** A match of `preset` with dealer 3 (seat 0 leads), dealt `DEAL`. */
function dealt(preset: 'plain' | 'named', deals = 2): MiniState {
  const config = unwrap(mini.parseConfig({ players: 4, preset, options: { deals } }));
  const start = mini.start(config, 3);
  return unwrap(mini.applyDeal(start, unwrap(mini.parseDeal(start, DEAL))));
}

const play = (s: MiniState, seat: Seat, card: Card): MiniState =>
  unwrap(mini.apply(s, seat, { t: 'play', card }));

/** Plays cards from seat `from` on, one seat after the other. */
const playAll = (s: MiniState, from: Seat, list: string): MiniState =>
  cards(list).reduce((x, c, i) => play(x, (from + i) % 4, c), s);

/** Plays the first legal action of the seat to act until `stop` says so. */
function playOn(s: MiniState, stop: (s: MiniState) => boolean): MiniState {
  while (!stop(s)) s = unwrap(mini.apply(s, mini.toAct(s)[0], mini.legalActions(s, mini.toAct(s)[0])[0]));
  return s;
}

const worth = (list: readonly Card[]): number => list.reduce((a, c) => a + PLAIN_POINTS[c[1] as Rank], 0);

describe('trickGame: dealing', () => {
  it('deals the core shuffle of the deck, a block of cards to each seat from the dealer’s left', () => {
    const config = unwrap(mini.parseConfig({ players: 4, preset: 'plain' }));
    const deal = mini.randomDeal(mini.start(config, 1), seeded('blocks'));
    const shuffled = shuffle(JASS32.cards, seeded('blocks'));
    expect(deal.hands[2]).toEqual(shuffled.slice(0, 8));
    expect(deal.hands[3]).toEqual(shuffled.slice(8, 16));
    expect(deal.hands[0]).toEqual(shuffled.slice(16, 24));
    expect(deal.hands[1]).toEqual(shuffled.slice(24, 32));
  });

  it('refuses a deal that is not the deck: a card twice, a card of another deck, a hand too short', () => {
    const s = mini.start(unwrap(mini.parseConfig({ players: 4 })), 0);
    const twice = { hands: [cards('C7 C7 C9 CT S7 S8 S9 ST'), ...DEAL.hands.slice(1)] };
    const six = { hands: [cards('C6 C8 C9 CT S7 S8 S9 ST'), ...DEAL.hands.slice(1)] };
    const short = { hands: [cards('C8 C9 CT S7 S8 S9 ST'), ...DEAL.hands.slice(1)] };
    for (const bad of [twice, six, short, { ...DEAL, trump: 'H' }]) {
      const r = mini.parseDeal(s, bad);
      expect(!r.ok && r.error.code).toBe('bad-deal');
    }
  });
});

describe('trickGame: dealing a deck of two copies', () => {
  // Mini on Doppelkopf's 40 cards: each kind twice, ten cards a hand.
  const doko = trickGame({ ...MINI, deck: () => DOKO40 });
  const s = doko.start(unwrap(doko.parseConfig({ players: 4 })), 0);
  const hands = (): Card[][] => [0, 1, 2, 3].map((i) => DOKO40.cards.slice(10 * i, 10 * i + 10));

  it('takes both copies of a kind in one hand as two slots, and each copy in two hands', () => {
    const both = hands();
    // Seat 0 holds both copies of its first kind, seat 2 both of its second.
    both[0][1] = both[0][0];
    both[2][0] = DOKO40.cards[1];
    for (const deal of [hands(), both]) {
      const dealt = unwrap(doko.applyDeal(s, { hands: deal }));
      for (let seat = 0; seat < 4; seat++)
        expect(handCards(DOKO40, dealt.held, seat)).toEqual([...deal[seat]].sort(byKind));
    }
  });

  it('refuses a kind dealt three times', () => {
    const thrice = hands();
    thrice[1][0] = thrice[0][0];
    thrice[1][1] = thrice[0][0];
    const r = doko.parseDeal(s, { hands: thrice });
    expect(!r.ok && r.error.code).toBe('bad-deal');
  });
});

const byKind = (a: Card, b: Card): number => DOKO40.kindOf(a) - DOKO40.kindOf(b);

describe('trickGame: the play step', () => {
  it('refuses a card that does not follow the suit led while the hand holds that suit', () => {
    const s = play(dealt('plain'), 0, 'C7');
    const r = mini.apply(s, 1, { t: 'play', card: 'H7' });
    expect(!r.ok && r.error.code).toBe('illegal-action');
    expect(mini.legalActions(s, 1).map((a) => (a.t === 'play' ? a.card : a.t))).toEqual(cards('CJ CQ CK CA'));
  });

  it('lets a seat without the suit led play any card', () => {
    const s = playAll(dealt('plain'), 0, 'C7 CA');
    expect(mini.legalActions(s, 2)).toHaveLength(8);
  });

  it('gives the trick to the highest card of the suit led, with its card points; its seat leads next', () => {
    const s = playAll(dealt('plain'), 0, 'C7 CA SA DA');
    expect(s.tricksWon).toEqual([0, 1, 0, 0]);
    expect(s.points).toEqual([0, 33, 0, 0]);
    expect(mini.toAct(s)).toEqual([1]);
    expect(mini.viewFor(s, SPECTATOR).tricks[0].winner).toBe(1);
  });

  it('refuses a card of another seat’s turn, a card not in the hand and a card of no deck with typed errors', () => {
    const s = dealt('plain');
    const code = (seat: Seat, card: string) => {
      const r = mini.apply(s, seat, { t: 'play', card: card as Card });
      return !r.ok && r.error.code;
    };
    expect(code(1, 'CA')).toBe('not-your-turn');
    expect(code(0, 'CA')).toBe('illegal-action');
    expect(code(0, 'C6')).toBe('malformed');
    expect(code(4, 'C7')).toBe('bad-seat');
  });

  it('counts the last trick’s cards and the bonus of 10 to the seat that takes it: 130 points a deal', () => {
    const before = playOn(dealt('plain'), (s) => s.tricks.length === 7);
    const after = playOn(before, (s) => s.tricks.length === 8);
    const last = after.tricks[7].cards.map((p) => p.card);
    const taker = after.results[0].lastTrick;
    expect(after.points[taker] - before.points[taker]).toBe(worth(last) + 10);
    expect(after.points.reduce((a, b) => a + b, 0)).toBe(130);
  });
});

describe('trickGame: a phase of the game’s own before play', () => {
  it('has the seat after the dealer name trump before any card; a trump then takes the trick', () => {
    let s = dealt('named');
    expect(mini.phase(s)).toBe('name');
    expect(mini.toAct(s)).toEqual([0]);
    const early = mini.apply(s, 0, { t: 'play', card: 'C7' });
    expect(!early.ok && early.error.code).toBe('illegal-action');
    const other = mini.apply(s, 1, { t: 'name', suit: 'D' });
    expect(!other.ok && other.error.code).toBe('not-your-turn');
    s = unwrap(mini.apply(s, 0, { t: 'name', suit: 'D' }));
    s = playAll(s, 0, 'C7 CA SA D7');
    expect(s.tricksWon).toEqual([0, 0, 0, 1]);
    expect(mini.viewFor(s, 2).trump).toBe('D');
  });
});

describe('trickGame: deal results and the outcome', () => {
  it('records each deal’s points by seat and party, its score by seat and its winners', () => {
    const s = playOn(dealt('plain'), (x) => x.results.length === 1);
    const r = s.results[0];
    expect(r.deal).toBe(1);
    expect(r.dealer).toBe(3);
    expect(r.parties).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(r.partyPoints).toEqual([r.points[0] + r.points[2], r.points[1] + r.points[3]]);
    const [a, b] = r.partyPoints;
    expect(r.score).toEqual([a, b, a, b]);
    expect(r.winners).toEqual(a > b ? [0, 2] : b > a ? [1, 3] : [0, 1, 2, 3]);
    expect(r.tricksWon.reduce((x, y) => x + y, 0)).toBe(8);
    expect(s.scores).toEqual(r.score);
    // The deal passes on: the next dealer waits for the cards.
    expect(mini.awaitsDeal(s)).toBe(true);
    expect(s.dealer).toBe(0);
  });

  it('ends the match after its deals; the seats of the higher total win', () => {
    let s = playOn(dealt('plain', 2), (x) => mini.awaitsDeal(x));
    s = unwrap(mini.applyDeal(s, mini.randomDeal(s, seeded('second'))));
    s = playOn(s, (x) => mini.isOver(x));
    const out = mini.outcome(s);
    expect(out.deals).toHaveLength(2);
    expect(out.scores).toEqual(
      [0, 1, 2, 3].map((seat) => out.deals[0].score[seat] + out.deals[1].score[seat]),
    );
    const top = Math.max(...out.scores);
    expect(out.winners).toEqual([0, 1, 2, 3].filter((seat) => out.scores[seat] === top));
    const r = mini.apply(s, 0, { t: 'play', card: 'C7' });
    expect(!r.ok && r.error.code).toBe('game-over');
  });
});

describe('trickGame: what it takes from the spec', () => {
  it('hands the exempt trumps to the follow policy: a trump lead never forces them', () => {
    const deal = {
      hands: [
        cards('C7 C8 C9 CT CQ CK CA S7'),
        cards('CJ S8 S9 ST SJ SQ SK SA'),
        cards('H7 H8 H9 HT HJ HQ HK HA'),
        cards('D7 D8 D9 DT DJ DQ DK DA'),
      ],
    };
    const trumpAnytime = { ...MINI, policy: () => 'trump-anytime-002' as const };
    const legalAfterTrumpLead = (spec: typeof MINI) => {
      const g = trickGame(spec);
      const start = g.start(unwrap(g.parseConfig({ players: 4, preset: 'named' })), 3);
      let s = unwrap(g.applyDeal(start, deal));
      s = unwrap(g.apply(s, 0, { t: 'name', suit: 'C' }));
      s = unwrap(g.apply(s, 0, { t: 'play', card: 'C7' }));
      return g.legalActions(s, 1).length;
    };
    // The Jack of trump, the only trump held, must follow a trump lead unless it is exempt.
    expect(legalAfterTrumpLead(trumpAnytime)).toBe(1);
    expect(legalAfterTrumpLead({ ...trumpAnytime, exempt: (_, c) => c[1] === 'J' })).toBe(8);
  });

  it('refuses a player count that cannot share the deck evenly', () => {
    // A parser that lets 3 players share the 32 cards (Mini's config type says 4: the cast is that mistake).
    const uneven = trickGame({
      ...MINI,
      parseConfig: (input) => ok({ ...unwrap(mini.parseConfig(input)), players: 3 as 4 }),
    });
    const r = uneven.parseConfig({ players: 4 });
    expect(!r.ok && r.error.code).toBe('bad-config');
  });

  it('keeps the phases deal, play and over for itself', () => {
    expect(() => trickGame({ ...MINI, phases: { play: MINI.phases!.name } })).toThrow(/kernel's own/);
  });
});

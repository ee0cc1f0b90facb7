import { describe, expect, it } from 'vitest';
import { DECK32, SUITS } from '../src/core/cards.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded, shuffle } from '../src/core/rng.ts';
import { VALUE } from '../src/kernel/index.ts';
import { bitOf, CARD, suitIndex } from '../src/klapperjas/cards.ts';
import {
  afterExchange,
  BESSER_TRUMP,
  hasExchange,
  kleinesSuits,
  turnedSeven,
} from '../src/klapperjas/index.ts';
import { meldOptions, meldsValue } from '../src/klapperjas/melds.ts';
import { legalCards, trickWinner } from '../src/klapperjas/play.ts';
import { diceFor } from '../src/klapperjas/view.ts';
import { act, G, nextDealer, playOut, results, scores, started, suitDeal } from './fixtures/klapperjas.ts';

const SUIT = { C: 0, S: 1, H: 2, D: 3 } as const;
const bits = (cards: string) => cards.split(' ').reduce((a, c) => a | (1 << bitOf(c)), 0);

describe('card order and values (000 2.1/2.2, NOTES.md Abb. 1-3, 001 "Karten")', () => {
  const plain = ['7', '8', '9', 'J', 'Q', 'K', 'T', 'A'];
  const trump = ['7', '8', 'Q', 'K', 'T', 'A', '9', 'J'];
  it.each(plain.slice(1).map((r, i) => [plain[i], r]))(
    'plain suit (Abb. 1): Kreuz %s loses to Kreuz %s',
    (lo, hi) => {
      const t = SUIT.H;
      expect(trickWinner([bitOf(`C${lo}`), bitOf(`C${hi}`)], t)).toBe(1);
      expect(trickWinner([bitOf(`C${hi}`), bitOf(`C${lo}`)], t)).toBe(0);
    },
  );
  it.each(trump.slice(1).map((r, i) => [trump[i], r]))(
    'trump (Abb. 2): Herz %s loses to Herz %s',
    (lo, hi) => {
      expect(trickWinner([bitOf(`H${lo}`), bitOf(`H${hi}`)], SUIT.H)).toBe(1);
      expect(trickWinner([bitOf(`H${hi}`), bitOf(`H${lo}`)], SUIT.H)).toBe(0);
    },
  );
  it.each([
    ['CA SA', 0, 'a card of another plain suit never wins'],
    ['CA H7', 1, 'the lowest trump beats the highest plain card'],
    ['C7 SA HJ D7', 2, 'the Jas wins'],
    ['H8 H9 HJ', 2, 'Jas over Mie'],
    ['D7 H9 HA', 1, 'Mie over trump Ass when ruffing'],
  ])('trick %s (trump Herz): card %i wins: %s', (trick, win) => {
    expect(trickWinner(trick.split(' ').map(bitOf), SUIT.H)).toBe(win);
  });
  it.each([
    ['7', 0, 0],
    ['8', 0, 0],
    ['9', 0, 14],
    ['T', 10, 10],
    ['J', 2, 20],
    ['Q', 3, 3],
    ['K', 4, 4],
    ['A', 11, 11],
  ])('%s counts %i plain and %i in trump (Jas 20, Mie 14: NOTES.md)', (r, p, t) => {
    expect(VALUE[SUIT.H * 32 + bitOf(`C${r}`)]).toBe(p);
    expect(VALUE[SUIT.H * 32 + bitOf(`H${r}`)]).toBe(t);
  });
  it('the deck counts 152 card points with every trump, 162 with the last trick (000 5)', () => {
    for (let t = 0; t < 4; t++) expect(DECK32.reduce((a, c) => a + VALUE[t * 32 + bitOf(c)], 0)).toBe(152);
  });
});

describe('follow, ruff, overtrump (000 4.1; 001 "Spiel"), trump Herz', () => {
  it.each([
    ['leading: any card', 'C7 H7 S8', '', 'C7 H7 S8'],
    ['"Die ausgespielte Farbe muss bedient werden"', 'C7 CA H7 S8', 'CK', 'C7 CA'],
    ['following a plain suit need not beat', 'C7 CK', 'CA', 'C7 CK'],
    ['"Kann man nicht bedienen, muss mit einer Trumpfkarte gestochen werden"', 'H7 S8 D9', 'CK', 'H7'],
    ['"Hat man auch keinen Trumpf ... kann eine andere Farbe gespielt werden"', 'S8 D9', 'CK', 'S8 D9'],
    ['"Wird Trumpf gespielt, muss man mit einem höheren Trumpf darüber gehen"', 'H7 HA H9 C8', 'HT', 'H9 HA'],
    ['trump led, cannot overtrump: any trump', 'H7 H8 C8', 'HA', 'H7 H8'],
    ['trump led, the Jas cannot be beaten: any trump', 'H7 H9 C8', 'HJ', 'H7 H9'],
    ['trump led, no trump: any card', 'C8 S9', 'HJ', 'C8 S9'],
    ['"wenn ein Spieler sticht ... muss er höher stechen"', 'H8 HT S7', 'CK HQ', 'HT'],
    ['ruffed, cannot overtrump: must still ruff ("muss mit stechen")', 'H8 S7', 'CK HQ', 'H8'],
    ['ruffed, no trump: any card', 'S7 D8', 'CK HQ', 'S7 D8'],
    ['ruffed, can follow: follow suit', 'C7 HA', 'CK HQ', 'C7'],
    ['no exception when the partner wins the trick (4 players)', 'H7 D8', 'CA S7', 'H7'],
  ])('%s: hand %s on %j', (_why, hand, trick, legal) => {
    const got = legalCards(hand.split(' '), trick ? trick.split(' ') : [], 'H');
    expect([...got].sort()).toEqual(legal.split(' ').sort());
  });
});

describe('dealing (000 4.2-4.4; 001 "Karten austeilen")', () => {
  it('4 players: packets 3-2-3 from left of the dealer; the turned card is the 31st, the dealer 7th', () => {
    const s = G.start(unwrap(G.parseConfig({ players: 4 })), 3);
    const deal = G.randomDeal(s, seeded('deal'));
    const deck = shuffle(DECK32, seeded('deal'));
    expect(deal.hands[0]).toEqual([...deck.slice(0, 3), ...deck.slice(12, 14), ...deck.slice(20, 23)]);
    expect(deal.hands[3]).toEqual([...deck.slice(9, 12), ...deck.slice(18, 20), ...deck.slice(29, 32)]);
    expect(deal.hands[3][6]).toBe(deck[30]);
    expect(deal.stock).toEqual([]);
    const v = G.viewFor(unwrap(G.applyDeal(s, deal)), 1);
    expect(v.turned).toBe(deck[30]);
    expect(v.known[3]).toEqual([deck[30]]);
    expect(v.vorhand).toBe(0);
  });
  it('3 players: three packets of 3, the 28th card turned on the face-up stock', () => {
    const s = G.start(unwrap(G.parseConfig({ players: 3 })), 0);
    const deal = G.randomDeal(s, seeded('d3'));
    const deck = shuffle(DECK32, seeded('d3'));
    expect(deal.hands[1]).toEqual([...deck.slice(0, 3), ...deck.slice(9, 12), ...deck.slice(18, 21)]);
    expect(deal.hands[0]).toEqual([...deck.slice(6, 9), ...deck.slice(15, 18), ...deck.slice(24, 27)]);
    expect(deal.stock[0]).toBe(deck[27]);
    expect(deal.stock[1]).toBe(deck[31]);
    expect(deal.stock).toHaveLength(5);
  });
  it('2/3 players: only six cards are taken up before trump is fixed; two stock cards are visible', () => {
    const s = started(3, 0, suitDeal(3));
    const v = G.viewFor(s, 0);
    expect(v.hand).toEqual(['C7', 'C8', 'C9', 'CT', 'CJ', 'CQ']);
    expect(v.aside).toBe(3);
    expect(v.handCounts).toEqual([9, 9, 9]);
    expect([v.turned, v.stockTop]).toEqual(['DT', 'DJ']);
    const after = act(s, 1, { t: 'orgi' });
    expect(G.viewFor(after, 0).hand).toEqual(['C7', 'C8', 'C9', 'CT', 'CJ', 'CQ', 'CK', 'CA', 'S7']);
  });
});

describe('trump: Orgi, Kleines, besser (000 4.1; 001 "Trumpf bestimmen")', () => {
  // suitDeal(4), dealer 3: seat 0 Kreuz, 1 Pik, 2 Herz, 3 Karo; the turned card is DK.
  const four = (preset: 'manual' | 'klappern' = 'manual') => started(4, 3, suitDeal(4), preset);
  const passes = (s: ReturnType<typeof four>, seats: number[]) =>
    seats.reduce((x, seat) => act(x, seat, { t: 'pass' }), s);

  it('the first Orgi fixes the turned suit; Vorhand leads', () => {
    const s = act(act(four(), 0, { t: 'pass' }), 1, { t: 'orgi' });
    const v = G.viewFor(s, 2);
    expect([v.phase, v.declarer, v.trump, v.kind, v.toAct[0]]).toEqual(['play', 1, 'D', 'orgi', 0]);
  });
  it('manual: only the later players of the Kleines round may say besser ("nachfolgende Spieler")', () => {
    let s = act(passes(four(), [0, 1, 2, 3, 0]), 1, { t: 'kleines' });
    expect([s.phase, G.toAct(s)]).toEqual(['besser', [2]]);
    s = act(act(s, 2, { t: 'pass' }), 3, { t: 'pass' });
    expect([s.phase, G.toAct(s)]).toEqual(['trump', [1]]);
    expect(G.legalActions(s, 1).map((a) => (a as { suit: string }).suit)).toEqual(['C', 'S', 'H']);
    const v = G.viewFor(act(s, 1, { t: 'trump', suit: 'C' }), 0);
    expect([v.declarer, v.trump, v.kind, v.besser]).toEqual([1, 'C', 'kleines', false]);
  });
  it('klappern: every other player in turn from Vorhand may say besser ("darf wiederum jeder reihum")', () => {
    let s = act(passes(four('klappern'), [0, 1, 2, 3, 0]), 1, { t: 'kleines' });
    expect(G.toAct(s)).toEqual([0]);
    s = passes(s, [0, 2]);
    expect(G.toAct(s)).toEqual([3]);
    s = act(passes(four('klappern'), [0, 1, 2, 3, 0]), 1, { t: 'kleines' });
    s = act(s, 0, { t: 'besser' });
    const v = G.viewFor(s, 0);
    expect([v.declarer, v.trump, v.kind, v.besser]).toEqual([0, 'C', 'kleines', true]);
  });
  it('manual: the last player of the Kleines round names his suit at once', () => {
    const s = act(passes(four(), [0, 1, 2, 3, 0, 1, 2]), 3, { t: 'kleines' });
    expect([s.phase, G.toAct(s)]).toEqual(['trump', [3]]);
  });
  it('turned Kreuz: the Kleines player names any other suit, nobody says besser', () => {
    // dealer 0: his 7th card CK is turned
    let s = started(4, 0, suitDeal(4));
    s = act(passes(s, [1, 2, 3, 0]), 1, { t: 'kleines' });
    expect(s.phase).toBe('trump');
    expect(G.legalActions(s, 1).map((a) => (a as { suit: string }).suit)).toEqual(['S', 'H', 'D']);
    expect(G.apply(s, 1, { t: 'trump', suit: 'C' }).ok).toBe(false);
  });
  it("the exported rules (`kleinesSuits`, `BESSER_TRUMP`, which the bots bid by) are the game's", () => {
    // Dealer 3: turned DK, besser round after the Kleines; dealer 0: turned CK, no besser round.
    for (const [dealer, seats] of [
      [3, [0, 1, 2, 3, 0]],
      [0, [1, 2, 3, 0]],
    ] as const) {
      let s = act(passes(started(4, dealer, suitDeal(4)), [...seats]), 1, { t: 'kleines' });
      const turned = bitOf(G.viewFor(s, 1).turned) >>> 3;
      while (s.phase === 'besser') s = act(s, G.toAct(s)[0], { t: 'pass' });
      const named = G.legalActions(s, 1).map((a) => suitIndex((a as { suit: string }).suit));
      expect(named).toEqual(kleinesSuits(turned));
      for (let t = 0; t < 4; t++)
        expect(G.apply(s, 1, { t: 'trump', suit: SUITS[t] }).ok).toBe(kleinesSuits(turned).includes(t));
    }
    const s = act(act(passes(four(), [0, 1, 2, 3, 0]), 1, { t: 'kleines' }), 2, { t: 'besser' });
    expect(G.viewFor(s, 0).trump).toBe(SUITS[BESSER_TRUMP]);
  });
  it('nobody plays: the same dealer deals again (000 4.1)', () => {
    const s = passes(four(), [0, 1, 2, 3, 0, 1, 2, 3]);
    expect([G.awaitsDeal(s), nextDealer(s), G.viewFor(s, 0).hand]).toEqual([true, 3, []]);
    // The view says that the deal was thrown in (the client tells the players so), until a deal is scored.
    expect(G.viewFor(s, 'spectator').thrownIn).toBe(1);
    const again = unwrap(G.applyDeal(s, unwrap(G.parseDeal(s, suitDeal(4)))));
    expect(G.viewFor(again, 1).thrownIn).toBe(1);
    expect(G.viewFor(playOut(act(again, 0, { t: 'orgi' })), 1).thrownIn).toBe(0);
  });
});

describe('exchange of the 7 (000 4.2/4.3; 001 Ⓜ,Ⓝ)', () => {
  // suitDeal(3), dealer 0: turned DT; seat 2 holds D7 among his cards put aside.
  it('the holder of the 7 of the turned suit may take the turned card before his first card', () => {
    let s = act(started(3, 0, suitDeal(3)), 1, { t: 'orgi' });
    expect(G.legalActions(s, 1).some((a) => a.t === 'exchange')).toBe(false);
    s = act(s, 1, { t: 'play', card: 'S8' });
    expect(G.legalActions(s, 2).some((a) => a.t === 'exchange')).toBe(true);
    // Its own view names the cards of the exchange, and that the 7 belongs to the Terz D7 D8 D9 it could declare.
    expect(G.viewFor(s, 2).exchangeOffer).toEqual({ gives: 'D7', takes: 'DT', breaksRun: true });
    expect([G.viewFor(s, 0).exchangeOffer, G.viewFor(s, 'spectator').exchangeOffer]).toEqual([null, null]);
    // Meld options come strongest first (Halber before Terz), as the table offers them.
    const values = G.legalActions(s, 2).flatMap((a) =>
      a.t === 'meld' ? [a.melds.reduce((x, m) => x + (m.length >= 4 ? 50 : 20), 0)] : [],
    );
    expect(values.length).toBeGreaterThan(1);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    s = act(s, 2, { t: 'exchange' });
    expect(G.viewFor(s, 2).exchangeOffer).toBeNull();
    const v = G.viewFor(s, 0);
    expect(v.turned).toBe('D7');
    expect(v.exchange).toEqual({ seat: 2, gave: 'D7', took: 'DT' });
    expect(v.known[2]).toEqual(['DT']);
    expect(G.viewFor(s, 2).hand).toContain('DT');
    expect(G.apply(s, 2, { t: 'exchange' }).ok).toBe(false);
  });
  it('the exported rule (`turnedSeven`, `afterExchange`, `hasExchange`, which the bots sample deals by) is the exchange the game makes', () => {
    // suitDeal(2): turned H9, seat 1 holds H7; suitDeal(3): turned DT, seat 2 holds D7. Trump the turned
    // suit (Orgi) or Kreuz (Kleines, then Besser): the 7 is the turned suit's either way.
    const orgi = [[1, { t: 'orgi' }]] as const;
    const kleines2 = [
      [1, { t: 'pass' }],
      [0, { t: 'pass' }],
      [1, { t: 'kleines' }],
    ] as const;
    const kleines3 = [
      [1, { t: 'pass' }],
      [2, { t: 'pass' }],
      [0, { t: 'pass' }],
      [1, { t: 'kleines' }],
    ] as const;
    for (const [n, bids, trump] of [
      [2, orgi, 'H'],
      [2, kleines2, 'C'],
      [3, kleines3, 'C'],
    ] as const) {
      let s = started(n, 0, suitDeal(n));
      for (const [seat, a] of bids) s = act(s, seat, a);
      // Bid on and play the first card until a seat may exchange (its turn, before its first card).
      for (let i = 0; i < 6 && !G.legalActions(s, G.toAct(s)[0]).some((a) => a.t === 'exchange'); i++) {
        const legal = G.legalActions(s, G.toAct(s)[0]);
        s = act(s, G.toAct(s)[0], legal.find((a) => a.t === 'play') ?? legal[0]);
      }
      const holder = G.toAct(s)[0];
      const turned = G.viewFor(s, holder).turned!;
      expect([G.viewFor(s, holder).trump, hasExchange(n)]).toEqual([trump, true]);
      const x = act(s, holder, { t: 'exchange' });
      expect(G.viewFor(x, 0).exchange).toEqual({
        seat: holder,
        gave: CARD[turnedSeven(bitOf(turned) >>> 3)],
        took: turned,
      });
      const byBit = (h: readonly string[]) => [...h].sort((a, b) => bitOf(a) - bitOf(b));
      for (let seat = 0; seat < n; seat++) {
        const before = G.viewFor(s, seat).hand!;
        // The holder's hand is the game's after the exchange; the others' stay as they are.
        expect(byBit(afterExchange(before, turned))).toEqual(byBit(G.viewFor(x, seat).hand!));
        if (seat !== holder) expect(afterExchange(before, turned)).toEqual(before);
      }
    }
  });
  it('4 players: no exchange, the dealer keeps the turned card ("kann nicht mit einer sieben getauscht werden")', () => {
    expect(hasExchange(4)).toBe(false);
    let s = act(started(4, 3, suitDeal(4)), 0, { t: 'orgi' });
    for (let i = 0; i < 4; i++) {
      const seat = G.toAct(s)[0];
      expect(G.legalActions(s, seat).some((a) => a.t === 'exchange')).toBe(false);
      s = act(
        s,
        seat,
        G.legalActions(s, seat).find((a) => a.t === 'play'),
      );
    }
  });
});

describe('melds (000 3.1-3.3)', () => {
  it.each([
    ['C7 C8 C9', 'blocks', 1, 20],
    ['C7 C8 C9 CT', 'blocks', 3, 50],
    ['C7 C8 C9 CT CJ', 'blocks', 5, 50],
    ['C7 C8 C9 CT CJ CQ CK', 'blocks', undefined, 70],
    ['C7 C8 C9 CT CJ CQ CK CA', 'blocks', undefined, 100],
    ['C7 C8 C9 CT CJ', 'single', 1, 50],
    ['C7 C8 C9 S9 ST SJ', 'blocks', 3, 40],
    ['C7 C8 CT SJ SQ HA', 'blocks', 0, 0],
  ])('%s (%s): %s options, best %i', (hand, mode, n, best) => {
    const opts = meldOptions(bits(hand), mode === 'blocks');
    if (n !== undefined) expect(opts).toHaveLength(n);
    expect(Math.max(0, ...opts.map(meldsValue))).toBe(best);
  });
  it('a declared meld must be held, once, before the first card', () => {
    let s = act(started(4, 3, suitDeal(4)), 0, { t: 'orgi' });
    expect(G.apply(s, 0, { t: 'meld', melds: [{ suit: 'S', top: '9', length: 3 }] }).ok).toBe(false);
    s = act(s, 0, { t: 'meld', melds: [{ suit: 'C', top: 'T', length: 4 }] });
    expect(G.viewFor(s, 1).declarations).toEqual([
      { seat: 0, melds: [{ kind: 'halber', top: 'T', trump: false }] },
    ]);
    expect(G.apply(s, 0, { t: 'meld', melds: [{ suit: 'C', top: 'A', length: 4 }] }).ok).toBe(false);
  });
  it('melds count only if the party takes a trick ("Voraussetzung ist jedoch, dass er einen Stich bekommt")', () => {
    // Seat 3 holds all trumps and takes every trick; seat 0 declares two Halbe.
    const play = (meldsNeedTrick: boolean) => {
      let s = started(4, 3, suitDeal(4), 'manual', { meldsNeedTrick });
      for (const seat of [0, 1, 2]) s = act(s, seat, { t: 'pass' });
      s = act(s, 3, { t: 'orgi' });
      s = act(s, 0, {
        t: 'meld',
        melds: [
          { suit: 'C', top: 'T', length: 4 },
          { suit: 'C', top: 'A', length: 4 },
        ],
      });
      return results(playOut(s))[0];
    };
    const strict = play(true);
    expect([strict.meldsVoid, strict.melds, strict.points]).toEqual([true, [], [0, 162, 0, 162]]);
    const loose = play(false);
    expect([loose.meldsVoid, loose.points]).toEqual([false, [100, 162, 100, 162]]);
  });
});

describe('Belle (000 3.4)', () => {
  it('is announced with the first of trump Dame/König while holding both and counts 20', () => {
    // trump Karo: seat 3 holds DQ DK and must ruff the Kreuz lead.
    let s = act(started(4, 3, suitDeal(4)), 0, { t: 'orgi' });
    s = act(act(act(s, 0, { t: 'play', card: 'CA' }), 1, { t: 'play', card: 'S7' }), 2, {
      t: 'play',
      card: 'H7',
    });
    const legal = G.legalActions(s, 3);
    expect(
      legal.filter((a) => a.t === 'play' && 'belle' in a).map((a) => (a as { card: string }).card),
    ).toEqual(['DQ', 'DK']);
    s = act(s, 3, { t: 'play', card: 'DK', belle: true });
    expect(G.viewFor(s, 0).belle).toEqual([3]);
    s = act(s, 3, { t: 'play', card: 'D7' });
    for (const seat of [0, 1, 2]) s = act(s, seat, G.legalActions(s, seat)[0]);
    expect(G.apply(s, 3, { t: 'play', card: 'DQ', belle: true }).ok).toBe(false);
    const r = results(playOut(s))[0];
    expect(r.belle).toEqual([{ seat: 3, value: 20 }]);
    expect(r.points).toEqual([0, 182, 0, 182]);
  });
});

describe('Kontra and Re', () => {
  it("manual: Kontra while holding all cards, Re before one's second card (000 4.1)", () => {
    let s = act(started(4, 3, suitDeal(4)), 0, { t: 'orgi' });
    expect(G.toAct(s)).toEqual([0, 1, 3]);
    expect(G.legalActions(s, 1)).toEqual([{ t: 'kontra' }]);
    expect(G.apply(s, 2, { t: 'kontra' }).ok).toBe(false);
    s = act(act(s, 0, { t: 'play', card: 'C7' }), 1, { t: 'play', card: 'S7' });
    expect(G.apply(s, 1, { t: 'kontra' }).ok).toBe(false);
    s = act(s, 3, { t: 'kontra' });
    expect(G.toAct(s)).toEqual([2, 0]);
    s = act(act(s, 2, { t: 'play', card: 'H7' }), 3, { t: 'play', card: 'D7' });
    // seat 3 won; seat 0 has played one card and may still say Re
    s = act(s, 3, { t: 'play', card: 'D8' });
    s = act(s, 0, { t: 'play', card: 'C8' });
    expect(G.legalActions(s, 0)).toEqual([]);
    expect(G.legalActions(s, 2)).toContainEqual({ t: 're' });
    s = act(s, 2, { t: 're' });
    expect(G.viewFor(s, 1)).toMatchObject({ kontra: 3, re: 2 });
  });
  it('klappern: only before the first card of the deal (001)', () => {
    let s = act(started(4, 3, suitDeal(4), 'klappern'), 0, { t: 'orgi' });
    const k = act(s, 1, { t: 'kontra' });
    expect(G.toAct(k)).toEqual([0, 2]);
    // the meld round (option melding 'round') comes before the first card
    for (const seat of [0, 1, 2, 3]) s = act(s, seat, { t: 'pass' });
    expect(G.toAct(s)).toEqual([0, 1, 3]);
    s = act(s, 0, { t: 'play', card: 'C7' });
    expect(G.toAct(s)).toEqual([1]);
    const r = G.apply(s, 3, { t: 'kontra' });
    expect(r.ok ? 'ok' : r.error.code).toBe('illegal-action');
  });
});

describe('scoring and match', () => {
  it.each([
    ['up-down', 12, 0, [6], true],
    ['up-down', 12, 2, [2], true],
    ['up-down', 12, 6, [6], false],
    ['up-down', 12, 7, [5], false],
    ['up-down', 12, 12, [6], false],
    ['two-dice', 12, 3, [3, 6], false],
    ['two-dice', 12, 9, [6, 3], false],
    ['one-die', 6, 4, [4], false],
  ] as const)('dice %s (target %i): score %i shows %j', (dice, target, score, faces, raised) => {
    const cfg = unwrap(G.parseConfig({ players: 2, options: { dice, target } }));
    expect(diceFor(score, cfg)).toEqual({ faces, raised });
  });
  it('2 players: the winner of a game deals the next (000 4.2)', () => {
    let s = G.start(unwrap(G.parseConfig({ players: 2 })), 0);
    const rng = seeded('2p');
    for (let i = 0; i < 5; i++) {
      s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
      if (s.phase === 'orgi') s = act(s, G.toAct(s)[0], { t: 'orgi' });
      s = playOut(s);
      const r = results(s).at(-1)!;
      expect(nextDealer(s)).toBe(r.to[0]);
      if (G.isOver(s)) break;
    }
  });
  it('3 players: the first to the target deals once more; the other two play on for second place (000 4.3)', () => {
    const cfg = unwrap(G.parseConfig({ players: 3, options: { target: 3 } }));
    let s = G.start(cfg, 0);
    const rng = seeded('3p-end');
    let sawEndGame = false;
    for (let steps = 0; !G.isOver(s) && steps < 100_000; steps++) {
      if (G.awaitsDeal(s)) {
        const deal = G.randomDeal(s, rng);
        if (G.outcome(s).ranking.length === 1) {
          const w = G.outcome(s).ranking[0];
          expect(deal.hands[w]).toEqual([]);
          expect(deal.stock).toHaveLength(14);
          if (!sawEndGame) expect(nextDealer(s)).toBe(w);
          sawEndGame = true;
        }
        s = unwrap(G.applyDeal(s, deal));
      } else {
        const seat = G.toAct(s)[0];
        const legal = G.legalActions(s, seat);
        s = unwrap(G.apply(s, seat, legal[rng.int(legal.length)]));
      }
    }
    const o = G.outcome(s);
    expect(sawEndGame).toBe(true);
    expect(new Set(o.ranking).size).toBe(3);
    expect(o.winners).toEqual([o.ranking[0]]);
    expect(o.scores[o.ranking[1]]).toBeGreaterThanOrEqual(3);
  });
  it('lost games double; flat scoring counts 1 (001)', () => {
    const s = playOut(act(started(4, 3, suitDeal(4), 'klappern'), 0, { t: 'orgi' }));
    const r = results(s)[0];
    expect(r.won).toBe(false);
    expect([r.gamePoints, r.to, scores(s)]).toEqual([2, [1, 3], [0, 2, 0, 2]]);
  });
});

it('interned actions carry their card', () => {
  expect(CARD.map(bitOf)).toEqual(CARD.map((_, i) => i));
});

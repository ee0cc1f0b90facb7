import { describe, expect, it } from 'vitest';
import { beats, cardValue } from '../src/differenzler/cards.ts';
import {
  type DifferenzlerState,
  differenzler as G,
  PLAIN_VALUE,
  TRUMP_VALUE,
  type UndertrumpRule,
} from '../src/differenzler/index.ts';
import { legalMasks } from '../src/differenzler/play.ts';
import { type Card, cardId, DECK36, RANKS, type Rank, SUITS, seeded, shuffle, unwrap } from '../src/index.ts';
import {
  COUNTING_HANDS,
  COUNTING_TRICKS,
  dealt,
  estimated,
  playAll,
  split,
} from './fixtures/differenzler.ts';

const H = SUITS.indexOf('H');
const cardsOfMasks = (m: ArrayLike<number>): string[] =>
  DECK36.filter((_, id) => (m[Math.floor(id / 9)] & (1 << (id % 9))) !== 0).sort();

describe('002 Art. 3.1 ranks and values', () => {
  // Descending order, as in the table of 002 Art. 3.1.
  const TRUMP_ORDER: Rank[] = ['J', '9', 'A', 'K', 'Q', 'T', '8', '7', '6'];
  const PLAIN_ORDER: Rank[] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6'];

  it.each(TRUMP_ORDER.slice(0, -1).map((r, i) => [r, TRUMP_ORDER[i + 1]]))(
    'Trumpffarbe: %s beats %s and not the other way round',
    (hi, lo) => {
      expect(beats(cardId(`H${hi}` as Card), cardId(`H${lo}` as Card), H)).toBe(true);
      expect(beats(cardId(`H${lo}` as Card), cardId(`H${hi}` as Card), H)).toBe(false);
    },
  );

  it.each(PLAIN_ORDER.slice(0, -1).map((r, i) => [r, PLAIN_ORDER[i + 1]]))(
    'Nebenfarbe: %s beats %s and not the other way round',
    (hi, lo) => {
      expect(beats(cardId(`C${hi}` as Card), cardId(`C${lo}` as Card), H)).toBe(true);
      expect(beats(cardId(`C${lo}` as Card), cardId(`C${hi}` as Card), H)).toBe(false);
    },
  );

  it('"Die Trumpffarbe sticht jeden Rang einer Nebenfarbe"; an off-suit plain card never wins', () => {
    for (const r of RANKS)
      for (const q of RANKS) {
        expect(beats(cardId(`H${r}`), cardId(`C${q}`), H)).toBe(true);
        expect(beats(cardId(`C${q}`), cardId(`H${r}`), H)).toBe(false);
        expect(beats(cardId(`S${r}`), cardId(`C${q}`), H)).toBe(false);
      }
  });

  it.each([
    ['J', 20, 2],
    ['9', 14, 0],
    ['A', 11, 11],
    ['K', 4, 4],
    ['Q', 3, 3],
    ['T', 10, 10],
    ['8', 0, 0],
    ['7', 0, 0],
    ['6', 0, 0],
  ] as [Rank, number, number][])('Punktwert %s: %i as trump, %i plain', (rank, trump, plain) => {
    const r = RANKS.indexOf(rank);
    expect(TRUMP_VALUE[r]).toBe(trump);
    expect(PLAIN_VALUE[r]).toBe(plain);
    expect(cardValue(cardId(`H${rank}`), H)).toBe(trump);
    expect(cardValue(cardId(`D${rank}`), H)).toBe(plain);
  });

  it('002 Art. 3.2: the cards count 152 with any trump, so 157 with the last trick', () => {
    for (let t = 0; t < 4; t++) expect(DECK36.reduce((n, c) => n + cardValue(cardId(c), t), 0)).toBe(152);
  });
});

describe('002 Art. 4.5 follow rules', () => {
  // [passage, trump Herz, trick so far, hand, legal under '002', legal under 'swiss' (same when omitted)]
  const CASES: [string, string, string, string, string?][] = [
    ['leading: any card', '', 'C6 SA HJ D7', 'C6 SA HJ D7'],
    ['"muss er bedienen ... oder er darf stechen"', 'CA', 'C6 CT SA H6 D7', 'C6 CT H6'],
    [
      '"Besitzt er keine Karte dieser Farbe ... andere Farbe ... oder ... Trumpf"',
      'CA',
      'SA S6 H6 D7',
      'SA S6 H6 D7',
    ],
    ['trump led: "muss dieser ... bedient werden"', 'H6', 'C6 HQ H7 SA', 'HQ H7'],
    ['trump led: the Bube may be played to follow', 'H6', 'C6 HQ HJ SA', 'HQ HJ'],
    [
      'trump led: "mit Ausnahme des Trumpf-Buben": the bare Bube is never forced',
      'H6',
      'C6 HJ SA',
      'C6 HJ SA',
    ],
    ['trump led, no trump: any card', 'H6', 'C6 SA D7', 'C6 SA D7'],
    ['trumped: can follow, so no undertrumping, overtrumping allowed', 'CA HQ', 'C6 H6 HA', 'C6 HA'],
    [
      '"nur ... niedrigeren Ranges ..., wenn er die Farbe nicht bedienen kann": void, so undertrump (002); Swiss: not while other cards are held',
      'CA HQ',
      'S6 H6 HA',
      'S6 H6 HA',
      'S6 HA',
    ],
    ['trumped: void, nothing but trumps: undertrumping under both rules', 'CA HQ', 'H6 H7 HJ', 'H6 H7 HJ'],
    ['trumped: void, only lower trumps and a plain card', 'CA HK SA', 'SK H6 H7', 'SK H6 H7', 'SK'],
    ['trumped twice: the highest trump so far counts', 'CA H6 HK', 'C7 HQ HA', 'C7 HA'],
    ['not trumped: void, any trump is fine', 'CA CK', 'S6 H6', 'S6 H6'],
    ['trump Bube beats everything, so never an undertrump', 'CA H9', 'C6 HJ', 'C6 HJ'],
    ['trumped: can follow and holds only lower trumps: must follow', 'SA HA S6', 'S7 H6', 'S7'],
  ];

  const legal = (trick: string, hand: string, rule: UndertrumpRule): string[] => {
    const hands = [0, 0, 0, 0];
    for (const c of split(hand)) hands[Math.floor(cardId(c) / 9)] |= 1 << (cardId(c) % 9);
    const cards = trick === '' ? [] : split(trick).map(cardId);
    let best = cards[0] ?? -1;
    for (const c of cards) if (beats(c, best, H)) best = c;
    const out = [0, 0, 0, 0];
    legalMasks(hands, 0, H, cards[0] ?? -1, best, rule, out);
    return cardsOfMasks(out);
  };

  it.each(CASES)('%s (trick %s, hand %s)', (_passage, trick, hand, under002, underSwiss = under002) => {
    expect(legal(trick, hand, '002')).toEqual(split(under002).sort());
    expect(legal(trick, hand, 'swiss')).toEqual(split(underSwiss).sort());
  });

  // The same rules through apply: seat 0 leads CA, seat 1 trumps with HQ, seat 2 is void in Kreuz.
  const HANDS = [
    'CA C7 C8 C9 CT CJ CQ CK C6',
    'HQ S7 S8 S9 ST SJ SQ SK SA',
    'H6 HA D6 D7 D8 D9 DT DJ DQ',
    'HJ H9 HK HT H8 H7 DK DA S6',
  ];
  it.each([
    ['002', 'H6', true],
    ['swiss', 'H6', false],
    ['swiss', 'HA', true],
    ['swiss', 'D6', true],
  ] as [UndertrumpRule, Card, boolean][])('undertrump %s: seat 2 may play %s: %s', (rule, card, allowed) => {
    let s = estimated(dealt(HANDS, 'H', 3, { undertrump: rule }), [0, 0, 0, 0]);
    s = playAll(s, 'CA HQ');
    const r = G.apply(s, 2, { t: 'play', card });
    expect(r.ok).toBe(allowed);
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: 'illegal-action',
        reason: expect.stringContaining('undertrump'),
      });
    expect(G.legalActions(s, 2).some((a) => a.t === 'play' && a.card === card)).toBe(allowed);
  });
});

describe('002 Art. 4 a round, trick by trick', () => {
  const start = () => estimated(dealt(COUNTING_HANDS, 'H', 3, { rounds: 2 }), [100, 10, 14, 30]);

  it('4.4 Vorhand (the seat after the dealer) leads; 4.6 the best card takes the trick; 4.7 its winner leads next', () => {
    let s = start();
    expect(G.toAct(s)).toEqual([0]);
    const points = [0, 0, 0, 0];
    COUNTING_TRICKS.forEach(([cards, winner, value], i) => {
      const leader = G.toAct(s)[0];
      s = playAll(s, cards);
      points[winner] += value;
      const last = i === 8;
      if (!last) expect(G.toAct(s)).toEqual([winner]);
      expect(leader).toBe(i === 0 ? 0 : COUNTING_TRICKS[i - 1][1]);
      expect(last ? G.outcome(s).deals[0].points : s.points).toEqual(points);
    });
    expect(points).toEqual([122, 7, 14, 14]);
  });

  it('Art. 1 and 4.8: the difference |estimate - points| is scored and shown to all after the ninth trick', () => {
    const s = playAll(start(), COUNTING_TRICKS.map((t) => t[0]).join(' '));
    const o = G.outcome(s);
    // The result names the last trick's cards (the table shows them at the end of the round).
    const lastCards = G.viewFor(s, 'spectator').tricks[8].cards;
    expect(lastCards.map((p) => p.card).join(' ')).toBe(COUNTING_TRICKS[8][0]);
    expect(o.deals).toEqual([
      {
        round: 1,
        dealer: 3,
        trump: 'H',
        estimates: [100, 10, 14, 30],
        points: [122, 7, 14, 14],
        differences: [22, 3, 0, 16],
        lastTrick: COUNTING_TRICKS[8][1],
        lastCards,
      },
    ]);
    expect(o.scores).toEqual([22, 3, 0, 16]);
    expect(o.over).toBe(false);
    expect(o.winners).toEqual([]);
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const v = G.viewFor(s, viewer);
      expect(v.estimates).toEqual([100, 10, 14, 30]);
      expect(v.roundOver).toBe(true);
      expect(v.tricks).toHaveLength(9);
      expect(v.tricks.map((t) => t.winner)).toEqual(COUNTING_TRICKS.map((t) => t[1]));
      expect(v.tricks.map((t) => t.points)).toEqual(COUNTING_TRICKS.map((t) => t[2]));
    }
  });

  it('4.9 the deal passes on in the order of play and the next round begins with a deal', () => {
    const s = playAll(start(), COUNTING_TRICKS.map((t) => t[0]).join(' '));
    expect(G.phase(s)).toBe('deal');
    expect(G.awaitsDeal(s)).toBe(true);
    expect(G.viewFor(s, 0).dealer).toBe(0);
    const next = unwrap(G.applyDeal(s, G.randomDeal(s, seeded('next'))));
    expect(G.toAct(next)).toEqual([1, 2, 3, 0]);
    expect(G.viewFor(next, 1).estimates).toEqual([null, null, null, null]);
  });

  it('4.10 and Art. 1: the match ends after its rounds; the lowest total wins', () => {
    let s = playAll(start(), COUNTING_TRICKS.map((t) => t[0]).join(' '));
    s = unwrap(G.applyDeal(s, unwrap(G.parseDeal(s, { hands: COUNTING_HANDS.map(split), trump: 'H' }))));
    // Dealer 0 now, so seat 1 leads. Estimates of 0 make every difference equal the points taken.
    s = estimated(s, [0, 0, 0, 0]);
    while (!G.isOver(s)) s = unwrap(G.apply(s, G.toAct(s)[0], G.legalActions(s, G.toAct(s)[0])[0]));
    const o = G.outcome(s);
    expect(o.over).toBe(true);
    expect(o.deals).toHaveLength(2);
    expect(o.deals[1].points.reduce((a, b) => a + b)).toBe(157);
    expect(o.deals[1].differences).toEqual(o.deals[1].points);
    expect(o.scores).toEqual([0, 1, 2, 3].map((p) => o.deals[0].differences[p] + o.deals[1].points[p]));
    const low = Math.min(...o.scores);
    expect(o.winners).toEqual([0, 1, 2, 3].filter((p) => o.scores[p] === low));
    expect(G.toAct(s)).toEqual([]);
    expect(G.apply(s, 0, { t: 'estimate', points: 0 })).toMatchObject({
      ok: false,
      error: { code: 'game-over' },
    });
  });
});

describe('002 Art. 4.1-4.3 deal, trump and estimates', () => {
  const config = unwrap(G.parseConfig({ players: 4 }));

  it('4.1 "3 x 3 Karten": packets of three from the shuffled deck, Vorhand first; 4.2 then the trump is drawn', () => {
    for (const dealer of [0, 1, 2, 3]) {
      const deal = G.randomDeal(G.start(config, dealer), seeded(`deal ${dealer}`));
      const rng = seeded(`deal ${dealer}`);
      const deck = shuffle(DECK36, rng);
      expect(deal.trump).toBe(SUITS[rng.int(4)]);
      for (let p = 0; p < 12; p++) {
        const seat = (dealer + 1 + p) % 4;
        const packet = Math.floor(p / 4);
        expect(deal.hands[seat].slice(packet * 3, packet * 3 + 3)).toEqual(deck.slice(p * 3, p * 3 + 3));
      }
    }
  });

  it('4.2 the trump is shown to everyone right after the deal', () => {
    const s = dealt(COUNTING_HANDS, 'D');
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) expect(G.viewFor(s, viewer).trump).toBe('D');
    expect(G.viewFor(G.start(config, 0), 0).trump).toBeNull();
  });

  it('4.3 every seat estimates at once, Vorhand first in toAct; 4.4 no card before all have estimated', () => {
    let s = dealt(COUNTING_HANDS, 'H', 1);
    expect(G.phase(s)).toBe('estimate');
    expect(G.toAct(s)).toEqual([2, 3, 0, 1]);
    expect(G.legalActions(s, 0)).toHaveLength(158);
    expect(G.legalActions(s, 0).map((a) => a.t === 'estimate' && a.points)).toEqual([...Array(158).keys()]);
    s = unwrap(G.apply(s, 0, { t: 'estimate', points: 42 }));
    expect(G.toAct(s)).toEqual([2, 3, 1]);
    expect(G.legalActions(s, 0)).toEqual([]);
    const early = G.apply(s, 2, { t: 'play', card: 'HQ' });
    expect(early).toMatchObject({ ok: false, error: { code: 'illegal-action' } });
    s = estimated2(s, { 1: 0, 2: 157, 3: 7 });
    expect(G.phase(s)).toBe('play');
    expect(G.toAct(s)).toEqual([2]);
  });

  it('4.3 an estimate is visible only to its seat until the round ends; 4.6 own points and estimate are shown', () => {
    let s = dealt(COUNTING_HANDS, 'H');
    s = unwrap(G.apply(s, 2, { t: 'estimate', points: 57 }));
    const own = G.viewFor(s, 2);
    expect(own.estimates).toEqual([null, null, 57, null]);
    expect(own.estimated).toEqual([false, false, true, false]);
    for (const viewer of [0, 1, 3, 'spectator'] as const) {
      const v = G.viewFor(s, viewer);
      expect(v.estimates).toEqual([null, null, null, null]);
      expect(v.estimated).toEqual([false, false, true, false]);
      expect(JSON.stringify(v)).not.toContain('57');
    }
    s = estimated2(s, { 0: 1, 1: 2, 3: 3 });
    s = playAll(s, 'HJ HK HQ H6');
    expect(G.viewFor(s, 0).points).toEqual([27, 0, 0, 0]);
    expect(G.viewFor(s, 0).estimates).toEqual([1, null, null, null]);
    expect(G.viewFor(s, 2).estimates).toEqual([null, null, 57, null]);
  });

  it('the view: own hand, card counts, the open trick and the finished ones; a spectator sees no hand', () => {
    let s = estimated(dealt(COUNTING_HANDS, 'H'), [1, 2, 3, 4]);
    s = playAll(s, 'HJ HK HQ H6 H9 HA');
    const v = G.viewFor(s, 2);
    // In card id order: Kreuz, Pik, Herz, Karo, each from the Sechs up.
    expect(v.hand).toEqual(split('C8 C9 SJ SQ HT DQ DK DA'));
    expect(v.handCounts).toEqual([7, 7, 8, 8]);
    expect(v.dealer).toBe(3);
    expect(v.vorhand).toBe(0);
    expect(v.toAct).toEqual([2]);
    expect(v.trick).toEqual({
      leader: 0,
      cards: [
        { seat: 0, card: 'H9' },
        { seat: 1, card: 'HA' },
      ],
      points: 25,
    });
    expect(v.tricks).toEqual([
      {
        leader: 0,
        cards: [
          { seat: 0, card: 'HJ' },
          { seat: 1, card: 'HK' },
          { seat: 2, card: 'HQ' },
          { seat: 3, card: 'H6' },
        ],
        winner: 0,
        points: 27,
      },
    ]);
    expect(G.viewFor(s, 'spectator').hand).toBeNull();
  });
});

function estimated2(s: DifferenzlerState, bySeat: Record<number, number>): DifferenzlerState {
  for (const [seat, points] of Object.entries(bySeat))
    s = unwrap(G.apply(s, Number(seat), { t: 'estimate', points }));
  return s;
}

describe('match rules (decisions where 002 is silent)', () => {
  const oneRound = (tiebreak: 'shared' | 'hits', estimates: number[]) => {
    const s = estimated(dealt(COUNTING_HANDS, 'H', 3, { rounds: 1, tiebreak }), estimates);
    return G.outcome(playAll(s, COUNTING_TRICKS.map((t) => t[0]).join(' ')));
  };

  it('a tie for the lowest total is a shared win', () => {
    // Points 122, 7, 14, 14.
    const o = oneRound('shared', [119, 4, 14, 14]);
    expect(o.scores).toEqual([3, 3, 0, 0]);
    expect(o.winners).toEqual([2, 3]);
    expect(oneRound('shared', [122, 7, 14, 14]).winners).toEqual([0, 1, 2, 3]);
  });

  it('with tiebreak "hits" a tie goes to more rounds estimated exactly, and is shared only if that ties too', () => {
    const match = (tiebreak: 'shared' | 'hits') => {
      let s = dealt(COUNTING_HANDS, 'H', 3, { rounds: 2, tiebreak });
      // Round 1 differences: 0, 1, 0, 6.
      s = playAll(estimated(s, [122, 8, 14, 20]), COUNTING_TRICKS.map((t) => t[0]).join(' '));
      s = unwrap(G.applyDeal(s, { hands: COUNTING_HANDS.map(split), trump: 'H' }));
      const finish = (est: number[]) => {
        let t = estimated(s, est);
        while (!G.isOver(t)) t = unwrap(G.apply(t, G.toAct(t)[0], G.legalActions(t, G.toAct(t)[0])[0]));
        return G.outcome(t);
      };
      const p = finish([0, 0, 0, 0]).deals[1].points;
      // Round 2 differences: 2, 1, 2, 0. Totals 2, 2, 2, 6; exact rounds 1, 0, 1, 1.
      return finish([p[0] + 2, p[1] + 1, p[2] + 2, p[3]]);
    };
    const hits = match('hits');
    expect(hits.scores).toEqual([2, 2, 2, 6]);
    expect(hits.hits).toEqual([1, 0, 1, 1]);
    expect(hits.winners).toEqual([0, 2]);
    expect(match('shared').winners).toEqual([0, 1, 2]);
  });
});

/**
 * Classic 2-player Klaberjass: every rule of 003 (the "Hoyle" rules, machine-translated) as a test. Each case
 * names its passage. Seats: the dealer is seat 0 unless a test says otherwise, the non-dealer seat 1.
 */
import { describe, expect, it } from 'vitest';
import { type Card, DECK32 } from '../src/core/cards.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded, shuffle } from '../src/core/rng.ts';
import {
  CARDS,
  cardPoints,
  indexOf,
  PLAIN_STRENGTH,
  SUIT_INDEX,
  sequencesOf,
  TRUMP_STRENGTH,
} from '../src/klaberjass/cards.ts';
import {
  afterExchange,
  type KlaberjassAction,
  type KlaberjassState,
  legalPlays,
  PLAIN_ORDER,
  scoreDeal,
  TRUMP_ORDER,
  trumpSeven,
} from '../src/klaberjass/index.ts';
import { config, DEAL_F, deal, game, PLAY_F, play, run, started, TALK_F } from './fixtures/klaberjass.ts';

const TAKE = { t: 'take' } as const;
const PASS = { t: 'pass' } as const;
const SCHMEISS = { t: 'schmeiss' } as const;
const ACCEPT = { t: 'accept' } as const;
const REFUSE = { t: 'refuse' } as const;
const EXCHANGE = { t: 'exchange' } as const;

const legal = (s: KlaberjassState, seat: number) => game.legalActions(s, seat).map((a) => JSON.stringify(a));
const hand = (s: KlaberjassState, seat: number) => game.viewFor(s, seat).hand;

describe('cards, ranks and values', () => {
  it('trump rank: J (Jass), 9 (Menel), A, 10, K, Q, 8, 7; plain: A, 10, K, Q, J, 9, 8, 7', () => {
    expect(TRUMP_ORDER).toEqual(['J', '9', 'A', 'T', 'K', 'Q', '8', '7']);
    expect(PLAIN_ORDER).toEqual(['A', 'T', 'K', 'Q', 'J', '9', '8', '7']);
    const byTrump = [...'789TJQKA'].sort(
      (a, b) => TRUMP_STRENGTH['789TJQKA'.indexOf(b)] - TRUMP_STRENGTH['789TJQKA'.indexOf(a)],
    );
    expect(byTrump.join('')).toBe('J9ATKQ87');
    const byPlain = [...'789TJQKA'].sort(
      (a, b) => PLAIN_STRENGTH['789TJQKA'.indexOf(b)] - PLAIN_STRENGTH['789TJQKA'.indexOf(a)],
    );
    expect(byPlain.join('')).toBe('ATKQJ987');
  });

  // 003: "Trumpfsteckfassung (jasz) wert 20 Punkte, den Trumpf neun (menel), 14; irgendeine andere
  // Steckfassung, zwei; jede mögliche Königin ist drei, irgendein König, vier; irgendwelche 10, 10; und irgendein As, elf."
  it.each<[string, 'H', number, string]>([
    ['HJ', 'H', 20, 'Jass'],
    ['H9', 'H', 14, 'Menel'],
    ['CJ', 'H', 2, 'any other Jack'],
    ['C9', 'H', 0, 'plain nine'],
    ['HQ', 'H', 3, 'trump Queen'],
    ['SQ', 'H', 3, 'any Queen'],
    ['HK', 'H', 4, 'trump King'],
    ['DK', 'H', 4, 'any King'],
    ['HT', 'H', 10, 'trump 10'],
    ['ST', 'H', 10, 'any 10'],
    ['HA', 'H', 11, 'trump Ace'],
    ['CA', 'H', 11, 'any Ace'],
    ['H8', 'H', 0, 'trump 8'],
    ['D7', 'H', 0, 'plain 7'],
  ])('%s with trump %s counts %i (%s)', (card, trump, points) => {
    expect(cardPoints(indexOf(card as Card), SUIT_INDEX[trump])).toBe(points);
  });

  it('the 32 cards hold 152 card points whatever the trump (3 x 30 plain + 62 trump)', () => {
    for (const t of [0, 1, 2, 3]) expect(CARDS.reduce((a, c) => a + cardPoints(indexOf(c), t), 0)).toBe(152);
  });
});

describe('sequences (003: "Dreikarte Reihenfolgen, die 20 Punkte zählen und von Vierkarte Reihenfolgen, 50")', () => {
  it.each([
    ['HA HK HQ', [[20, 'HA HK HQ']]],
    ['HJ HT H9 H8', [[50, 'HJ HT H9 H8']]],
    ['HA HK HQ HJ HT', [[50, 'HA HK HQ HJ HT']]],
    ['HA HK HJ', []],
    ['HK HQ', []],
    [
      'CT C9 C8 SA SK SQ SJ',
      [
        [20, 'CT C9 C8'],
        [50, 'SA SK SQ SJ'],
      ],
    ],
    ['DQ DJ DT C7', [[20, 'DQ DJ DT']]],
  ] as const)('%s: natural order A K Q J 10 9 8 7, same suit, adjacent', (text, expected) => {
    const set = text.split(' ').reduce((m, c) => m | (1 << indexOf(c as Card)), 0);
    const got = sequencesOf(set).map((q) => [
      q.value,
      CARDS.slice(q.suit * 8 + q.low, q.suit * 8 + q.top + 1)
        .reverse()
        .join(' '),
    ]);
    expect(got).toEqual(expected);
  });
});

describe('dealing (003: "sechs Karten in den Paketen von drei ... Die 13. Karte wird gegenübergestellt")', () => {
  it('randomDeal deals 3 to the non-dealer, 3 to the dealer, again, turns the 13th, then 3 extra each', () => {
    for (const dealer of [0, 1]) {
      const s = game.start(config(), dealer);
      const d = game.randomDeal(s, seeded('deal-order'));
      const deck = shuffle(DECK32, seeded('deal-order'));
      const nd = 1 - dealer;
      expect(d.hands[nd]).toEqual([...deck.slice(0, 3), ...deck.slice(6, 9), ...deck.slice(13, 16)]);
      expect(d.hands[dealer]).toEqual([...deck.slice(3, 6), ...deck.slice(9, 12), ...deck.slice(16, 19)]);
      expect(d.stock).toEqual([deck[12], ...deck.slice(19)]);
    }
  });

  it('before the bidding each holds 6 cards; the turned card is public, the stock hidden', () => {
    const s = started(DEAL_F);
    const v = game.viewFor(s, 1);
    expect(v.hand).toEqual(
      ['CT', 'CA', 'SA', 'HJ', 'H9', 'HA'].sort((a, b) => indexOf(a as Card) - indexOf(b as Card)),
    );
    expect(v.handCounts).toEqual([6, 6]);
    expect(v.turned).toBe('H8');
    expect(v.stockCount).toBe(19);
    expect(JSON.stringify(v)).not.toMatch(/"(HT|ST|S9|HK|HQ|DA)"/);
  });

  it('parseDeal rejects wrong sizes, unknown and duplicate cards', () => {
    const s = game.start(config(), 0);
    expect(game.parseDeal(s, DEAL_F).ok).toBe(true);
    const bad = [
      { ...DEAL_F, stock: DEAL_F.stock.slice(1) },
      { ...DEAL_F, hands: [DEAL_F.hands[0].slice(1), DEAL_F.hands[1]] },
      { ...DEAL_F, stock: ['C6', ...DEAL_F.stock.slice(1)] },
      { ...DEAL_F, stock: [DEAL_F.hands[0][0], ...DEAL_F.stock.slice(1)] },
      { hands: 'x', stock: [] },
      null,
    ];
    for (const b of bad) {
      const r = game.parseDeal(s, b);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('bad-deal');
    }
    const r = game.applyDeal(s, { ...DEAL_F, stock: ['DA', ...DEAL_F.stock.slice(1)] });
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-deal');
  });
});

describe('bidding', () => {
  // 003: "Der Nichthändler, der die erste Option hat ... kann die Klage der gegenübergestellten Karte oder
  // Durchlauf oder „schmeiss“ annehmen"
  it('the non-dealer speaks first: take, pass or schmeiss', () => {
    const s = started(DEAL_F);
    expect(game.toAct(s)).toEqual([1]);
    expect(legal(s, 1)).toEqual([TAKE, PASS, SCHMEISS].map((a) => JSON.stringify(a)));
    expect(legal(s, 0)).toEqual([]);
  });

  it('take: the turned suit is trump, the taker the maker, three more cards each', () => {
    const s = run(started(DEAL_F), [[1, TAKE]]);
    const v = game.viewFor(s, 1);
    expect(v.trump).toBe('H');
    expect(v.maker).toBe(1);
    expect(v.handCounts).toEqual([9, 9]);
    expect(v.stockCount).toBe(13);
  });

  // 003: "Wenn der Händler die schmeiss annimmt, werden die Hände innen geworfen und die Karten werden wieder behandelt"
  it('schmeiss accepted: the hands are thrown in and the same dealer deals again', () => {
    const s = run(started(DEAL_F), [
      [1, SCHMEISS],
      [0, ACCEPT],
    ]);
    expect(game.awaitsDeal(s)).toBe(true);
    expect(game.viewFor(s, 0).dealer).toBe(0);
    expect(game.viewFor(s, 0).thrownIn).toBe(1);
    expect(game.viewFor(s, 0).throwIn).toBe('schmeiss');
    expect(game.outcome(s).deals).toEqual([]);
    const again = unwrap(game.applyDeal(s, DEAL_F));
    expect(game.toAct(again)).toEqual([1]);
    // The new deal's view still says why the cards came again.
    expect(game.viewFor(again, 1).throwIn).toBe('schmeiss');
  });

  // 003: "aber, wenn der Händler ablehnt, fährt Spiel mit dem ursprünglichen Trumpf fort"
  it('schmeiss refused: play in the turned suit, the schmeisser is the maker', () => {
    const s = run(started(DEAL_F), [
      [1, SCHMEISS],
      [0, REFUSE],
    ]);
    expect(game.viewFor(s, 0).trump).toBe('H');
    expect(game.viewFor(s, 0).maker).toBe(1);
  });

  // 003: "Wenn der Konkurrent überschreitet, kann der Händler den Trumpf annehmen, überschreitet oder schmeiss."
  it('after a pass the dealer may take, pass or schmeiss; his schmeiss is answered by the non-dealer', () => {
    const s = run(started(DEAL_F), [[1, PASS]]);
    expect(game.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([TAKE, PASS, SCHMEISS].map((a) => JSON.stringify(a)));
    const sm = run(s, [[0, SCHMEISS]]);
    expect(game.toAct(sm)).toEqual([1]);
    expect(legal(sm, 1)).toEqual([ACCEPT, REFUSE].map((a) => JSON.stringify(a)));
    expect(game.viewFor(run(sm, [[1, REFUSE]]), 1).maker).toBe(0);
    expect(game.awaitsDeal(run(sm, [[1, ACCEPT]]))).toBe(true);
    expect(game.viewFor(run(s, [[0, TAKE]]), 1).maker).toBe(0);
  });

  // 003: "Wenn beide Spieler überschreiten, ist das Bieten für einen anderen Umlauf jeder Spieler geöffnet"
  it('both pass: a second round where each, non-dealer first, names another suit or passes', () => {
    const s = run(started(DEAL_F), [
      [1, PASS],
      [0, PASS],
    ]);
    expect(game.phase(s)).toBe('bid2');
    expect(game.toAct(s)).toEqual([1]);
    expect(legal(s, 1)).toEqual(
      ['C', 'S', 'D'].map((suit) => JSON.stringify({ t: 'name', suit })).concat(JSON.stringify(PASS)),
    );
    const named = run(s, [
      [1, PASS],
      [0, { t: 'name', suit: 'S' }],
    ]);
    expect(game.viewFor(named, 0).trump).toBe('S');
    expect(game.viewFor(named, 0).maker).toBe(0);
    const r = game.apply(s, 1, { t: 'name', suit: 'H' });
    expect(r.ok ? 'ok' : r.error.code).toBe('illegal-action');
  });

  // 003: "... werden die Hände innen geworfen und die Karten werden wieder behandelt."
  it('both pass twice: redeal by the same dealer', () => {
    const s = run(started(DEAL_F), [
      [1, PASS],
      [0, PASS],
      [1, PASS],
      [0, PASS],
    ]);
    expect(game.awaitsDeal(s)).toBe(true);
    expect(game.viewFor(s, 1).throwIn).toBe('passed');
    expect(game.viewFor(s, 1).dealer).toBe(0);
  });
});

describe('the trump-7 exchange (003: "Jeder Spieler, der die sieben der Trümpfe hält, kann es gegen die gegenübergestellte Karte austauschen")', () => {
  it('both are asked, non-dealer first; only the holder may exchange; the turned card goes into his hand', () => {
    const s = run(started(DEAL_F), [[1, TAKE]]);
    expect(game.phase(s)).toBe('exchange');
    expect(game.toAct(s)).toEqual([1]);
    expect(legal(s, 1)).toEqual([JSON.stringify(PASS)]);
    expect(game.apply(s, 1, EXCHANGE).ok).toBe(false);
    const d = run(s, [[1, PASS]]);
    expect(legal(d, 0)).toEqual([EXCHANGE, PASS].map((a) => JSON.stringify(a)));
    const x = run(d, [[0, EXCHANGE]]);
    expect(hand(x, 0)).toContain('H8');
    expect(hand(x, 0)).not.toContain('H7');
    expect(game.viewFor(x, 1).exchange).toEqual({ seat: 0, gave: 'H7', took: 'H8' });
  });

  it('without the exchange the turned card goes out of play ("andernfalls wird die gegenübergestellte Karte ... heraus gesetzt")', () => {
    const s = run(started(DEAL_F), [
      [1, TAKE],
      [1, PASS],
      [0, PASS],
    ]);
    expect(game.phase(s)).toBe('sequences');
    expect(hand(s, 0)).toContain('H7');
    expect(game.viewFor(s, 1).exchange).toBeNull();
  });

  it('when the turned card is the trump 7 itself there is nothing to exchange', () => {
    const d = deal('HJ H9 HA CA CT SA HT ST S9', 'HK HQ DA DT DK DQ H8 CK C7', 'H7');
    expect(game.phase(run(started(d), [[1, TAKE]]))).toBe('sequences');
  });

  it('with a named trump (second round) the holder of its 7 may exchange it for the turned card too', () => {
    const s = run(started(DEAL_F), [
      [1, PASS],
      [0, PASS],
      [1, { t: 'name', suit: 'C' }],
    ]);
    expect(legal(s, 1)).toEqual([JSON.stringify(PASS)]);
    const x = run(s, [
      [1, PASS],
      [0, EXCHANGE],
    ]);
    expect(hand(x, 0)).toContain('H8');
    expect(hand(x, 0)).not.toContain('C7');
  });

  it('the exported rule (`trumpSeven`, `afterExchange`, which the bots sample deals by) is the exchange the game makes', () => {
    for (const [steps, trump] of [
      [[[1, TAKE]], 'H'],
      [
        [
          [1, PASS],
          [0, PASS],
          [1, { t: 'name', suit: 'C' }],
        ],
        'C',
      ],
    ] as const) {
      const s = run(started(DEAL_F), [...steps, [1, PASS]] as never);
      const x = run(s, [[0, EXCHANGE]]);
      const t = SUIT_INDEX[trump];
      expect(CARDS[trumpSeven(t)]).toBe(`${trump}7`);
      expect(game.viewFor(x, 1).exchange?.gave).toBe(CARDS[trumpSeven(t)]);
      const byIndex = (h: readonly Card[]) => [...h].sort((a, b) => indexOf(a) - indexOf(b));
      expect(byIndex(afterExchange(hand(s, 0) ?? [], t, 'H8'))).toEqual(hand(x, 0));
      // The other seat's hand holds no trump 7: it stays as it is.
      expect(afterExchange(hand(s, 1) ?? [], t, 'H8')).toEqual(hand(s, 1));
    }
  });
});

describe('the sequence talk (003: "gut" / "nicht gut" / "wie Höhe")', () => {
  const talkOf = (s: KlaberjassState) => game.viewFor(s, 1).announcements.map((x) => [x.seat, x.action]);
  const toTalk = (
    nd: string,
    dl: string,
    turned: Card,
    trumpSteps: ReadonlyArray<readonly [number, KlaberjassAction]>,
  ) => {
    let s = run(started(deal(nd, dl, turned)), trumpSteps);
    while (game.phase(s) === 'exchange') s = run(s, [[game.toAct(s)[0], PASS]]);
    const said: unknown[] = [];
    while (game.phase(s) === 'sequences') {
      const seat = game.toAct(s)[0];
      const acts = game.legalActions(s, seat);
      expect(acts).toHaveLength(1);
      said.push([seat, acts[0]]);
      s = unwrap(game.apply(s, seat, acts[0]));
    }
    expect(talkOf(s)).toEqual(said);
    return { s, said, winner: game.viewFor(s, 0).sequenceWinner };
  };
  const take: ReadonlyArray<readonly [number, KlaberjassAction]> = [[1, TAKE]];

  it.each<[string, string, string, readonly (readonly [number, KlaberjassAction])[], number | null, string]>([
    // nd 9 cards, dealer 9 cards, turned (trump = its suit), expected talk, winner, passage
    [
      'HA HK HQ C7 C9 S7 S9 DJ D7',
      'CA CK CJ SA SK SJ DA DK DQ',
      'H8',
      [
        [1, { t: 'announce', value: 20 }],
        [0, { t: 'answer', verdict: 'equal' }],
        [1, { t: 'top', rank: 'A' }],
        [0, { t: 'answer', verdict: 'equal' }],
      ],
      1,
      'same rank, trump: "eine Reihenfolge in der Trumpfklage schlägt ein des gleichen Rank"',
    ],
    [
      'SA SK SQ C7 C9 H7 H9 DJ D7',
      'CA CK CJ HA HK HJ DA DK DQ',
      'H8',
      [
        [1, { t: 'announce', value: 20 }],
        [0, { t: 'answer', verdict: 'equal' }],
        [1, { t: 'top', rank: 'A' }],
        [0, { t: 'answer', verdict: 'equal' }],
      ],
      1,
      'same rank, no trump: "die Schläge der NichtHändler des Händlers"',
    ],
    [
      'SA SK SQ C7 C9 H7 H9 DJ D7',
      'CA CK CJ HA HK HJ DA DK DQ',
      'D8',
      [
        [1, { t: 'announce', value: 20 }],
        [0, { t: 'answer', verdict: 'equal' }],
        [1, { t: 'top', rank: 'A' }],
        [0, { t: 'answer', verdict: 'equal' }],
      ],
      0,
      "same rank, the dealer's in trump",
    ],
    [
      'SJ ST S9 C7 C9 H7 H9 DJ D7',
      'CA CK CJ HA HK HJ DA DK DQ',
      'H8',
      [
        [1, { t: 'announce', value: 20 }],
        [0, { t: 'answer', verdict: 'equal' }],
        [1, { t: 'top', rank: 'J' }],
        [0, { t: 'answer', verdict: 'not-good' }],
      ],
      0,
      '"eine höhere Reihenfolge gegen ein niedrigeres"',
    ],
    [
      'SJ ST S9 S8 C9 H7 H9 DJ D7',
      'CA CK CJ HA HK HJ DA DK DQ',
      'H8',
      [
        [1, { t: 'announce', value: 50 }],
        [0, { t: 'answer', verdict: 'good' }],
      ],
      1,
      '"Eine Vierkarte Reihenfolge schlägt eine Dreikarte"',
    ],
    [
      'SJ ST S9 C7 C9 H7 H9 DJ D7',
      'CA CK CQ CJ HA HK HJ DA D8',
      'H8',
      [
        [1, { t: 'announce', value: 20 }],
        [0, { t: 'answer', verdict: 'not-good' }],
      ],
      0,
      'the dealer\'s four beats three: "nicht gut"',
    ],
    [
      'SJ ST S9 C7 C9 H7 H9 DJ D7',
      'CA CK CJ HA HK HJ DA DQ D8',
      'H8',
      [
        [1, { t: 'announce', value: 20 }],
        [0, { t: 'answer', verdict: 'good' }],
      ],
      1,
      'the dealer has none: "gut"',
    ],
    [
      'SJ S9 S7 C7 C9 H7 H9 DJ D7',
      'CA CK CQ HA HK HJ DA DQ D8',
      'H8',
      [
        [1, PASS],
        [0, { t: 'announce', value: 20 }],
      ],
      0,
      'only the dealer holds one: he announces it and scores it (decision)',
    ],
    [
      'SJ S9 S7 C7 C9 H7 H9 DJ D7',
      'CA CK CT HA HK HJ DA DQ D8',
      'H8',
      [
        [1, PASS],
        [0, PASS],
      ],
      null,
      'neither holds one',
    ],
  ])('%s vs %s, turned %s', (nd, dl, turned, talk, winner) => {
    const r = toTalk(nd, dl, turned as Card, take);
    expect(r.said).toEqual(talk);
    expect(r.winner).toBe(winner);
  });

  it('option sequences=length: a five beats a four with a higher top card', () => {
    const nd = 'SK SQ SJ ST S9 H7 H9 DJ D7';
    const dl = 'CA CK CQ CJ HA HK DA DQ D8';
    const run1 = (options: Record<string, unknown>) => {
      let s = run(started(deal(nd, dl, 'H8'), 0, options), [
        [1, TAKE],
        [1, PASS],
        [0, PASS],
      ]);
      while (game.phase(s) === 'sequences')
        s = unwrap(game.apply(s, game.toAct(s)[0], game.legalActions(s, game.toAct(s)[0])[0]));
      return game.viewFor(s, 0).sequenceWinner;
    };
    expect(run1({})).toBe(0);
    expect(run1({ sequences: 'length' })).toBe(1);
  });

  it('a false statement is refused and changes nothing', () => {
    const s = run(started(DEAL_F), [
      [1, TAKE],
      [1, PASS],
      [0, PASS],
    ]);
    const before = JSON.stringify(s);
    const r = game.apply(s, 1, { t: 'announce', value: 50 });
    expect(r.ok ? 'ok' : r.error.code).toBe('illegal-action');
    expect(JSON.stringify(s)).toBe(before);
  });

  // 003: "Die hohe Reihenfolge wird nicht bis aufgedeckt, nachdem der erste Trick gespielt worden ist; dann
  // wird es auf der Tabelle zusammen mit allen möglichen anderen Reihenfolgen gegenübergestellt"
  it("the winner's sequences are shown after the first trick, all of them", () => {
    let s = run(started(DEAL_F), [[1, TAKE], [1, PASS], [0, EXCHANGE], ...TALK_F]);
    expect(game.viewFor(s, 1).sequenceWinner).toBe(0);
    expect(game.viewFor(s, 1).sequences).toBeNull();
    s = run(s, PLAY_F.slice(0, 1));
    expect(game.viewFor(s, 1).sequences).toBeNull();
    s = run(s, PLAY_F.slice(1, 2));
    expect(game.viewFor(s, 1).sequences).toEqual({ seat: 0, points: 20, cards: [['DA', 'DK', 'DQ']] });
  });
});

describe('play (003: "der Händler muss Klage immer folgen, wenn fähig; andernfalls muß er Trumpf")', () => {
  const atPlay = (nd: string, dl: string, turned: Card) => {
    let s = run(started(deal(nd, dl, turned)), [[1, TAKE]]);
    while (game.phase(s) !== 'play')
      s = unwrap(game.apply(s, game.toAct(s)[0], game.legalActions(s, game.toAct(s)[0]).at(-1)!));
    return s;
  };
  const ND = 'HJ H9 HA CA CT SA HT ST S9';

  it('the non-dealer leads the first trick, any card', () => {
    const s = atPlay(ND, 'HK HQ DA DT DK DQ H7 CK C7', 'H8');
    expect(game.toAct(s)).toEqual([1]);
    expect(legalPlays(s.held[2], s.led, s.own.trump)).toBe(s.held[2]);
  });

  it.each<[string, string, string, string]>([
    // dealer's hand, lead by the non-dealer, allowed answers, passage
    ['HK HQ DA DT DK DQ H7 CK C7', 'CA', 'CK C7', 'follow suit: "muss Klage immer folgen"'],
    ['HK HQ DA DT DK DQ H7 D7 D8', 'CA', 'HK HQ H7', 'cannot follow: "andernfalls muß er Trumpf"'],
    ['C7 CK CQ DA DT DK DQ D7 D8', 'SA', 'C7 CK CQ DA DT DK DQ D7 D8', 'neither suit nor trump: any card'],
    ['HK HQ DA DT DK DQ H7 CK C7', 'HJ', 'HK HQ H7', 'trump led, none higher than the Jass: any trump'],
    ['HK HQ H7 DT DK DQ D7 CK C7', 'HA', 'HK HQ H7', 'trump Ace led: K Q 7 are all lower, any trump'],
  ])('dealer holds %s, %s led: may play %s (%s)', (dl, lead, allowed) => {
    const s = run(atPlay(ND, dl, 'H8'), [[1, play(lead)]]);
    const got = game
      .legalActions(s, 0)
      .filter((a) => !('bella' in a))
      .map((a) => (a as { card: string }).card);
    expect(new Set(got)).toEqual(new Set(allowed.split(' ')));
  });

  // 003: "Wenn die öffnung Leitung ein Trumpf ist, muß der Händler den Trick nehmen, wenn möglich, indem er einen höheren Trumpf spielt."
  it('trump led: the follower must head it with a higher trump if he can', () => {
    const s = run(atPlay('HK H7 HA CA CT SA HT ST S9', 'HJ H9 HQ DT DK DQ D7 CK C7', 'H8'), [
      [1, play('HA')],
    ]);
    const got = game.legalActions(s, 0).map((a) => (a as { card: string }).card);
    expect(new Set(got)).toEqual(new Set(['HJ', 'H9']));
    const r = game.apply(s, 0, play('HQ'));
    expect(r.ok ? 'ok' : r.error.code).toBe('illegal-action');
  });

  it('the trick goes to the higher card of the suit led or to the trump; its winner leads next', () => {
    let s = atPlay(ND, 'HK HQ DA DT DK DQ H7 CK C7', 'H8');
    s = run(s, [[1, play('CA')]]);
    expect(game.viewFor(s, 0).trick).toEqual({ leader: 1, cards: [{ seat: 1, card: 'CA' }] });
    s = run(s, [[0, play('CK')]]);
    expect(game.viewFor(s, 0).trick).toBeNull();
    expect(game.viewFor(s, 0).tricks[0].cards).toEqual([
      { seat: 1, card: 'CA' },
      { seat: 0, card: 'CK' },
    ]);
    expect(game.viewFor(s, 0).tricks[0].winner).toBe(1);
    expect(game.toAct(s)).toEqual([1]);
    s = run(s, [
      [1, play('SA')],
      [0, play('HK')],
    ]);
    expect(game.viewFor(s, 0).tricks[1].winner).toBe(0);
    expect(game.toAct(s)).toEqual([0]);
  });
});

describe('Bella (003: "der Spieler, der den König hält und Königin der Trümpfe kann, nach dem Spielen der Sekunde jener Karten, Sagen „Bella“")', () => {
  const atPlay = () => run(started(DEAL_F), [[1, TAKE], [1, PASS], [0, EXCHANGE], ...TALK_F]);

  it('not with the first of King and Queen', () => {
    const s = run(atPlay(), PLAY_F.slice(0, 2));
    const r = game.apply(run(s, [[1, play('H9')]]), 0, play('HQ', true));
    expect(r.ok ? 'ok' : r.error.code).toBe('illegal-action');
  });

  it('with the second, by the seat that held both; optional', () => {
    const s = run(atPlay(), PLAY_F.slice(0, 5));
    expect(legal(s, 0)).toContain(JSON.stringify(play('HK', true)));
    expect(legal(s, 0)).toContain(JSON.stringify(play('HK')));
    expect(game.viewFor(run(s, [[0, play('HK', true)]]), 1).bella).toBe(0);
    expect(game.viewFor(run(s, [[0, play('HK')]]), 1).bella).toBeNull();
  });

  it('a King or Queen taken in the exchange counts: the exchanger held both when play began', () => {
    const d = deal('HJ H9 HA CA CT SA HT ST S9', 'HQ H7 H8 DA DT DK DQ CK C7', 'HK');
    let s = run(started(d), [
      [1, TAKE],
      [1, PASS],
      [0, EXCHANGE],
    ]);
    while (game.phase(s) === 'sequences')
      s = unwrap(game.apply(s, game.toAct(s)[0], game.legalActions(s, game.toAct(s)[0])[0]));
    s = run(s, [
      [1, play('HJ')],
      [0, play('HQ')],
      [1, play('H9')],
    ]);
    expect(legal(s, 0)).toContain(JSON.stringify(play('HK', true)));
  });

  it('never for a seat that did not hold both', () => {
    const d = deal('HJ H9 HA CA CT SA HK ST S9', 'HT HQ DA DT DK DQ H7 CK C7', 'H8');
    let s = run(started(d), [
      [1, TAKE],
      [1, PASS],
      [0, PASS],
    ]);
    while (game.phase(s) === 'sequences')
      s = unwrap(game.apply(s, game.toAct(s)[0], game.legalActions(s, game.toAct(s)[0])[0]));
    s = run(s, [
      [1, play('HJ')],
      [0, play('HQ')],
    ]);
    expect(game.legalActions(s, 1).some((a) => 'bella' in a)).toBe(false);
  });
});

describe('counting a fixed deal (DEAL_F, docs/rules/klaberjass.md)', () => {
  const full = (bids: ReadonlyArray<readonly [number, KlaberjassAction]>, options = {}) =>
    run(started(DEAL_F, 0, options), [...bids, [1, PASS], [0, EXCHANGE], ...TALK_F, ...PLAY_F]);

  it('maker higher: both score their own (003: "zählt Aufzeichnungen jedes Spielers seine volle Kerbe")', () => {
    const s = full([[1, TAKE]]);
    const [r] = game.outcome(s).deals;
    // The result names the last trick's cards (the table shows them at the end of the deal).
    const lastCards = game.viewFor(s, 'spectator').tricks[8].cards;
    expect(lastCards).toEqual(
      PLAY_F.slice(-2).map(([seat, a]) => ({ seat, card: (a as { card: string }).card })),
    );
    expect(r).toEqual({
      lastCards,
      dealer: 0,
      maker: 1,
      trump: 'H',
      turned: 'H8',
      exchange: 0,
      sequences: { seat: 0, points: 20, cards: [['DA', 'DK', 'DQ']] },
      bella: 0,
      lastTrick: 1,
      cardPoints: [0, 136],
      totals: [40, 146],
      scored: [40, 146],
      winner: 1,
      thrownIn: 0,
      schmeiss: { accepted: [], refused: null },
    });
    expect(game.outcome(s).scores).toEqual([40, 146]);
    expect(game.viewFor(s, 0).points).toEqual([0, 146]);
    // 003 alternating dealer (decision): seat 1 deals next.
    expect(game.viewFor(s, 0).dealer).toBe(1);
    expect(game.awaitsDeal(s)).toBe(true);
  });

  it('maker lower: the opponent scores both totals (003: "erhält er seine Selbst- und Kerbe seines Konkurrenten")', () => {
    const s = full([
      [1, PASS],
      [0, TAKE],
    ]);
    const [r] = game.outcome(s).deals;
    expect(r.maker).toBe(0);
    expect(r.totals).toEqual([40, 146]);
    expect(r.scored).toEqual([0, 186]);
    // The deal's winner is named in the result (the client shows it; it holds no rules).
    expect(r.winner).toBe(1);
  });

  it.each<[readonly number[], number, readonly number[], string]>([
    [[100, 80], 0, [100, 80], 'maker higher'],
    [
      [90, 90],
      0,
      [0, 90],
      'tie: "der Trumpfhersteller nichts, während sein Konkurrent seine eigene Gesamtmenge zählt"',
    ],
    [[70, 90], 0, [0, 160], 'maker lower'],
    [[90, 90], 1, [90, 0], 'tie, maker seat 1'],
    [[90, 70], 1, [160, 0], 'maker seat 1 lower'],
  ])('totals %j, maker %i: scored %j (%s)', (totals, maker, scored) => {
    expect(scoreDeal(totals, maker)).toEqual(scored);
  });

  it('a losing maker may forgo Bella (003: "kann seine Verluste strategisch begrenzen, indem er nicht die bella Kerbe behauptet")', () => {
    const plays = PLAY_F.map(([seat, a]) =>
      a.t === 'play' && a.bella ? ([seat, play(a.card)] as const) : ([seat, a] as const),
    );
    const s = run(started(DEAL_F), [[1, PASS], [0, TAKE], [1, PASS], [0, EXCHANGE], ...TALK_F, ...plays]);
    const [r] = game.outcome(s).deals;
    expect(r.bella).toBeNull();
    expect(r.scored).toEqual([0, 166]);
  });

  // 003: "Spiel ist 500 Punkte ... wenn beide Spieler 500 im gleichen Abkommen erreichen, zum Spieler mit den höheren Gesamtgewinnen"
  it('match: to the target; if both pass it in the same deal the higher total wins', () => {
    const one = full([[1, TAKE]], { target: 100 });
    expect(game.isOver(one)).toBe(true);
    expect(game.outcome(one).winners).toEqual([1]);
    const both = full([[1, TAKE]], { target: 30 });
    expect(game.outcome(both).winners).toEqual([1]);
    expect(game.outcome(full([[1, TAKE]])).over).toBe(false);
  });

  it('equal totals at or above the target: another deal (decision)', () => {
    const s0 = started(DEAL_F, 0, { target: 100 });
    const s = run({ ...s0, scores: [106, 0] }, [[1, TAKE], [1, PASS], [0, EXCHANGE], ...TALK_F, ...PLAY_F]);
    expect(game.outcome(s).scores).toEqual([146, 146]);
    expect(game.isOver(s)).toBe(false);
    expect(game.awaitsDeal(s)).toBe(true);
  });
});

describe('bad input: typed errors, state unchanged', () => {
  const s = started(DEAL_F);
  it.each([
    [5, TAKE, 'bad-seat'],
    [0, TAKE, 'not-your-turn'],
    [1, { t: 'accept' }, 'illegal-action'],
    [1, play('HJ'), 'illegal-action'],
  ] as const)('seat %i %j: %s', (seat, action, code) => {
    const before = JSON.stringify(s);
    const r = game.apply(s, seat, action as KlaberjassAction);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('actions at a chance node or after the end', () => {
    const fresh = game.start(config(), 0);
    const r = game.apply(fresh, 1, TAKE);
    expect(r.ok ? 'ok' : r.error.code).toBe('wrong-phase');
    const r2 = game.applyDeal(s, DEAL_F);
    expect(r2.ok ? 'ok' : r2.error.code).toBe('wrong-phase');
    const over = run(started(DEAL_F, 0, { target: 1 }), [
      [1, TAKE],
      [1, PASS],
      [0, EXCHANGE],
      ...TALK_F,
      ...PLAY_F.map(([seat, a]) => [seat, a.t === 'play' ? play(a.card) : a] as const),
    ]);
    expect(game.isOver(over)).toBe(true);
    const r3 = game.apply(over, 1, TAKE);
    expect(r3.ok ? 'ok' : r3.error.code).toBe('game-over');
    const r4 = game.applyDeal(over, DEAL_F);
    expect(r4.ok ? 'ok' : r4.error.code).toBe('game-over');
  });

  it('a card not in the hand, a card that must not be played', () => {
    const p = run(s, [[1, TAKE], [1, PASS], [0, PASS], ...TALK_F, [1, play('CA')]]);
    expect(game.apply(p, 0, play('SA')).ok).toBe(false);
    const r = game.apply(p, 0, play('DA'));
    expect(r.ok ? 'ok' : r.error.code).toBe('illegal-action');
  });

  it.each([
    [null, 'malformed'],
    [{}, 'malformed'],
    [{ t: 'fly' }, 'unknown-action'],
    [{ t: 'toString' }, 'unknown-action'],
    [{ t: 'name', suit: 'X' }, 'malformed'],
    [{ t: 'announce', value: 30 }, 'malformed'],
    [{ t: 'answer', verdict: 'maybe' }, 'malformed'],
    [{ t: 'top', rank: '6' }, 'malformed'],
    [{ t: 'play', card: 'HJ', bella: 'yes' }, 'malformed'],
    [{ t: 'take', extra: 1 }, 'malformed'],
  ])('parseAction(%j): %s', (input, code) => {
    const r = game.parseAction(input);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
  });

  it('a card outside the 32-card deck: a card to parse (the kernel parses plays of every game), malformed to play', () => {
    const p = run(s, [[1, TAKE], [1, PASS], [0, PASS], ...TALK_F]);
    const r = game.apply(p, 1, unwrap(game.parseAction({ t: 'play', card: 'H6' })));
    expect(r.ok ? 'ok' : r.error.code).toBe('malformed');
  });

  it('parseAction returns the interned action', () => {
    expect(unwrap(game.parseAction({ t: 'play', card: 'HJ' }))).toBe(
      unwrap(game.parseAction({ t: 'play', card: 'HJ' })),
    );
    expect(unwrap(game.parseAction({ t: 'play', card: 'HK', bella: true }))).toEqual({
      t: 'play',
      card: 'HK',
      bella: true,
    });
    expect(unwrap(game.parseAction({ t: 'play', card: 'HK', bella: false }))).toEqual({
      t: 'play',
      card: 'HK',
    });
  });

  it.each([
    [{ players: 3 }],
    [{ preset: 'x' }],
    [{ options: { target: 0 } }],
    [{ options: { target: 'x' } }],
    [{ options: { sequences: 'x' } }],
    [{ options: { nope: 1 } }],
    ['x'],
  ])('parseConfig(%j) is bad-config', (input) => {
    const r = game.parseConfig(input);
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-config');
  });

  it('config defaults', () => {
    expect(unwrap(game.parseConfig({ players: 2 }))).toEqual({
      players: 2,
      preset: 'hoyle',
      options: { target: 500, sequences: 'value' },
    });
  });
});

describe('views', () => {
  it("a spectator has no hand; no view holds the opponent's cards or the stock", () => {
    const s = run(started(DEAL_F), [
      [1, TAKE],
      [1, PASS],
    ]);
    const spec = game.viewFor(s, 'spectator');
    expect(spec.hand).toBeNull();
    expect(spec.handCounts).toEqual([9, 9]);
    const v1 = JSON.stringify(game.viewFor(s, 1));
    for (const c of ['HK', 'HQ', 'DA', 'H7', 'CK']) expect(v1).not.toContain(`"${c}"`);
    for (const c of DEAL_F.stock.slice(1)) expect(v1).not.toContain(`"${c}"`);
    expect(game.viewFor(s, 5 as number).hand).toBeNull();
  });
});

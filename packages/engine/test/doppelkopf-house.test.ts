/**
 * The house preset (text 004, docs/sources/004_e02c1909555f9756.txt): each rule as a table of cases
 * quoting its sentence, on fixed deals. docs/rules/doppelkopf.md "House preset (004)" gives the decisions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../src/core/game.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import {
  type DoppelkopfAction,
  type DoppelkopfState,
  doppelkopf,
  scoreHouse,
} from '../src/doppelkopf/index.ts';
import { DOKO40 } from '../src/kernel/index.ts';

type S = DoppelkopfState;
const g = doppelkopf;

/** A full deal: the given cards per seat, the rest of the 40-card deck dealt in deck order to fill up. */
function fill(partial: string[][]): string[][] {
  const left = new Map<string, number>();
  for (const c of DOKO40.cards) left.set(c, (left.get(c) ?? 0) + 1);
  for (const h of partial)
    for (const c of h) {
      const n = left.get(c) ?? 0;
      if (n === 0) throw new Error(`${c} used more than twice`);
      left.set(c, n - 1);
    }
  const rest: string[] = [];
  for (const [c, n] of left) for (let i = 0; i < n; i++) rest.push(c);
  return partial.map((h) => [...h, ...rest.splice(0, 10 - h.length)]);
}

/** A house match (dealer 3, so seat 0 is the forehand, unless given) dealt `hands`. */
function dealt(hands: string[][], options: object = {}, dealer: Seat = 3): S {
  const config = unwrap(g.parseConfig({ players: 4, preset: 'house', options }));
  const s = g.start(config, dealer);
  return unwrap(g.applyDeal(s, unwrap(g.parseDeal(s, { hands }))));
}

const act = (s: S, seat: Seat, a: object): S => {
  const r = g.apply(s, seat, unwrap(g.parseAction(a)));
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(a)}: ${r.error.reason}`);
  return r.value;
};
const steps = (s: S, list: [Seat, object][]): S => list.reduce((x, [seat, a]) => act(x, seat, a), s);
const healthy = (s: S): S =>
  steps(
    s,
    [0, 1, 2, 3].map((x) => [x, { t: 'healthy' }] as [Seat, object]),
  );
const play = (s: S, seat: Seat, card: string): S => act(s, seat, { t: 'play', card });
const kinds = (s: S, seat: Seat): string[] => g.legalActions(s, seat).map((a) => a.t);
const legal = (s: S, seat: Seat, a: object): boolean =>
  g.legalActions(s, seat).some((x) => JSON.stringify(x) === JSON.stringify(a));

// Seat 0 holds both Füchse; seats 0 and 1 hold a Kreuz-Dame each (Re).
const FOXES = [
  ['DA', 'DA', 'HT', 'CQ', 'SJ', 'DK', 'CA', 'CA', 'ST', 'SK'],
  ['CQ', 'HT', 'SQ', 'SQ', 'HQ', 'CJ', 'CT', 'CK', 'SA', 'HA'],
  ['HQ', 'DQ', 'DQ', 'CJ', 'SJ', 'HJ', 'HJ', 'DJ', 'CT', 'CK'],
  ['DJ', 'DT', 'DT', 'DK', 'ST', 'SK', 'SA', 'HA', 'HK', 'HK'],
];

describe('004 trump order', () => {
  it('"In abnehmender Folge: Schwein, Dullen, Damen (Kreuz, Pik, Herz, Karo), Buben, Karos (As, Zehn, König)."', () => {
    const s = healthy(dealt(FOXES));
    // Seat 0's hand as its view shows it: trumps high to low, then the plain suits.
    expect(g.viewFor(s, 0).hand).toEqual(['HT', 'CQ', 'SJ', 'DA', 'DA', 'DK', 'CA', 'CA', 'ST', 'SK']);
    expect(g.viewFor(s, 2).hand.slice(0, 8)).toEqual(['HQ', 'DQ', 'DQ', 'CJ', 'SJ', 'HJ', 'HJ', 'DJ']);
  });
});

describe('004 Schwein', () => {
  // Trick 1: seat 0 leads his first Fuchs. Re (seats 0, 1) wins it with the Dulle, or Kontra with a Dame.
  const brought = [
    [0, 'DA'],
    [1, 'HT'],
    [2, 'DJ'],
    [3, 'DT'],
  ] as const;
  const caught = [
    [0, 'DA'],
    [1, 'CJ'],
    [2, 'DQ'],
    [3, 'DT'],
  ] as const;
  const run = (options: object, trick1: readonly (readonly [number, string])[]) => {
    let s = healthy(dealt(FOXES, options));
    for (const [seat, c] of trick1) s = play(s, seat, c);
    return s;
  };
  it.each([
    {
      schwein: 'fox',
      trick1: brought,
      pig: false,
      why: 'default fox: the Dulle took the trick, not the first Fuchs',
    },
    {
      schwein: 'party',
      trick1: brought,
      pig: true,
      why: 'the first Fuchs went to its owner’s party: "sobald mit dem ersten ein Stich gemacht wird"',
    },
    {
      schwein: 'party',
      trick1: caught,
      pig: false,
      why: 'the first Fuchs was caught: no trick was made with it',
    },
    { schwein: 'any', trick1: caught, pig: true, why: 'option any: the first Fuchs lay in a trick' },
    { schwein: 'off', trick1: brought, pig: false, why: 'option off: no Schweine' },
  ])('$schwein, $why', ({ schwein, trick1, pig }) => {
    let s = run({ schwein }, trick1);
    const winner1 = trick1 === brought ? 1 : 2;
    // With `party` the owner may not know his partner, so he is not told before he plays it.
    expect(g.viewFor(s, 0).house?.schweinInHand).toBe(pig && schwein !== 'party');
    expect(g.viewFor(s, winner1 === 1 ? 2 : 1).house?.schwein).toBeNull();
    // Trick 2: the winner leads a Dame, seat 0 adds his second Fuchs last or in between.
    const lead = winner1 === 1 ? (['SQ', 'DQ', 'DK'] as const) : (['HQ', 'DK', 'SQ'] as const);
    const order = [winner1, (winner1 + 1) % 4, (winner1 + 2) % 4, (winner1 + 3) % 4];
    let i = 0;
    for (const seat of order) s = play(s, seat, seat === 0 ? 'DA' : lead[i++]);
    const trick = g.viewFor(s, 3).tricks[1];
    // "Schwein (höchster Trumpf)": above the Dullen and Damen.
    expect(trick.winner === 0).toBe(pig);
    // "Die Bekanntgabe eines Schweins erfolgt, sobald es zum Einsatz kommt."
    for (const v of [0, 1, 2, 3, 'spectator'] as const)
      expect(g.viewFor(s, v as never).house?.schwein).toEqual(pig ? { seat: 0, trick: 2 } : null);
  });
});
describe('004 Schwein, default reading: "sobald mit dem ersten ein Stich gemacht wird"', () => {
  it('the first Fuchs takes a trick (its owner wins it): the second is the Schwein, above the Dullen', () => {
    // Dealer 2: seat 3 leads a plain Herz; seat 0 has none and trumps with his first Fuchs, which wins.
    let s = dealt(FOXES, {}, 2);
    for (let i = 0; i < 4; i++) s = act(s, g.toAct(s)[0], { t: 'healthy' });
    for (const [seat, c] of [
      [3, 'HA'],
      [0, 'DA'],
      [1, 'HA'],
      [2, 'CT'],
    ] as const)
      s = play(s, seat, c);
    expect(g.viewFor(s, 1).tricks[0].winner).toBe(0);
    expect(g.viewFor(s, 0).house?.schweinInHand).toBe(true);
    // "Schwein (höchster Trumpf)": its owner's hand shows it first.
    expect(g.viewFor(s, 0).hand.slice(0, 2)).toEqual(['DA', 'HT']);
    expect(g.viewFor(s, 1).house?.schwein).toBeNull();
    for (const [seat, c] of [
      [0, 'DA'],
      [1, 'HT'],
      [2, 'DQ'],
      [3, 'DT'],
    ] as const)
      s = play(s, seat, c);
    expect(g.viewFor(s, 2).tricks[1].winner).toBe(0);
    expect(g.viewFor(s, 2).house?.schwein).toEqual({ seat: 0, trick: 2 });
    expect(g.outcome(s).deals).toHaveLength(0);
  });
});

// Seat 2 holds five Kings.
const SICK = fill([[], [], ['CK', 'CK', 'SK', 'SK', 'HK'], []]);

describe('004 Krankheit', () => {
  it('"Krank ist, wer fünf oder mehr Könige auf der Hand hat": only he may say sick', () => {
    let s = dealt(SICK);
    s = steps(s, [
      [0, { t: 'healthy' }],
      [1, { t: 'healthy' }],
    ]);
    expect(kinds(s, 2)).toContain('sick');
    const four = dealt(fill([[], [], ['CK', 'CK', 'SK', 'SK', 'DT'], []]));
    expect(kinds(four, 0)).not.toContain('sick');
    const r = g.apply(four, 0, { t: 'sick' } as DoppelkopfAction);
    expect(!r.ok && r.error.code).toBe('illegal-action');
  });
  it('"Der Kranke kann auf neues Mischen und Ausgeben bestehen. Dabei hat Krankheit das höchste Gewicht, es wird sofort neu gemischt": after a solo, at once, the same dealer, not counted', () => {
    let s = dealt(SICK);
    s = steps(s, [
      [0, { t: 'solo' }],
      [1, { t: 'healthy' }],
      [2, { t: 'sick' }],
    ]);
    expect(g.awaitsDeal(s)).toBe(true);
    const out = g.outcome(s);
    const last = out.deals[out.deals.length - 1];
    expect(last.contract.kind).toBe('redeal');
    expect(last.house).toMatchObject({ redeal: 'krankheit', seats: [2] });
    expect(last.score).toEqual([0, 0, 0, 0]);
    expect(s.m.deals).toBe(0);
    expect(s.m.dealer).toBe(3);
    expect(s.m.forehand).toBe(0);
  });
  it('option krankheit false: nobody is sick', () => {
    expect(
      kinds(
        steps(dealt(SICK, { krankheit: false }), [
          [0, { t: 'healthy' }],
          [1, { t: 'healthy' }],
        ]),
        2,
      ),
    ).not.toContain('sick');
  });
});

// Seat 1 is poor (two trumps: DA, HT); seat 0 holds both Kreuz-Damen (a Hochzeit).
const POOR = fill([
  ['CQ', 'CQ'],
  ['DA', 'HT', 'CA', 'CA', 'CK', 'CT', 'ST', 'SA', 'HA', 'HK'],
  [],
  ['SK', 'SK', 'HK'],
]);

/** Seat 1's Armut claimed; option `three` unless given (the house preset passes only the trumps). */
function armut(options: object = { armut: 'three' }): S {
  return steps(dealt(POOR, options), [
    [0, { t: 'healthy' }],
    [1, { t: 'reserve' }],
    [2, { t: 'healthy' }],
    [3, { t: 'healthy' }],
    [1, { t: 'declare', game: 'armut' }],
  ]);
}

describe('004 Armut', () => {
  it('"Arm ist, wer nicht mehr als drei Trumpfkarten hat": only he (or a Hochzeit) may reserve', () => {
    const s = steps(dealt(POOR), [[0, { t: 'healthy' }]]);
    expect(kinds(s, 1)).toContain('reserve');
    expect(kinds(steps(s, [[1, { t: 'healthy' }]]), 2)).not.toContain('reserve');
    expect(kinds(dealt(POOR, { armut: 'off' }), 0)).toContain('reserve'); // the Hochzeit
  });
  it('"Wer Armut geltend machen kann, gibt alle Trümpfe verdeckt an seinen linken Nachbarn ... gibt eine gleiche Anzahl verdeckt zurück": the house preset passes exactly his trumps', () => {
    // "eine gleiche Anzahl" only makes sense if the number varies: two trumps, two cards, no filling up.
    let s = armut({});
    expect(g.viewFor(s, 3).house?.armut?.cards).toBe(2);
    s = steps(s, [
      [1, { t: 'give', card: 'HT' }],
      [1, { t: 'give', card: 'DA' }],
    ]);
    expect(g.toAct(s)).toEqual([2]);
    expect(kinds(s, 2)).toEqual(['take', 'shove']);
    s = act(s, 2, { t: 'take' });
    expect(g.viewFor(s, 2).hand).toHaveLength(12);
    s = steps(s, [
      [2, { t: 'return', card: 'HT' }],
      [2, { t: 'return', card: 'DA' }],
    ]);
    expect(g.phase(s)).toBe('play');
  });
  it('option armut three: trumps first, then any card, one at a time', () => {
    let s = armut();
    expect(g.phase(s)).toBe('armut');
    expect(g.legalActions(s, 1).map((a) => JSON.stringify(a))).toEqual([
      '{"t":"give","card":"HT"}',
      '{"t":"give","card":"DA"}',
    ]);
    s = steps(s, [
      [1, { t: 'give', card: 'HT' }],
      [1, { t: 'give', card: 'DA' }],
    ]);
    expect(g.legalActions(s, 1)).toHaveLength(7); // the seven kinds left in his hand
    s = act(s, 1, { t: 'give', card: 'CA' });
    expect(g.toAct(s)).toEqual([2]);
    expect(kinds(s, 2)).toEqual(['take', 'shove']);
    // Face down: the neighbour, the others and the spectator see how many, not which.
    for (const v of [0, 2, 3, 'spectator'] as const) {
      const a = g.viewFor(s, v as never).house?.armut;
      expect(a).toMatchObject({ poor: 1, cards: 3, given: 3, at: 2, givenCards: null });
    }
    expect(g.viewFor(s, 1).house?.armut?.givenCards).toEqual(['CA', 'HT', 'DA']);
  });
  it('option armut trumps: he passes exactly his trumps', () => {
    const s = armut({ armut: 'trumps' });
    expect(g.viewFor(s, 3).house?.armut?.cards).toBe(2);
  });
  it('"Der kann nach links weiterschieben oder aufnehmen. Schieben alle Mitspieler, wird neu gemischt und ausgegeben."', () => {
    let s = steps(armut(), [
      [1, { t: 'give', card: 'HT' }],
      [1, { t: 'give', card: 'DA' }],
      [1, { t: 'give', card: 'CA' }],
      [2, { t: 'shove' }],
      [3, { t: 'shove' }],
    ]);
    expect(g.toAct(s)).toEqual([0]);
    expect(g.viewFor(s, 3).house?.armut?.givenCards).toBeNull();
    s = act(s, 0, { t: 'shove' });
    expect(g.awaitsDeal(s)).toBe(true);
    const last = g.outcome(s).deals.at(-1);
    expect(last?.contract.kind).toBe('redeal');
    expect(last?.house?.redeal).toBe('armut-refused');
    expect(last?.house?.armut?.shoved).toEqual([2, 3, 0]);
  });
  // Seat 3's own plain cards (the fill deals it these).
  const plain3 = POOR[3].filter((c) => c[0] !== 'D' && c[1] !== 'Q' && c[1] !== 'J' && c !== 'HT');
  it.each([
    { back: ['HT', 'CA', 'DA'], trumpsBack: true },
    { back: ['CA', plain3[0], plain3[2]], trumpsBack: false },
  ])(
    '"Wer die Karten aufnimmt, gibt eine gleiche Anzahl verdeckt zurück und meldet, ob er Trumpfkarten zurückgegeben hat oder nicht": $back',
    ({ back, trumpsBack }) => {
      let s = steps(armut(), [
        [1, { t: 'give', card: 'HT' }],
        [1, { t: 'give', card: 'DA' }],
        [1, { t: 'give', card: 'CA' }],
        [2, { t: 'shove' }],
        [3, { t: 'take' }],
      ]);
      expect(g.viewFor(s, 3).house?.armut?.givenCards).toEqual(['CA', 'HT', 'DA']);
      expect(g.viewFor(s, 3).hand).toHaveLength(13);
      for (const c of back) s = act(s, 3, { t: 'return', card: c });
      expect(g.phase(s)).toBe('play');
      for (const v of [0, 1, 2, 3, 'spectator'] as const) {
        const view = g.viewFor(s, v as never);
        expect(view.house?.armut?.trumpsBack).toBe(trumpsBack);
        expect(view.house?.armut?.returnedCards === null).toBe(v !== 1 && v !== 3);
        expect(view.handCounts).toEqual([10, 10, 10, 10]);
      }
      // "die Armut-Partei": the poor player and the taker are Re; the forehand leads.
      expect(s.d.contract).toMatchObject({ kind: 'armut', declarer: 1, partner: 3 });
      expect(g.viewFor(s, 2).knownParties).toEqual(['kontra', 're', 'kontra', 're']);
      expect(g.toAct(s)[0]).toBe(0);
    },
  );
  it('"Arm ist, wer nicht mehr als drei Trumpfkarten hat. Sind sogar zwei Spieler arm, so wird neu gegeben.": one claims, the other poor hand keeps quiet', () => {
    // Seat 2 holds two trumps (HT, DK) and says "healthy"; seat 1's Armut is void all the same.
    const hands = fill([
      [],
      ['DA', 'HT', 'CA', 'CA', 'CK', 'CT', 'ST', 'SA', 'HA', 'HK'],
      ['DK', 'CK', 'CT', 'ST', 'SA', 'HA', 'HK', 'SK', 'SK', 'HT'],
      [],
    ]);
    const s = steps(dealt(hands), [
      [0, { t: 'healthy' }],
      [1, { t: 'reserve' }],
      [2, { t: 'healthy' }],
      [3, { t: 'healthy' }],
      [1, { t: 'declare', game: 'armut' }],
    ]);
    expect(g.awaitsDeal(s)).toBe(true);
    expect(g.outcome(s).deals.at(-1)?.house).toMatchObject({ redeal: 'two-poor', seats: [1, 2] });
  });
  it('"Sind sogar zwei Spieler arm, so wird neu gegeben." (both claim Armut)', () => {
    const hands = fill([
      [],
      ['DA', 'HT', 'CA', 'CA', 'CK', 'CT', 'ST', 'SA', 'HA', 'HK'],
      ['DK', 'CK', 'CT', 'ST', 'SA', 'HA', 'HK', 'SK', 'SK', 'HT'],
      [],
    ]);
    const s = steps(dealt(hands), [
      [0, { t: 'healthy' }],
      [1, { t: 'reserve' }],
      [2, { t: 'reserve' }],
      [3, { t: 'healthy' }],
      [1, { t: 'declare', game: 'armut' }],
      [2, { t: 'declare', game: 'armut' }],
    ]);
    expect(g.awaitsDeal(s)).toBe(true);
    expect(g.outcome(s).deals.at(-1)?.house).toMatchObject({ redeal: 'two-poor', seats: [1, 2] });
  });
});

describe('004 Melden', () => {
  it('"Armut hat Vorrang vor Hochzeit"; "Hochzeit oder Armut zunächst nur als Vorbehalt": the kind stays hidden while named', () => {
    let s = steps(dealt(POOR), [
      [0, { t: 'reserve' }],
      [1, { t: 'reserve' }],
      [2, { t: 'healthy' }],
      [3, { t: 'healthy' }],
    ]);
    expect(kinds(s, 0)).toEqual(['declare']);
    s = act(s, 0, { t: 'declare', game: 'hochzeit' });
    expect(g.viewFor(s, 0).house?.vorbehalt).toBe('hochzeit');
    for (const v of [1, 2, 3, 'spectator'] as const) {
      expect(g.viewFor(s, v as never).house?.vorbehalt).toBeNull();
      expect(g.viewFor(s, v as never).contract).toBeNull();
    }
    s = act(s, 1, { t: 'declare', game: 'armut' });
    expect(g.phase(s)).toBe('armut');
    expect(g.viewFor(s, 2).house?.armut?.poor).toBe(1);
  });
  it('"Solo hat Vorrang vor Armut": a solo voids every Vorbehalt, never shown', () => {
    let s = steps(dealt(POOR), [
      [0, { t: 'healthy' }],
      [1, { t: 'reserve' }],
      [2, { t: 'solo' }],
      [3, { t: 'healthy' }],
    ]);
    expect(g.toAct(s)).toEqual([2]);
    s = act(s, 2, { t: 'declare', game: 'jacks' });
    expect(s.d.contract).toMatchObject({ kind: 'solo', declarer: 2, solo: 'jacks' });
    expect(g.viewFor(s, 0).house?.armut).toBeNull();
  });
  it('"im Uhrzeigersinn, links vom Geber beginnend": the forehand (dealer + 1) is asked first', () => {
    const s = dealt(POOR);
    expect(g.toAct(s)).toEqual([0]);
    expect(g.apply(s, 1, { t: 'healthy' } as DoppelkopfAction).ok).toBe(false);
  });
});

describe('004 Reizen: "Bei mehreren Solo-Anwärtern wird gereizt. Der hinten sitzende Spieler kann sein Solo nur durchsetzen, wenn der vorne sitzende Spieler bei den Ansagen (RE, keine-90, usw.) nicht mithalten kann."', () => {
  const bidding = (cands: Seat[]) =>
    steps(
      dealt(FOXES),
      [0, 1, 2, 3].map((x) => [x, { t: cands.includes(x) ? 'solo' : 'healthy' }] as [Seat, object]),
    );
  it('the rear player bids, the front player holds; the winner plays with his last level announced', () => {
    let s = bidding([0, 2]);
    expect(g.phase(s)).toBe('bid');
    expect(g.toAct(s)).toEqual([2]);
    expect(g.legalActions(s, 2).map((a) => JSON.stringify(a))).toEqual([
      '{"t":"bid","call":"re"}',
      '{"t":"bid","call":"keine90"}',
      '{"t":"bid","call":"keine60"}',
      '{"t":"bid","call":"keine30"}',
      '{"t":"bid","call":"schwarz"}',
      '{"t":"fold"}',
    ]);
    s = act(s, 2, { t: 'bid', call: 're' });
    expect(g.legalActions(s, 0).map((a) => JSON.stringify(a))).toEqual([
      '{"t":"bid","call":"re"}',
      '{"t":"fold"}',
    ]);
    s = steps(s, [
      [0, { t: 'bid', call: 're' }],
      [2, { t: 'bid', call: 'keine90' }],
      [0, { t: 'fold' }],
    ]);
    expect(g.toAct(s)).toEqual([2]);
    s = act(s, 2, { t: 'declare', game: 'queens' });
    expect(s.d.contract).toMatchObject({ kind: 'solo', declarer: 2, solo: 'queens' });
    const view = g.viewFor(s, 1);
    expect(view.announcements).toEqual([{ seat: 2, party: 're', call: 'keine90', played: 0, reply: false }]);
    expect(view.highest.re).toBe('keine90');
    expect(view.house?.bids).toEqual([
      { seat: 2, call: 're' },
      { seat: 0, call: 're' },
      { seat: 2, call: 'keine90' },
      { seat: 0, call: 'fold' },
    ]);
  });
  it('the front player who holds the highest level keeps his solo; unchallenged, nothing is announced', () => {
    let s = steps(bidding([1, 3]), [
      [3, { t: 'bid', call: 'schwarz' }],
      [1, { t: 'bid', call: 'schwarz' }],
    ]);
    expect(kinds(s, 3)).toEqual(['fold']);
    s = steps(s, [
      [3, { t: 'fold' }],
      [1, { t: 'declare', game: 'clubs' }],
    ]);
    expect(s.d.annRe).toBe(5);
    const t = steps(bidding([1, 3]), [
      [3, { t: 'fold' }],
      [1, { t: 'declare', game: 'clubs' }],
    ]);
    expect(t.d.annRe).toBe(0);
  });
  it('three candidates: the survivor holds against the next, the level carries on', () => {
    let s = bidding([0, 1, 2]);
    expect(g.toAct(s)).toEqual([1]);
    s = steps(s, [
      [1, { t: 'bid', call: 're' }],
      [0, { t: 'fold' }],
    ]);
    expect(g.toAct(s)).toEqual([2]);
    expect(legal(s, 2, { t: 'bid', call: 're' })).toBe(false);
    s = steps(s, [
      [2, { t: 'bid', call: 'keine60' }],
      [1, { t: 'bid', call: 'keine60' }],
      [2, { t: 'fold' }],
    ]);
    expect(g.phase(s)).toBe('declare');
    expect(g.toAct(s)).toEqual([1]);
  });
});

describe('004 Verschärfen (deadlines)', () => {
  // Plays the first legal card of the seat to play, n times.
  const cards = (s: S, n: number): S => {
    let x = s;
    for (let i = 0; i < n; i++) {
      const seat = g.toAct(x)[0];
      const a = g.legalActions(x, seat).find((y) => y.t === 'play');
      if (!a) throw new Error('no card');
      x = unwrap(g.apply(x, seat, a));
    }
    return x;
  };
  const start = () => healthy(dealt(FOXES));
  it.each([
    { played: 5, call: 're', seat: 1, ok: true, why: '"bevor die zweite Karte des zweiten Stichs liegt"' },
    { played: 6, call: 're', seat: 1, ok: false, why: 'the second card of trick 2 lies' },
    { played: 5, call: 'kontra', seat: 2, ok: true, why: 'KONTRA: the same deadline' },
    { played: 6, call: 'keine90', seat: 1, ok: false, why: '"lückenlos": RE is late, so KEINE-90 is too' },
  ])('$call after $played cards: $ok ($why)', ({ played, call, seat, ok }) => {
    const s = cards(start(), played);
    const r = g.apply(s, seat, { t: 'announce', call } as DoppelkopfAction);
    expect(r.ok).toBe(ok);
  });
  it.each([
    { at: 9, level: 'keine90', ok: true },
    { at: 10, level: 'keine90', ok: false },
    { at: 13, level: 'keine60', ok: false },
  ])(
    '"KEINE-90, KEINE-60, KEINE-30 oder KEINE-1 ... spätestens vor der zweiten Karte des entsprechenden dritten, vierten, fünften oder sechsten Stichs": $level after $at cards: $ok',
    ({ at, level, ok }) => {
      let s = cards(start(), 1);
      s = act(s, 1, { t: 'announce', call: 're' });
      s = cards(s, at - 1);
      expect(g.apply(s, 1, { t: 'announce', call: level } as DoppelkopfAction).ok).toBe(ok);
    },
  );
  it('"Hat eine Partei KEINE-90 angesagt, so kann dies die andere Partei nicht mehr tun."', () => {
    let s = cards(start(), 1);
    s = act(s, 1, { t: 'announce', call: 'keine90' });
    expect(legal(s, 2, { t: 'announce', call: 'kontra' })).toBe(true);
    expect(legal(s, 2, { t: 'announce', call: 'keine90' })).toBe(false);
  });
});

describe('004 Punkte (scoreHouse)', () => {
  const house = unwrap(g.parseConfig({ players: 4, preset: 'house' })).options;
  const zeroSum = { ...house, credit: 'zero-sum' as const };
  const winnersNet = { ...house, credit: 'winners-net' as const };
  const noFuchs = { ...house, fuchs: false };
  const RE2 = 0b0011;
  const SOLO = 0b0001;
  const facts = (re: number, reCards: number, annRe = 0, annKo = 0, specials: never[] = []) => ({
    re,
    annRe,
    annKo,
    points: { re: reCards, kontra: 240 - reCards },
    tricks: { re: 5, kontra: 5 },
    specials,
    solo: re === SOLO,
  });
  const fuchs = { kind: 'fuchsGefangen', party: 'kontra', points: 1, trick: 3 } as never;
  const kontraDoppelkopf = { kind: 'doppelkopf', party: 'kontra', points: 1, trick: 5 } as never;
  it.each([
    {
      f: facts(RE2, 121),
      o: house,
      score: [1, 1, 0, 0],
      why: '"mindestens einen Zählpunkt über der vereinbarten Grenze" (121); "Für KEINE-120 wird ein Punkt addiert"',
    },
    {
      f: facts(RE2, 120),
      o: house,
      score: [0, 0, 2, 2],
      why: '120 is not enough; "Einen weiteren Punkt gibt es, falls gegen die Alten ... gewonnen wurde"',
    },
    {
      f: facts(RE2, 160, 1, 1),
      o: house,
      score: [8, 8, 0, 0],
      why: 'KEINE-90 reached (1), "RE und KONTRA verdoppeln die ermittelte Punktzahl jeweils": (1 + 1) x 2 x 2',
    },
    {
      f: facts(RE2, 151, 2),
      o: house,
      score: [6, 6, 0, 0],
      why: '"zählen ... zwei Punkte, falls angesagt": (1 + 2) x 2',
    },
    {
      f: facts(RE2, 150, 2),
      o: house,
      score: [0, 0, 4, 4],
      why: 'KEINE-90 said, 150 is not 151: Kontra wins (1 + 1) x 2',
    },
    {
      f: facts(RE2, 240, 5),
      o: house,
      score: [18, 18, 0, 0],
      why: 'KEINE-1 (240): 1 + 2 + 2 + 2 + 2, doubled by RE',
    },
    {
      f: facts(SOLO, 130),
      o: house,
      score: [2, 0, 0, 0],
      why: '"Bei einem Solo wird diese Zahl schließlich noch verdoppelt"',
    },
    {
      f: facts(SOLO, 130),
      o: zeroSum,
      score: [6, -2, -2, -2],
      why: 'option zero-sum: the soloist three times',
    },
    {
      f: facts(SOLO, 100),
      o: zeroSum,
      score: [-12, 4, 4, 4],
      why: 'zero-sum, soloist lost: (1 + 1 gegen den Solisten) x 2',
    },
    {
      f: facts(RE2, 130, 1, 0, [fuchs]),
      o: house,
      score: [2, 2, 0, 0],
      why: '"Anschließend werden die Sonderpunkte hinzugezählt ... allen Gewinnern gutgeschrieben": 1 x 2 (RE), the losers’ Fuchs lapses',
    },
    {
      f: facts(RE2, 131, 0, 0, [fuchs, kontraDoppelkopf]),
      o: house,
      score: [1, 1, 0, 0],
      why: 'Re wins 131:109, Kontra has a Fuchs and a Doppelkopf: winning never costs points',
    },
    {
      f: facts(RE2, 131, 0, 0, [fuchs, kontraDoppelkopf]),
      o: winnersNet,
      score: [-1, -1, 0, 0],
      why: 'option credit winners-net: the losers’ Sonderpunkte come off, the winners end behind',
    },
    {
      f: facts(RE2, 130, 1, 0, [fuchs]),
      o: zeroSum,
      score: [1, 1, -1, -1],
      why: 'option zero-sum: 1 x 2 (RE), the losers’ Fuchs off',
    },
    {
      f: facts(RE2, 130, 1, 0, [fuchs]),
      o: noFuchs,
      score: [2, 2, 0, 0],
      why: 'option fuchs false: no such Sonderpunkt',
    },
  ])('$why', ({ f, o, score }) => {
    expect(scoreHouse(f, o, 'normal').score).toEqual(score);
  });
  it('Kontra with the higher announcement is measured: "Diejenige Partei, die ... eine Verschärfung angesagt hat"', () => {
    // Kontra said KEINE-90, Re only RE: Kontra needs 151; with 140 Re wins (1) doubled twice.
    const v = scoreHouse(facts(RE2, 100, 1, 2), house, 'normal');
    expect(v.winner).toBe('re');
    expect(v.score).toEqual([4, 4, 0, 0]);
    const w = scoreHouse(facts(RE2, 80, 1, 2), house, 'normal');
    expect(w.winner).toBe('kontra');
    // 1 + 2 (KEINE-90 announced, Re under 90) + 1 gegen die Alten, doubled twice.
    expect(w.score).toEqual([0, 0, 16, 16]);
  });
  it('a value of 0 is +0 for everyone, never -0 (JSON would turn -0 into 0 and views would differ on the wire)', () => {
    // Kontra wins 1 + 1 gegen die Alten, then Re's two Sonderpunkte come off: 0.
    const reFuchs = { kind: 'fuchsGefangen', party: 're', points: 1, trick: 3 } as never;
    const karlchen = { kind: 'karlchen', party: 're', points: 1, trick: 9 } as never;
    for (const o of [winnersNet, zeroSum]) {
      const v = scoreHouse(facts(RE2, 100, 0, 0, [reFuchs, karlchen]), o, 'normal');
      expect(v.winner).toBe('kontra');
      expect(Object.is(v.forRe, 0), `forRe ${v.forRe}`).toBe(true);
      for (const x of v.score) expect(Object.is(x, 0), `score ${v.score}`).toBe(true);
    }
  });
  it('"allen Gewinnern gutgeschrieben": with the preset options a winner is never credited less than 0 or less than a loser', () => {
    const kinds = ['fuchsGefangen', 'karlchen', 'doppelkopf'];
    const special = fc.record({
      kind: fc.constantFrom(...kinds),
      party: fc.constantFrom('re', 'kontra'),
      points: fc.constant(1),
      trick: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(RE2, 0b0101, 0b1001, SOLO, 0b0010),
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(special, { maxLength: 8 }),
        (re, reCards, annRe, annKo, specials) => {
          const f = { ...facts(re, reCards, annRe, annKo, specials as never[]), solo: (re & (re - 1)) === 0 };
          const v = scoreHouse(f, house, 'normal');
          const winners = [0, 1, 2, 3].filter((x) => (((re >> x) & 1) !== 0) === (v.winner === 're'));
          for (const w of winners) {
            expect(v.score[w]).toBeGreaterThanOrEqual(0);
            for (let x = 0; x < 4; x++) expect(v.score[w]).toBeGreaterThanOrEqual(v.score[x]);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
  it('"gegen die Armut-Partei" is its own item', () => {
    expect(scoreHouse(facts(RE2, 100), house, 'armut').items.map((i) => i.kind)).toEqual([
      'won',
      'gegenDieArmut',
    ]);
  });
});

describe('004 Hochzeit and Solospiele', () => {
  const HOCHZEIT = fill([['CQ', 'CQ', 'HT', 'HT', 'SQ', 'SQ', 'HQ', 'HQ', 'DQ', 'DQ'], [], [], []]);
  const toEnd = (s: S, tricks: number): S => {
    let x = s;
    for (let i = 0; i < tricks * 4; i++) {
      const seat = g.toAct(x)[0];
      const a = g.legalActions(x, seat).find((y) => y.t === 'play');
      if (!a) throw new Error('no card');
      x = unwrap(g.apply(x, seat, a));
    }
    return x;
  };
  const reserveHochzeit = (hands: string[][]) =>
    steps(dealt(hands), [
      [0, { t: 'reserve' }],
      [1, { t: 'healthy' }],
      [2, { t: 'healthy' }],
      [3, { t: 'healthy' }],
      [0, { t: 'declare', game: 'hochzeit' }],
    ]);
  it('"Macht der Hochzeiter die ersten drei Stiche selber, so spielt er alleine gegen die anderen."', () => {
    // All Dullen and Damen in one hand: he wins the first three tricks.
    const s = toEnd(reserveHochzeit(HOCHZEIT), 3);
    expect(s.d.contract).toMatchObject({ kind: 'hochzeit', partner: null, failed: true });
    const end = toEnd(s, 7);
    const last = g.outcome(end).deals.at(-1);
    expect(last?.parties.re).toEqual([0]);
    // "Bei Solospielen gibt es keine Sonderpunkte für Karl-, Fuchs- oder Doppelkopf-Stiche."
    expect(last?.items.some((i) => ['fuchsGefangen', 'karlchen', 'doppelkopf'].includes(i.kind))).toBe(false);
    expect(last?.items.some((i) => i.kind === 'soloDoubled')).toBe(true);
  });
  it('"Sein Partner wird, wer von seinen Mitspielern als erster einen Stich macht."', () => {
    const hands = fill([['CQ', 'CQ', 'CA', 'SA', 'HA', 'CK', 'SK', 'HK', 'CT', 'ST'], [], [], []]);
    const s = toEnd(reserveHochzeit(hands), 1);
    const w = g.viewFor(s, 2).tricks[0].winner;
    expect(w).not.toBe(0);
    expect(s.d.contract).toMatchObject({ kind: 'hochzeit', partner: w, clarification: 1 });
  });
  it('"Hochzeit kann auch ohne Anmeldung als stilles Solo gespielt werden."', () => {
    const s = healthy(dealt(HOCHZEIT));
    expect(s.d.contract?.kind).toBe('silent-solo');
    expect(g.viewFor(s, 1).contract?.kind).toBe('normal');
  });
});

describe('Armut: "verdeckt" — passed and returned cards are seen by giver and taker only', () => {
  const TRUMPS = new Set(['HT', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DA', 'DT', 'DK']);
  /** Drives a seeded deal into an Armut (if a seat is poor) and through the exchange, the k-th choice varied. */
  function exchange(seed: number, vary: number): { views: unknown[][]; poor: Seat; taker: Seat } | null {
    const config = unwrap(g.parseConfig({ players: 4, preset: 'house' }));
    const rng = seeded(`armut-${seed}`);
    let s = g.start(config, 3);
    s = unwrap(g.applyDeal(s, g.randomDeal(s, rng)));
    let p: Seat = -1;
    for (let x = 0; x < 4; x++) {
      const who = g.toAct(s)[0];
      const canReserve = legal(s, who, { t: 'reserve' }) && p < 0;
      if (canReserve) p = who;
      s = act(s, who, { t: canReserve ? 'reserve' : 'healthy' });
    }
    if (p < 0 || !legal(s, p, { t: 'declare', game: 'armut' })) return null;
    s = act(s, p, { t: 'declare', game: 'armut' });
    const views: unknown[][] = [];
    let step = 0;
    while (g.phase(s) === 'armut') {
      const who = g.toAct(s)[0];
      const list = g.legalActions(s, who);
      // Alternatives of the same trump-ness, so that what is announced ("ob er Trumpfkarten ...") stays equal.
      let a = list[rng.int(list.length)] as { t: string; card?: string };
      if (step === vary && a.card !== undefined) {
        const alt = list.find((x) => {
          const c = (x as { card?: string }).card;
          return c !== undefined && c !== a.card && TRUMPS.has(c) === TRUMPS.has(a.card as string);
        });
        if (alt) a = alt as typeof a;
      }
      if (a.t === 'shove' && g.viewFor(s, 0).house?.armut?.shoved.length === 2) a = { t: 'take' };
      s = act(s, who, a);
      step++;
      views.push([0, 1, 2, 3].map((v) => g.viewFor(s, v)));
    }
    const taker = s.d.house?.armut?.taker ?? -1;
    return { views, poor: p, taker };
  }
  it('varying one card given or returned changes no view of the other two seats', () => {
    let compared = 0;
    for (let seed = 0; seed < 400 && compared < 20; seed++) {
      const base = exchange(seed, -1);
      if (base === null) continue;
      for (let k = 0; k < base.views.length; k++) {
        const other = exchange(seed, k);
        if (other === null || other.taker !== base.taker) continue;
        for (let v = 0; v < 4; v++) {
          if (v === base.poor || v === base.taker) continue;
          for (let i = 0; i < Math.min(base.views.length, other.views.length); i++)
            expect(other.views[i][v], `seed ${seed}, varied step ${k}, viewer ${v}, step ${i}`).toEqual(
              base.views[i][v],
            );
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});

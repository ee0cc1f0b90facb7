/**
 * Doppelkopf rules as tables of cases naming their source: the DDV tournament rules as the oracle program
 * plays them (packages/cli/test/oracles/doppelkopf-ddv/README.md, "README" below) and 004's sentences. Counting
 * tests replay oracle games (test/oracle/doppelkopf-ddv-sample.json, provenance inside).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type DoppelkopfAction,
  type DoppelkopfState,
  doppelkopf as G,
  KIND_CARDS,
  type ScoreItem,
  scoreDdv,
  trickOrder,
} from '../src/doppelkopf/index.ts';
import { type Card, DOKO48, SPECTATOR, unwrap, winnerIndex } from '../src/index.ts';

type S = DoppelkopfState;

const ORDER_INDEX = ['normal', 'diamonds', 'hearts', 'spades', 'clubs', 'jacks', 'queens', 'fleischlos'];
const kind = (c: string): number => DOKO48.kindOf(c);
const winner = (order: string, cards: string[], dulle: 'first' | 'second' = 'first'): number =>
  winnerIndex(trickOrder(ORDER_INDEX.indexOf(order), dulle === 'second'), cards.map(kind));

describe('trick order (README "Trump order"; 004 "In abnehmender Folge")', () => {
  const TRUMPS: Record<string, string[]> = {
    normal: ['HT', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DA', 'DT', 'DK', 'D9'],
    diamonds: ['HT', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DA', 'DT', 'DK', 'D9'],
    hearts: ['HT', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'HA', 'HK', 'H9'],
    spades: ['HT', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'SA', 'ST', 'SK', 'S9'],
    clubs: ['HT', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'C9'],
    jacks: ['CJ', 'SJ', 'HJ', 'DJ'],
    queens: ['CQ', 'SQ', 'HQ', 'DQ'],
    fleischlos: [],
  };
  for (const [order, trumps] of Object.entries(TRUMPS)) {
    it(`${order}: every trump beats the next one led before it, and a plain ace`, () => {
      for (let i = 0; i + 1 < trumps.length; i++) {
        expect(winner(order, [trumps[i + 1], trumps[i]]), `${trumps[i]} over ${trumps[i + 1]}`).toBe(1);
        expect(winner(order, [trumps[i], trumps[i + 1]])).toBe(0);
      }
      const plainAce = ['CA', 'SA', 'HA'].find((c) => !trumps.includes(c));
      for (const t of trumps) if (plainAce) expect(winner(order, [plainAce, t])).toBe(1);
    });
  }
  it.each([
    // README: "Fehl order A, 10, K, D, B, 9 (Herz in normal trumps: A, K, 9)".
    ['normal', ['CT', 'CA'], 1],
    ['normal', ['CK', 'CT'], 1],
    ['normal', ['C9', 'CK'], 1],
    ['normal', ['HK', 'HA'], 1],
    ['normal', ['H9', 'HK'], 1],
    ['jacks', ['CQ', 'CK'], 1],
    ['jacks', ['CJ', 'CA'], 0],
    ['queens', ['CJ', 'C9'], 0],
    ['fleischlos', ['HA', 'HT'], 0],
    ['fleischlos', ['HT', 'HK'], 0],
    ['fleischlos', ['CQ', 'CJ'], 0],
    // A card of another plain suit never takes the trick.
    ['normal', ['SA', 'CA'], 0],
    ['normal', ['S9', 'HA', 'CA'], 0],
  ] as const)('%s: %j won by card %i', (order, cards, w) => {
    expect(winner(order, [...cards])).toBe(w);
  });
  it('README "Of two equal cards the first played wins (also two Dullen)": ddv, dulle first', () => {
    expect(winner('normal', ['HT', 'HT'])).toBe(0);
    expect(winner('normal', ['CQ', 'CQ'])).toBe(0);
    expect(winner('hearts', ['HA', 'HA'])).toBe(0);
  });
  it('004 "Die zweite Dulle sticht die erste, ansonsten sticht jeweils die erste von zwei gleichen Karten."', () => {
    expect(winner('normal', ['HT', 'HT'], 'second')).toBe(1);
    expect(winner('normal', ['CQ', 'HT', 'DA', 'HT'], 'second')).toBe(3);
    expect(winner('normal', ['CQ', 'CQ'], 'second')).toBe(0);
    expect(winner('normal', ['DA', 'DA'], 'second')).toBe(0);
    // Where the Herz-Zehn is no trump (Fleischlos) it is a plain card: the first of two wins.
    expect(winner('fleischlos', ['HT', 'HT'], 'second')).toBe(0);
  });
});

// ---- driving a deal ----

function setup(preset: 'ddv' | 'house', hands: string[][], options: object = {}, dealer = 3): S {
  const cfg = unwrap(G.parseConfig({ players: 4, preset, options: { pflichtsolo: false, ...options } }));
  return unwrap(G.applyDeal(G.start(cfg, dealer), unwrap(G.parseDeal(G.start(cfg, dealer), { hands }))));
}

const act = (s: S, seat: number, a: DoppelkopfAction): S => {
  const r = G.apply(s, seat, a);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(a)}: ${r.error.reason}`);
  return r.value;
};
const healthyAll = (s: S): S => {
  let x = s;
  for (let i = 0; i < 4; i++) x = act(x, x.turn, { t: 'healthy' });
  return x;
};
const playCard = (s: S, seat: number, card: string): S => act(s, seat, { t: 'play', card: card as Card });
const calls = (s: S, seat: number): string[] =>
  G.legalActions(s, seat)
    .filter((a) => a.t === 'announce')
    .map((a) => (a as { call: string }).call);

/** A 48-card deal: seats 0 and 2 hold one Kreuz-Dame each. */
const DEAL: string[][] = [
  ['CQ', 'HT', 'SQ', 'DJ', 'DA', 'DK', 'CA', 'CT', 'SA', 'S9', 'HA', 'H9'],
  ['HT', 'HQ', 'HJ', 'DT', 'D9', 'CJ', 'CK', 'C9', 'ST', 'SK', 'HA', 'HK'],
  ['CQ', 'SQ', 'DQ', 'SJ', 'DA', 'DK', 'CA', 'CT', 'SA', 'S9', 'H9', 'HK'],
  ['HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DT', 'D9', 'CK', 'C9', 'ST', 'SK'],
];

describe('Vorbehalt round and contracts (README "reservations", "contract", "leader")', () => {
  it('all gesund: a normal game; the holders of the Kreuz-Damen are Re; the forehand leads', () => {
    const s = healthyAll(setup('ddv', DEAL));
    expect(s.phase).toBe('play');
    expect(s.d.contract?.kind).toBe('normal');
    expect(s.d.re).toBe(0b0101);
    expect(s.turn).toBe(0);
  });
  it('both Kreuz-Damen and nothing declared: a stilles Solo, Re alone (004 "stilles Solo")', () => {
    const hands = DEAL.map((h) => h.slice());
    // Seat 0 gets seat 2's Kreuz-Dame for its Pik-Dame.
    hands[0][2] = 'CQ';
    hands[2][0] = 'SQ';
    const s = healthyAll(setup('ddv', hands));
    expect(s.d.contract?.kind).toBe('silent-solo');
    expect(s.d.re).toBe(0b0001);
    // Nobody else is told: their views show a normal game until the deal ends.
    expect(G.viewFor(s, 1).contract?.kind).toBe('normal');
    expect(G.viewFor(s, SPECTATOR).contract?.kind).toBe('normal');
    expect(G.viewFor(s, 0).contract?.kind).toBe('silent-solo');
  });
  it('Vorbehalt + Hochzeit: only with both Kreuz-Damen; a later solo beats it', () => {
    const hands = DEAL.map((h) => h.slice());
    hands[0][2] = 'CQ';
    hands[2][0] = 'SQ';
    let s = setup('ddv', hands);
    s = act(s, 0, { t: 'reserve' });
    s = act(s, 1, { t: 'healthy' });
    s = act(s, 2, { t: 'reserve' });
    s = act(s, 3, { t: 'healthy' });
    expect(s.phase).toBe('declare');
    expect(G.apply(s, 2, { t: 'declare', game: 'hochzeit' }).ok).toBe(false);
    s = act(s, 0, { t: 'declare', game: 'hochzeit' });
    expect(s.turn).toBe(2);
    expect(G.legalActions(s, 2).map((a) => (a as { game: string }).game)).not.toContain('hochzeit');
    s = act(s, 2, { t: 'declare', game: 'jacks' });
    expect(s.d.contract).toMatchObject({ kind: 'solo', solo: 'jacks', declarer: 2, pflicht: false });
    // A Lustsolo: the forehand leads.
    expect(s.turn).toBe(0);
  });
  it('immediate solo (README immediateSolo): while nobody before has a Vorbehalt; the round ends', () => {
    let s = setup('ddv', DEAL);
    s = act(s, 0, { t: 'healthy' });
    s = act(s, 1, { t: 'declare', game: 'fleischlos' });
    expect(s.phase).toBe('play');
    expect(s.d.contract).toMatchObject({ kind: 'solo', solo: 'fleischlos', declarer: 1, immediate: true });
    let t = setup('ddv', DEAL);
    t = act(t, 0, { t: 'reserve' });
    expect(G.apply(t, 1, { t: 'declare', game: 'fleischlos' }).ok).toBe(false);
  });
  it('Pflichtsolo: the soloist leads (README "leader"); the deal is repeated with the same forehand', () => {
    const cfg = unwrap(G.parseConfig({ players: 4, preset: 'ddv', options: { games: 8 } }));
    let s = unwrap(G.applyDeal(G.start(cfg, 3), { hands: DEAL as Card[][] }));
    s = act(s, 0, { t: 'healthy' });
    s = act(s, 1, { t: 'healthy' });
    s = act(s, 2, { t: 'declare', game: 'queens' });
    expect(s.d.contract).toMatchObject({ pflicht: true, declarer: 2 });
    expect(s.turn).toBe(2);
    // Play the deal out with the first legal card.
    while (s.phase === 'play') {
      const card = G.legalActions(s, s.turn).find((a) => a.t === 'play')!;
      s = act(s, s.turn, card);
    }
    expect(s.m.forehand).toBe(0);
    expect(s.m.soloDone).toBe(0b0100);
  });
  it('Vorführung: the games left equal the open Pflichtsoli; the first owing seat from the forehand must play one', () => {
    const cfg = unwrap(G.parseConfig({ players: 4, preset: 'ddv', options: { games: 4 } }));
    const s = unwrap(G.applyDeal(G.start(cfg, 3), { hands: DEAL as Card[][] }));
    expect(s.phase).toBe('declare');
    expect(G.toAct(s)).toEqual([0]);
    expect(G.legalActions(s, 0).every((a) => a.t === 'declare' && a.game !== 'hochzeit')).toBe(true);
    const t = act(s, 0, { t: 'declare', game: 'hearts' });
    expect(t.d.contract).toMatchObject({ vorfuehrung: true, pflicht: true, declarer: 0 });
  });
});

describe('announcement deadlines, DDV (README peculiarity 3; docs/rules/doppelkopf.md)', () => {
  const start = () => healthyAll(setup('ddv', DEAL));
  it('Re/Kontra with 11 or 12 cards, by party; a higher call includes the lower ones', () => {
    const s = start();
    expect(calls(s, 0)).toEqual(['re', 'keine90', 'keine60', 'keine30', 'schwarz']);
    expect(calls(s, 1)).toEqual(['kontra', 'keine90', 'keine60', 'keine30', 'schwarz']);
  });
  it('with 10 cards and nothing said nobody may announce; toAct lists only the seat to play', () => {
    let s = start();
    // Trick 1: 0 CA, 1 CK, 2 CT, 3 C9 — seat 0 wins and leads again.
    for (const [seat, c] of [
      [0, 'CA'],
      [1, 'CK'],
      [2, 'CT'],
      [3, 'C9'],
      [0, 'SA'],
      [1, 'SK'],
      [2, 'S9'],
      [3, 'SK'],
    ] as const)
      s = playCard(s, seat, c);
    for (const seat of [0, 1, 2, 3]) expect(calls(s, seat)).toEqual([]);
    expect(G.toAct(s)).toEqual([s.turn]);
  });
  it("reply: after the opponents' Kontra a party may still say Re with 10 cards, not with 9; then nothing more", () => {
    let s = start();
    s = act(s, 1, { t: 'announce', call: 'kontra' });
    for (const [seat, c] of [
      [0, 'CA'],
      [1, 'CK'],
      [2, 'CT'],
      [3, 'C9'],
    ] as const)
      s = playCard(s, seat, c);
    // Seats 0 and 2 (Re) hold 11 cards: anything goes.
    expect(calls(s, 2)).toContain('keine90');
    s = playCard(s, 0, 'SA');
    s = playCard(s, 1, 'SK');
    s = playCard(s, 2, 'S9');
    // Seat 0 and 2 hold 10 cards: only the reply.
    expect(calls(s, 0)).toEqual(['re']);
    const r = act(s, 0, { t: 'announce', call: 're' });
    expect(r.d.anns?.reply).toBe(true);
    expect(calls(r, 2)).toEqual([]);
    // The Kontra party's ladder: keine 90 with 10 cards.
    expect(calls(r, 1)).toEqual(['keine90', 'keine60', 'keine30', 'schwarz']);
  });
  it("the other party's call is refused with a reason", () => {
    const s = start();
    const r = G.apply(s, 1, { t: 'announce', call: 're' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('illegal-action');
  });
});

describe('004 deadlines by cards played ("bevor die zweite Karte des zweiten Stichs liegt")', () => {
  const HOUSE_DEAL = DEAL.map((h) => h.filter((c) => c[1] !== '9'));
  // 40 cards: fill each hand to 10 with the nines' places taken by the cards left over.
  const left = ['DJ', 'SJ', 'HJ', 'CJ', 'DT', 'HQ', 'DQ', 'SQ'];
  for (const h of HOUSE_DEAL) while (h.length > 10) left.push(h.pop() as string);
  for (const h of HOUSE_DEAL) while (h.length < 10) h.push(left.pop() as string);
  it('Re/Kontra until the first card of trick 2 lies, not after its second card', () => {
    const cfg = unwrap(G.parseConfig({ players: 4, preset: 'house', options: { melden: 'ddv' } }));
    const parsed = G.parseDeal(G.start(cfg, 3), { hands: HOUSE_DEAL });
    if (!parsed.ok) throw new Error(parsed.error.reason);
    let s = unwrap(G.applyDeal(G.start(cfg, 3), parsed.value));
    s = healthyAll(s);
    const re = [0, 1, 2, 3].find((x) => (s.d.re >> x) & 1)!;
    for (let i = 0; i < 5; i++) {
      expect(calls(s, re).length, `after ${i} cards`).toBeGreaterThan(0);
      const card = G.legalActions(s, s.turn).find((a) => a.t === 'play')!;
      s = act(s, s.turn, card);
    }
    // 5 cards lie (the first of trick 2): still allowed; after the 6th not.
    expect(calls(s, re)).toContain(re === 0 || re === 2 ? 're' : 'kontra');
    s = act(s, s.turn, G.legalActions(s, s.turn).find((a) => a.t === 'play')!);
    expect(calls(s, re)).toEqual([]);
  });
});

describe('valuation (README "value"): table of cases', () => {
  const facts = (re: number, annRe: number, annKo: number, rePts: number, koTricks = 6, reTricks = 6) => ({
    re: 0b0101,
    annRe,
    annKo,
    points: { re, kontra: 240 - re },
    tricks: { re: reTricks, kontra: koTricks },
    specials: [] as ScoreItem[],
    solo: false,
    rePts,
  });
  const kinds = (items: readonly ScoreItem[]) => items.map((i) => `${i.kind}:${i.party}:${i.points}`).sort();
  it.each([
    ['Re 121, nothing said: Re wins', 121, 0, 0, 're', 1, ['won:re:1']],
    [
      'Re 120: Kontra wins, gegen die Alten',
      120,
      0,
      0,
      'kontra',
      -2,
      ['gegenDieAlten:kontra:1', 'won:kontra:1'],
    ],
    ['only Kontra said Kontra: Re wins with 120', 120, 0, 1, 're', 3, ['kontraAnnounced:re:2', 'won:re:1']],
    [
      'Re said keine 90 and took 151',
      151,
      2,
      0,
      're',
      5,
      ['keine90Announced:re:1', 'opponentsUnder90:re:1', 'reAnnounced:re:2', 'won:re:1'],
    ],
    [
      'Re said keine 90 and took 150: Kontra wins with 90',
      150,
      2,
      0,
      'kontra',
      -5,
      ['gegenDieAlten:kontra:1', 'keine90Announced:kontra:1', 'reAnnounced:kontra:2', 'won:kontra:1'],
    ],
    [
      'both said keine 90, Re 140: nobody wins; Re reached 120 against keine 90',
      140,
      2,
      2,
      'none',
      1,
      ['reached120VsKeine90:re:1'],
    ],
  ] as const)('%s', (_, re, annRe, annKo, win, forRe, items) => {
    const v = scoreDdv(facts(re, annRe, annKo, re));
    expect(v.winner).toBe(win);
    expect(v.forRe).toBe(forRe);
    expect(kinds(v.items)).toEqual([...items].sort());
    expect(v.score).toEqual([forRe, -forRe, forRe, -forRe]);
  });
  it('README "multiplier": a solo counts three times for the soloist, zero-sum', () => {
    const v = scoreDdv({ ...facts(121, 0, 0, 121), re: 0b0010 });
    expect(v.score).toEqual([-1, 3, -1, -1]);
  });
});

// ---- counting tests: oracle games replayed ----

interface OracleGame {
  id: string;
  forehand: number;
  dealer: number;
  leader: number;
  hands: string[][];
  reservations: { answers: (string | null)[]; events: { seat: number; question: string; answer: boolean }[] };
  contract: { kind: string; declarer?: number; soloKind?: string };
  parties: { re: number[]; kontra: number[] };
  announcements: { seat: number; kind: string; cardsPlayed: number }[];
  tricks: { leader: number; plays: [number, string][]; winner: number; points: number }[];
  cardPoints: { bySeat: number[] };
  value: { winner: string; items: { kind: string; party: string; points: number }[] };
  score: number[];
}

const SAMPLE: { games: OracleGame[] } = JSON.parse(
  readFileSync(new URL('./oracle/doppelkopf-ddv-sample.json', import.meta.url), 'utf8'),
);

describe('counting: oracle games replayed card by card (test/oracle/doppelkopf-ddv-sample.json)', () => {
  it.each(SAMPLE.games.map((g) => [g.id, g] as const))('%s', (_, g) => {
    const cfg = unwrap(G.parseConfig({ players: 4, preset: 'ddv', options: { pflichtsolo: false } }));
    let s = unwrap(G.applyDeal(G.start(cfg, g.dealer), { hands: g.hands as Card[][] }));
    const c = g.contract;
    for (let i = 0; i < 4; i++) {
      const seat = s.turn;
      const reserve =
        g.reservations.answers[seat] === 'vorbehalt' || (c.kind === 'hochzeit' && c.declarer === seat);
      s = act(s, seat, { t: reserve ? 'reserve' : 'healthy' });
    }
    while (s.phase === 'declare')
      s = act(s, s.turn, {
        t: 'declare',
        game: (s.turn === c.declarer && c.kind === 'solo' ? c.soloKind : 'hochzeit') as 'hochzeit',
      });
    expect(s.turn).toBe(g.leader);
    const anns = g.announcements.slice();
    let played = 0;
    for (const t of g.tricks)
      for (const [seat, card] of t.plays) {
        while (anns.length > 0 && anns[0].cardsPlayed === played) {
          const a = anns.shift()!;
          s = act(s, a.seat, { t: 'announce', call: a.kind as 're' });
        }
        s = playCard(s, seat, card);
        played++;
      }
    const r = s.m.results[0];
    expect(r.tricks.map((t) => [t.winner, t.points])).toEqual(g.tricks.map((t) => [t.winner, t.points]));
    expect(r.cardPoints.bySeat).toEqual(g.cardPoints.bySeat);
    expect(r.parties).toEqual(g.parties);
    expect(r.winner).toBe(g.value.winner);
    const key = (items: readonly { kind: string; party: string; points: number }[]) =>
      items.map((i) => `${i.kind}/${i.party}/${i.points}`).sort();
    expect(key(r.items)).toEqual(key(g.value.items));
    expect(r.score).toEqual(g.score);
  });
});

describe('views: a seat sees its own hand only', () => {
  it('hands, reservation kinds, trick cards', () => {
    let s = setup('ddv', DEAL);
    s = act(s, 0, { t: 'reserve' });
    for (const v of [0, 1, 2, 3]) {
      const view = G.viewFor(s, v);
      expect([...view.hand].sort()).toEqual([...DEAL[v]].sort());
      expect(view.handCounts).toEqual([12, 12, 12, 12]);
      expect(view.reservations[0]).toBe('reserve');
    }
    expect(G.viewFor(s, SPECTATOR).hand).toEqual([]);
  });
  it("hands are shown trumps first, strongest first (the contract's order)", () => {
    const s = healthyAll(setup('ddv', DEAL));
    expect(G.viewFor(s, 0).hand.slice(0, 6)).toEqual(['HT', 'CQ', 'SQ', 'DJ', 'DA', 'DK']);
  });
});

describe('typed errors', () => {
  const cfg = unwrap(G.parseConfig({ players: 4, preset: 'ddv' }));
  it.each([
    [{ players: 3 }, 'bad-config'],
    [{ players: 4, preset: 'skat' }, 'bad-config'],
    [{ players: 4, options: { games: 0 } }, 'bad-config'],
    [{ players: 4, options: { dulle: 'third' } }, 'bad-config'],
    [{ players: 4, options: { nosuch: 1 } }, 'bad-config'],
  ])('config %j: %s', (input, code) => {
    const r = G.parseConfig(input);
    expect(!r.ok && r.error.code).toBe(code);
  });
  it.each([
    ['a hand short', DEAL.map((h, i) => (i === 0 ? h.slice(1) : h))],
    ['a card three times', DEAL.map((h, i) => (i === 1 ? ['CQ', ...h.slice(1)] : h))],
    ['not a card', DEAL.map((h, i) => (i === 2 ? ['ZZ', ...h.slice(1)] : h))],
  ])('deal: %s', (_, hands) => {
    const r = G.parseDeal(G.start(cfg, 0), { hands });
    expect(!r.ok && r.error.code).toBe('bad-deal');
  });
  it('a nine in the 40-card house deck', () => {
    const house = unwrap(G.parseConfig({ players: 4, preset: 'house' }));
    const hands = [0, 1, 2, 3].map((i) => KIND_CARDS.filter((c) => c[1] !== '9').slice(i * 5, i * 5 + 5));
    const full = hands.map((h) => [...h, ...h]);
    full[0][0] = 'C9';
    const r = G.parseDeal(G.start(house, 0), { hands: full });
    expect(!r.ok && r.error.code).toBe('bad-deal');
  });
  it('play: not in hand, not the suit led, not your turn, before the Vorbehalt round ends', () => {
    const s0 = setup('ddv', DEAL);
    expect((G.apply(s0, 0, { t: 'play', card: 'CQ' }) as { error: { code: string } }).error.code).toBe(
      'illegal-action',
    );
    let s = healthyAll(s0);
    expect((G.apply(s, 0, { t: 'play', card: 'CJ' }) as { error: { code: string } }).error.code).toBe(
      'illegal-action',
    );
    expect((G.apply(s, 1, { t: 'play', card: 'CJ' }) as { error: { code: string } }).error.code).toBe(
      'not-your-turn',
    );
    s = playCard(s, 0, 'CA');
    // Seat 1 holds CK and C9: the Kreuz-Bube is a trump and may not be played to a Kreuz lead.
    const r = G.apply(s, 1, { t: 'play', card: 'CJ' });
    expect(!r.ok && r.error.code).toBe('illegal-action');
    expect(G.apply(s, 7, { t: 'play', card: 'CK' }).ok).toBe(false);
    expect(
      (G.parseAction({ t: 'announce', call: 'keine120' }) as { error: { code: string } }).error.code,
    ).toBe('malformed');
  });
});

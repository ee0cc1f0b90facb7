/**
 * Doppelkopf's performance shortcuts (docs/architecture.md, shortcut table) against the kernel's card-level
 * forms, on random positions of random self-play: the hands (the kernel's `held` words over the game's kinds)
 * against the kernel's two-copy `CardSet`; the legal cards of `legalKinds` (suit masks per contract)
 * and the play actions `legalActions` lists against the kernel's `legalCards` with the `follow` policy; the trick winner `play` keeps on the strength
 * tables against the kernel's `winnerIndex` over the deal's `TrickOrder` (`dealOrder`: both Dulle rules, and the
 * house Schwein under each of its rules).
 */
import { describe, expect, it } from 'vitest';
import { heldInPlay } from '../src/doppelkopf/announce.ts';
import { cardsOf, fastHands } from '../src/doppelkopf/deal.ts';
import {
  allowedLevels,
  type DoppelkopfAction,
  type DoppelkopfState,
  dealOrder,
  doppelkopf as G,
  held,
  heldTwice,
  legalKinds,
  trickOrder,
} from '../src/doppelkopf/index.ts';
import { partyOf } from '../src/doppelkopf/play.ts';
import {
  cardsIn,
  DOKO40,
  DOKO48,
  legalCards,
  randomStep,
  seeded,
  setOf,
  type TrickRules,
  unwrap,
  winnerIndex,
} from '../src/index.ts';

type S = DoppelkopfState;

/** States of random self-play, with the options given. */
function* states(preset: 'ddv' | 'house', options: object, seed: string, count: number): Generator<S> {
  const rng = seeded(seed);
  const cfg = unwrap(G.parseConfig({ players: 4, preset, options }));
  let s: S = G.start(cfg, 0);
  for (let i = 0; i < count; i++) {
    if (G.isOver(s)) s = G.start(cfg, 0);
    if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
    else {
      const step = randomStep(G, s, rng);
      s = unwrap(G.apply(s, step.seat, step.action as DoppelkopfAction));
    }
    yield s;
  }
}

const SETUPS = [
  { preset: 'ddv', options: {} },
  { preset: 'house', options: { schwein: 'off' } },
  // The house Schwein: once live, the Karo-Ass still to come (its owner's second) is above every trump.
  { preset: 'house', options: {} },
  { preset: 'house', options: { schwein: 'any' } },
  { preset: 'house', options: { schwein: 'party' } },
  { preset: 'ddv', options: { dulle: 'second' } },
] as const;

const kinds = (cards: readonly string[]) => cards.map((c) => DOKO48.kindOf(c));
const sorted = (cards: readonly string[]) => [...cards].sort();

describe.each(SETUPS)('doppelkopf shortcuts equal the kernel: $preset $options', ({ preset, options }) => {
  it('hand words hold the same cards as the kernel CardSet of the dealt hand', () => {
    const rng = seeded(`hands/${preset}`);
    const cfg = unwrap(G.parseConfig({ players: 4, preset, options }));
    const deck = cfg.options.nines ? DOKO48 : DOKO40;
    for (let i = 0; i < 200; i++) {
      const s0 = G.start(cfg, i % 4);
      const deal = G.randomDeal(s0, rng);
      const s = unwrap(G.applyDeal(s0, deal));
      for (let seat = 0; seat < 4; seat++) {
        const kernel = cardsIn(deck, setOf(deck, deal.hands[seat])!);
        expect(sorted(cardsOf(held(s, seat), heldTwice(s, seat)))).toEqual(sorted(kernel));
        // The words are the kernel's set over the game's kinds (DOKO48's numbering, for both decks).
        const set = setOf(DOKO48, deal.hands[seat])!;
        expect([s.held[2 * seat], s.held[2 * seat + 1]]).toEqual([set.lo, set.hi]);
      }
    }
  });

  it('a card played leaves the kernel set of the hand left (its second copy first), in every step', () => {
    for (const s of states(preset, options, `words/${preset}/${JSON.stringify(options)}`, 5_000))
      for (let seat = 0; seat < 4; seat++) {
        const hand =
          s.phase === 'play' ? G.viewFor(s, seat).hand : cardsOf(held(s, seat), heldTwice(s, seat));
        const set = setOf(DOKO48, hand)!;
        expect([s.held[2 * seat], s.held[2 * seat + 1]]).toEqual([set.lo, set.hi]);
      }
  });

  it('legalKinds equals kernel legalCards (policy follow) and the winner of every trick equals winnerIndex', () => {
    let positions = 0;
    let tricks = 0;
    let schweine = 0;
    for (const s of states(preset, options, `legal/${preset}/${JSON.stringify(options)}`, 30_000)) {
      if (s.phase === 'play') {
        const rules: TrickRules<number> = { order: dealOrder(s), policy: 'follow' };
        const hand = kinds(cardsOf(held(s, s.turn), heldTwice(s, s.turn)));
        const view = G.viewFor(s, s.turn);
        const trick = kinds((view.trick?.cards ?? []).map((c) => c.card));
        const want = new Set(legalCards(rules, hand, trick));
        let got = legalKinds(s, s.turn);
        const gotKinds = new Set<number>();
        while (got !== 0) {
          gotKinds.add(31 - Math.clz32(got & -got));
          got &= got - 1;
        }
        expect(gotKinds).toEqual(want);
        // ... and the play actions listed (interned per suit where they lie in one suit's six kinds).
        const listed = G.legalActions(s, s.turn)
          .filter((a) => a.t === 'play')
          .map((a) => DOKO48.kindOf((a as { card: string }).card));
        expect(new Set(listed)).toEqual(want);
        expect(listed.length).toBe(want.size);
        // The open trick's best card so far (the play step keeps its seat packed, play.ts) by the deal's order.
        const open = view.trick?.cards ?? [];
        if (open.length > 0) expect(open[winnerIndex(dealOrder(s), trick)].seat).toBe((s.trick >>> 14) & 3);
        positions++;
      }
      if ((s.phase === 'deal' || s.phase === 'over') && s.m.results.length > 0) {
        const r = s.m.results[s.m.results.length - 1];
        const solo = [
          'normal',
          'diamonds',
          'hearts',
          'spades',
          'clubs',
          'jacks',
          'queens',
          'fleischlos',
        ].indexOf(r.contract.solo ?? 'normal');
        const order = trickOrder(solo, s.config.options.dulle === 'second');
        // The trick the Schwein was played to ranks it above every trump (dealOrder's live Schwein).
        const pig = r.house?.schwein?.trick ?? 0;
        const o = trickOrder(solo, s.config.options.dulle === 'second', true);
        r.tricks.forEach((t, i) => {
          const cards = kinds(t.plays.map(([, c]) => c));
          expect(t.plays[winnerIndex(i + 1 === pig ? o : order, cards)][0]).toBe(t.winner);
          tricks++;
          if (i + 1 === pig) schweine++;
        });
      }
    }
    expect(positions).toBeGreaterThan(1000);
    expect(tricks).toBeGreaterThan(0);
    // A Schwein is played in some deal wherever the rule has one (the random players play it sooner or later).
    if (preset === 'house' && !('schwein' in options && options.schwein === 'off'))
      expect(schweine).toBeGreaterThan(0);
  });

  it('the listed actions of every seat in play (interned announcer lists, cards with announcements) are exactly those apply accepts', () => {
    const calls = ['re', 'kontra', 'keine90', 'keine60', 'keine30', 'schwarz'] as const;
    const every: DoppelkopfAction[] = [
      ...DOKO48.cards
        .filter((c, i) => DOKO48.cards.indexOf(c) === i)
        .map((card) => ({ t: 'play', card }) as const),
      ...calls.map((call) => ({ t: 'announce', call }) as const),
      { t: 'quiet' },
    ];
    const key = (a: DoppelkopfAction) => JSON.stringify(a);
    let optional = 0;
    let withCalls = 0;
    for (const s of states(preset, options, `actions/${preset}/${JSON.stringify(options)}`, 6000)) {
      if (s.phase !== 'play') continue;
      let open = false;
      for (let seat = 0; seat < 4; seat++) {
        const listed = G.legalActions(s, seat);
        const keys = listed.map(key);
        expect(new Set(keys).size).toBe(keys.length);
        const accepted = every.filter((a) => G.apply(s, seat, a).ok).map(key);
        expect(new Set(keys)).toEqual(new Set(accepted));
        // callState's thresholds against `allowedLevels`: listed = could announce (in either party while the
        // parties are hidden), and the state's `calls` = some seat could in some party.
        const levels = [allowedLevels(s, 0, seat), allowedLevels(s, 1, seat)];
        const hidden = s.d.contract?.kind === 'normal' || s.d.contract?.kind === 'silent-solo';
        const could = hidden ? (levels[0] | levels[1]) !== 0 : levels[partyOf(s, seat)] !== 0;
        if (seat !== s.turn && (s.quiet & (1 << seat)) === 0)
          expect(G.toAct(s).includes(seat), `seat ${seat} listed`).toBe(could);
        if ((levels[0] | levels[1]) !== 0) open = true;
        if (seat !== s.turn && listed.length > 0) optional++;
        if (seat === s.turn && listed.some((a) => a.t === 'announce')) withCalls++;
      }
      if (s.calls || open) expect(s.calls).toBe(open);
    }
    expect(optional).toBeGreaterThan(50);
    expect(withCalls).toBeGreaterThan(50);
  });
});

describe('doppelkopf shortcut heldInPlay: the cards held read off the cards played', () => {
  /** Random play that takes every Vorbehalt, Armut and its cards it can (so that Armut games come up often). */
  function* armutStates(options: object, seed: string, count: number): Generator<S> {
    const rng = seeded(seed);
    const cfg = unwrap(G.parseConfig({ players: 4, preset: 'house', options }));
    let s: S = G.start(cfg, 0);
    const prefer = ['reserve', 'take'];
    for (let i = 0; i < count; i++) {
      if (G.isOver(s)) s = G.start(cfg, 0);
      if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
      else if (s.phase !== 'play') {
        const legal = G.legalActions(s, s.turn);
        const a =
          legal.find((x) => (x.t === 'declare' && x.game === 'armut') || prefer.includes(x.t)) ??
          legal.find((x) => x.t === 'healthy') ??
          legal[rng.int(legal.length)];
        s = unwrap(G.apply(s, s.turn, a));
      } else {
        const step = randomStep(G, s, rng, 0.3);
        s = unwrap(G.apply(s, step.seat, step.action as DoppelkopfAction));
      }
      yield s;
    }
  }

  const cases = [
    ...SETUPS.map(({ preset, options }) => ({
      name: `${preset} ${JSON.stringify(options)}`,
      preset,
      options,
    })),
    { name: 'house Armut (three)', preset: 'armut', options: { armut: 'three' } },
    { name: 'house Armut (trumps)', preset: 'armut', options: { armut: 'trumps' } },
  ] as const;

  it.each(cases)('equals the hand words in every position of play: $name', ({ preset, options }) => {
    const all =
      preset === 'armut'
        ? armutStates(options, `held/${JSON.stringify(options)}`, 40_000)
        : states(preset, options, `held/${preset}/${JSON.stringify(options)}`, 20_000);
    let positions = 0;
    let armut = 0;
    for (const s of all) {
      if (s.phase !== 'play') continue;
      for (let seat = 0; seat < 4; seat++)
        expect(heldInPlay(s, seat), `seat ${seat}`).toBe(cardsOf(held(s, seat), heldTwice(s, seat)).length);
      positions++;
      if (s.d.contract?.kind === 'armut') armut++;
    }
    expect(positions).toBeGreaterThan(1000);
    if (preset === 'armut') expect(armut).toBeGreaterThan(100);
  });
});

describe('doppelkopf shortcut randomDeal: the shuffle of slot numbers in a scratch array', () => {
  it.each(['ddv', 'house'] as const)(
    'deals what Fisher-Yates over the deck cards deals with the same draws: %s',
    (preset) => {
      const cfg = unwrap(G.parseConfig({ players: 4, preset }));
      const deck = cfg.options.nines ? DOKO48 : DOKO40;
      const a = seeded(`deal/${preset}`);
      const b = seeded(`deal/${preset}`);
      for (let i = 0; i < 300; i++) {
        const s = G.start(cfg, i % 4);
        const got = G.randomDeal(s, a).hands;
        // The straightforward form (core/rng.ts order of draws): shuffle a copy, one packet per seat from the forehand.
        const cards = deck.cards.slice();
        for (let j = cards.length - 1; j > 0; j--) {
          const k = b.int(j + 1);
          [cards[j], cards[k]] = [cards[k], cards[j]];
        }
        const n = cards.length / 4;
        const forehand = ((i % 4) + 1) % 4;
        for (let p = 0; p < 4; p++) expect(got[(forehand + p) % 4]).toEqual(cards.slice(p * n, p * n + n));
      }
    },
  );
});

describe('doppelkopf shortcut fastHands: a deal read straight into the hand words', () => {
  /** The kernel's words (`checkHands` via `dealBits`) by a deal applied with the shortcut failing: an extra field. */
  const kernelWords = (s0: S, hands: unknown): number[] | string => {
    const r = G.applyDeal(s0, { hands, x: 1 } as never);
    const p = G.parseDeal(s0, { hands });
    if (!p.ok) return p.error.code;
    expect(r.ok).toBe(false); // the extra field is refused: the words come from parseDeal's hands below
    const s = unwrap(G.applyDeal(s0, p.value));
    return s.held.slice();
  };

  it.each([
    ['ddv', true],
    ['house', false],
  ] as const)(
    'accepts exactly the deals the kernel check accepts, with the same words: %s',
    (preset, nines) => {
      const cfg = unwrap(G.parseConfig({ players: 4, preset }));
      const rng = seeded(`fastHands/${preset}`);
      const s0 = G.start(cfg, 0);
      const other = nines ? 'D9' : 'DJ';
      let refused = 0;
      for (let i = 0; i < 400; i++) {
        const hands = G.randomDeal(s0, rng).hands.map((h) => h.slice()) as unknown[][];
        // Every fourth deal spoilt: a card swapped for another (a kind dealt three times, or a nine without
        // nines), a card that is none, a short hand, a hand that is no list.
        const spoil = i % 4 === 3 ? i % 5 : -1;
        if (spoil === 0) hands[1][3] = hands[0][0];
        if (spoil === 1) hands[2][0] = nines ? 'XX' : 'D9';
        if (spoil === 2) hands[3].pop();
        if (spoil === 3) hands[0] = 'C9' as never;
        if (spoil === 4) hands[2][5] = other;
        const words = [0, 0, 0, 0, 0, 0, 0, 0];
        const fast = fastHands(nines, hands, words);
        const want = kernelWords(s0, hands);
        if (typeof want === 'string') {
          expect(fast, JSON.stringify(hands)).toBe(false);
          refused++;
        } else {
          expect(fast).toBe(true);
          expect(words).toEqual(want);
          // ... and applyDeal (which takes the shortcut) makes the same state as the words say.
          const s = unwrap(G.applyDeal(s0, { hands } as never));
          expect(s.held).toEqual(want);
        }
      }
      expect(refused).toBeGreaterThan(50);
    },
  );
});

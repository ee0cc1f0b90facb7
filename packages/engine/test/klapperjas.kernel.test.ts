/**
 * Klapper-Jas on the kernel: its flat bit tables and bit-set paths (cards.ts, play.ts) against the
 * kernel's card-level forms (kernel/jass.ts, kernel/trick.ts, kernel/infer.ts) over random play.
 */
import { describe, expect, it } from 'vitest';
import type { Card } from '../src/core/cards.ts';
import { DECK32 } from '../src/core/cards.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import {
  bitOrder,
  JASS32,
  JASS32_GAME,
  jassOrder,
  jassPoints,
  legalCards,
  ruffOvertrump,
  STR,
  tricksView,
  VALUE,
  winnerIndex,
} from '../src/kernel/index.ts';
import { bitOf, CARD, LAST_TRICK, trickRules } from '../src/klapperjas/cards.ts';
import { playMask, policyMask } from '../src/klapperjas/play.ts';
import { partyPts } from '../src/klapperjas/state.ts';
import { diceFor } from '../src/klapperjas/view.ts';
import { G, results, type State, scores } from './fixtures/klapperjas.ts';

describe('card tables come from the kernel (Jass-32, ten-high: 000 Abb. 1/2)', () => {
  it('every card string parses to its JASS32 kind, and nothing else parses', () => {
    expect(CARD).toEqual(JASS32.kinds);
    for (const c of DECK32) expect(bitOf(c)).toBe(JASS32.kindOf(c));
    for (const x of ['H6', 'h7', 'X7', 'HJ ', '', 7, null, 'HÄ']) expect(bitOf(x)).toBe(-1);
  });
  it('points and strengths of every card with every trump agree with jassPoints and jassOrder', () => {
    for (let t = 0; t < 4; t++) {
      const order = jassOrder(JASS32_GAME, t);
      for (let a = 0; a < 32; a++) {
        expect(VALUE[t * 32 + a]).toBe(jassPoints(JASS32_GAME, t, CARD[a]));
        for (let b = 0; b < 32; b++) {
          // b played after a, a leading: the bit path's test in play() and trickWinner.
          const wins = (b >>> 3 === t || b >>> 3 === a >>> 3) && STR[t * 32 + b] > STR[t * 32 + a];
          expect(wins, `${CARD[b]} on ${CARD[a]}, trump ${t}`).toBe(
            winnerIndex(order, [CARD[a], CARD[b]]) === 1,
          );
        }
      }
    }
  });
});

describe("ruffOvertrump (fast.ts item 9) equals the kernel's legalWord with the ruff-overtrump policy", () => {
  it('every trump holding, every best-card strength, every suit led, with and without cards to follow and others', () => {
    let cases = 0;
    for (let t = 0; t < 4; t++)
      for (let led = 0; led < 4; led++)
        for (let winStr = led === t ? 8 : 0; winStr < 16; winStr++)
          for (let trumps = 0; trumps < 256; trumps++)
            for (const follow of led === t ? [0] : [0, 0b10010, 0xff])
              for (const other of [0, 1, 0x81]) {
                const o = [0, 1, 2, 3].find((x) => x !== t && x !== led)!;
                const h = (trumps << (t * 8)) | (follow << (led * 8)) | (other << (o * 8)) | 0;
                const fast = ruffOvertrump(h, led, winStr, t);
                if (fast !== policyMask(h, led, winStr, t))
                  throw new Error(`hand ${h >>> 0} led ${led} best ${winStr} trump ${t}: ${fast}`);
                cases++;
              }
    expect(cases).toBe(4 * 3 * 16 * 256 * 3 * 3 + 4 * 8 * 256 * 3);
  });
});

describe('bit-set play against the kernel over random deals (2/3/4 players, both presets)', () => {
  it.each([
    [2, 'manual'],
    [3, 'manual'],
    [4, 'manual'],
    [2, 'klappern'],
    [3, 'klappern'],
    [4, 'klappern'],
  ] as const)('%i players, %s: legal cards, trick winners and trick points', (players, preset) => {
    const rng = seeded(`kernel-${players}-${preset}`);
    const cfg = unwrap(G.parseConfig({ players, preset, options: { target: 99 } }));
    let s: State = G.start(cfg, 0);
    let checked = 0;
    let tricks = 0;
    for (let deals = 0; deals < 150; ) {
      if (G.awaitsDeal(s)) {
        s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
        continue;
      }
      const seat = G.toAct(s)[0];
      const legal = G.legalActions(s, seat);
      if (s.phase === 'play') {
        const v = G.viewFor(s, seat);
        const rules = trickRules('CSHD'.indexOf(v.trump!));
        expect(rules.policy).toBe('ruff-overtrump');
        const want = legalCards(
          rules,
          v.hand!,
          v.trick!.cards.map((c) => c.card),
        ).sort();
        const plays = [
          ...new Set(legal.filter((a) => a.t === 'play').map((a) => (a as { card: Card }).card)),
        ];
        expect(plays.sort()).toEqual(want);
        expect(CARD.filter((_, b) => playMask(s, seat) & (1 << b)).sort()).toEqual(want);
        checked++;
      }
      const before = results(s).length;
      const action = legal[rng.int(legal.length)];
      const next = unwrap(G.apply(s, seat, action));
      // fast.ts item 2: an offered (interned) card action and a copy of it lead to equal states.
      if (action.t === 'play' && checked % 7 === 0)
        expect(unwrap(G.apply(s, seat, { ...action }))).toEqual(next);
      if (next.nTricks > s.nTricks) {
        const t = next.tricks.at(-1)!;
        const d = next.d!;
        const cards: Card[] = t.cards.map((p) => p.card);
        const seats = [t.leader];
        while (seats.length < d.order.length) seats.push(d.next[seats.at(-1)!]);
        expect(t.cards.map((p) => p.seat)).toEqual(seats);
        expect(t.winner).toBe(seats[winnerIndex(jassOrder(JASS32_GAME, d.trump), cards)]);
        const pts = cards.reduce((a, c) => a + jassPoints(JASS32_GAME, d.trump, c), 0);
        const p = d.party[t.winner!];
        expect(partyPts(next.pts, p) - partyPts(s.pts, p)).toBe(
          pts + (next.nTricks === d.handSize ? LAST_TRICK : 0),
        );
        tricks++;
      }
      if (results(next).length > before) deals++;
      s = G.isOver(next) ? G.start(cfg, 0) : next;
    }
    expect(checked).toBeGreaterThan(150 * 8);
    expect(tricks).toBeGreaterThan(150 * 7);
  });
});

describe('shared trick views and dice (fast.ts item 8) equal fresh ones', () => {
  it.each([2, 3, 4] as const)(
    '%i players: the kernel tricksView of the deal so far, the dice of the scores',
    (players) => {
      const rng = seeded(`views-${players}`);
      const cfg = unwrap(G.parseConfig({ players, options: { target: 5 } }));
      let s: State = G.start(cfg, 0);
      let checked = 0;
      for (let step = 0; step < 4000; step++) {
        if (G.isOver(s)) s = G.start(cfg, 0);
        else if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
        else {
          const seat = G.toAct(s)[0];
          const legal = G.legalActions(s, seat);
          s = unwrap(G.apply(s, seat, legal[rng.int(legal.length)]));
        }
        const d = s.d;
        const v = G.viewFor(s, 'spectator');
        expect(v.dice).toEqual(scores(s).map((x) => diceFor(x, cfg)));
        if (d === null || d.trump < 0) continue;
        // Every card played this deal in order, from the finished tricks and the open trick.
        const plays: { seat: number; card: number }[] = [];
        for (const t of s.tricks) for (const p of t.cards) plays.push({ seat: p.seat, card: bitOf(p.card) });
        if (s.phase === 'play')
          for (let i = 0, seat = s.trickLead; i < s.trickN; i++, seat = d.next[seat])
            plays.push({ seat, card: (s.trickCards >>> (5 * i)) & 31 });
        const want = tricksView(plays, d.order.length, bitOrder(d.trump), (b) => CARD[b]);
        expect(v.tricks).toEqual(want.tricks);
        if (s.phase === 'play' && s.trickN > 0) expect(v.trick).toEqual(want.trick);
        checked++;
      }
      expect(checked).toBeGreaterThan(1000);
    },
  );
});

/**
 * The rule readings of issue 10, per preset: `manual` follows 000, `klappern` follows 001
 * (docs/rules/klapperjas.md quotes the passages).
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../src/core/game.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import {
  act,
  G,
  nextDealer,
  playOut,
  results,
  type State,
  started,
  suitDeal,
} from './fixtures/klapperjas.ts';

type Preset = 'manual' | 'klappern';
const passes = (s: State, seats: readonly number[]) =>
  seats.reduce((x, seat) => act(x, seat, { t: 'pass' }), s);

describe('3 players: play-on for second place (option playOn)', () => {
  // suitDeal(3), dealer 0, target 1, flat scoring: seat 2 wins an Orgi with 114 Augen; seat 1 loses one,
  // and both opponents reach the target with the same game (seat 2 with 114 Augen, seat 0 with none).
  const deal = (preset: Preset, options: object, declarer: Seat) => {
    let s = started(3, 0, suitDeal(3), preset, { target: 1, scoring: 'flat', ...options });
    s = passes(s, [1, 2, 0].slice(0, [1, 2, 0].indexOf(declarer)));
    return playOut(act(s, declarer, { t: 'orgi' }));
  };
  it.each([
    [
      '000 4.3 "die beiden Verlierer weiter ... um den zweiten Platz"',
      'manual',
      {},
      2,
      'deal',
      [],
      [2],
      [0, 1],
    ],
    [
      '001 "Es gewinnt, wer seinen Würfel zuerst auf 6 drehen kann"',
      'klappern',
      {},
      2,
      'over',
      [2],
      [2],
      [0, 1, 2],
    ],
    ['manual without play-on', 'manual', { playOn: false }, 2, 'over', [2], [2], [0, 1, 2]],
    ['klappern with play-on', 'klappern', { playOn: true }, 2, 'deal', [], [2], [0, 1]],
    [
      '001, both opponents reach it at once: more Augen first',
      'klappern',
      {},
      1,
      'over',
      [2],
      [2],
      [0, 1, 2],
    ],
    [
      '000 4.3, both opponents reach it at once: all places',
      'manual',
      {},
      1,
      'over',
      [2],
      [2, 0, 1],
      [0, 1, 2],
    ],
  ] as const)(
    '%s (%s %j, declarer %i)',
    (_why, preset, options, declarer, phase, winners, ranking, active) => {
      const s = deal(preset, options, declarer);
      expect(results(s)[0].won).toBe(declarer === 2);
      const o = G.outcome(s);
      expect([s.phase, o.winners, o.ranking, G.viewFor(s, 0).active]).toEqual([
        phase,
        winners,
        ranking,
        active,
      ]);
      expect(G.outcome(s)).toMatchObject({ over: phase === 'over', winners, ranking });
      if (phase === 'deal') expect(nextDealer(s)).toBe(2);
    },
  );
});

describe('who may say besser, in which order (option besser)', () => {
  // suitDeal(4), dealer 3 (Vorhand 0), turned DK: not Kreuz, so a Kleines opens a besser round.
  it.each([
    ['000 4.1 "nachfolgende Spieler"', 'manual', 0, [1, 2, 3]],
    ['000 4.1 "nachfolgende Spieler"', 'manual', 1, [2, 3]],
    ['000 4.1 "nachfolgende Spieler"', 'manual', 2, [3]],
    ['000 4.1 "nachfolgende Spieler"', 'manual', 3, []],
    ['001 "wiederum jeder reihum", as "reihum (Vorhand beginnt)"', 'klappern', 0, [1, 2, 3]],
    ['001 "wiederum jeder reihum", as "reihum (Vorhand beginnt)"', 'klappern', 1, [0, 2, 3]],
    ['001 "wiederum jeder reihum", as "reihum (Vorhand beginnt)"', 'klappern', 2, [0, 1, 3]],
    ['001 "wiederum jeder reihum", as "reihum (Vorhand beginnt)"', 'klappern', 3, [0, 1, 2]],
  ] as const)('%s: %s, Kleines by seat %i: besser asked of %j', (_why, preset, kleines, asked) => {
    let s = passes(started(4, 3, suitDeal(4), preset), [0, 1, 2, 3, 0, 1, 2, 3].slice(0, 4 + kleines));
    s = act(s, kleines, { t: 'kleines' });
    const seen: number[] = [];
    while (s.phase === 'besser') {
      const seat = G.toAct(s)[0];
      seen.push(seat);
      s = act(s, seat, { t: 'pass' });
    }
    expect(seen).toEqual(asked);
    expect([s.phase, G.toAct(s)]).toEqual(['trump', [kleines]]);
  });
  it('klappern: Vorhand may take Kreuz with besser over a later Kleines player', () => {
    let s = act(passes(started(4, 3, suitDeal(4), 'klappern'), [0, 1, 2, 3, 0, 1]), 2, { t: 'kleines' });
    s = act(s, 0, { t: 'besser' });
    expect(G.viewFor(s, 1)).toMatchObject({ declarer: 0, trump: 'C', kind: 'kleines', besser: true });
  });
});

describe('when melds are declared (option melding) and whether they need a trick (meldsNeedTrick)', () => {
  // suitDeal(4), dealer 3: seat 0 holds all Kreuz, 1 all Pik, 2 all Herz, 3 all Karo; seat 0 plays the Orgi (Karo).
  const HALBE_C = [
    { suit: 'C', top: 'T', length: 4 },
    { suit: 'C', top: 'A', length: 4 },
  ];
  const orgi = (preset: Preset, options: object = {}) =>
    act(started(4, 3, suitDeal(4), preset, options), 0, { t: 'orgi' });

  it('001 "Reihum darf gemeldet werden": a meld round in turn from Vorhand before the first card', () => {
    let s = orgi('klappern');
    const turns: number[] = [];
    while (s.phase === 'melds') {
      const seat = G.toAct(s)[0];
      turns.push(seat);
      const legal = G.legalActions(s, seat);
      expect(legal.some((a) => a.t === 'play')).toBe(false);
      expect(legal).toContainEqual({ t: 'pass' });
      const meld = legal.find((a) => a.t === 'meld');
      s = act(s, seat, meld ?? { t: 'pass' });
    }
    expect(turns).toEqual([0, 1, 2, 3]);
    expect([s.phase, G.toAct(s)[0]]).toEqual(['play', 0]);
  });
  it('001 "müssen die Meldungen vor dem Ausspielen der 1. Karte vorgezeigt werden": shown after the round', () => {
    let s = act(orgi('klappern'), 0, { t: 'meld', melds: HALBE_C });
    expect(G.viewFor(s, 1).countingMelds).toBeNull();
    s = act(s, 1, { t: 'meld', melds: [{ suit: 'S', top: 'A', length: 4 }] });
    s = passes(s, [2, 3]);
    const v = G.viewFor(s, 1);
    // Equal Halbe up to the Ass, neither in trump: the earlier declaration counts (001 "Reihenfolge der Meldungen").
    expect(v.countingMelds).toEqual([
      {
        seat: 0,
        melds: [
          { suit: 'C', top: 'T', length: 4 },
          { suit: 'C', top: 'A', length: 4 },
        ],
        value: 100,
      },
    ]);
    expect(v.known[0]).toEqual(['C7', 'C8', 'C9', 'CT', 'CJ', 'CQ', 'CK', 'CA']);
    expect(v.trick).toEqual({ leader: 0, cards: [] });
  });
  it.each([
    [
      'meld while playing, in the meld round',
      'klappern',
      'play',
      { t: 'meld', melds: HALBE_C },
      'meld round',
    ],
    ['play in the meld round', 'klappern', 'melds', { t: 'play', card: 'C7' }, 'phase melds'],
    ['pass in play (000: no meld round)', 'manual', 'play', { t: 'pass' }, 'phase play'],
  ] as const)('refused: %s (%s)', (_why, preset, phase, action, reason) => {
    let s = orgi(preset);
    if (phase === 'play' && s.phase === 'melds') s = passes(s, [0, 1, 2, 3]);
    expect(s.phase).toBe(phase);
    const r = G.apply(s, 0, unwrap(G.parseAction(action)));
    expect(r.ok ? 'ok' : [r.error.code, r.error.reason.includes(reason)]).toEqual(['illegal-action', true]);
  });
  it('000 4.1 "vor dem Ausspielen seiner ersten Karte ... Nachdem die Spieler ihre erste Karte ausgespielt haben, muss geklärt werden"', () => {
    let s = orgi('manual');
    expect(s.phase).toBe('play');
    s = act(s, 0, { t: 'meld', melds: HALBE_C });
    s = act(s, 0, { t: 'play', card: 'C7' });
    for (const seat of [1, 2]) s = act(s, seat, G.legalActions(s, seat)[0]);
    expect(G.viewFor(s, 1).countingMelds).toBeNull();
    s = act(s, 3, G.legalActions(s, 3)[0]);
    expect(G.viewFor(s, 1).countingMelds).toMatchObject([{ seat: 0, value: 100 }]);
  });
  it.each([
    ['000 3.1 "Voraussetzung ist jedoch, dass er einen Stich bekommt"', 'manual', {}, true, [0, 162, 0, 162]],
    ['001 "Meldungen": no trick needed', 'klappern', {}, false, [100, 162, 100, 162]],
    ['klappern with meldsNeedTrick', 'klappern', { meldsNeedTrick: true }, true, [0, 162, 0, 162]],
    ['manual with melds in a round', 'manual', { melding: 'round' }, true, [0, 162, 0, 162]],
  ] as const)('%s (%s %j): void %s, points %j', (_why, preset, options, meldsVoid, points) => {
    // Seat 3 holds all trumps and takes every trick; seat 0 declares two Halbe.
    let s = passes(started(4, 3, suitDeal(4), preset, options), [0, 1, 2]);
    s = act(s, 3, { t: 'orgi' });
    s = act(s, 0, { t: 'meld', melds: HALBE_C });
    const r = results(playOut(s))[0];
    expect([r.meldsVoid, r.points]).toEqual([meldsVoid, points]);
  });
  it('3 players, meld round: the holder of the 7 may exchange at his turn, before he declares', () => {
    // suitDeal(3), dealer 0: turned DT; seat 2 holds D7 among the cards put aside.
    let s = act(started(3, 0, suitDeal(3), 'klappern'), 1, { t: 'orgi' });
    expect(G.legalActions(s, 1).some((a) => a.t === 'exchange')).toBe(false);
    s = act(s, 1, { t: 'pass' });
    expect(G.legalActions(s, 2)[0]).toEqual({ t: 'exchange' });
    s = act(s, 2, { t: 'exchange' });
    expect([s.phase, G.toAct(s), G.viewFor(s, 0).exchange]).toEqual([
      'melds',
      [2, 0],
      { seat: 2, gave: 'D7', took: 'DT' },
    ]);
    expect(G.legalActions(s, 2).some((a) => a.t === 'exchange')).toBe(false);
  });
  it('klappern: Kontra may be said during the meld round, not after the first card (001)', () => {
    let s = act(orgi('klappern'), 0, { t: 'pass' });
    expect(G.toAct(s)).toEqual([1, 3]);
    expect(G.legalActions(s, 3)).toEqual([{ t: 'kontra' }]);
    s = act(s, 3, { t: 'kontra' });
    expect(G.legalActions(s, 2)).toEqual([{ t: 're' }]);
  });
});

describe('a tie loses for the declarer (000 5, 001; 000 4.3 read literally says otherwise)', () => {
  /** Random deals until `want` ties between the declaring party and an opponent were seen. */
  function tiesOf(players: 2 | 3 | 4, want: number) {
    const rng = seeded(`ties-${players}`);
    const cfg = unwrap(G.parseConfig({ players }));
    const out = [];
    let ties = 0;
    for (let i = 0; i < 20_000 && ties < want; i++) {
      let s = G.start(cfg, i % players);
      while (results(s).length === 0) {
        if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
        else {
          const seat = G.toAct(s)[0];
          const legal = G.legalActions(s, seat);
          s = unwrap(G.apply(s, seat, legal[rng.int(legal.length)]));
        }
      }
      const r = results(s)[0];
      const best = Math.max(
        ...r.points.filter(
          (_, x) => x % (players === 4 ? 2 : players) !== r.declarer % (players === 4 ? 2 : players),
        ),
      );
      if (best === r.points[r.declarer]) ties++;
      out.push({ r, best });
    }
    return { out, ties };
  }
  it.each([2, 3, 4] as const)(
    '%i players: won exactly when the declarer has more than every opponent',
    (players) => {
      const { out, ties } = tiesOf(players, 3);
      expect(ties).toBe(3);
      for (const { r, best } of out) expect(r.won).toBe(r.points[r.declarer] > best);
    },
  );
});

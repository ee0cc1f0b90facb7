/** Bad input gets a typed error naming the problem and changes nothing. */
import { describe, expect, it } from 'vitest';
import { DECK32 } from '../src/core/cards.ts';
import type { ErrorCode } from '../src/core/result.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import { act, G, playOut, started, suitDeal } from './fixtures/klapperjas.ts';

const byDeck = (a: string, b: string) => DECK32.indexOf(a as never) - DECK32.indexOf(b as never);

describe('config', () => {
  it.each([
    [null, 'object'],
    [{}, 'players'],
    [{ players: 5 }, 'players'],
    [{ players: 4, preset: 'skat' }, 'preset'],
    [{ players: 4, options: { target: 0 } }, 'target'],
    [{ players: 4, options: { besser: 'never' } }, 'besser'],
    [{ players: 4, options: { melding: 'later' } }, 'melding'],
    [{ players: 3, options: { playOn: 'yes' } }, 'playOn'],
    [{ players: 4, options: { colour: 'red' } }, 'colour'],
    [{ players: 4, seats: 4 }, 'seats'],
  ])('%j is refused (%s)', (input, word) => {
    const r = G.parseConfig(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-config');
      expect(r.error.reason).toContain(word);
    }
  });
  it('fills every option from the preset', () => {
    expect(unwrap(G.parseConfig({ players: 3, preset: 'klappern', options: { target: 9 } }))).toEqual({
      players: 3,
      preset: 'klappern',
      options: {
        besser: 'all',
        melding: 'round',
        longRuns: 'blocks',
        meldsNeedTrick: false,
        belleNeedsTrick: false,
        kontra: 'before-first-card',
        scoring: 'flat',
        target: 9,
        playOn: false,
        dice: 'one-die',
      },
    });
  });
});

describe('actions', () => {
  it.each([
    [null, 'malformed'],
    [{}, 'malformed'],
    [{ t: 5 }, 'malformed'],
    [{ t: 'play' }, 'malformed'],
    [{ t: 'play', card: 'ZZ' }, 'malformed'],
    [{ t: 'play', card: 'H6' }, 'malformed'],
    [{ t: 'play', card: 'HJ', belle: 'yes' }, 'malformed'],
    [{ t: 'play', card: 'HJ', extra: 1 }, 'malformed'],
    [{ t: 'trump', suit: 'X' }, 'malformed'],
    [{ t: 'meld', melds: [] }, 'malformed'],
    [{ t: 'meld', melds: [{ suit: 'H', top: '8', length: 3 }] }, 'malformed'],
    [{ t: 'orgi', suit: 'H' }, 'malformed'],
    [{ t: 'schieben' }, 'unknown-action'],
  ])('%j: %s', (input, code) => {
    const r = G.parseAction(input);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
  });
});

describe('deals', () => {
  const s3 = G.start(unwrap(G.parseConfig({ players: 3 })), 0);
  const good = suitDeal(3);
  it.each([
    ['not an object', 'x', 'object'],
    ['two hands for three seats', { hands: good.hands.slice(1), stock: good.stock }, 'hands'],
    [
      'a hand of 8',
      {
        hands: [good.hands[0].slice(1), good.hands[1], good.hands[2]],
        stock: [...good.stock, good.hands[0][0]],
      },
      'seat 0',
    ],
    [
      'an unknown card',
      { hands: [['C6', ...good.hands[0].slice(1)], good.hands[1], good.hands[2]], stock: good.stock },
      'C6',
    ],
    [
      'a duplicate card',
      { hands: [good.hands[0], good.hands[1], good.hands[2]], stock: [...good.stock.slice(1), 'C7'] },
      'twice',
    ],
    ['a short stock', { hands: good.hands, stock: good.stock.slice(1) }, 'stock'],
  ])('%s is refused', (_why, input, word) => {
    const r = G.parseDeal(s3, input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-deal');
      expect(r.error.reason).toContain(word);
    }
    expect(G.applyDeal(s3, input as never).ok).toBe(false);
  });
  it('a random deal made for another table is checked like any other', () => {
    const s4 = G.start(unwrap(G.parseConfig({ players: 4 })), 0);
    const r = G.applyDeal(s3, G.randomDeal(s4, seeded('other')));
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-deal');
    const s3b = G.start(unwrap(G.parseConfig({ players: 3 })), 1);
    const d = G.randomDeal(s3b, seeded('other'));
    const applied = unwrap(G.applyDeal(s3, d));
    expect(G.viewFor(applied, 1).hand).toEqual([...d.hands[1].slice(0, 6)].sort(byDeck));
  });
  it('a deal while none is due is refused', () => {
    const s = started(3, 0, good);
    expect(
      G.applyDeal(s, good).ok ? '' : (G.applyDeal(s, good) as { error: { code: string } }).error.code,
    ).toBe('wrong-phase');
  });
});

describe('apply', () => {
  // 4 players, dealer 3: seat 0 Kreuz, 1 Pik, 2 Herz, 3 Karo; turned DK; Orgi by seat 0.
  const s = act(started(4, 3, suitDeal(4)), 0, { t: 'orgi' });
  const led = act(s, 0, { t: 'play', card: 'C7' });
  it.each([
    ['another seat plays', s, 1, { t: 'play', card: 'S7' }, 'not-your-turn'],
    ['a seat that does not exist', s, 7, { t: 'play', card: 'C7' }, 'bad-seat'],
    ['a card not in hand', s, 0, { t: 'play', card: 'S7' }, 'illegal-action'],
    ['a bid during play', s, 0, { t: 'pass' }, 'illegal-action'],
    ['Kontra by the declarer', s, 0, { t: 'kontra' }, 'illegal-action'],
    ['Re without Kontra', s, 2, { t: 're' }, 'illegal-action'],
    ['a meld not held', s, 0, { t: 'meld', melds: [{ suit: 'H', top: '9', length: 3 }] }, 'illegal-action'],
    ['Belle without Dame and König', s, 0, { t: 'play', card: 'CK', belle: true }, 'illegal-action'],
    ['exchange in 4 players', s, 0, { t: 'exchange' }, 'illegal-action'],
    [
      "a meld after one's first card",
      act(act(act(led, 1, { t: 'play', card: 'S7' }), 2, { t: 'play', card: 'H7' }), 3, {
        t: 'play',
        card: 'D7',
      }),
      3,
      { t: 'play', card: 'D8' },
      'ok',
    ],
    ['an unknown action', s, 0, { t: 'schieben' }, 'unknown-action'],
  ] as const)('%s', (_why, state, seat, action, code) => {
    const snap = structuredClone(state);
    const r = G.apply(state, seat, action as never);
    expect(r.ok ? 'ok' : r.error.code).toBe(code as ErrorCode | 'ok');
    if (!r.ok) expect(r.error.reason.length).toBeGreaterThan(5);
    expect(state).toEqual(snap);
  });
  it('an unfollowed suit or a missing ruff is refused with the reason (000 4.1)', () => {
    // Deck rotated by 4, dealer 3: seat 0 CJ-CA S7-ST, 1 SJ-SA H7-HT, 2 HJ-HA D7-DT, 3 DJ-DA C7-CT; trump Kreuz (C9 turned).
    let t = act(started(4, 3, suitDeal(4, 4)), 0, { t: 'orgi' });
    t = act(t, 0, { t: 'play', card: 'S7' });
    const r1 = G.apply(t, 1, { t: 'play', card: 'H7' });
    expect(r1.ok ? '' : r1.error.reason).toMatch(/follow suit Pik/);
    t = act(act(t, 1, { t: 'play', card: 'SJ' }), 2, { t: 'play', card: 'HJ' });
    const r3 = G.apply(t, 3, { t: 'play', card: 'DJ' });
    expect(r3.ok ? '' : r3.error.reason).toMatch(/ruff/);
    expect(G.apply(t, 3, { t: 'play', card: 'C7' }).ok).toBe(true);
  });
  it('deal due: actions are refused; match over: everything is refused', () => {
    const fresh = G.start(unwrap(G.parseConfig({ players: 2 })), 0);
    expect((G.apply(fresh, 1, { t: 'orgi' }) as { error: { code: string } }).error.code).toBe('wrong-phase');
    let m = fresh;
    const rng = seeded('over');
    while (!G.isOver(m)) {
      m = unwrap(G.applyDeal(m, G.randomDeal(m, rng)));
      if (!G.awaitsDeal(m)) m = playOut(act(m, G.toAct(m)[0], { t: 'orgi' }));
    }
    expect((G.apply(m, 0, { t: 'orgi' }) as { error: { code: string } }).error.code).toBe('game-over');
    expect((G.applyDeal(m, G.randomDeal(m, rng)) as { error: { code: string } }).error.code).toBe(
      'wrong-phase',
    );
    expect(G.toAct(m)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { type DifferenzlerState, differenzler as G } from '../src/differenzler/index.ts';
import { unwrap } from '../src/index.ts';
import { COUNTING_HANDS, dealt, estimated, playAll, split } from './fixtures/differenzler.ts';

/** Deep copy to compare against after a failed call: the state must not change. */
const snapshot = (s: DifferenzlerState): unknown => structuredClone(s);

describe('config', () => {
  it('defaults: 12 rounds, 002 undertrumping, shared wins', () => {
    expect(unwrap(G.parseConfig({ players: 4 }))).toEqual({
      players: 4,
      preset: 'standard',
      options: { rounds: 12, undertrump: '002', tiebreak: 'shared' },
    });
    expect(
      unwrap(
        G.parseConfig({
          players: 4,
          preset: 'standard',
          options: { rounds: 4, undertrump: 'swiss', tiebreak: 'hits' },
        }),
      ).options,
    ).toEqual({ rounds: 4, undertrump: 'swiss', tiebreak: 'hits' });
  });

  it.each([
    ['not an object', 4],
    ['002 Art. 2: four players', { players: 3 }],
    ['players missing', {}],
    ['unknown preset', { players: 4, preset: 'klappern' }],
    ['unknown field', { players: 4, seats: 4 }],
    ['unknown option', { players: 4, options: { trump: 'H' } }],
    ['rounds 0', { players: 4, options: { rounds: 0 } }],
    ['rounds 1.5', { players: 4, options: { rounds: 1.5 } }],
    ['rounds 101', { players: 4, options: { rounds: 101 } }],
    ['rounds as text', { players: 4, options: { rounds: '12' } }],
    ['undertrump unknown', { players: 4, options: { undertrump: 'never' } }],
    ['tiebreak unknown', { players: 4, options: { tiebreak: 'dice' } }],
    ['options not an object', { players: 4, options: [] }],
  ])('rejects %s', (_why, input) => {
    expect(G.parseConfig(input)).toMatchObject({ ok: false, error: { code: 'bad-config' } });
  });
});

describe('actions', () => {
  it.each([
    [{ t: 'estimate', points: 0 }],
    [{ t: 'estimate', points: 157 }],
    [{ t: 'play', card: 'HJ' }],
    [{ t: 'play', card: 'D6' }],
  ])('parses %j into an interned action', (input) => {
    const a = unwrap(G.parseAction(input));
    expect(a).toEqual(input);
    expect(unwrap(G.parseAction({ ...input }))).toBe(a);
  });

  it.each([
    ['not an object', 'play', 'malformed'],
    ['null', null, 'malformed'],
    ['a list', [], 'malformed'],
    ['no t', { card: 'HJ' }, 'unknown-action'],
    ['unknown t', { t: 'bid', points: 3 }, 'unknown-action'],
    ['estimate -1', { t: 'estimate', points: -1 }, 'malformed'],
    ['estimate 158', { t: 'estimate', points: 158 }, 'malformed'],
    ['estimate 2.5', { t: 'estimate', points: 2.5 }, 'malformed'],
    ['estimate "20"', { t: 'estimate', points: '20' }, 'malformed'],
    ['estimate missing points', { t: 'estimate' }, 'malformed'],
    ['estimate extra field', { t: 'estimate', points: 3, seat: 1 }, 'malformed'],
    ['play unknown card', { t: 'play', card: 'H5' }, 'malformed'],
    ['play lower case', { t: 'play', card: 'hj' }, 'malformed'],
    ['play no card', { t: 'play' }, 'malformed'],
    ['play extra field', { t: 'play', card: 'HJ', x: 1 }, 'malformed'],
  ])('rejects %s', (_why, input, code) => {
    expect(G.parseAction(input)).toMatchObject({ ok: false, error: { code } });
  });
});

describe('deals', () => {
  const state = G.start(unwrap(G.parseConfig({ players: 4 })), 0);
  const good = { hands: COUNTING_HANDS.map(split), trump: 'H' };

  it('accepts an explicit deal and copies it', () => {
    const deal = unwrap(G.parseDeal(state, good));
    expect(deal).toEqual(good);
    expect(deal.hands[0]).not.toBe(good.hands[0]);
  });

  const swap = COUNTING_HANDS.map(split);
  swap[0][0] = swap[1][0];
  it.each([
    ['not an object', 'HJ'],
    ['no trump', { hands: good.hands }],
    ['bad trump', { hands: good.hands, trump: 'X' }],
    ['three hands', { hands: good.hands.slice(0, 3), trump: 'H' }],
    ['eight cards', { hands: [good.hands[0].slice(1), ...good.hands.slice(1)], trump: 'H' }],
    ['a card twice', { hands: swap, trump: 'H' }],
    ['an unknown card', { hands: [['H5', ...good.hands[0].slice(1)], ...good.hands.slice(1)], trump: 'H' }],
    ['an extra field', { ...good, stock: [] }],
    ['hands not a list', { hands: 'HJ', trump: 'H' }],
  ])('rejects %s', (_why, input) => {
    expect(G.parseDeal(state, input)).toMatchObject({ ok: false, error: { code: 'bad-deal' } });
    expect(G.applyDeal(state, input as never)).toMatchObject({ ok: false, error: { code: 'bad-deal' } });
  });

  it('a deal only when one is due', () => {
    const s = dealt(COUNTING_HANDS, 'H');
    const before = snapshot(s);
    expect(G.applyDeal(s, good as never)).toMatchObject({ ok: false, error: { code: 'wrong-phase' } });
    expect(s).toEqual(before);
  });
});

describe('apply: bad input is refused and changes nothing', () => {
  const estimating = () => dealt(COUNTING_HANDS, 'H');
  const playing = () => estimated(dealt(COUNTING_HANDS, 'H'), [10, 20, 30, 40]);
  const following = () => playAll(playing(), 'CA');

  it.each([
    [
      'an action while a deal is due',
      () => G.start(unwrap(G.parseConfig({ players: 4 })), 0),
      0,
      { t: 'estimate', points: 3 },
      'wrong-phase',
    ],
    ['seat 4', estimating, 4, { t: 'estimate', points: 3 }, 'bad-seat'],
    ['seat -1', estimating, -1, { t: 'estimate', points: 3 }, 'bad-seat'],
    ['seat 1.5', estimating, 1.5, { t: 'estimate', points: 3 }, 'bad-seat'],
    ['estimate 158', estimating, 0, { t: 'estimate', points: 158 }, 'illegal-action'],
    ['estimate -3', estimating, 0, { t: 'estimate', points: -3 }, 'illegal-action'],
    ['estimate NaN', estimating, 0, { t: 'estimate', points: Number.NaN }, 'illegal-action'],
    ['a card before the estimates', estimating, 0, { t: 'play', card: 'HJ' }, 'illegal-action'],
    ['an estimate during play', playing, 0, { t: 'estimate', points: 3 }, 'illegal-action'],
    ['out of turn', playing, 1, { t: 'play', card: 'HA' }, 'not-your-turn'],
    ['a card not in the hand', playing, 0, { t: 'play', card: 'HA' }, 'illegal-action'],
    ['not a card', playing, 0, { t: 'play', card: 'ZZ' }, 'malformed'],
    ['not following suit', following, 1, { t: 'play', card: 'D8' }, 'illegal-action'],
    ['an unknown action', playing, 0, { t: 'pass' }, 'unknown-action'],
    ['not an object', playing, 0, null, 'malformed'],
  ] as [string, () => DifferenzlerState, number, unknown, string][])(
    '%s',
    (_why, make, seat, action, code) => {
      const s = make();
      const before = snapshot(s);
      const r = G.apply(s, seat, action as never);
      expect(r).toMatchObject({ ok: false, error: { code } });
      if (!r.ok) expect(r.error.reason.length).toBeGreaterThan(5);
      expect(s).toEqual(before);
    },
  );

  it('a second estimate from the same seat', () => {
    const s = unwrap(G.apply(dealt(COUNTING_HANDS, 'H'), 2, { t: 'estimate', points: 30 }));
    const before = snapshot(s);
    expect(G.apply(s, 2, { t: 'estimate', points: 31 })).toMatchObject({
      ok: false,
      error: { code: 'not-your-turn' },
    });
    expect(s).toEqual(before);
  });

  it('an illegal card is refused also right after legalActions was asked for the same state', () => {
    const s = following();
    expect(G.legalActions(s, 1).map((a) => (a.t === 'play' ? a.card : ''))).toEqual([
      'C6',
      'CT',
      'CJ',
      'HK',
      'HA',
    ]);
    expect(G.apply(s, 1, { t: 'play', card: 'D8' })).toMatchObject({
      ok: false,
      error: { code: 'illegal-action' },
    });
    expect(G.apply(s, 1, { t: 'play', card: 'CJ' }).ok).toBe(true);
    G.legalActions(playAll(s, 'CJ'), 2);
    expect(G.apply(s, 1, { t: 'play', card: 'D9' })).toMatchObject({
      ok: false,
      error: { code: 'illegal-action' },
    });
  });

  it('not following trump names the rule', () => {
    const s = playAll(playing(), 'HJ');
    expect(G.apply(s, 1, { t: 'play', card: 'CT' })).toMatchObject({
      ok: false,
      error: { code: 'illegal-action', reason: expect.stringContaining('follow trump') },
    });
  });

  it('legal actions are empty for a seat that may not act', () => {
    const s = playing();
    expect(G.legalActions(s, 1)).toEqual([]);
    expect(G.legalActions(s, 7)).toEqual([]);
    expect(G.legalActions(G.start(unwrap(G.parseConfig({ players: 4 })), 0), 0)).toEqual([]);
  });
});

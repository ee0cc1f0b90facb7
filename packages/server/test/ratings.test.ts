/**
 * The rating method (src/ratings.ts, ratings-events.ts, docs/ratings.md): events from per-seat results,
 * OpenSkill updates with fixed-rated bots, skipped matches, and a small fixed-seed simulation that must
 * recover a known order (and must not from shuffled results).
 */
import {
  type AnyGame,
  type BaseOutcome,
  dealSummaries,
  gameById,
  matchPlaces,
  playRandomMatch,
  seeded,
  unwrap,
} from '@stich/engine';
import { rate } from 'openskill';
import { describe, expect, it } from 'vitest';
import {
  BOT_RATINGS,
  displayOf,
  keyOf,
  MU0,
  PARAMS,
  type PlayerRating,
  type RatedMatch,
  rateAll,
  rateMatch,
  SIGMA0,
} from '../src/ratings.ts';
import { dealEvent, finishedMatchOf, matchEvent, ratedMatch } from '../src/ratings-events.ts';
import { agreement, simulate } from '../src/ratings-sim.ts';

const AT = '2026-11-01T10:00:00.000Z';
const match = (events: RatedMatch['events'], extra: Partial<RatedMatch> = {}): RatedMatch => ({
  id: 't1',
  at: AT,
  game: 'doppelkopf',
  preset: 'ddv',
  events,
  hinted: [],
  ...extra,
});
const none = () => undefined;

describe('events from the engine summaries', () => {
  const seats = ['a', 'b', 'c', 'd'];

  it('Doppelkopf: the parties at the end of the deal, the winning party first', () => {
    const e = dealEvent(seats, { sides: [0, 1, 0, 1], score: [2, -2, 2, -2] });
    expect(e?.teams).toEqual([
      { members: ['a', 'c'], rank: 1 },
      { members: ['b', 'd'], rank: 2 },
    ]);
  });

  it('Doppelkopf: a lost solo puts the soloist alone in second place; a redeal is no event', () => {
    const e = dealEvent(seats, { sides: [1, 1, 0, 1], score: [3, 3, -9, 3] });
    expect(e?.teams).toEqual([
      { members: ['a', 'b', 'd'], rank: 1 },
      { members: ['c'], rank: 2 },
    ]);
    expect(dealEvent(seats, { sides: [0, 1, 0, 1], score: [0, 0, 0, 0], void: true })).toBeNull();
  });

  it('Differenzler: four seats ranked by their difference, lower better, ties shared; a seat out is left out', () => {
    const e = dealEvent(seats, { sides: [0, 1, 2, 3], score: [12, 0, 30, 12] }, true);
    expect(e?.teams.map((t) => [t.members[0], t.rank])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 3],
      ['d', 2],
    ]);
    const out = dealEvent(seats, { sides: [0, -1, 2, 3], score: [12, 0, 30, 12] }, true);
    expect(out?.teams.map((t) => t.members[0])).toEqual(['a', 'c', 'd']);
  });

  it('match-rated games: the sides ranked by their places', () => {
    expect(matchEvent('klapperjas', seats, [1, 2, 1, 2]).teams).toEqual([
      { members: ['a', 'c'], rank: 1 },
      { members: ['b', 'd'], rank: 2 },
    ]);
    const three = matchEvent('klapperjas', ['a', 'b', 'c'], [2, 1, 3]);
    expect(three.teams.map((t) => [t.members[0], t.rank])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 3],
    ]);
  });

  // Real matches of random play: the events follow the engine's own summaries.
  for (const [game, players] of [
    ['doppelkopf', 4],
    ['differenzler', 4],
    ['klapperjas', 4],
    ['klapperjas', 3],
    ['klaberjass', 2],
  ] as const) {
    it(`${game} (${players}): one event per deal or per match, from a real match`, () => {
      const g = gameById(game) as AnyGame;
      const short: Record<string, unknown> = { doppelkopf: { games: 3 }, differenzler: { rounds: 3 } };
      const state = playRandomMatch(
        g,
        g.start(unwrap(g.parseConfig({ players, options: short[game] ?? {} })), 0),
        seeded(game),
      );
      const outcome = g.outcome(state) as BaseOutcome;
      const members = ['a', 'b', 'c', 'd'].slice(0, players);
      const m = ratedMatch({ id: 'x', at: AT, game, preset: 'p', members, outcome, hinted: [] });
      const deals = dealSummaries(game, outcome, players);
      if (game === 'doppelkopf' || game === 'differenzler') {
        expect(m.events).toHaveLength(deals.filter((d) => !d.void).length);
        const d = deals.find((x) => !x.void)!;
        const best = m.events[0].teams.find((t) => t.rank === 1)!;
        // The best side's seats are those with the deal's best score (higher, or lower in Differenzler).
        const scores = best.members.map((x) => d.score[members.indexOf(x as string)]);
        const all = d.score.filter((_, s) => d.sides[s] >= 0);
        expect(Math.min(...scores)).toBe(game === 'differenzler' ? Math.min(...all) : Math.max(...all));
      } else {
        expect(m.events).toHaveLength(1);
        const places = matchPlaces(game, outcome, players);
        for (const t of m.events[0].teams)
          for (const x of t.members) expect(t.rank).toBe(places[members.indexOf(x as string)]);
      }
      // An outside program at a seat: the match is not rated.
      const program = ratedMatch({
        id: 'x',
        at: AT,
        game,
        preset: 'p',
        members: [null, ...members.slice(1)],
        outcome,
        hinted: [],
      });
      expect(rateMatch(program, none)).toEqual({ rated: false, reason: 'program' });
    });
  }

  it('a finished table: members from the setup and holders, hinted players, the default preset', () => {
    const t = {
      id: 't9',
      game: 'klaberjass' as const,
      preset: null,
      setup: [{ kind: 'human' as const }, { kind: 'bot' as const, level: 'search' as const }],
      endedAt: AT,
      holders: [{ seat: 0, playerId: 'anna' }],
      hints: [{ seat: 0 }, { seat: 0 }],
    };
    const outcome = { deals: [], scores: [500, 300], over: true, winners: [0] };
    const f = finishedMatchOf(t, outcome);
    expect(f).toMatchObject({
      id: 't9',
      at: AT,
      preset: 'hoyle',
      members: ['anna', { bot: 'search' }],
      hinted: ['anna'],
    });
  });
});

describe('rateMatch', () => {
  const duel = (winner: string, loser: string) => ({
    teams: [
      { members: [winner], rank: 1 },
      { members: [loser], rank: 2 },
    ],
  });

  it('is OpenSkill with tau once per match and the game beta, from mu 25, sigma 25/3', () => {
    const m = match([duel('a', 'b'), duel('b', 'a'), duel('a', 'b')]);
    const r = rateMatch(m, none);
    if (!r.rated) throw new Error('not rated');
    // By hand with the library: tau before the first deal only.
    let a = { mu: MU0, sigma: SIGMA0 };
    let b = { mu: MU0, sigma: SIGMA0 };
    const beta = PARAMS.beta.doppelkopf;
    [
      [a, b],
      [b, a],
      [a, b],
    ].forEach((_, i) => {
      const aWins = i !== 1;
      const tau = i === 0 ? PARAMS.tau : 0;
      const [[x], [y]] = rate([[a], [b]], {
        rank: aWins ? [1, 2] : [2, 1],
        beta,
        tau,
        mu: MU0,
        sigma: SIGMA0,
      });
      a = x;
      b = y;
    });
    expect(r.updates.get(keyOf('doppelkopf', 'ddv', 'a'))).toEqual({ ...a, matches: 1, lastPlayed: AT });
    expect(r.updates.get(keyOf('doppelkopf', 'ddv', 'b'))).toEqual({ ...b, matches: 1, lastPlayed: AT });
    expect(a.mu).toBeGreaterThan(b.mu);
    expect(r.history.map((h) => h.player)).toEqual(['a', 'b']);
  });

  it('a bot keeps its fixed rating; the human who beats it rises, one who loses to it falls', () => {
    const win = rateMatch(
      match([
        {
          teams: [
            { members: ['h'], rank: 1 },
            { members: [{ bot: 'rule' }], rank: 2 },
          ],
        },
      ]),
      none,
    );
    const lose = rateMatch(
      match([
        {
          teams: [
            { members: ['h'], rank: 2 },
            { members: [{ bot: 'rule' }], rank: 1 },
          ],
        },
      ]),
      none,
    );
    if (!win.rated || !lose.rated) throw new Error('not rated');
    const bot = BOT_RATINGS.doppelkopf.rule;
    expect(win.updates.get(keyOf('doppelkopf', 'ddv', 'bot:rule'))).toEqual({
      ...bot,
      matches: 1,
      lastPlayed: AT,
    });
    expect(win.updates.get(keyOf('doppelkopf', 'ddv', 'h'))!.mu).toBeGreaterThan(MU0);
    expect(lose.updates.get(keyOf('doppelkopf', 'ddv', 'h'))!.mu).toBeLessThan(MU0);
    // No history point for a bot.
    expect(win.history.map((h) => h.player)).toEqual(['h']);
  });

  it('losing to a strong bot costs less than losing to a weak one', () => {
    const loseTo = (bot: 'random' | 'search') =>
      rateMatch(
        match([
          {
            teams: [
              { members: ['h'], rank: 2 },
              { members: [{ bot }], rank: 1 },
            ],
          },
        ]),
        none,
      );
    const s = loseTo('search');
    const r = loseTo('random');
    if (!s.rated || !r.rated) throw new Error('not rated');
    expect(s.updates.get(keyOf('doppelkopf', 'ddv', 'h'))!.mu).toBeGreaterThan(
      r.updates.get(keyOf('doppelkopf', 'ddv', 'h'))!.mu,
    );
  });

  it('skips a match whose only people used hints, one without people, and one without a result', () => {
    const e = duel('a', 'b');
    expect(rateMatch(match([e], { hinted: ['a', 'b'] }), none)).toEqual({ rated: false, reason: 'hinted' });
    const alone = {
      teams: [
        { members: ['a'], rank: 1 },
        { members: [{ bot: 'rule' as const }], rank: 2 },
      ],
    };
    expect(rateMatch(match([alone], { hinted: ['a'] }), none)).toEqual({ rated: false, reason: 'hinted' });
    const bots = {
      teams: [
        { members: [{ bot: 'rule' as const }], rank: 1 },
        { members: [{ bot: 'search' as const }], rank: 2 },
      ],
    };
    expect(rateMatch(match([bots]), none)).toEqual({ rated: false, reason: 'no-humans' });
    const tie = {
      teams: [
        { members: ['a'], rank: 1 },
        { members: ['b'], rank: 1 },
      ],
    };
    expect(rateMatch(match([tie]), none)).toEqual({ rated: false, reason: 'no-result' });
  });

  it('the hint seat is not rated; the others are, against its rating before the match as it stood', () => {
    const stored: PlayerRating = { mu: 30, sigma: 2, matches: 7, lastPlayed: '2026-10-01T00:00:00.000Z' };
    const before = (k: string) => (k === keyOf('doppelkopf', 'ddv', 'b') ? stored : undefined);
    const r = rateMatch(match([duel('a', 'b')], { hinted: ['b'] }), before);
    if (!r.rated) throw new Error('not rated');
    expect(r.updates.has(keyOf('doppelkopf', 'ddv', 'b'))).toBe(false);
    expect(r.history.map((h) => h.player)).toEqual(['a']);
    // a beat b (rated 30 ± 2): a gains as against a fixed player of that rating.
    const fixed = rateMatch(match([duel('a', 'b')]), before);
    if (!fixed.rated) throw new Error('not rated');
    const a = r.updates.get(keyOf('doppelkopf', 'ddv', 'a'))!;
    expect(a.mu).toBeCloseTo(fixed.updates.get(keyOf('doppelkopf', 'ddv', 'a'))!.mu, 9);
    expect(a.mu).toBeGreaterThan(MU0);
  });

  it('a redealt deal (every side tied) changes nothing among rated deals', () => {
    const tie = {
      teams: [
        { members: ['a'], rank: 1 },
        { members: ['b'], rank: 1 },
      ],
    };
    const one = rateMatch(match([duel('a', 'b')]), none);
    const two = rateMatch(match([tie, duel('a', 'b')]), none);
    expect(two).toEqual(one);
  });

  it('starts from the stored rating and counts matches', () => {
    const stored: PlayerRating = { mu: 30, sigma: 2, matches: 7, lastPlayed: '2026-10-01T00:00:00.000Z' };
    const r = rateMatch(match([duel('a', 'b')]), (k) =>
      k === keyOf('doppelkopf', 'ddv', 'a') ? stored : undefined,
    );
    if (!r.rated) throw new Error('not rated');
    const a = r.updates.get(keyOf('doppelkopf', 'ddv', 'a'))!;
    expect(a.matches).toBe(8);
    expect(a.mu).toBeGreaterThan(30);
    expect(a.mu).toBeLessThan(31);
  });

  it('rateAll keeps games and presets apart', () => {
    const all = rateAll([
      match([duel('a', 'b')]),
      match([duel('a', 'b')], { id: 't2', preset: 'house' }),
      match([duel('b', 'a')], { id: 't3', game: 'differenzler', preset: 'standard' }),
      match([duel('b', 'a')], { id: 't4', hinted: ['b'] }),
    ]);
    // t4: b used hints, so only a is rated by it.
    expect(all.ratings.get(keyOf('doppelkopf', 'ddv', 'a'))!.matches).toBe(2);
    expect(all.ratings.get(keyOf('doppelkopf', 'ddv', 'b'))!.matches).toBe(1);
    expect(all.ratings.get(keyOf('doppelkopf', 'house', 'a'))!.matches).toBe(1);
    expect(all.ratings.get(keyOf('differenzler', 'standard', 'a'))!.mu).toBeLessThan(MU0);
    expect(all.skipped).toEqual(new Map());
    expect(all.history).toHaveLength(7);
  });

  it('displays 1000 + 40 × (mu − 3 sigma): a new player 1000', () => {
    expect(displayOf({ mu: MU0, sigma: SIGMA0 })).toBe(1000);
    expect(displayOf({ mu: 30, sigma: 2 })).toBe(1960);
  });
});

describe('simulation (fixed seed)', () => {
  it('agreement measures order', () => {
    expect(agreement([1, 2, 3, 4])).toEqual({ spearman: 1, kendall: 1, exact: true, neighbours: 3 });
    expect(agreement([4, 3, 2, 1]).kendall).toBe(-1);
    expect(agreement([1, 3, 2, 4])).toMatchObject({ exact: false, neighbours: 2 });
  });

  // Eight players, a clear skill step; every shape of the games' events.
  for (const shape of ['parties', 'ranking', 'teams', 'duel'] as const) {
    const o = { shape, players: 8, matchesPerPlayer: 150, deals: 8, step: 0.4, noise: 1, seed: 'unit' };
    it(`${shape}: recovers the known order, and not from shuffled results`, () => {
      const [p] = simulate(o);
      expect(p.exact).toBe(true);
      expect(p.kendall).toBe(1);
      const [s] = simulate({ ...o, shuffled: true });
      expect(s.exact).toBe(false);
      expect(Math.abs(s.kendall)).toBeLessThan(0.6);
    });
  }
});

import type { Action, AnyGame } from '@stich/engine';
import { gameById, seeded, unwrap } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, type BotRequest, decide, requestFor } from '../src/index.ts';
import {
  allRule,
  randomOrRule,
  type SelfPlayStats,
  selfPlay,
  setups,
  summary,
  TABLES,
  tableName,
} from './selfplay.ts';

/**
 * Issue requirement: bots only ever choose legal actions across thousands of self-play deals of every
 * game and player count. Here the `random` and `rule` levels, mixed at random seats that change every
 * deal, over whole matches (so dealers rotate and, with 3 players, the end game for two is reached),
 * for the default rules and for every preset or option that changes what a bot must decide. The
 * `search` level: selfplay-search-*.test.ts.
 *
 * What `selfPlay` checks (selfplay.ts): at every decision, that the answer deep-equals one of the
 * engine's legal actions and that the engine accepts it (also as a parsed structured copy, as the
 * server gets it from a worker). At a sample of decisions (every decision of the first 50 deals of a
 * run, then every 10th, to keep this file fast), that the request's view deep-equals `viewFor(state,
 * seat)` taken before the bot ran, its legal list `legalActions`, and that the answer is the same again.
 *
 * Every action kind a set-up offers must be chosen at least once (so a bot that never reaches a phase
 * fails), and the `rule` player must itself make the calls it always makes when offered (melds, the 7
 * exchange, Belle/Bella) and both bid and pass. Set SELFPLAY_REPORT=1 to print the counts.
 */

/** Deep checks at every decision of the first 50 deals, then at every 10th decision. */
const sampled = (deal: number, decision: number): boolean => deal < 50 || decision % 10 === 0;

const report = (label: string, s: SelfPlayStats): void => {
  if (process.env.SELFPLAY_REPORT) console.log(`${summary(label, s)}; by level ${JSON.stringify(s.byLevel)}`);
};

const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

/** A real Differenzler view (seat 0, the deal's first step): a request needs a whole view. */
function differenzlerView() {
  const g = gameById('differenzler') as AnyGame;
  const s0 = g.start(unwrap(g.parseConfig({ players: 4 })), 0);
  const s = unwrap(g.applyDeal(s0, g.randomDeal(s0, seeded('view'))));
  return requestFor('differenzler', s, 0, 'rule', 's').view;
}

describe('bots choose only legal actions in self-play', () => {
  for (const t of TABLES) {
    for (const [i, setup] of setups(t).entries()) {
      it(`${tableName(t)}, ${setup.label}: ${setup.deals} deals of random and rule players`, () => {
        const s = selfPlay({
          table: t,
          config: setup.config,
          deals: setup.deals,
          seed: `legal-${t.game}-${t.players}-${i}`,
          seating: randomOrRule,
          deepCheck: sampled,
        });
        report(`${tableName(t)}, ${setup.label}`, s);
        expect(s.deals).toBe(setup.deals);
        expect(s.decisions).toBeGreaterThan(setup.deals * 8);
        expect(s.deepChecks).toBeGreaterThan(s.decisions / 10);
        expect(sorted(Object.keys(s.kinds))).toEqual(sorted(setup.kinds));
        for (const k of setup.ruleKinds) expect(s.byLevel.rule?.[k] ?? 0, `rule: ${k}`).toBeGreaterThan(0);
        // Every seat dealt; with 3 players and the play-on for second place (option playOn, not in
        // preset klappern) whole matches reach the end game with one seat out.
        for (const n of s.dealers) expect(n).toBeGreaterThan(0);
        const playOn = t.game === 'klapperjas' && t.players === 3 && setup.config?.preset !== 'klappern';
        if (playOn) expect(s.shortDeals).toBeGreaterThan(0);
        else expect(s.shortDeals).toBe(0);
      });
    }
    it(`${tableName(t)}: rule players only`, () => {
      const s = selfPlay({
        table: t,
        deals: 200,
        seed: `rule-${t.game}-${t.players}`,
        seating: allRule,
        deepCheck: sampled,
      });
      report(`${tableName(t)}, rule only`, s);
      expect(s.decisions).toBeGreaterThan(200 * 8);
      expect(Object.keys(s.byLevel)).toEqual(['rule']);
      expect(s.kinds.play).toBeGreaterThan(0);
      // Rule bidding follows the search player's bids (docs/bots.md): rule players play most deals
      // instead of throwing them in (the first, cautious lines threw in 54% to 77%).
      if (t.game !== 'differenzler') expect((s.dealt - s.deals) / s.dealt).toBeLessThan(0.2);
    });
  }
});

describe('the self-play check', () => {
  const table = TABLES[0];
  const run = (bot: (req: BotRequest) => Action) => () =>
    selfPlay({ table, deals: 3, seed: 'faulty', seating: randomOrRule, bot });

  it('fails on an answer that is not among the legal actions', () => {
    expect(run((req) => (req.view.phase === 'play' ? { t: 'orgi' } : decide(req)))).toThrow(/not one of/);
    // Deep equality: an extra field makes an action another one.
    const extra = (a: Action): Action => ({ ...a, extra: 1 }) as Action;
    expect(run((req) => extra(decide(req)))).toThrow(/not one of/);
  });

  it('fails when a bot changes the view it was given', () => {
    expect(
      run((req) => {
        const action = decide(req);
        (req.view as { phase: string }).phase = 'changed';
        return action;
      }),
    ).toThrow(/view/);
  });

  it('passes the real bots', () => {
    expect(run(decide)().deals).toBe(3);
  });
});

describe('decide', () => {
  it('is deterministic for a seed and answers every level', () => {
    const g = gameById('klapperjas') as AnyGame;
    let state = g.start(unwrap(g.parseConfig({ players: 4 })), 0);
    state = unwrap(g.applyDeal(state, g.randomDeal(state, seeded('det'))));
    for (const level of BOT_LEVELS) {
      const seat = g.toAct(state)[0];
      const a = decide(requestFor('klapperjas', state, seat, level, 'x'));
      const b = decide(requestFor('klapperjas', state, seat, level, 'x'));
      expect(a).toStrictEqual(b);
    }
  });

  it('refuses a request without legal actions', () => {
    expect(() =>
      decide({
        game: 'differenzler',
        level: 'rule',
        seat: 0,
        view: differenzlerView(),
        legal: [],
        seed: 's',
      }),
    ).toThrow(/no legal action/);
  });
});

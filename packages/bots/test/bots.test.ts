import type { Action, AnyGame, GameId } from '@stich/engine';
import { gameById, seeded, unwrap } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, type BotLevel, decide, requestFor } from '../src/index.ts';

interface Table {
  readonly game: GameId;
  readonly players: number;
}

const TABLES: readonly Table[] = [
  { game: 'klapperjas', players: 4 },
  { game: 'klapperjas', players: 3 },
  { game: 'klapperjas', players: 2 },
  { game: 'klaberjass', players: 2 },
  { game: 'differenzler', players: 4 },
];

/**
 * Plays `deals` deals with the given levels by seat, asking the seat first in `toAct` each time, and
 * checks every request and answer on the way. Returns the number of decisions.
 */
function selfPlay(table: Table, levels: readonly BotLevel[], deals: number, seed: string): number {
  const g = gameById(table.game) as AnyGame;
  let decisions = 0;
  for (let d = 0; d < deals; d++) {
    let state = g.start(unwrap(g.parseConfig({ players: table.players })), d % table.players);
    const rng = seeded(`${seed}/${d}`);
    const before = g.outcome(state).deals.length;
    for (let step = 0; g.outcome(state).deals.length === before && !g.isOver(state); step++) {
      if (step > 2000) throw new Error('deal did not end');
      if (g.awaitsDeal(state)) {
        state = unwrap(g.applyDeal(state, g.randomDeal(state, rng)));
        continue;
      }
      const seat = g.toAct(state)[0];
      const req = requestFor(table.game, state, seat, levels[seat], `${seed}/${d}/${step}`);
      // The bot is handed exactly the seat's view and legal actions, nothing else.
      expect(Object.keys(req).sort()).toEqual(['game', 'legal', 'level', 'seat', 'seed', 'view']);
      expect(req.view).toStrictEqual(g.viewFor(state, seat));
      expect(req.legal).toStrictEqual(g.legalActions(state, seat));
      const action: Action = decide(req);
      expect(req.legal).toContain(action);
      state = unwrap(g.apply(state, seat, action));
      decisions++;
    }
  }
  return decisions;
}

describe('bots choose only legal actions in self-play', () => {
  for (const t of TABLES) {
    it(`${t.game} ${t.players}p: random and rule players`, () => {
      const mixed = Array.from(
        { length: t.players },
        (_, s) => (s % 2 === 0 ? 'rule' : 'random') as BotLevel,
      );
      expect(selfPlay(t, mixed, 20, `legal-${t.game}-${t.players}`)).toBeGreaterThan(20 * 8);
      const rules = Array.from({ length: t.players }, () => 'rule' as BotLevel);
      expect(selfPlay(t, rules, 10, `rule-${t.game}-${t.players}`)).toBeGreaterThan(10 * 8);
    });
    it(`${t.game} ${t.players}p: search players`, () => {
      const levels = Array.from(
        { length: t.players },
        (_, s) => (s === 0 ? 'search' : s === 1 ? 'rule' : 'search') as BotLevel,
      );
      expect(selfPlay(t, levels, 2, `search-${t.game}-${t.players}`)).toBeGreaterThan(2 * 8);
    });
  }
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
        view: { game: 'differenzler', viewer: 0, seats: 4, phase: 'play', toAct: [] },
        legal: [],
        seed: 's',
      }),
    ).toThrow(/no legal action/);
  });
});

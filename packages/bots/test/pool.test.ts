import type { AnyGame } from '@stich/engine';
import { gameById, seeded, unwrap } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { BotPool, decide, requestFor } from '../src/index.ts';

/** A real Differenzler view (seat 0, the deal's first step): a request needs a whole view. */
function differenzlerView() {
  const g = gameById('differenzler') as AnyGame;
  const s0 = g.start(unwrap(g.parseConfig({ players: 4 })), 0);
  const s = unwrap(g.applyDeal(s0, g.randomDeal(s0, seeded('view'))));
  return requestFor('differenzler', s, 0, 'rule', 's').view;
}

describe('BotPool', () => {
  it('answers on worker threads exactly as decide does', async () => {
    const g = gameById('differenzler') as AnyGame;
    let state = g.start(unwrap(g.parseConfig({ players: 4 })), 0);
    state = unwrap(g.applyDeal(state, g.randomDeal(state, seeded('pool'))));
    const reqs = [0, 1, 2, 3].map((seat) => requestFor('differenzler', state, seat, 'rule', `p${seat}`));
    const pool = new BotPool({ size: 2 });
    try {
      const answers = await Promise.all(reqs.map((r) => pool.decide(r)));
      expect(answers).toStrictEqual(reqs.map((r) => decide(r)));
    } finally {
      await pool.close();
    }
    await expect(pool.decide(reqs[0])).rejects.toThrow(/closed/);
  });

  it('rejects a request the bot cannot answer, and keeps working', async () => {
    const pool = new BotPool({ size: 1 });
    try {
      const bad = {
        game: 'differenzler',
        level: 'rule',
        seat: 0,
        view: differenzlerView(),
        legal: [],
        seed: 's',
      } as const;
      await expect(pool.decide(bad)).rejects.toThrow(/no legal action/);
      const ok = { ...bad, legal: [{ t: 'estimate', points: 3 }] as const };
      await expect(pool.decide(ok)).resolves.toStrictEqual({ t: 'estimate', points: 3 });
    } finally {
      await pool.close();
    }
  });
});

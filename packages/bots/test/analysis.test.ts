import { readFileSync } from 'node:fs';
import type { GameRecord, RecordStep } from '@stich/engine';
import { gameById, seeded } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { hint } from '../src/analysis/hint.ts';
import { analyzeRecord, ddCardValues } from '../src/analysis/index.ts';
import { knowledge } from '../src/doppelkopf/know.ts';
import { ruleAnnouncement } from '../src/doppelkopf/rule.ts';
import { BotPool, decide, requestFor } from '../src/index.ts';

const example = (path: string): GameRecord =>
  JSON.parse(readFileSync(new URL(`../../../examples/${path}`, import.meta.url), 'utf8'));

/**
 * examples/klaberjass/maker-loses.json with Bruno's S9 swapped for the D7 of the stock. With two
 * tricks left Bruno (seat 1) holds ST D7, Anna (seat 0) DT DA; Bruno leads. Leading ST wins the
 * trick (ST + DT, Anna throws the cheaper card) and Anna takes the last trick (D7 + DA + 10): margin
 * 20 − 21 = −1 for Bruno. Leading D7 gives Anna both tricks (D7 + DA, then DT + ST + 10): −41. The
 * blunder costs 40 points of margin, 20 card points; it does not change who wins the deal.
 */
function blunderRecord(): GameRecord {
  const r = example('klaberjass/maker-loses.json');
  const deal = r.deals[0] as { hands: string[][]; stock: string[] };
  const hands = deal.hands.map((h) => h.map((c) => (c === 'S9' ? 'D7' : c)));
  const stock = deal.stock.map((c) => (c === 'D7' ? 'S9' : c));
  const tail: RecordStep[] = [
    { seat: 1, action: { t: 'play', card: 'D7' } },
    { seat: 0, action: { t: 'play', card: 'DA' } },
    { seat: 0, action: { t: 'play', card: 'DT' } },
    { seat: 1, action: { t: 'play', card: 'ST' } },
  ];
  return { ...r, deals: [{ hands, stock }], actions: [...r.actions.slice(0, 22), ...tail] };
}

describe('analysis of a finished deal', () => {
  it('finds a hand-made blunder with its loss in card points, all cards known and from the seat’s view', () => {
    const a = analyzeRecord(blunderRecord());
    expect(a.unit).toBe('card points');
    const move = a.deals[0].moves.find((m) => m.index === 22)!;
    expect(move.seat).toBe(1);
    expect(move.dd).toEqual({ best: 'ST', loss: 20 });
    expect(move.won).toEqual({ played: true, best: true });
    // Bruno has seen 16 cards fall and holds two; Anna's DT DA may also be in the stock, so the
    // seat's view finds the blunder too, but priced lower (not every consistent deal punishes it).
    expect(move.view?.best).toBe('ST');
    expect(move.view!.loss).toBeGreaterThan(0);
    expect(move.view!.loss).toBeLessThanOrEqual(20);
    // Anna's answer (DA or DT) costs nothing: she takes both tricks either way.
    const answer = a.deals[0].moves.find((m) => m.index === 23)!;
    expect(answer.dd?.loss).toBe(0);
    const bruno = a.deals[0].seats[1];
    expect(bruno.largest[0]).toMatchObject({ index: 22, dd: 20 });
    expect(a.match[1].ddLoss).toBe(bruno.ddLoss);
  });

  it('scores the unchanged example without a loss for the seat that wins every trick', () => {
    const a = analyzeRecord(example('klaberjass/maker-loses.json'));
    expect(a.deals[0].seats[1].ddLoss).toBe(0);
  });

  for (const [game, players] of [
    ['klaberjass', 2],
    ['klapperjas', 4],
  ] as const)
    it(`shows zero loss with all cards known for a ${game} deal whose cards the solver played`, () => {
      const g = gameById(game)!;
      const config = g.parseConfig({ players });
      if (!config.ok) throw new Error(config.error.reason);
      let state = g.start(config.value, 0);
      const record: GameRecord = {
        format: 'stich-record',
        version: 1,
        game,
        config: { players },
        dealer: 0,
        deals: [],
        actions: [],
      };
      const actions: RecordStep[] = [];
      const deals: { seed: string }[] = [];
      // Deal until a deal is played (a thrown-in deal has no card play), then play it out.
      const played = () => actions.some((s) => s.action.t === 'play');
      for (let i = 0; i < 500 && !(played() && g.awaitsDeal(state)); i++) {
        if (g.awaitsDeal(state)) {
          const seed: string = `solver-${deals.length}`;
          deals.push({ seed });
          state = (g.applyDeal(state, g.randomDeal(state, seeded(seed))) as { value: unknown }).value;
          continue;
        }
        const seat = g.toAct(state)[0];
        const req = requestFor(game, state, seat, 'rule', `s${i}`);
        let action = decide(req);
        const values = ddCardValues(game, state, seat);
        if (values && action.t === 'play') {
          const best = [...values].reduce((b, x) => (x[1] > b[1] ? x : b))[0];
          action = req.legal.find((a) => (a as { card?: string }).card === best)!;
        }
        actions.push({ seat, action: action as RecordStep['action'] });
        const next = g.apply(state, seat, action);
        if (!next.ok) throw new Error(next.error.reason);
        state = next.value;
      }
      const a = analyzeRecord({ ...record, deals, actions });
      const last = a.deals.at(-1)!;
      expect(last.moves.filter((m) => m.kind === 'card' && !m.forced).length).toBeGreaterThan(5);
      for (const s of last.seats) expect(s.ddLoss).toBe(0);
    });
});

describe('hints', () => {
  /** The state of the blunder record just before Bruno's blunder (action 22). */
  function beforeBlunder() {
    const r = blunderRecord();
    const g = gameById('klaberjass')!;
    const config = g.parseConfig(r.config);
    if (!config.ok) throw new Error(config.error.reason);
    let state = g.start(config.value, r.dealer);
    state = (
      g.applyDeal(state, (g.parseDeal(state, r.deals[0]) as { value: unknown }).value) as { value: unknown }
    ).value;
    for (const { seat, action } of r.actions.slice(0, 22))
      state = (g.apply(state, seat, action) as { value: unknown }).value;
    return state;
  }

  it('suggests the search player’s card from the seat’s view, with every legal card’s expected value', async () => {
    const req = requestFor('klaberjass', beforeBlunder(), 1, 'rule', 'hint-test');
    const h = hint(req);
    expect(h.unit).toBe('card points');
    expect(h.action).toEqual({ t: 'play', card: 'ST' });
    expect(h.options!.map((o) => (o.action as unknown as { card: string }).card)).toEqual(['ST', 'D7']);
    expect(h.options![0].value).toBeGreaterThan(h.options![1].value);
    // The suggestion is the move the search player makes for the same request.
    expect(h.action).toBe(decide({ ...req, level: 'search' }));
    // On the pool's workers it is the same hint.
    const pool = new BotPool({ size: 1 });
    try {
      expect(await pool.hint(req)).toEqual(h);
    } finally {
      await pool.close();
    }
  });

  it('suggests a call without values where the search level decides by simulation', () => {
    const r = blunderRecord();
    const g = gameById('klaberjass')!;
    const config = g.parseConfig(r.config);
    if (!config.ok) throw new Error(config.error.reason);
    const start = g.start(config.value, r.dealer);
    const state = (
      g.applyDeal(start, (g.parseDeal(start, r.deals[0]) as { value: unknown }).value) as {
        value: unknown;
      }
    ).value;
    const seat = g.toAct(state)[0];
    const h = hint(requestFor('klaberjass', state, seat, 'search', 'hint-bid'));
    expect(h.options).toBeNull();
    expect(g.legalActions(state, seat)).toContainEqual(h.action);
  });
});

describe('hints over random positions', () => {
  // The card suggested heads the list of values, also where cards tie (the search player then keeps its
  // rule card, whatever the hand's order) and in Doppelkopf (values over samples of their own).
  const tables = [
    { game: 'klaberjass', config: { players: 2 } },
    { game: 'klapperjas', config: { players: 4 } },
    { game: 'doppelkopf', config: { players: 4, preset: 'ddv' } },
  ] as const;
  for (const t of tables)
    it(`${t.game}: the suggested card is the best option shown`, () => {
      const g = gameById(t.game)!;
      const config = g.parseConfig(t.config);
      if (!config.ok) throw new Error(config.error.reason);
      const rng = seeded(`hint-random/${t.game}`);
      let checked = 0;
      for (let d = 0; checked < 6 && d < 40; d++) {
        let s = g.start(config.value, 0);
        s = (g.applyDeal(s, g.randomDeal(s, rng)) as { value: unknown }).value;
        // Rule players to a random point of the card play, then one hint for the seat to play.
        const stop = 4 + rng.int(16);
        for (let i = 0; i < 400 && (g.outcome(s) as { deals: unknown[] }).deals.length === 0; i++) {
          const seat = g.toAct(s)[0];
          const legal = g.legalActions(s, seat) as readonly { t: string; card?: string }[];
          const cards = new Set(legal.filter((a) => a.t === 'play').map((a) => a.card));
          if (g.phase(s) === 'play' && cards.size >= 2 && i >= stop) {
            const h = hint(requestFor(t.game, s, seat, 'search', `hint-random/${d}`));
            if (h.options && h.action.t === 'play') {
              const values = h.options.map((o) => o.value);
              expect(values).toEqual([...values].sort((a, b) => b - a));
              expect((h.options[0].action as { card?: string }).card).toBe(
                (h.action as { card?: string }).card,
              );
              expect(legal).toContainEqual(h.action);
              checked++;
            }
            break;
          }
          s = (
            g.apply(s, seat, decide(requestFor(t.game, s, seat, 'rule', `r/${d}/${i}`))) as { value: unknown }
          ).value;
        }
      }
      expect(checked).toBe(6);
    }, 120_000);
});

describe('Doppelkopf announcements in the analysis', () => {
  // The search level announces by the rule policy, so a call is judged against that policy: seats that act
  // at random half of the time call far more often than it would, and each call's suggestion is the policy's
  // from the caller's view.
  it('compares every announcement with the rule policy the search level announces by', () => {
    const g = gameById('doppelkopf')!;
    const config = g.parseConfig({ players: 4, preset: 'ddv' });
    if (!config.ok) throw new Error(config.error.reason);
    const rng = seeded('analysis-announce');
    const deals: { seed: string }[] = [];
    const actions: RecordStep[] = [];
    const expected = new Map<number, unknown>();
    let state = g.start(config.value, 0);
    for (let d = 0; d < 3; d++) {
      const seed = `analysis-announce/${d}`;
      deals.push({ seed });
      state = (g.applyDeal(state, g.randomDeal(state, seeded(seed))) as { value: unknown }).value;
      for (let i = 0; i < 400 && !g.awaitsDeal(state); i++) {
        const seat = g.toAct(state)[0];
        const legal = g.legalActions(state, seat);
        const action =
          rng.int(2) === 0
            ? legal[rng.int(legal.length)]
            : decide(requestFor('doppelkopf', state, seat, 'rule', `analysis-announce/${d}/${i}`));
        if (action.t === 'announce') {
          const v = g.viewFor(state, seat) as Parameters<typeof ruleAnnouncement>[0];
          expected.set(
            actions.length,
            ruleAnnouncement(v, knowledge(v), legal as never) ?? { t: 'no announcement' },
          );
        }
        actions.push({ seat, action: action as RecordStep['action'] });
        const next = g.apply(state, seat, action);
        if (!next.ok) throw new Error(next.error.reason);
        state = next.value;
      }
    }
    const record: GameRecord = {
      format: 'stich-record',
      version: 1,
      game: 'doppelkopf',
      config: { players: 4, preset: 'ddv' },
      dealer: 0,
      deals,
      actions,
    };
    const calls = analyzeRecord(record)
      .deals.flatMap((d) => d.moves)
      .filter((m) => m.action.t === 'announce' && !m.forced);
    expect(calls.length).toBe(expected.size);
    for (const m of calls) expect(m.search).toEqual(expected.get(m.index));
    // Both kinds of verdict occur: random calls the policy would not make, and calls it would.
    expect(calls.filter((m) => m.agrees).length).toBeGreaterThan(0);
    expect(calls.filter((m) => !m.agrees).length).toBeGreaterThan(0);
  }, 120_000);
});

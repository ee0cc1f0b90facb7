/** Klaberjass property tests over seeds, record round trips and the example records. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count } from '../src/core/bits.ts';
import type { Card } from '../src/core/cards.ts';
import { playRandomMatch } from '../src/core/play.ts';
import { type GameRecord, newRecord, parseRecord, replay } from '../src/core/record.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import { GAMES } from '../src/games.ts';
import { cardsOfWord } from '../src/kernel/jass32.ts';
import {
  ACCEPT,
  ANNOUNCE,
  ANSWER,
  EXCHANGE,
  NAME,
  PASS,
  REFUSE,
  SCHMEISS,
  TAKE,
  TOP,
} from '../src/klaberjass/actions.ts';
import { CARDS, indexOf } from '../src/klaberjass/cards.ts';
import type { KlaberjassState } from '../src/klaberjass/index.ts';
import { config, game } from './fixtures/klaberjass.ts';

const ALL = 0xffffffff | 0;
const EVERY_ACTION = [
  TAKE,
  PASS,
  SCHMEISS,
  ACCEPT,
  REFUSE,
  EXCHANGE,
  ...NAME,
  ...Object.values(ANNOUNCE),
  ...Object.values(ANSWER),
  ...TOP,
  ...CARDS.map((card) => ({ t: 'play', card }) as const),
  ...CARDS.map((card) => ({ t: 'play', card, bella: true }) as const),
];
/** The cards played this deal: the kernel's finished tricks and the open one. */
const playedSet = (s: KlaberjassState): number =>
  [...s.tricks.flatMap((t) => t.cards), ...s.trick].reduce((m, p) => m | (1 << indexOf(p.card)), 0);
const cardsIn = (json: string): Set<string> =>
  new Set([...json.matchAll(/"([CSHD][789TJQKA])"/g)].map((m) => m[1]));

/** Every card is in exactly one place: a hand, the extra cards still to come, the stock, the turned card (or the exchanged 7), played. */
function checkCards(s: KlaberjassState): void {
  if (s.own.turned < 0) return;
  const seven = s.own.trump >= 0 ? 1 << (s.own.trump * 8) : 0;
  const out = s.own.exchanged ? seven : 1 << s.own.turned;
  const parts = [s.held[0], s.held[2], s.own.extra[0], s.own.extra[1], s.own.stock, playedSet(s), out];
  expect(parts.reduce((a, p) => a + count(p), 0)).toBe(32);
  expect(parts.reduce((a, p) => a | p, 0)).toBe(ALL);
}

/** What `seat` cannot know: the other hand, the extra cards to come and the stock, less what was shown. */
function checkView(s: KlaberjassState, seat: number): void {
  const v = game.viewFor(s, seat);
  expect(v.hand).toEqual(cardsOfWord(s.held[2 * seat]));
  const shown = new Set<string>([
    ...(v.sequences?.cards.flat() ?? []),
    ...(v.exchange ? [v.exchange.took] : []),
  ]);
  const hidden = cardsOfWord(s.held[2 * (1 - seat)] | s.own.extra[0] | s.own.extra[1] | s.own.stock).filter(
    (c) => !shown.has(c),
  );
  const seen = cardsIn(JSON.stringify({ ...v, results: [] }));
  for (const c of hidden) expect(seen.has(c), `seat ${seat} sees ${c}`).toBe(false);
  const spectator = cardsIn(JSON.stringify({ ...game.viewFor(s, 'spectator'), results: [] }));
  for (const c of cardsOfWord(s.held[0] | s.held[2] | s.own.stock))
    if (!shown.has(c)) expect(spectator.has(c)).toBe(false);
}

describe('random legal play over seeds', () => {
  it('always finishes; cards exactly once; legal actions never empty; views hold nothing hidden', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 1 }), (seed, dealer) => {
        let steps = 0;
        const final = playRandomMatch(game, game.start(config({ target: 300 }), dealer), seeded(seed), {
          onDeal: (s) => {
            checkCards(s as KlaberjassState);
            checkView(s as KlaberjassState, 0);
          },
          onAction: (s: KlaberjassState) => {
            steps++;
            checkCards(s);
            if (!game.isOver(s) && !game.awaitsDeal(s)) {
              expect(game.toAct(s)).toHaveLength(1);
              expect(game.legalActions(s, game.toAct(s)[0]).length).toBeGreaterThan(0);
              expect(game.legalActions(s, 1 - game.toAct(s)[0])).toHaveLength(0);
            }
            if (steps % 3 === 0) checkView(s, steps % 2);
          },
        });
        expect(game.isOver(final)).toBe(true);
        const o = game.outcome(final);
        expect(Math.max(...o.scores)).toBeGreaterThanOrEqual(300);
        expect(o.winners).toEqual([o.scores[0] > o.scores[1] ? 0 : 1]);
        expect(o.deals.reduce((a, d) => a + d.scored[0], 0)).toBe(o.scores[0]);
        for (const d of o.deals) expect(d.cardPoints[0] + d.cardPoints[1]).toBeLessThanOrEqual(152);
      }),
      { numRuns: 25 },
    );
  });

  it('a record of explicit deals (or seeds) replays to the same states, also through JSON', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (seed, bySeed) => {
        const cfg = { players: 2, options: { target: 200 } };
        const rec = newRecord('klaberjass', cfg, 0);
        const deals: object[] = [];
        const actions: { seat: number; action: object }[] = [];
        const states: KlaberjassState[] = [game.start(config({ target: 200 }), 0)];
        let dealNo = 0;
        const rng = seeded(seed);
        // A seeded deal is drawn from its own generator so that the record can name it.
        const s0 = states[0];
        let state = s0;
        while (!game.isOver(state)) {
          if (game.awaitsDeal(state)) {
            const dseed = `${seed}/${dealNo++}`;
            const d = game.randomDeal(state, seeded(dseed));
            deals.push(bySeed ? { seed: dseed } : d);
            state = unwrap(game.applyDeal(state, d));
          } else {
            const seat = game.toAct(state)[0];
            const acts = game.legalActions(state, seat);
            const action = acts[rng.int(acts.length)];
            actions.push({ seat, action });
            state = unwrap(game.apply(state, seat, action));
          }
          states.push(state);
        }
        const record = unwrap(parseRecord(JSON.stringify({ ...rec, deals, actions }))) as GameRecord;
        const r = unwrap(replay<KlaberjassState>(game, record, true));
        expect(r.states).toEqual(states);
        expect(game.outcome(r.state)).toEqual(game.outcome(state));
      }),
      { numRuns: 15 },
    );
  });

  it('bad input leaves the state unchanged', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(fc.jsonValue(), fc.constantFrom(...EVERY_ACTION)),
        fc.integer({ min: -1, max: 2 }),
        (seed, junk, seat) => {
          const rng = seeded(seed);
          let s = unwrap(
            game.applyDeal(game.start(config(), 0), game.randomDeal(game.start(config(), 0), rng)),
          );
          for (let i = rng.int(25); i > 0 && !game.awaitsDeal(s); i--) {
            const acts = game.legalActions(s, game.toAct(s)[0]);
            s = unwrap(game.apply(s, game.toAct(s)[0], acts[rng.int(acts.length)]));
          }
          const before = JSON.stringify(s);
          const parsed = game.parseAction(junk);
          if (parsed.ok) {
            const r = game.apply(s, seat, parsed.value);
            const legal = game.legalActions(s, seat).includes(parsed.value);
            expect(r.ok).toBe(legal);
          }
          expect(JSON.stringify(s)).toBe(before);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('example records (examples/klaberjass)', () => {
  const dir = join(import.meta.dirname, '../../../examples/klaberjass');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('there are examples', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)('%s replays to its stated outcome', (file) => {
    const record = unwrap(parseRecord(readFileSync(join(dir, file), 'utf8')));
    const expected = (record.meta as { expect: Record<string, unknown> }).expect;
    const state = unwrap(replay<KlaberjassState>(game, record)).state;
    const o = game.outcome(state);
    expect({
      scores: o.scores,
      over: o.over,
      winners: o.winners,
      scored: o.deals.map((d) => d.scored),
      phase: game.phase(state),
    }).toEqual(expected);
  });

  it('a record naming an illegal action is refused with its index', () => {
    const record = unwrap(parseRecord(readFileSync(join(dir, 'maker-loses.json'), 'utf8')));
    const bad = {
      ...record,
      actions: record.actions.map((a, i) =>
        i === 6 ? { ...a, action: { t: 'play', card: 'C7' as Card } } : a,
      ),
    };
    const r = replay(game, bad);
    expect(r.ok ? 'ok' : r.error.index).toBe(6);
  });

  it('is registered under its id', () => {
    expect(GAMES.klaberjass).toBe(game);
    expect(indexOf('DA')).toBe(31);
  });
});

/** The worked examples of the manual (000), replayed from examples/klapperjas/*.json. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRecord, replay } from '../src/core/record.ts';
import { unwrap } from '../src/core/result.ts';
import { G, results, type State, scores } from './fixtures/klapperjas.ts';

const load = (name: string) => {
  const text = readFileSync(new URL(`../../../examples/klapperjas/${name}.json`, import.meta.url), 'utf8');
  const rep = unwrap(replay<State>(G, unwrap(parseRecord(text)), true));
  return { state: rep.state, states: rep.states!, results: results(rep.state) };
};

// Abbildung 7 (NOTES.md): trump Herz, B = seat 0 dealt, C = seat 1 Vorhand, A = seat 2.
const A = 2;
const B = 0;
const C = 1;

describe('meld examples of Abbildung 7 (000 3.3)', () => {
  it.each([
    ['01', B, 20, 'B has the higher Terz (up to the Dame)'],
    ['02', B, 20, "B's Terz up to the Ass; A's two Terze are beaten"],
    ['03', C, 20, "all equally high; C's is in trump"],
    ['04', C, 40, 'B and C equally high, C declared first: his second Terz counts too'],
    ['05', A, 50, 'a Halber beats any number of Terze'],
    ['06', B, 70, "equally high Halbe, B's in trump; his Terz counts too"],
    ['07', C, 50, 'equally high Halbe, neither in trump: C declared first'],
    ['08', -1, 0, 'an undeclared meld never counts'],
  ])('Beispiel %s: counts for seat %i, %i Augen (%s)', (ex, seat, value) => {
    const { states, results } = load(`melds-${ex}`);
    const r = results[0];
    expect(r.trump).toBe('H');
    expect(r.declarer).toBe(C);
    expect(r.meldsVoid).toBe(false);
    expect(r.melds.map((m) => m.seat)).toEqual(seat < 0 ? [] : r.melds.map(() => seat));
    expect(r.melds.reduce((a, m) => a + m.value, 0)).toBe(value);
    // Shown to everybody once the first trick is complete, not before.
    const i = states.findIndex((s) => G.viewFor(s, A).tricks.length === 1);
    expect(G.viewFor(states[i - 1], A).countingMelds).toBeNull();
    const shown = G.viewFor(states[i], A).countingMelds!;
    expect(shown.reduce((a, m) => a + m.value, 0)).toBe(value);
  });
});

describe('counting (000 5)', () => {
  it('129 Augen: Jas 20, Mie 14, Stich 10, Terz 20, Belle 20 = 84, plus 45 from tricks', () => {
    const { state, results } = load('augen-129');
    const r = results[0];
    expect(r.points[1]).toBe(129);
    expect([r.lastTrick, r.belle, r.melds.map((m) => m.value)]).toEqual([1, [{ seat: 1, value: 20 }], [20]]);
    const won = G.viewFor(state, 'spectator')
      .tricks.filter((t) => t.winner === 1)
      .flatMap((t) => t.cards.map((c) => c.card));
    expect(won).toEqual(expect.arrayContaining(['HJ', 'H9']));
  });
  it('Mitte: 162 + Terz 20 + Belle 20 = 202, the Mitte is 101; the partners have 104 and win', () => {
    const r = load('mitte-4p').results[0];
    expect([r.points[1], r.points[3], r.points[0], r.points[2]]).toEqual([104, 104, 98, 98]);
    expect(r.points[0] + r.points[1]).toBe(202);
    expect([r.declarer % 2, r.won]).toEqual([1, true]);
  });
});

describe('dice scoring (000 6; NOTES.md)', () => {
  it('Beispiel 1: A wins an Orgi (2), a Kleines (3), then B loses a Kleines (5)', () => {
    const { state, results } = load('dice-1');
    expect(results.map((r) => [r.declarer, r.kind, r.won, r.gamePoints])).toEqual([
      [0, 'orgi', true, 2],
      [0, 'kleines', true, 1],
      [1, 'kleines', false, 2],
    ]);
    expect(results.map((r) => r.awarded[0])).toEqual([2, 1, 2]);
    expect(scores(state)).toEqual([5, 0]);
  });
  const cases: [string, string, boolean, number | null, number, number[], string][] = [
    ['dice-2', 'orgi', false, null, 4, [4, 0, 4, 0], 'Beispiel 2: Orgi verloren = 4 for the opponents'],
    ['dice-3', 'kleines', true, 1, 4, [0, 4, 0, 4], 'Beispiel 3: Kleines won with Kontra and Re = 4'],
    ['dice-4', 'kleines', false, 1, 8, [8, 0, 8, 0], 'Beispiel 4: Kleines lost with Kontra and Re = 8'],
  ];
  it.each(cases)('%s (%s, won %s, Re %s): %i points, scores %j: %s', (name, kind, won, re, points, want) => {
    const { state, results } = load(name);
    const r = results[0];
    expect([r.kind, r.won, r.re, r.gamePoints]).toEqual([kind, won, re, points]);
    expect(scores(state)).toEqual(want);
  });
  it('3 players: an Orgi lost = 4, shared: 2 to each opponent ("teilen sich die Gegenspieler")', () => {
    const { state, results } = load('dice-3p-shared');
    const r = results[0];
    expect([r.kind, r.won, r.gamePoints, r.declarer]).toEqual(['orgi', false, 4, 1]);
    expect(scores(state)).toEqual([2, 0, 2]);
  });
});

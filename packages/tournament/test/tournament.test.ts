import { describe, expect, it } from 'vitest';
import { tableSizes } from '../src/formats.ts';
import { checkResult, nextRound } from '../src/plan.ts';
import { create, edit, register, start, type Tournament, unregister } from '../src/tournament.ts';

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error?.code);

function field(n: number, settings: object = { format: 'ddv', games: 4 }): Tournament {
  let t = ok(create(settings));
  for (let i = 0; i < n; i++) t = ok(register(t, `p${i}`, 0));
  return t;
}

describe('tournament settings and registration', () => {
  it('takes the format defaults and rejects unknown formats and games with typed errors', () => {
    const t = ok(create({ format: 'ddv' }));
    expect(t.settings).toMatchObject({ game: 'doppelkopf', rounds: 3, games: 24 });
    expect(code(create({ format: 'poker' }))).toBe('unknown-format');
    expect(code(create({ format: 'ddv', game: 'klaberjass' }))).toBe('unknown-format');
    expect(code(create({ format: 'swiss', game: 'doppelkopf' }))).toBe('unknown-format');
    expect(code(create({ format: 'ddv', games: 10 }))).toBe('malformed');
    expect(code(create({ format: 'ddv', colour: 'red' }))).toBe('malformed');
    expect(code(create(null))).toBe('malformed');
    expect(ok(create({ format: 'ddv', preset: 'house' })).settings.preset).toBe('house');
    expect(code(create({ format: 'ddv', preset: 'skat' }))).toBe('malformed');
  });

  it('refuses registering twice, late registration and edits after the start; the input never changes', () => {
    let t = ok(create({ format: 'ddv', games: 4, startsAt: 1000 }));
    t = ok(register(t, 'anna', 10));
    const again = register(t, 'anna', 20);
    expect(code(again)).toBe('already-registered');
    expect(t.players).toStrictEqual(['anna']);
    expect(code(register(t, 'ben', 1000))).toBe('late-registration');
    expect(code(unregister(t, 'ben', 10))).toBe('not-registered');
    expect(ok(unregister(t, 'anna', 10)).players).toStrictEqual([]);
    for (const p of ['b', 'c', 'd']) t = ok(register(t, p, 10));
    const s = ok(start(t));
    expect(s.status).toBe('started');
    expect(code(edit(s, { games: 8 }))).toBe('started');
    expect(code(register(s, 'late', 0))).toBe('late-registration');
    expect(code(start(s))).toBe('started');
    expect(t.status).toBe('open');
  });

  it('edits before the start keep what is not named', () => {
    const t = field(4);
    const e = ok(edit(t, { rounds: 5 }));
    expect(e.settings).toMatchObject({ format: 'ddv', rounds: 5, games: 4 });
    expect(code(edit(t, { maxPlayers: 3 }))).toBe('full');
    expect(code(register(ok(edit(t, { maxPlayers: 4 })), 'x', 0))).toBe('full');
  });

  it('refuses impossible player counts at the start', () => {
    for (const n of [3, 6, 7, 11]) expect(code(start(field(n)))).toBe('bad-players');
    for (const n of [4, 5, 8, 9, 10, 12, 13, 17]) expect(code(start(field(n)))).toBe('ok');
    expect(code(start(field(6, { format: 'differenzler' })))).toBe('bad-players');
    expect(code(start(field(4, { format: 'duplicate' })))).toBe('bad-players');
    expect(code(start(field(1, { format: 'swiss' })))).toBe('bad-players');
    // Swiss rounds by default: ceil(log2 players).
    expect(ok(start(field(9, { format: 'swiss' }))).settings.rounds).toBe(4);
  });

  it('seats DDV fields at tables of four with as few tables of five as the count demands', () => {
    expect(ok(tableSizes('ddv', 16))).toStrictEqual([4, 4, 4, 4]);
    expect(ok(tableSizes('ddv', 9))).toStrictEqual([4, 5]);
    expect(ok(tableSizes('ddv', 15))).toStrictEqual([5, 5, 5]);
    expect(ok(tableSizes('ddv', 19))).toStrictEqual([4, 5, 5, 5]);
    expect(ok(tableSizes('swiss', 7))).toStrictEqual([2, 2, 2]);
  });
});

describe('results against the plan', () => {
  it('accepts a table as drawn and refuses one that does not fit, with bad-result', () => {
    const t = ok(start(field(9)));
    const round = ok(nextRound(t, []));
    const five = round.tables.findIndex((x) => x.players.length === 5);
    const players = round.tables[five].players;
    const good = { round: 0, table: five, players, games: [{ scores: [null, 1, -1, 1, -1] }] };
    expect(code(checkResult(round, good))).toBe('ok');
    expect(code(checkResult(round, { ...good, round: 1 }))).toBe('bad-result');
    expect(code(checkResult(round, { ...good, table: 7 }))).toBe('bad-result');
    expect(code(checkResult(round, { ...good, players: [...players].reverse() }))).toBe('bad-result');
    expect(code(checkResult(round, { ...good, games: [{ scores: [1, 1, -1, 1, -1] }] }))).toBe('bad-result');
    expect(code(checkResult(round, { ...good, games: [{ scores: [null, 1, -1] }] }))).toBe('bad-result');
    expect(code(checkResult(round, { ...good, winners: ['nobody'] }))).toBe('bad-result');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DifferenzlerState, differenzler as G } from '../src/differenzler/index.ts';
import { parseRecord, replay, unwrap } from '../src/index.ts';
import { COUNTING_TRICKS } from './fixtures/differenzler.ts';

const DIR = join(import.meta.dirname, '../../../examples/differenzler');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));

describe('example records (examples/differenzler)', () => {
  it('there are examples', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(2);
  });

  it.each(FILES)('%s replays to the outcome it states', (file) => {
    const record = unwrap(parseRecord(readFileSync(join(DIR, file), 'utf8')));
    const { state } = unwrap(replay<DifferenzlerState>(G, record));
    const o = G.outcome(state);
    const expected = (record.meta as { expected: { scores: number[]; winners: number[]; points: unknown } })
      .expected;
    expect(o.over).toBe(true);
    expect(o.scores).toEqual(expected.scores);
    expect(o.winners).toEqual(expected.winners);
    const points = o.deals.map((d) => d.points);
    expect(points.length === 1 ? points[0] : points).toEqual(expected.points);
  });

  it('one-round.json is the counting deal played trick by trick', () => {
    const record = unwrap(parseRecord(readFileSync(join(DIR, 'one-round.json'), 'utf8')));
    const plays = record.actions.filter((a) => a.action.t === 'play').map((a) => a.action.card);
    expect(plays.join(' ')).toBe(COUNTING_TRICKS.map((t) => t[0]).join(' '));
  });

  it('a changed record is refused with the index of the bad action', () => {
    const record = unwrap(parseRecord(readFileSync(join(DIR, 'one-round.json'), 'utf8')));
    const actions = record.actions.slice();
    // Seat 1 answers the trump Bube with a Kreuz though it holds HA and HK.
    actions[5] = { seat: 1, action: { t: 'play', card: 'CT' } };
    const r = replay(G, { ...record, actions });
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-record', index: 5 } });
  });
});

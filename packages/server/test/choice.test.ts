/**
 * An action sent for an earlier step (queue.ts `sameChoice`): taken when only other seats moved meanwhile and
 * the seat's legal actions are the same (simultaneous Differenzler estimates), refused as `stale` when what
 * the seat chose from changed (its own action went first, or it was not its choice then).
 */
import type { ServerMessage } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { Conn, createTable, guest, isState, serve } from './helpers.ts';

describe('actions for an earlier step', () => {
  const srv = serve('sqlite');

  it('an estimate given while another seat estimated is taken; a second one for the same step is stale', async () => {
    const people = await Promise.all(['A', 'B', 'C', 'D'].map((n) => guest(srv.url, n)));
    const t = await createTable(srv.url, people[0].token, {
      game: 'differenzler',
      players: 4,
      options: { rounds: 1 },
      seats: people.map(() => ({ kind: 'human' })),
    });
    const id = t.table.id;
    const conns: Conn[] = [];
    for (const [seat, p] of people.entries())
      conns.push(await Conn.join(srv.url, id, { token: p.token, seat }));
    const estimating = (m: ServerMessage) =>
      isState(m) && m.d.view.phase === 'estimate' && m.d.legal.length > 0;
    const first = await conns[0].waitFor(estimating);
    if (!isState(first)) throw new Error('no state');
    const s0 = first.d.seq;
    const answer = (c: Conn, rid: number) =>
      c.waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);

    // Seat 1 estimates at the current step.
    const one = await answer(conns[1], conns[1].request('act', { action: first.d.legal[0], seq: s0 }));
    expect(isState(one)).toBe(true);
    // Seat 0 answers for the step before: his choices did not change, so it is taken.
    const zero = await answer(conns[0], conns[0].request('act', { action: first.d.legal[3], seq: s0 }));
    expect(isState(zero) && zero.d.seq).toBe(s0 + 2);
    // Seat 1 again for that step: he chose then, so it is stale now.
    const again = await answer(conns[1], conns[1].request('act', { action: first.d.legal[5], seq: s0 }));
    expect(again.t === 'error' && again.d.code).toBe('stale');
    // A step in the future is stale too.
    const future = await answer(conns[2], conns[2].request('act', { action: first.d.legal[0], seq: s0 + 9 }));
    expect(future.t === 'error' && future.d.code).toBe('stale');

    // The last two estimate; the first card: at the step before, the leader's choice was an estimate.
    for (const seat of [2, 3]) {
      const r = await answer(conns[seat], conns[seat].request('act', { action: first.d.legal[1] }));
      expect(isState(r)).toBe(true);
    }
    const play = await conns[0].waitFor((m) => isState(m) && m.d.view.phase === 'play');
    if (!isState(play)) throw new Error('no state');
    const leader = play.d.view.toAct[0];
    const lead = await conns[leader].waitFor(
      (m) => isState(m) && m.d.seq === play.d.seq && m.d.legal.length > 0,
    );
    if (!isState(lead)) throw new Error('no state');
    const late = await answer(
      conns[leader],
      conns[leader].request('act', { action: lead.d.legal[0], seq: play.d.seq - 1 }),
    );
    expect(late.t === 'error' && late.d.code).toBe('stale');
    for (const c of conns) await c.leave();
  }, 30_000);
});

/**
 * The bot workers' queue (fairq.ts): requests are taken round-robin over owners, then over an owner's
 * tables, so many tables of one owner do not crowd out another owner's table.
 */
import { describe, expect, it } from 'vitest';
import { defaultBotWorkers } from '../src/config.ts';
import { FairQueue } from '../src/fairq.ts';

describe('fair bot queue', () => {
  it('serves another owner’s table between each of one owner’s hundred tables', async () => {
    const q = new FairQueue(1);
    const order: string[] = [];
    let release: () => void = () => {};
    // One job runs; the rest wait: a hundred tables of one owner, then a control table of another.
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const jobs = [q.run({ owner: 'many', table: 'first' }, () => gate)];
    for (let t = 0; t < 100; t++)
      jobs.push(q.run({ owner: 'many', table: `t${t}` }, async () => void order.push(`t${t}`)));
    for (let i = 0; i < 3; i++)
      jobs.push(q.run({ owner: 'one', table: 'control' }, async () => void order.push('control')));
    expect(q.size).toBe(103);
    release();
    await Promise.all(jobs);
    // The control table's three requests come at places 2, 4 and 6, not after the hundred others.
    expect(order.slice(0, 6)).toEqual(['t0', 'control', 't1', 'control', 't2', 'control']);
    expect(order).toHaveLength(103);
  });

  it('runs as many jobs at once as it has workers, and a failed job frees its worker', async () => {
    const q = new FairQueue(2);
    let running = 0;
    let most = 0;
    const job = (fail: boolean) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (fail) throw new Error('no');
    };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => q.run({ owner: 'o', table: `t${i % 3}` }, job(i % 4 === 0))),
    );
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
  });

  it('keeps one core for the tables by default', () => {
    expect([1, 2, 4, 16].map(defaultBotWorkers)).toEqual([1, 1, 3, 8]);
  });
});

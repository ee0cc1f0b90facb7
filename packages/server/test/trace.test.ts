/**
 * Tail tracing (src/trace.ts, bench/tail.ts; docs/server.md "Tail tracing"): the tracer writes what it
 * recorded since the last dump and starts over, and the load test's report attributes a slow action to a
 * cause only when its window overlapped it, next to the base rate of every action.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sent, type TraceDump, tailReport } from '../bench/tail.ts';
import { type ActionTrace, TailTracer, tail } from '../src/trace.ts';

const dir = mkdtempSync(join(tmpdir(), 'stich-trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the tracer', () => {
  it('is off without TRACE_TAIL (every hook is one check of null)', () => {
    expect(process.env.TRACE_TAIL).toBeUndefined();
    expect(tail).toBeNull();
  });

  it('dumps what it recorded since the last dump, then starts over', () => {
    const t = new TailTracer(join(dir, 'a.json'));
    const a = t.begin('T1', 2, 7);
    a.total = 1.5;
    t.groups.push({ at: a.at, ms: 0.4, jobs: 3, steps: 4 });
    t.dump();
    const first = JSON.parse(readFileSync(t.file, 'utf8')) as TraceDump;
    expect(first.actions).toMatchObject([{ table: 'T1', seat: 2, id: 7, total: 1.5 }]);
    expect(first.groups).toHaveLength(1);
    expect(first.to).toBeGreaterThanOrEqual(first.from);
    t.dump();
    const second = JSON.parse(readFileSync(t.file, 'utf8')) as TraceDump;
    expect(second.actions).toEqual([]);
    expect(second.from).toBe(first.to);
  });
});

/** 100 actions of 10 ms, one every 20 ms, from epoch ms 1000; the slowest (number 50) lasts 300 ms. */
function scene(): { sent: Sent[]; server: TraceDump; client: TraceDump } {
  const sent: Sent[] = [];
  const actions: ActionTrace[] = [];
  for (let i = 0; i < 100; i++) {
    const at = 1000 + i * 20;
    const ms = i === 50 ? 300 : 10;
    sent.push({ table: `T${i}`, seat: 0, id: 1, sent: at, answered: at + ms });
    actions.push({
      table: `T${i}`,
      seat: 0,
      id: 1,
      at: at + 1,
      apply: 0.1,
      store: ms - 3,
      project: 0.1,
      send: 0.1,
      after: 0,
      total: ms - 2.7,
      deal: i === 50,
      over: false,
    });
  }
  const empty = { loopDelayMs: { p50: 1, p99: 2, max: 3, mean: 1 }, stalls: [], analyses: [] };
  const server: TraceDump = {
    ...empty,
    from: 1000,
    to: 3000,
    actions,
    // A group write under every action, and one GC pause inside the slow action's window only.
    groups: actions.map((a) => ({ at: a.at + 1, ms: 2, jobs: 1, steps: 1 })),
    gc: [{ at: 2011, ms: 8, kind: 'major' }],
  };
  const client: TraceDump = { ...empty, from: 1000, to: 3000, actions: [], groups: [], gc: [] };
  return { sent, server, client };
}

describe('the report', () => {
  it('counts the actions above the p99 as slow', () => {
    const { sent, server, client } = scene();
    const r = tailReport(sent, server, client);
    expect(r.slow.count).toBe(1);
    expect(r.latencyMs.dealEnding).toMatchObject({ n: 1, max: 300 });
    expect(r.latencyMs.other.max).toBe(10);
  });

  it('attributes a cause by overlap, next to the base rate of every action', () => {
    const { sent, server, client } = scene();
    const r = tailReport(sent, server, client);
    // The GC pause fell into the slow action's window only (between two others): its whole 8 ms.
    expect(r.slow.overlapped.serverGc).toEqual({ share: 1, meanMs: 8 });
    expect(r.everyAction.overlapped.serverGc.share).toBe(0.01);
    // Every action overlapped a group write: a slow one as much as any.
    expect(r.slow.overlapped.groupWrite.share).toBe(1);
    expect(r.everyAction.overlapped.groupWrite.share).toBe(1);
    expect(r.slow.overlapped.ownDealEnd.share).toBe(1);
    expect(r.slow.breakdown.largestPart).toEqual({ store: 1 });
  });

  it('counts time covered by overlapping spans once (the deal ends of tables in step)', () => {
    const { sent, server, client } = scene();
    server.gc.push({ at: 2013, ms: 4, kind: 'minor' }, { at: 2011, ms: 8, kind: 'minor' });
    expect(tailReport(sent, server, client).slow.overlapped.serverGc).toEqual({ share: 1, meanMs: 8 });
  });

  it('leaves out actions sent before the server trace began', () => {
    const { sent, server, client } = scene();
    const r = tailReport(
      [{ table: 'X', seat: 1, id: 1, sent: 500, answered: 5000 }, ...sent],
      server,
      client,
    );
    expect(r.latencyMs.sentBeforeWindow).toBe(1);
    expect(r.latencyMs.all.max).toBe(300);
  });
});

/**
 * The load test's `--trace` report (loadtest.ts): which causes the slow actions share. The server records
 * its own side of each action, its group writes, GC pauses, loop stalls and analyses (src/trace.ts,
 * TRACE_TAIL); the load generator records when it sent each action and got its answer, and its own GC
 * pauses and stalls (the same tracer). Both clocks are epoch milliseconds on one machine.
 *
 * An action is slow when its latency is at or above the p99 of all. For each cause the report gives the share
 * of slow actions whose window (sent → answered) overlapped it, next to the share of all actions (the base
 * rate: a cause every action overlaps explains nothing), and the mean milliseconds of overlap.
 */
import type { ActionTrace, Span } from '../src/trace.ts';

/** What the tracer writes (src/trace.ts `dump`). */
export interface TraceDump {
  from: number;
  to: number;
  loopDelayMs: { p50: number; p99: number; max: number; mean: number };
  actions: ActionTrace[];
  groups: (Span & { jobs: number; steps: number })[];
  gc: (Span & { kind: string })[];
  stalls: (Span & { cpuMs: number })[];
  analyses: Span[];
}

/** One action as the load generator saw it (epoch ms). */
export interface Sent {
  table: string;
  seat: number;
  id: number;
  sent: number;
  answered: number;
}

const r1 = (x: number) => Number(x.toFixed(1));
const r2 = (x: number) => Number(x.toFixed(2));
const r3 = (x: number) => Number(x.toFixed(3));

function quantiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { n: s.length, p50: r2(q(0.5)), p99: r2(q(0.99)), max: r2(q(1)) };
}

/** Milliseconds of [a, b] covered by spans sorted by start (spans of one kind rarely overlap each other). */
function overlap(spans: readonly Span[], a: number, b: number): number {
  // The first span that may reach `a`: spans start in order, and none lasts longer than `longest`.
  let lo = 0;
  let hi = spans.length;
  const from = a - longest(spans);
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (spans[m].at < from) lo = m + 1;
    else hi = m;
  }
  let ms = 0;
  for (let i = lo; i < spans.length && spans[i].at < b; i++) {
    const s = spans[i];
    ms += Math.max(0, Math.min(b, s.at + s.ms) - Math.max(a, s.at));
  }
  return ms;
}
const longestOf = new WeakMap<readonly Span[], number>();
function longest(spans: readonly Span[]): number {
  let l = longestOf.get(spans);
  if (l === undefined) {
    l = spans.reduce((m, s) => Math.max(m, s.ms), 0);
    longestOf.set(spans, l);
  }
  return l;
}

function gcStats(gc: readonly (Span & { kind: string })[], seconds: number) {
  const kinds: Record<string, { count: number; totalMs: number; maxMs: number }> = {};
  for (const g of gc) {
    kinds[g.kind] ??= { count: 0, totalMs: 0, maxMs: 0 };
    const k = kinds[g.kind];
    k.count++;
    k.totalMs += g.ms;
    k.maxMs = Math.max(k.maxMs, g.ms);
  }
  for (const k of Object.values(kinds)) {
    k.totalMs = r1(k.totalMs);
    k.maxMs = r2(k.maxMs);
  }
  const q = quantiles(gc.map((g) => g.ms));
  const total = gc.reduce((s, g) => s + g.ms, 0);
  return {
    count: gc.length,
    totalMs: r1(total),
    shareOfTime: r3(total / 1000 / seconds),
    p99Ms: q.p99,
    maxMs: q.max,
    byKind: kinds,
  };
}

function spanStats(spans: readonly Span[], seconds: number) {
  const q = quantiles(spans.map((s) => s.ms));
  const total = spans.reduce((s, x) => s + x.ms, 0);
  return {
    count: spans.length,
    totalMs: r1(total),
    shareOfTime: r3(total / 1000 / seconds),
    p50Ms: q.p50,
    p99Ms: q.p99,
    maxMs: q.max,
  };
}

/** The `--trace` report for the measured window. */
export function tailReport(sent: readonly Sent[], server: TraceDump, client: TraceDump) {
  const seconds = (server.to - server.from) / 1000;
  const byKey = new Map<string, ActionTrace>();
  for (const a of server.actions) if (a.total > 0) byKey.set(`${a.table}/${a.seat}/${a.id}`, a);
  const sortSpans = <T extends Span>(xs: T[]) => xs.sort((a, b) => a.at - b.at);
  sortSpans(server.gc);
  sortSpans(server.groups);
  sortSpans(server.stalls);
  sortSpans(server.analyses);
  sortSpans(client.gc);
  sortSpans(client.stalls);
  const dealEnds = sortSpans(
    server.actions.filter((a) => a.deal || a.over).map((a) => ({ at: a.at, ms: a.total })),
  );
  const longGroups = server.groups.filter((g) => g.ms >= 10);

  interface Row {
    ms: number;
    rec: ActionTrace | undefined;
    s: Sent;
  }
  // Actions sent before the server's window began were started before its trace: they are left out.
  const rows: Row[] = sent
    .filter((s) => s.sent >= server.from)
    .map((s) => ({ ms: s.answered - s.sent, rec: byKey.get(`${s.table}/${s.seat}/${s.id}`), s }));
  const all = quantiles(rows.map((r) => r.ms));
  const threshold = all.p99;
  const slow = rows.filter((r) => r.ms >= threshold);
  const causes: Record<string, readonly Span[]> = {
    serverGc: server.gc,
    serverGcMajor: server.gc.filter((g) => g.kind !== 'minor'),
    serverStall: server.stalls,
    // A stall in which the main thread ran for at least half of it: the loop was busy, not starved of a core.
    serverStallBusy: server.stalls.filter((x) => x.cpuMs >= x.ms / 2),
    groupWrite: server.groups,
    groupWrite10ms: longGroups,
    dealEndAnyTable: dealEnds,
    analysisRead: server.analyses,
    clientGc: client.gc,
    clientStall: client.stalls,
    clientStallBusy: client.stalls.filter((x) => x.cpuMs >= x.ms / 2),
  };
  // Each cause as the time it covered: overlapping spans (the deal ends of tables in step) merged.
  for (const [name, spans] of Object.entries(causes)) causes[name] = merged(spans);
  const attribution = (set: readonly Row[]) => {
    const out: Record<string, { share: number; meanMs: number }> = {};
    for (const [name, spans] of Object.entries(causes)) {
      let hit = 0;
      let ms = 0;
      for (const r of set) {
        const o = overlap(spans, r.s.sent, r.s.answered);
        if (o > 0) hit++;
        ms += o;
      }
      out[name] = { share: r2(hit / Math.max(1, set.length)), meanMs: r2(ms / Math.max(1, set.length)) };
    }
    const own = set.filter((r) => r.rec?.deal || r.rec?.over).length;
    out.ownDealEnd = { share: r2(own / Math.max(1, set.length)), meanMs: 0 };
    return out;
  };
  /** Where an action's latency went (ms, means): before the server started it, its parts, after. */
  const breakdown = (set: readonly Row[]) => {
    const sum = { beforeServer: 0, apply: 0, store: 0, project: 0, send: 0, after: 0, afterServer: 0 };
    let n = 0;
    const dominant: Record<string, number> = {};
    for (const r of set) {
      const a = r.rec;
      if (!a) continue;
      n++;
      const parts = {
        beforeServer: a.at - r.s.sent,
        apply: a.apply,
        store: a.store,
        project: a.project,
        send: a.send,
        after: a.after,
        // The update leaves when the turn of the loop ends (corked sockets): from the end of send on.
        afterServer: r.s.answered - (a.at + a.apply + a.store + a.project + a.send),
      };
      let top = 'beforeServer';
      for (const [k, v] of Object.entries(parts)) {
        sum[k as keyof typeof sum] += v;
        if (v > parts[top as keyof typeof parts]) top = k;
      }
      dominant[top] = (dominant[top] ?? 0) + 1;
    }
    const mean = Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, r2(v / Math.max(1, n))]));
    const share = Object.fromEntries(Object.entries(dominant).map(([k, v]) => [k, r2(v / Math.max(1, n))]));
    return { matched: n, meanMs: mean, largestPart: share };
  };
  const deal = rows.filter((r) => r.rec?.deal || r.rec?.over);
  const recs = [...byKey.values()];
  const part = (f: (a: ActionTrace) => number) => quantiles(recs.map(f));
  const partOf = (xs: ActionTrace[], f: (a: ActionTrace) => number) => quantiles(xs.map(f));
  return {
    latencyMs: {
      all,
      dealEnding: quantiles(deal.map((r) => r.ms)),
      other: quantiles(rows.filter((r) => !(r.rec?.deal || r.rec?.over)).map((r) => r.ms)),
      sentBeforeWindow: sent.length - rows.length,
      unmatched: rows.filter((r) => !r.rec).length,
    },
    slow: {
      thresholdMs: threshold,
      count: slow.length,
      overlapped: attribution(slow),
      breakdown: breakdown(slow),
    },
    everyAction: { overlapped: attribution(rows), breakdown: breakdown(rows) },
    server: {
      seconds: r1(seconds),
      actionMs: {
        apply: part((a) => a.apply),
        store: part((a) => a.store),
        project: part((a) => a.project),
        send: part((a) => a.send),
        after: part((a) => a.after),
        total: part((a) => a.total),
      },
      dealEndingActionMs: {
        apply: partOf(
          recs.filter((a) => a.deal || a.over),
          (a) => a.apply,
        ),
        store: partOf(
          recs.filter((a) => a.deal || a.over),
          (a) => a.store,
        ),
        project: partOf(
          recs.filter((a) => a.deal || a.over),
          (a) => a.project,
        ),
        send: partOf(
          recs.filter((a) => a.deal || a.over),
          (a) => a.send,
        ),
        after: partOf(
          recs.filter((a) => a.deal || a.over),
          (a) => a.after,
        ),
      },
      dealEnds: server.actions.filter((a) => a.deal).length,
      matchEnds: server.actions.filter((a) => a.over).length,
      analysesQueued: server.analyses.length,
      groupWrites: {
        ...spanStats(server.groups, seconds),
        tablesPerGroup: r1(server.groups.reduce((s, g) => s + g.jobs, 0) / Math.max(1, server.groups.length)),
        stepsPerGroup: r1(server.groups.reduce((s, g) => s + g.steps, 0) / Math.max(1, server.groups.length)),
      },
      gc: gcStats(server.gc, seconds),
      loopDelayMs: mapValues(server.loopDelayMs, r2),
      stalls: stallStats(server.stalls, seconds),
    },
    client: {
      gc: gcStats(client.gc, seconds),
      loopDelayMs: mapValues(client.loopDelayMs, r2),
      stalls: stallStats(client.stalls, seconds),
    },
  };
}

function mapValues<T extends Record<string, number>>(o: T, f: (x: number) => number): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) as T;
}

/** Stalls, and how much of their time the main thread ran (the rest it waited for a core). */
function stallStats(stalls: readonly (Span & { cpuMs: number })[], seconds: number) {
  const total = stalls.reduce((s, x) => s + x.ms, 0);
  const cpu = stalls.reduce((s, x) => s + x.cpuMs, 0);
  return { ...spanStats(stalls, seconds), cpuShare: r2(cpu / Math.max(1e-9, total)) };
}

/** The union of spans, sorted by start: each instant covered once. */
function merged(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.at - b.at)) {
    const last = out[out.length - 1];
    if (last && s.at <= last.at + last.ms) last.ms = Math.max(last.ms, s.at + s.ms - last.at);
    else out.push({ at: s.at, ms: s.ms });
  }
  return out;
}

/**
 * Load by process count (`node packages/server/bench/processes.ts`, not part of `npm test`): runs the load
 * benchmark (loadtest.ts) against 1, 2 and 3 server processes on PostgreSQL (2 and 3 as the local cluster on
 * Redis, REDIS_URL), each at the highest of the given rates it holds: for each process count the rates are
 * tried from the highest down until one is reached (95 %) with p99 at most `--p99` ms. Prints one line per
 * run and a summary table. With the defaults (500 tables, rates 3000 and 1500, 20 s) it takes 3–8 minutes.
 *
 *   node packages/server/bench/processes.ts [--processes 1,2,3] [--tables 500] [--rates 3000,1500]
 *     [--seconds 20] [--p99 50] [--db pg|sqlite]
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,3' },
    tables: { type: 'string', default: '500' },
    rates: { type: 'string', default: '3000,1500' },
    seconds: { type: 'string', default: '20' },
    p99: { type: 'string', default: '50' },
    db: { type: 'string', default: 'pg' },
  },
});
const list = (s: string) => s.split(',').map((x) => Number(x.trim()));
const rates = list(values.rates!).sort((a, b) => b - a);
const P99 = Number(values.p99);

interface Report {
  actionsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  serverCpuPerActionUs: { total: number; user: number; system: number };
  proxyCpuPerActionUs?: number;
  serverCpuShare: number;
  clientCpuShare: number;
  memoryPerTableKB: number;
  loadAverage: { start: number[]; end: number[] };
}

const t0 = Date.now();
const rows: string[] = [];
for (const n of list(values.processes!)) {
  for (const rate of rates) {
    const args = [
      join(import.meta.dirname, 'loadtest.ts'),
      ...['--db', values.db!, '--processes', String(n), '--tables', values.tables!],
      ...['--rate', String(rate), '--seconds', values.seconds!],
    ];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const text = r.stdout.slice(r.stdout.indexOf('\n{') + 1);
    let rep: Report;
    try {
      rep = JSON.parse(text.slice(0, text.lastIndexOf('}') + 1));
    } catch {
      console.log(`${n} process(es) at ${rate}/s: no report (exit ${r.status})\n${r.stdout.slice(-500)}`);
      continue;
    }
    const held = rep.actionsPerSecond >= 0.95 * rate && rep.latencyMs.p99 <= P99;
    const row = [
      n,
      rate,
      rep.actionsPerSecond,
      rep.latencyMs.p50,
      rep.latencyMs.p99,
      `${rep.serverCpuPerActionUs.total} (${rep.serverCpuPerActionUs.user} + ${rep.serverCpuPerActionUs.system})`,
      rep.proxyCpuPerActionUs ?? '-',
      rep.serverCpuShare,
      rep.clientCpuShare,
      rep.memoryPerTableKB,
      `${rep.loadAverage.start[0]}–${rep.loadAverage.end[0]}`,
      held ? 'held' : 'not held',
    ].join(' | ');
    console.log(`| ${row} |`);
    rows.push(`| ${row} |`);
    if (held) break;
  }
}
console.log(
  `\n${values.db}, ${values.tables} tables, ${values.seconds} s per run, p99 target ${P99} ms; ${Math.round((Date.now() - t0) / 1000)} s in all`,
);
console.log(
  '| processes | target/s | actions/s | p50 ms | p99 ms | server CPU µs/action (user + system) | proxy µs/action | server CPU share | load generator share | KB/table | load average | |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);

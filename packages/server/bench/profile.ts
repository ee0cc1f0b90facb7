/**
 * Where a server's CPU goes per action: reads a V8 CPU profile (`npm run loadtest -- --prof DIR`), keeps
 * the samples of the load test's measured window (its `profileWindowUs`, on the monotonic clock that the
 * profile's timestamps use too) and sorts each sample into one part by the deepest frame of its stack
 * that names one (a native `writeBuffer` under the outbox is a socket write; the engine under the
 * projection is the engine). Prints each part's share of the main thread's busy samples and, given the
 * run's actions (and its measured CPU per action, user + system from /healthz, to scale the shares to),
 * µs per action; `--top N` the N functions of most self time; `--inclusive f,g` the time of the samples
 * with a function of that name anywhere on their stack (a part with everything it calls).
 *
 *   node packages/server/bench/profile.ts FILE.cpuprofile [--window START,END] [--actions N] [--cpu US]
 *     [--top 40] [--inclusive commit,uncork,step]
 *
 * The samples are the main thread's wall time: on a loaded machine a thread that waits for a core mid-call
 * (a socket write that wakes the reader) is sampled in that call, so the shares are of wall time, not CPU
 * time; `perf` counts CPU time (docs/server.md).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Frame {
  functionName: string;
  url: string;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Parts in the order a frame is tried against them; the first that names the frame wins. */
const PARTS: [string, (f: Frame) => boolean][] = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['(program): V8 and libuv outside JS', (f) => f.functionName === '(program)'],
  [
    'socket write (writev, syscall)',
    (f) =>
      f.url === '' && /^(writev|writeBuffer|writeUtf8String|writeLatin1String|uncork)$/.test(f.functionName),
  ],
  [
    'socket read (syscall, onread)',
    (f) => f.url === '' && /^(onStreamRead|readStop|readStart)$/.test(f.functionName),
  ],
  ['JSON.stringify', (f) => f.url === '' && f.functionName === 'stringify'],
  ['JSON.parse', (f) => f.url === '' && f.functionName === 'parse'],
  ['engine (apply, viewFor, legalActions)', (f) => f.url.includes('/packages/engine/')],
  [
    'protocol (patch operations, schemas)',
    (f) => f.url.includes('/packages/protocol/') || f.url.includes('/zod/'),
  ],
  ['projection (events.ts)', (f) => f.url.endsWith('/server/src/events.ts')],
  ['wire: encode and frame (wire.ts)', (f) => f.url.endsWith('/server/src/wire.ts')],
  ['outbox.ts', (f) => f.url.endsWith('/server/src/outbox.ts')],
  [
    'database driver (better-sqlite3, pg)',
    (f) => /\/node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool)\//.test(f.url),
  ],
  ['Kysely', (f) => f.url.includes('/node_modules/kysely/')],
  ['store.ts (group writes)', (f) => f.url.endsWith('/server/src/store.ts')],
  ['ws (frames in and out)', (f) => f.url.includes('/node_modules/ws/')],
  ['msgpack', (f) => f.url.includes('/node_modules/msgpackr')],
  ['Colyseus', (f) => f.url.includes('/node_modules/@colyseus/')],
  ['fair deal (fair.ts)', (f) => f.url.endsWith('/server/src/fair.ts')],
  ['queue.ts', (f) => f.url.endsWith('/server/src/queue.ts')],
  [
    'table.ts, autoplay, timers',
    (f) => /\/server\/src\/(table|autoplay|timers|presence|tablestate)\.ts$/.test(f.url),
  ],
  ['analysis, statistics', (f) => /\/server\/src\/(analysis|stats|statsdb|progress)\.ts$/.test(f.url)],
  ['other server code', (f) => f.url.includes('/packages/server/src/')],
  ['Node timers', (f) => f.url === 'node:internal/timers'],
  ['Node streams, net', (f) => /^node:(net|internal\/(streams|stream_base_commons|net))/.test(f.url)],
  ['other Node internals', (f) => f.url.startsWith('node:')],
  ['other libraries', (f) => f.url.includes('/node_modules/')],
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    window: { type: 'string' },
    actions: { type: 'string' },
    cpu: { type: 'string' },
    top: { type: 'string', default: '0' },
    inclusive: { type: 'string', default: '' },
  },
});
const p = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
const [from, to] = values.window ? values.window.split(',').map(Number) : [-Infinity, Infinity];
const parent = new Map<number, number>();
const byId = new Map<number, Node>();
for (const n of p.nodes) {
  byId.set(n.id, n);
  for (const c of n.children ?? []) parent.set(c, n.id);
}
/** Each node's part, found once. */
const partOf = new Map<number, string>();
function part(id: number): string {
  const known = partOf.get(id);
  if (known) return known;
  let found = 'unattributed';
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const f = byId.get(n)!.callFrame;
    const hit = PARTS.find(([, is]) => is(f));
    if (hit) {
      found = hit[0];
      break;
    }
  }
  partOf.set(id, found);
  return found;
}

/** `--inclusive a,b`: time of the samples with a function of that name anywhere on their stack. */
const names = values.inclusive ? values.inclusive.split(',') : [];
const within = new Map<string, number>();
function onStack(id: number): Set<string> {
  const hit = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const f = byId.get(n)!.callFrame.functionName;
    if (names.includes(f)) hit.add(f);
  }
  return hit;
}
const stacks = new Map<number, Set<string>>();
const time = new Map<string, number>();
/** Self time per function (`--top N`: the N largest are printed). */
const self = new Map<string, number>();
let t = p.startTime;
let all = 0;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  if (t < from || t > to) continue;
  // A sample stands for the time until the next one.
  const dt = p.timeDeltas[i + 1] ?? 0;
  const k = part(p.samples[i]);
  time.set(k, (time.get(k) ?? 0) + dt);
  const f = byId.get(p.samples[i])!.callFrame;
  const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(packages|node_modules)\//, '')}:${(f as { lineNumber?: number }).lineNumber ?? ''}`;
  self.set(name, (self.get(name) ?? 0) + dt);
  if (names.length > 0) {
    let hit = stacks.get(p.samples[i]);
    if (hit === undefined) {
      hit = onStack(p.samples[i]);
      stacks.set(p.samples[i], hit);
    }
    for (const h of hit) within.set(h, (within.get(h) ?? 0) + dt);
  }
  all += dt;
}
const idle = time.get('idle') ?? 0;
const busy = all - idle;
const actions = Number(values.actions ?? 0);
const cpu = Number(values.cpu ?? 0);
console.log(
  `window ${(all / 1e6).toFixed(1)} s, main thread busy ${((100 * busy) / all).toFixed(1)} %` +
    (actions ? `, ${(busy / actions).toFixed(0)} µs of main-thread time per action` : ''),
);
console.log('| part | share of busy | µs per action |\n| --- | --- | --- |');
for (const [k, v] of [...time].filter(([k]) => k !== 'idle').sort((a, b) => b[1] - a[1])) {
  // Scaled to the measured CPU per action when given, else the main thread's own time.
  const us = actions ? (cpu ? (cpu * v) / busy : v / actions) : NaN;
  console.log(`| ${k} | ${((100 * v) / busy).toFixed(1)} % | ${us.toFixed(1)} |`);
}
const top = Number(values.top);
if (top > 0) {
  console.log(`\n| function (self time) | share of busy |\n| --- | --- |`);
  for (const [k, v] of [...self]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`| ${k} | ${((100 * v) / busy).toFixed(1)} % |`);
}
if (names.length > 0) {
  console.log(`\n| function (with what it calls) | share of busy | µs per action |\n| --- | --- | --- |`);
  for (const k of names) {
    const v = within.get(k) ?? 0;
    const us = actions ? (cpu ? (cpu * v) / busy : v / actions) : NaN;
    console.log(`| ${k} | ${((100 * v) / busy).toFixed(1)} % | ${us.toFixed(1)} |`);
  }
}

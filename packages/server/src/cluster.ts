/**
 * `npm run cluster -- --processes N`: a local cluster for trying it out. N server processes share
 * REDIS_URL and DATABASE_URL (or one SQLite file), behind one proxy on `--port` (3000, http-proxy-3). Each
 * process listens on a Unix socket in a directory only this user may open (LISTEN_SOCKET), not on a port:
 * no client reaches a process but through the proxy, so none can forge the X-Forwarded-For the process
 * trusts from its proxy (issue 22). Requests under `/p/<n>/` go to process n, which is each process's
 * public address (PUBLIC_ADDRESS `localhost:3000/p/<n>`: its WebSockets), everything else to the live
 * processes in turn. A process that exits is started again after a second. Ctrl-C stops everything.
 * docs/deploy.md shows the same layout on several machines.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type RunningProxy, startProxy } from './proxy.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'public-url': { type: 'string' },
  },
});
const count = Number(values.processes);
const port = Number(values.port);
const fail = (text: string): never => {
  process.stderr.write(`cluster: ${text}\n`);
  process.exit(1);
};
if (!Number.isInteger(count) || count < 1 || count > 64)
  fail('--processes must be a whole number from 1 to 64');
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('--port must be a free port below 65535');
if (!process.env.REDIS_URL) fail('set REDIS_URL (e.g. redis://127.0.0.1:6379): the processes share it');
if (!process.env.DATABASE_URL)
  process.stderr.write('cluster: no DATABASE_URL: the processes share one SQLite file (one machine only)\n');
const publicUrl = new URL(values['public-url'] ?? `http://localhost:${port}`);

interface Child {
  readonly n: number;
  readonly socket: string;
  child: ChildProcess | null;
}
// mkdtemp makes the directory readable by this user only (0700): other users cannot open the sockets.
const sockets = mkdtempSync(join(tmpdir(), 'stich-cluster-'));
const members: Child[] = Array.from({ length: count }, (_, i) => ({
  n: i + 1,
  socket: join(sockets, `${i + 1}.sock`),
  child: null,
}));
let stopping = false;
let proxy: RunningProxy;

function start(m: Child): void {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      // Only the proxy reaches it; what the proxy appends to X-Forwarded-For is the client's address
      // (per-address limits). No TCP port, and no TRUSTED_PROXIES a local client could connect from.
      LISTEN_SOCKET: m.socket,
      TRUSTED_PROXIES: '',
      // Its own URL through the proxy (printed at start, e.g. for the load benchmark); same origin as the proxy.
      PUBLIC_URL: `${proxy.url}/p/${m.n}`,
      PUBLIC_ADDRESS: proxy.address(m.n),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  m.child = child;
  const prefix = (b: Buffer) =>
    String(b)
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => `[${m.n}] ${l}\n`)
      .join('');
  child.stdout!.on('data', (b: Buffer) => process.stdout.write(prefix(b)));
  child.stderr!.on('data', (b: Buffer) => process.stderr.write(prefix(b)));
  child.once('exit', (code, signal) => {
    m.child = null;
    if (stopping) return;
    process.stderr.write(`cluster: process ${m.n} exited (${signal ?? code}); starting it again in 1 s\n`);
    setTimeout(() => {
      if (!stopping) start(m);
    }, 1000);
  });
}

try {
  proxy = await startProxy({ port, host: process.env.HOST ?? '0.0.0.0', publicUrl: publicUrl.href, members });
} catch (e) {
  fail(`cannot listen on port ${port}: ${(e as Error).message}`);
}
for (const m of members) start(m);
process.stdout.write(`Stich cluster: ${count} processes (sockets in ${sockets}) at ${proxy!.url}/\n`);

const stop = () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('cluster: stopping\n');
  void proxy.close();
  const left = members.flatMap((m) => (m.child ? [m.child] : []));
  let n = left.length;
  process.once('exit', () => rmSync(sockets, { recursive: true, force: true }));
  if (n === 0) process.exit(0);
  for (const c of left) {
    c.once('exit', () => {
      if (--n === 0) process.exit(0);
    });
    c.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

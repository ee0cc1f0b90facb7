/**
 * What replays cost the server (issue 22): a server in this process with a finished 100-round Differenzler
 * match stored, asked by curl for the audit's requests; per request the answer's bytes and status, the
 * longest event-loop delay meanwhile (what every table waits) and the peak RSS. `STICH_ROOT=<checkout>`
 * measures another checkout's server (its node_modules resolving as this one's).
 *
 *   node packages/server/bench/replay.ts
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { differenzlerRecord, klaberjassRecord, storeFinished } from '../test/records.ts';

const root = resolve(process.env.STICH_ROOT ?? join(import.meta.dirname, '..', '..', '..'));
const { startServer, loadConfig } = await import(join(root, 'packages/server/src/index.ts'));
const { context } = await import(join(root, 'packages/server/src/context.ts'));
const run = promisify(execFile);
const tmp = mkdtempSync(join(tmpdir(), 'stich-replay-bench-'));
const server = await startServer(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SQLITE_FILE: join(tmp, 'bench.sqlite'),
    REPLAYS_PER_MINUTE: '100000',
    ANALYZE_DEALS: 'off',
  }),
);

const { id } = await storeFinished(differenzlerRecord(100), 'public', context().store);
// The audit's Klaberjass record: deals of one seed, as long as its packed form fits the 16 KiB body.
const kj = [12_000, 9_000, 6_000]
  .map((n) => gzipSync(JSON.stringify(klaberjassRecord(n))).toString('base64'))
  .find((gz) => gz.length < 15_500)!;
const dz = gzipSync(JSON.stringify(differenzlerRecord(12))).toString('base64');

async function curl(method: string, path: string, body?: string): Promise<{ bytes: number; status: number }> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{size_download} %{http_code}', '-X', method];
  if (body !== undefined) {
    const f = join(tmp, `body-${Math.random()}.json`);
    writeFileSync(f, body);
    args.push('-H', 'content-type: application/json', '--data-binary', `@${f}`);
  }
  const { stdout } = await run('curl', [...args, server.url + path], { maxBuffer: 1 << 20 });
  const [bytes, status] = stdout.trim().split(' ').map(Number);
  return { bytes, status };
}

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
async function measure(label: string, n: number, ask: () => ReturnType<typeof curl>) {
  await new Promise((r) => setTimeout(r, 200));
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  loop.reset();
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: n }, ask));
  const ms = Math.round(performance.now() - t0);
  clearInterval(sampler);
  const a = answers[0];
  console.log(
    `${label}: ${n}× status ${a.status}, ${a.bytes} bytes, ${ms} ms, event-loop delay max ${Math.round(
      loop.max / 1e6,
    )} ms, RSS peak +${Math.round((peak - rss0) / 2 ** 20)} MB`,
  );
}

const packed = (gz: string) => JSON.stringify({ gz });
console.log(`Klaberjass record ${kj.length} bytes packed, Differenzler 12 rounds ${dz.length} bytes packed`);
// The floor: what the loaded machine and curl's start cost without a replay.
await measure('GET /healthz (baseline)', 1, () => curl('GET', '/healthz'));
await measure('POST /api/replay Differenzler 12 rounds', 1, () => curl('POST', '/api/replay', packed(dz)));
await measure('POST /api/replay Klaberjass, one seed', 1, () => curl('POST', '/api/replay', packed(kj)));
await measure('GET replay, 100-round Differenzler, first', 1, () => curl('GET', `/api/tables/${id}/replay`));
await measure('GET replay, 100-round Differenzler, again', 1, () => curl('GET', `/api/tables/${id}/replay`));
await measure('GET replay, 100-round Differenzler, 4 at once', 4, () =>
  curl('GET', `/api/tables/${id}/replay`),
);
await server.close();
rmSync(tmp, { recursive: true, force: true });
process.exit(0);

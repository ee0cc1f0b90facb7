/**
 * Issue 22: `npm run cluster` (src/cluster.ts) as a user starts it. Its processes trust the X-Forwarded-For
 * of their proxy, so no client may reach them but through it: they listen on Unix sockets in a directory
 * of this user's only, on no TCP port. Needs Redis on 127.0.0.1:6379 (STICH_TEST_REDIS_URL), as the
 * cluster tests: skipped without it, except in CI.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { api, guest, TEST_ENV } from './helpers.ts';

const REDIS_URL = process.env.STICH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisUp(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const skip = !(await redisUp()) && process.env.CI !== 'true';

/** Whether anything accepts a TCP connection on 127.0.0.1:port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

describe.skipIf(skip)('npm run cluster', () => {
  let child: ChildProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'stich-cluster-test-'));
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs its processes where only its proxy reaches them', async () => {
    // A random high port for the proxy; the processes used to take the next ones.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const { PORT: _, HOST: __, ...env } = TEST_ENV;
    child = spawn(
      process.execPath,
      [join(import.meta.dirname, '..', 'src', 'cluster.ts'), '--processes', '2', '--port', String(port)],
      {
        env: {
          ...process.env,
          ...env,
          HOST: '127.0.0.1',
          REDIS_URL,
          REDIS_PREFIX: `stich-test-${process.pid}-${port}:`,
          SQLITE_FILE: join(dir, 'stich.sqlite'),
          GUESTS_PER_HOUR: '2',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (b) => {
      out += String(b);
    });
    child.stderr!.on('data', (b) => {
      out += String(b);
    });
    const deadline = Date.now() + 60_000;
    while ((out.match(/running at/g) ?? []).length < 2) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`cluster did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const sockets = /sockets in (\S+)\)/.exec(out)?.[1];
    expect(sockets).toBeDefined();
    // The sockets' directory is this user's only; each process listens there.
    expect(statSync(sockets!).mode & 0o777).toBe(0o700);
    for (const n of [1, 2]) expect(statSync(join(sockets!, `${n}.sock`)).isSocket()).toBe(true);
    // No process on the ports after the proxy's, where they listened before.
    expect(await listening(port + 1)).toBe(false);
    expect(await listening(port + 2)).toBe(false);
    // Through the proxy everything works, each process by its own path too.
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      if ((await api(url, 'GET', '/healthz').catch(() => ({ status: 0 }))).status === 200) break;
      if (Date.now() > deadline) throw new Error('the proxy does not answer');
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const n of [1, 2]) expect((await api(url, 'GET', `/p/${n}/healthz`)).status).toBe(200);
    const anna = await guest(url, 'Anna');
    expect((await api(url, 'GET', '/api/me', undefined, anna.token)).status).toBe(200);
    // The processes count a client by the address their proxy saw: a forged X-Forwarded-For gains nothing
    // (GUESTS_PER_HOUR 2: Anna and one more from this address).
    const forged = (ip: string) =>
      fetch(`${url}/api/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ name: 'Forger' }),
      }).then((r) => r.status);
    expect(await forged('9.9.9.1')).toBe(201);
    expect(await forged('9.9.9.2')).toBe(429);
  }, 120_000);
});

/**
 * The local cluster's proxy (http-proxy-3): one address in front of several server processes. Requests
 * under `<base>/p/<n>/` go to process n with that prefix removed: it is process n's public address
 * (PUBLIC_ADDRESS), where its seat reservations send WebSockets. Every other request goes to the live
 * processes in turn; a process is live while it answers `/healthz` (asked every second) and until a
 * request to it fails. Used by `npm run cluster` and the cluster tests; docs/deploy.md shows the same
 * routing for nginx.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

export interface Member {
  /** Its number in `/p/<n>/`, from 1. */
  readonly n: number;
  readonly port: number;
}

export interface RunningProxy {
  readonly url: string;
  readonly port: number;
  /** PUBLIC_ADDRESS of process n behind this proxy. */
  address(n: number): string;
  close(): Promise<void>;
}

const unavailable = (res: ServerResponse, reason: string) => {
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ code: 'unavailable', reason }));
};

export async function startProxy(opts: {
  readonly port: number;
  readonly host?: string;
  /** The public URL browsers use (its host and path prefix make the processes' public addresses). */
  readonly publicUrl?: string;
  readonly members: readonly Member[];
}): Promise<RunningProxy> {
  const live = new Map<number, boolean>(opts.members.map((m) => [m.n, false]));
  let stopped = false;
  const check = async () => {
    await Promise.all(
      opts.members.map(async (m) => {
        try {
          const r = await fetch(`http://127.0.0.1:${m.port}/healthz`, { signal: AbortSignal.timeout(2000) });
          await r.body?.cancel();
          live.set(m.n, true);
        } catch {
          live.set(m.n, false);
        }
      }),
    );
  };
  const watch = async () => {
    while (!stopped) {
      await check();
      await new Promise((r) => setTimeout(r, 1000).unref());
    }
  };

  let turn = 0;
  let base = '';
  /** The process a request goes to and its path there; a request not for one process goes to a live one. */
  const route = (req: IncomingMessage): { m: Member; url: string; pinned: boolean } | undefined => {
    const url = req.url ?? '/';
    if (url.startsWith(`${base}/p/`)) {
      const p = /^(\d+)(\/[^?]*)?(\?.*)?$/.exec(url.slice(base.length + 3));
      const m = p ? opts.members.find((x) => x.n === Number(p[1])) : undefined;
      return m && p ? { m, url: `${p[2] ?? '/'}${p[3] ?? ''}`, pinned: true } : undefined;
    }
    const up = opts.members.filter((x) => live.get(x.n));
    if (up.length === 0) return undefined;
    return { m: up[turn++ % up.length], url: url.slice(base.length) || '/', pinned: false };
  };

  const proxy = createProxyServer({ xfwd: true });
  const server = createServer((req, res) => {
    const r = route(req);
    if (!r) return unavailable(res, 'no server process answers');
    req.url = r.url;
    proxy.web(req, res, { target: `http://127.0.0.1:${r.m.port}` }, () => {
      if (!r.pinned) live.set(r.m.n, false);
      if (!res.headersSent) unavailable(res, 'that server process does not answer; try again');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const r = route(req);
    if (!r) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    req.url = r.url;
    socket.on('error', () => socket.destroy());
    proxy.ws(req, socket, head, { target: `http://127.0.0.1:${r.m.port}` }, () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const pub = new URL(opts.publicUrl ?? `http://localhost:${port}`);
  base = pub.pathname.replace(/\/$/, '');
  await check();
  void watch();
  return {
    url: `${pub.origin}${base}`,
    port,
    address: (n) => `${pub.host}${base}/p/${n}`,
    close: async () => {
      stopped = true;
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      proxy.close();
    },
  };
}

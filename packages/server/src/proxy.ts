/**
 * The local cluster's proxy (http-proxy-3): one address in front of several server processes. Requests
 * under `<base>/p/<n>/` go to process n with that prefix removed: it is process n's public address
 * (PUBLIC_ADDRESS), where its seat reservations send WebSockets. Every other request goes to the live
 * processes in turn; a process is live while it answers `/healthz` (asked every second) and until a
 * request to it fails. Used by `npm run cluster` and the cluster tests; docs/deploy.md shows the same
 * routing for nginx.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

export interface Member {
  /** Its number in `/p/<n>/`, from 1. */
  readonly n: number;
  /** Where it listens: a port on 127.0.0.1, or a Unix socket (LISTEN_SOCKET) only this proxy may open. */
  readonly port?: number;
  readonly socket?: string;
}

/** The proxy's target for a member (with a socket, host and port are not used to connect). */
const targetOf = (m: Member): { host: string; port: number; socketPath?: string } =>
  m.socket !== undefined
    ? { host: 'localhost', port: 0, socketPath: m.socket }
    : { host: '127.0.0.1', port: m.port ?? 0 };

/** Whether a member answers `/healthz` (any answer: it is up) within 2 s. */
function answers(m: Member): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ ...targetOf(m), path: '/healthz', timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
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
        live.set(m.n, await answers(m));
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

  // A connection per request: Node's default agent keeps connections alive, and one the process closes just
  // as the next request is written on it fails that request (a 502 for a request the process never saw,
  // seen under load in the cluster tests). Connections to a process on this machine cost next to nothing.
  const proxy = createProxyServer({ xfwd: true, agent: new Agent({ keepAlive: false }) });
  const server = createServer((req, res) => {
    const r = route(req);
    if (!r) return unavailable(res, 'no server process answers');
    req.url = r.url;
    proxy.web(req, res, { target: targetOf(r.m) }, () => {
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
    proxy.ws(req, socket, head, { target: targetOf(r.m) }, () => socket.destroy());
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

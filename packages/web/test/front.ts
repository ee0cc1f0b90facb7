/**
 * A small front server for the browser tests: serves the built client from `dir` (index.html for client
 * routes) and passes everything else, HTTP and WebSocket upgrades, to the game server. Used only when the
 * game server cannot serve the client itself (see `servesClient`).
 */
import { readFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface Front {
  readonly url: string;
  close(): Promise<void>;
}

export async function startFront(dir: string, target: string): Promise<Front> {
  const t = new URL(target);
  const port = Number(t.port);
  const isClientPath = (p: string) =>
    p === '/' || p.startsWith('/assets/') || p.startsWith('/join/') || p === '/favicon.svg';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && isClientPath(path)) {
      const rel = path.startsWith('/assets/') || path === '/favicon.svg' ? normalize(path) : '/index.html';
      readFile(join(dir, rel)).then(
        (body) => {
          res.writeHead(200, { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream' });
          res.end(body);
        },
        () => {
          res.writeHead(404);
          res.end();
        },
      );
      return;
    }
    const up = request(
      { host: t.hostname, port, path: req.url, method: req.method, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  server.on('upgrade', (req, socket, head) => {
    const up = connect(port, t.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** True when the game server delivers the client's main script completely within a few seconds. */
export async function servesClient(url: string, dir: string): Promise<boolean> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const m = /src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!m) return false;
  const expected = (await readFile(join(dir, m[1]))).length;
  try {
    const res = await fetch(url + m[1], { signal: AbortSignal.timeout(3000) });
    return (await res.arrayBuffer()).byteLength === expected;
  } catch {
    return false;
  }
}

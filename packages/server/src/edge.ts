/**
 * The edge: what every HTTP request and WebSocket connection passes before it reaches a route or a room.
 * Paths that are not valid percent-encoding get 400, requests from foreign origins 403, bodies are read
 * with a byte limit (413), every response carries the security headers, and the client's address is the
 * TCP peer (forwarding headers sent by clients are dropped). Rooms use `overSendBuffer` before sending and
 * `Admissions` to bound the joins one address has pending. docs/server.md, "What a refused client sees".
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { type BeforeUpgradeHandler, type Client, matchMaker } from '@colyseus/core';
import type { ErrorCode } from '@stich/protocol';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { Window } from './limits.ts';

/** Largest HTTP request body read (bytes); a longer one is answered 413 and no more of it is read. */
const MAX_BODY = 16 * 1024;

/**
 * Content security policy of every response. The web client is module scripts from /assets (the first one
 * and the chunks it imports when a screen is first shown) and one stylesheet; React sets styles through the
 * DOM, which CSP permits. `connect-src 'self'` covers the API and the same-origin WebSocket (CSP 3 matches
 * ws:/wss: of the page's host).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const body = (code: ErrorCode, reason: string) => JSON.stringify({ code, reason });

function answer(res: ServerResponse, status: number, code: ErrorCode, reason: string): void {
  const text = body(code, reason);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** True when every percent-escape of the path decodes to well-formed UTF-8. */
function wellFormedPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0];
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The origins a browser may call from: the configured public URL's and the server's own (its Host). */
export function originAllowed(origin: string | undefined, host: string | undefined, config: Config): boolean {
  if (origin === undefined) return true; // not a browser's cross-origin request (curl, the CLI, bots)
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (config.publicUrl !== null && o.origin === new URL(config.publicUrl).origin) return true;
  return (o.protocol === 'http:' || o.protocol === 'https:') && host !== undefined && o.host === host;
}

const plain = (address: string): string => (address.startsWith('::ffff:') ? address.slice(7) : address);

/**
 * Drops the forwarding headers a client may have set: its address is the TCP peer, or, when the peer is
 * one of TRUSTED_PROXIES or comes through LISTEN_SOCKET (`viaSocket`: only the proxy reaches it), the
 * address that proxy appended to `X-Forwarded-For` (the last one).
 */
function peerAddress(req: IncomingMessage, trusted: ReadonlySet<string>, viaSocket: boolean): void {
  const forwarded = req.headers['x-forwarded-for'];
  delete req.headers['x-forwarded-for'];
  delete req.headers['x-client-ip'];
  let peer = req.socket.remoteAddress;
  const proxied = peer === undefined ? viaSocket : trusted.has(plain(peer));
  if (proxied && typeof forwarded === 'string') {
    const last = forwarded.split(',').at(-1)?.trim() ?? '';
    if (isIP(last) !== 0) peer = last;
  }
  if (peer) req.headers['x-real-ip'] = peer;
  else delete req.headers['x-real-ip'];
}

/** CORS answers through Colyseus' own hooks: the allowed origin is echoed, no credentials, no wildcard. */
export function configureCors(config: Config): void {
  // Colyseus' type lists a wildcard origin and credentials among the defaults; neither is sent here.
  const c = matchMaker.controller as unknown as {
    DEFAULT_CORS_HEADERS: Record<string, string>;
    getCorsHeaders: (headers: Headers) => Record<string, string>;
  };
  c.DEFAULT_CORS_HEADERS = {
    'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization',
    'Access-Control-Allow-Methods': 'GET,HEAD,POST,PATCH',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
  c.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get('origin') ?? undefined;
    const ok = origin !== undefined && originAllowed(origin, headers.get('host') ?? undefined, config);
    return ok ? { 'Access-Control-Allow-Origin': origin } : {};
  };
}

/** The transport's `beforeUpgrade`: WebSocket upgrades from foreign origins are refused with 403. */
export function upgradeGuard(config: Config): BeforeUpgradeHandler {
  return (request) => {
    const origin = request.headers.get('origin') ?? undefined;
    if (originAllowed(origin, request.headers.get('host') ?? undefined, config)) return undefined;
    return new Response(body('forbidden', `origin ${origin} may not connect`), {
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };
}

/**
 * Puts the edge in front of every request listener of the HTTP server (Colyseus' CORS handling and the
 * router): checks, security headers, the address, and the body read once with its limit.
 */
export function installEdge(http: HttpServer, config: Config, log: Logger): void {
  const trusted = new Set(config.trustedProxies.map(plain));
  const viaSocket = config.listenSocket !== null;
  const handlers = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    completeLargeResponses(res);
    if (!wellFormedPath(req.url))
      return answer(res, 400, 'malformed', 'the path is not valid percent-encoded UTF-8');
    const origin = req.headers.origin;
    if (!originAllowed(origin, req.headers.host, config))
      return answer(res, 403, 'forbidden', `requests from origin ${origin} are not allowed`);
    peerAddress(req, trusted, viaSocket);
    const run = () => {
      for (const handle of handlers) handle.call(http, req, res);
    };
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return run();
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
      stopReading(req);
      return answer(res, 413, 'too-large', `request body longer than ${MAX_BODY} bytes`);
    }
    readBody(req, MAX_BODY).then(
      (text) => {
        // better-call reads a body that is already there instead of the (consumed) stream.
        if (text !== null) req.body = text;
        run();
      },
      (e: Error & { tooLarge?: boolean }) => {
        if (e.tooLarge) answer(res, 413, 'too-large', `request body longer than ${MAX_BODY} bytes`);
        else {
          log.debug({ err: e }, 'request body could not be read');
          res.destroy();
        }
      },
    );
  });
  http.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (!wellFormedPath(req.url)) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    peerAddress(req, trusted, viaSocket);
  });
}

/**
 * The rest of a refused body is never read: the answer goes out, and a moment later the connection is
 * cut (at once would reset it before the client has read the answer).
 */
function stopReading(req: IncomingMessage): void {
  req.pause();
  const cut = setTimeout(() => req.socket.destroy(), 2000);
  cut.unref();
  req.socket.once('close', () => clearTimeout(cut));
}

/** Reads a request body of at most `limit` bytes; null when there is none. Stops reading above it. */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        stopReading(req);
        reject(Object.assign(new Error('body too large'), { tooLarge: true }));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      if (size > 0) return resolve(Buffer.concat(chunks).toString('utf8'));
      // No body: the router must not wait for one from the consumed stream.
      delete req.headers['transfer-encoding'];
      req.headers['content-length'] = '0';
      resolve(null);
    });
    req.on('error', (e) => {
      if (done) return;
      done = true;
      reject(e);
    });
  });
}

/**
 * @colyseus/better-call's `setResponse` ends a response only when its first write is accepted whole: a
 * body above the socket's high-water mark (16 KiB) waits for 'drain' and is never ended, so the client
 * hangs. Every handler here answers with one buffer, so reporting each write as accepted lets it end the
 * response; Node still buffers and sends the whole body.
 */
function completeLargeResponses(res: ServerResponse): void {
  const write = res.write;
  res.write = function (this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
    write.apply(this, args);
    return true;
  } as ServerResponse['write'];
}

/**
 * Bytes a connection has not taken yet: the socket's send buffer plus, before the client acknowledged the
 * join, the messages Colyseus holds for it. Above `limit` the connection is cut (it stopped reading); the
 * room sees a dropped client. Returns true when it was cut.
 */
export function overSendBuffer(client: Client, limit: number): boolean {
  const ref = (client as unknown as { ref?: { bufferedAmount?: number; terminate?: () => void } }).ref;
  const queued = (client as unknown as { _enqueuedMessages?: Uint8Array[] })._enqueuedMessages;
  let pending = ref?.bufferedAmount ?? 0;
  if (queued) for (const m of queued) pending += m.byteLength;
  if (pending <= limit) return false;
  ref?.terminate?.();
  return true;
}

/**
 * Joins one address has pending: a seat reservation counts from the matchmaking request until its
 * WebSocket arrives or the reservation expires. Kept per process (each process reserves its own seats).
 */
export class Admissions {
  private readonly window: Window;
  /** Seat holders' joins, by credential (admission.ts): apart from the anonymous ones of their address. */
  private readonly holders: Window;
  constructor(limit: number, ttlSeconds: number) {
    this.window = new Window(limit, ttlSeconds * 1000);
    this.holders = new Window(limit, ttlSeconds * 1000);
  }

  /** Counts a new reservation for `holder` or else `address`; false when it already has `limit` pending. */
  reserve(address: string | undefined, holder?: string, now = Date.now()): boolean {
    return holder ? this.holders.take(holder, now) : this.window.take(address ?? '?', now);
  }

  /**
   * A connection from `address` arrived: the oldest pending reservation of the first of `holders` that has
   * one is used up, else that of `address`.
   */
  arrived(
    address: string | undefined,
    holders: readonly (string | undefined)[] = [],
    now = Date.now(),
  ): void {
    for (const h of holders) if (h && this.holders.release(h, now)) return;
    this.window.release(address ?? '?', now);
  }
}

/** A failure of the database (its driver's errors, its connection's), answered as `storage`. */
export function isStorageError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  return (
    e.name === 'SqliteError' ||
    e.name === 'DatabaseError' ||
    // SQLSTATE (PostgreSQL), SQLITE_*, or a socket errno (ECONNREFUSED, ECONNRESET) of the database link
    (typeof code === 'string' && /^([0-9A-Z]{5}|SQLITE_[A-Z_]+|E[A-Z]+)$/.test(code))
  );
}

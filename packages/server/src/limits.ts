/**
 * Per-address limits that live in process memory: open WebSocket connections per address and guests
 * created per address per hour (docs/server.md, "Limits"). Limits per guest (tables) are counted in the
 * database, see `Store.tablesCreatedSince` and `Store.openTablesOf`.
 *
 * The address is the TCP peer (`socket.remoteAddress`), never a forwarding header a client could write;
 * behind a proxy listed in TRUSTED_PROXIES, the address that proxy forwarded (the edge resolves it once).
 */
import type { IncomingMessage } from 'node:http';
import { CloseCode, getMessageBytes, Protocol } from '@colyseus/core';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * The peer address of an HTTP request, as the routes see it (a fetch `Request`): the edge sets `x-real-ip` to
 * the TCP peer on every request and drops what a client sent (edge.ts `peerAddress`).
 */
export const peerOf = (headers: Headers | undefined): string => headers?.get('x-real-ip') ?? 'unknown';

/**
 * Events per key in a sliding window (guests per address per hour; pending seat reservations per address,
 * edge.ts `Admissions`). Keys without events are dropped.
 */
export class Window {
  private readonly times = new Map<string, number[]>();
  private readonly max: number;
  private readonly ms: number;
  private sweepAt = 0;
  constructor(max: number, ms: number) {
    this.max = max;
    this.ms = ms;
  }

  /** Counts an event for `key` if the window has room; false (nothing counted) when it is full. */
  take(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const list = (this.times.get(key) ?? []).filter((t) => t > now - this.ms);
    if (list.length >= this.max) {
      this.times.set(key, list);
      return false;
    }
    list.push(now);
    this.times.set(key, list);
    return true;
  }

  /** Takes back the oldest event of `key` still in the window (a pending reservation that was used up); false: none. */
  release(key: string, now = Date.now()): boolean {
    const list = this.times.get(key)?.filter((t) => t > now - this.ms);
    const taken = list?.shift() !== undefined;
    if (!list || list.length === 0) this.times.delete(key);
    else this.times.set(key, list);
    return taken;
  }

  /** Milliseconds until `key` may take again. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.times.get(key) ?? [];
    return list.length < this.max ? 0 : Math.max(0, list[0] + this.ms - now);
  }

  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [k, list] of this.times)
      if (list.length === 0 || list[list.length - 1] <= now - this.ms) this.times.delete(k);
  }
}

/** Events per key and period, counted in this process or, in a cluster, for all processes together. */
export interface Limit {
  /** Counts an event for `key`; 0 when it was allowed, else the milliseconds until it may be tried again. */
  take(key: string): Promise<number>;
}

/** One process: the sliding `Window`. */
export function memoryLimit(max: number, ms: number): Limit {
  const w = new Window(max, ms);
  return { take: async (key) => (w.take(key) ? 0 : Math.max(1, w.retryAfter(key))) };
}

/**
 * A cluster: counted in Redis (rate-limiter-flexible, a fixed window of `ms` from the key's first event), so
 * that a client whose requests go to several processes gets the limit once. While Redis does not answer,
 * each process counts on its own (the library's insurance limiter).
 */
export function redisLimit(client: Redis, name: string, max: number, ms: number): Limit {
  const duration = Math.ceil(ms / 1000);
  const r = new RateLimiterRedis({
    storeClient: client,
    keyPrefix: `limit:${name}`,
    points: max,
    duration,
    insuranceLimiter: new RateLimiterMemory({ points: max, duration }),
  });
  return {
    take: (key) =>
      r.consume(key).then(
        () => 0,
        (e: unknown) => {
          if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
          throw e;
        },
      ),
  };
}

/** HTTP-like code sent in the Colyseus ERROR frame of a refused connection (the SDK rejects the join with it). */
const TOO_MANY_STATUS = 429;

/**
 * Refuses WebSocket connections beyond `max` open ones per address: the connection gets a Colyseus error
 * frame (`too-many-connections: …`, which the SDK turns into a rejected join) and is closed. The transport's
 * own connection handler runs only for accepted connections.
 */
export function limitConnections(
  wss: WebSocketServer,
  max: number,
  refused: (peer: string) => void = () => {},
): () => number {
  const handlers = wss.listeners('connection') as ((
    ws: WebSocket,
    req: IncomingMessage,
    ...rest: unknown[]
  ) => void)[];
  wss.removeAllListeners('connection');
  const open = new Map<string, number>();
  wss.on('connection', (ws: WebSocket, req: IncomingMessage, ...rest: unknown[]) => {
    // The edge has set x-real-ip to the client's address (edge.ts peerAddress) before the upgrade got here.
    const real = req.headers['x-real-ip'];
    const peer = (typeof real === 'string' ? real : req.socket.remoteAddress) ?? 'unknown';
    const n = open.get(peer) ?? 0;
    if (n >= max) {
      // The transport never sees this socket, so nothing else listens for its errors (a bad frame would
      // otherwise end the process), and its seat reservation is released here (admission.ts).
      ws.on('error', () => ws.terminate());
      refused(peer);
      const reason = `too-many-connections: this address already holds ${max} open connections`;
      ws.send(getMessageBytes[Protocol.ERROR](TOO_MANY_STATUS, reason), () => ws.close(CloseCode.WITH_ERROR));
      return;
    }
    open.set(peer, n + 1);
    ws.once('close', () => {
      const left = (open.get(peer) ?? 1) - 1;
      if (left > 0) open.set(peer, left);
      else open.delete(peer);
    });
    for (const h of handlers) h.call(wss, ws, req, ...rest);
  });
  return () => [...open.values()].reduce((a, b) => a + b, 0);
}

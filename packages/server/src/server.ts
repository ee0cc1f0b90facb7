/**
 * Assembles the server: database (migrated), Colyseus with the WebSocket transport, the table and lobby
 * rooms, the HTTP API and static files, all on one port. On start every unfinished table is restored
 * from its record. `close()` shuts down gracefully: rooms finish their queued writes first.
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { MAX_FRAME_BYTES, ROOM_LOBBY, ROOM_TABLE } from '@stich/protocol';
import { pino } from 'pino';
import type { WebSocketServer } from 'ws';
import { Bots } from './bots.ts';
import type { Config } from './config.ts';
import { setContext } from './context.ts';
import { openDb } from './db.ts';
import { ensureLive, routes } from './http.ts';
import { limitConnections, tagPeers } from './limits.ts';
import { LobbyRoom } from './lobby.ts';
import { Store } from './store.ts';
import { TableRoom } from './table.ts';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly restored: number;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const log = pino({ level: config.logLevel, base: { service: 'stich' } });
  const { db, dialect } = await openDb(config);
  const store = new Store(db);
  const bots = new Bots(config.botWorkers);
  setContext({ config, store, log, bots });

  const transport = new WebSocketTransport({
    maxPayload: MAX_FRAME_BYTES,
    pingInterval: 10_000,
    pingMaxRetries: 3,
  });
  const colyseusLog = log.child({ module: 'colyseus' });
  const server = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    logger: {
      debug: () => {},
      info: (...a: unknown[]) => colyseusLog.debug(a.map(String).join(' ')),
      warn: (...a: unknown[]) => colyseusLog.warn(a.map(String).join(' ')),
      error: (...a: unknown[]) => colyseusLog.error(a.map(String).join(' ')),
    },
  });
  server.define(ROOM_TABLE, TableRoom).enableRealtimeListing();
  server.define(ROOM_LOBBY, LobbyRoom);
  server.router = routes();
  await server.listen(config.port, config.host);
  completeLargeResponses(transport.server!);
  tagPeers(transport.server!);
  limitConnections(
    (transport as unknown as { wss: WebSocketServer }).wss,
    config.limits.connectionsPerAddress,
  );
  const port = (transport.server!.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${host}:${port}`;

  let restored = 0;
  for (const id of await store.unfinishedTableIds()) {
    try {
      await ensureLive(id);
      restored++;
    } catch (e) {
      log.error({ table: id, err: e }, 'table could not be restored');
    }
  }
  log.info({ url, port, db: dialect, restored }, 'stich server listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      log.info('shutting down');
      await server.gracefullyShutdown(false).catch((e: unknown) => log.error({ err: e }, 'shutdown'));
      await bots.close();
      await store.flush();
      await db.destroy();
      setContext(undefined);
      log.info('stopped');
    })();
    return closing;
  };
  return { url, port, restored, close };
}

/**
 * @colyseus/better-call's `setResponse` ends a response only when its first write is accepted whole: a
 * body above the socket's high-water mark (16 KiB) waits for 'drain' and is never ended, so the client
 * hangs. Every handler here answers with one buffer, so reporting each write as accepted lets it end the
 * response; Node still buffers and sends the whole body.
 */
function completeLargeResponses(http: HttpServer): void {
  const handlers = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const write = res.write;
    res.write = function (this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
      write.apply(this, args);
      return true;
    } as ServerResponse['write'];
    for (const handle of handlers) handle.call(http, req, res);
  });
}

export { matchMaker };

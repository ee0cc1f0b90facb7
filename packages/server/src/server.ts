/**
 * Assembles the server: database (migrated), Colyseus with the WebSocket transport, the table and lobby
 * rooms, the HTTP API and static files, all on one port. On start every unfinished table is restored
 * from its record. `close()` shuts down gracefully: rooms finish their queued writes first.
 */
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { MAX_FRAME_BYTES, ROOM_LOBBY, ROOM_TABLE } from '@stich/protocol';
import { pino } from 'pino';
import type { WebSocketServer } from 'ws';
import { RESERVATION_SECONDS } from './admission.ts';
import { Bots } from './bots.ts';
import type { Config } from './config.ts';
import { context, setContext } from './context.ts';
import { openDb } from './db.ts';
import { Admissions, configureCors, installEdge, upgradeGuard } from './edge.ts';
import { ensureLive, routes } from './http.ts';
import { limitConnections } from './limits.ts';
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
  // A broken connection costs only the queries running on it (they fail as `storage` errors, and
  // automatic steps are retried); the pool opens a new one for the next query.
  const { db, dialect } = await openDb(config, (err) =>
    log.warn({ err: err.message }, 'database connection lost; reconnecting on next use'),
  );
  const store = new Store(db);
  const bots = new Bots(config.botWorkers);
  setContext({
    config,
    store,
    log,
    bots,
    admissions: new Admissions(config.joinsPerAddress, RESERVATION_SECONDS),
  });

  const transport = new WebSocketTransport({
    maxPayload: MAX_FRAME_BYTES,
    pingInterval: 10_000,
    pingMaxRetries: 3,
    beforeUpgrade: upgradeGuard(config),
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
  // Clients join rooms; only the server creates them (tables from their records, the lobby below).
  matchMaker.controller.exposedMethods = ['join', 'joinById', 'reconnect'];
  configureCors(config);
  try {
    await listen(server, transport.server!, config);
  } catch (e) {
    await server.gracefullyShutdown(false).catch(() => {});
    await bots.close();
    await db.destroy();
    setContext(undefined);
    throw e;
  }
  installEdge(transport.server!, config, log);
  limitConnections(
    (transport as unknown as { wss: WebSocketServer }).wss,
    config.limits.connectionsPerAddress,
    (peer) => context().admissions.arrived(peer),
  );
  await matchMaker.createRoom(ROOM_LOBBY, {});
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
 * Colyseus' `listen` resolves once the port is bound and never settles when binding fails (the error only
 * reaches a logging listener), so the process would run on without listening: fail with a clear message.
 */
function listen(server: Server, http: HttpServer, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (e: NodeJS.ErrnoException) => {
      const where = `${config.host}:${config.port}`;
      reject(
        new Error(
          e.code === 'EADDRINUSE'
            ? `port ${config.port} is already in use (${where}); stop the other process or set PORT`
            : e.code === 'EACCES'
              ? `no permission to listen on ${where}; choose another PORT`
              : `cannot listen on ${where}: ${e.message}`,
          { cause: e },
        ),
      );
    };
    http.once('error', failed);
    server.listen(config.port, config.host).then(() => {
      http.off('error', failed);
      resolve();
    }, failed);
  });
}

export { matchMaker };

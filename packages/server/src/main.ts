/**
 * `node packages/server/src/main.ts`: starts the server from environment variables and prints its URL.
 * SIGINT/SIGTERM shut it down gracefully (queued writes finish first).
 */
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

let server: Awaited<ReturnType<typeof startServer>>;
// A start that fails closes the Redis clients while Colyseus' requests are pending; they fail after the
// fact and, unhandled, would end the process before it says why it could not start (a port in use).
const early: unknown[] = [];
const hold = (e: unknown) => void early.push(e);
process.on('unhandledRejection', hold);
try {
  server = await startServer(loadConfig());
} catch (e) {
  // A bad configuration or a port in use: say so and exit non-zero instead of running without listening.
  process.stderr.write(`stich: ${(e as Error).message}\n`);
  process.exit(1);
}
process.off('unhandledRejection', hold);
// A start that succeeded keeps Node's rule: an unhandled rejection ends the process.
if (early.length > 0) throw early[0];
process.stdout.write(`Stich is running at ${server.url}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: stopping\n`);
  // Colyseus' Redis requests still pending when its presence closes fail after the fact; the rooms are
  // gone by then, so such a failure must not end the shutdown before the leases are given back.
  process.on('unhandledRejection', (e) => process.stderr.write(`stich: while stopping: ${String(e)}\n`));
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

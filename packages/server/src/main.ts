/**
 * `node packages/server/src/main.ts`: starts the server from environment variables and prints its URL.
 * SIGINT/SIGTERM shut it down gracefully (queued writes finish first).
 */
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config);
process.stdout.write(`Stich is running at ${server.url}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: stopping\n`);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

/** The Stich game server (docs/server.md). */
export { type Config, loadConfig } from './config.ts';
export { buildRecord } from './records.ts';
export { type RunningServer, startServer } from './server.ts';
export { Store } from './store.ts';

/** The Stich game server (docs/server.md). */
export { type Config, loadConfig } from './config.ts';
export { type RunningServer, startServer } from './server.ts';
export { buildRecord, Store } from './store.ts';

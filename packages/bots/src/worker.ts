/** Worker thread entry of `BotPool`: answers each request with `decide`. */
import { parentPort } from 'node:worker_threads';
import type { BotRequest } from './index.ts';
import { decide } from './index.ts';

parentPort?.on('message', (req: BotRequest) => {
  try {
    parentPort?.postMessage({ ok: true, action: decide(req) });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});

/** Worker thread entry of `BotPool`: answers each request with `decide` (a hint request with `hint`). */
import { parentPort } from 'node:worker_threads';
import { hint } from './analysis/hint.ts';
import type { BotRequest } from './index.ts';
import { decide } from './index.ts';

parentPort?.on('message', (msg: BotRequest | { kind: 'hint'; req: BotRequest }) => {
  try {
    // A hint request (analysis/hint.ts) answers with the hint in place of the action.
    const answer = 'kind' in msg ? hint(msg.req) : decide(msg);
    parentPort?.postMessage({ ok: true, action: answer });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});

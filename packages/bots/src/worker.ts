/**
 * Worker thread entry of `BotPool`: answers each request with `decide` (a hint request with `hint`, an
 * optional actor's with `decideOptional`).
 */
import { parentPort } from 'node:worker_threads';
import { hint } from './analysis/hint.ts';
import type { BotRequest } from './index.ts';
import { decide, decideOptional } from './index.ts';

parentPort?.on('message', (msg: BotRequest | { kind: 'hint' | 'optional'; req: BotRequest }) => {
  try {
    // A hint request (analysis/hint.ts) answers with the hint in place of the action.
    const answer =
      'kind' in msg ? (msg.kind === 'hint' ? hint(msg.req) : decideOptional(msg.req)) : decide(msg);
    parentPort?.postMessage({ ok: true, action: answer });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});

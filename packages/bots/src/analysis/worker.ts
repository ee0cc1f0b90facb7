/**
 * Worker thread of `AnalysisPool`: analyses one deal of a record per message. The thread lowers its own
 * scheduling priority first (Linux nice values are per thread), so on a busy machine the bot workers
 * and the event loop run before it.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { GameRecord } from '@stich/engine';
import { analyzeRecord } from './index.ts';

try {
  setPriority(19);
} catch {
  // Not permitted on this system: the analysis then runs at normal priority on its own thread.
}

parentPort?.on('message', (msg: { record: GameRecord; deal: number }) => {
  try {
    const a = analyzeRecord(msg.record, { deal: msg.deal });
    // A deal thrown in before any card has no moves worth judging but is stored all the same.
    const deal = a.deals[0] ?? { deal: msg.deal, moves: [], seats: [] };
    parentPort?.postMessage({ ok: true, analysis: { unit: a.unit, ...deal } });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});

/**
 * Adds one plain closing line, `tests: N passed, N failed, N skipped`, after Vitest's own summary, so
 * that tools which read only the last lines of a run see the counts.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryLine implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      let failedHere = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that fails outside its tests (import error, failing beforeAll) counts as one failure.
      failed += failedHere > 0 || m.state() !== 'failed' ? failedHere : 1;
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

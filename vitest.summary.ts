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
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

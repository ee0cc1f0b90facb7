import { defineConfig } from 'vitest/config';
import SummaryLine from './vitest.summary.ts';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    // expect.poll waits up to 1 s by default: a browser page on a loaded 2-core CI machine may take longer
    // to show what it will show (chunks.test's loading line failed so). Still fails when it never comes.
    expect: { poll: { timeout: 20_000 } },
    reporters: ['default', new SummaryLine()],
  },
});

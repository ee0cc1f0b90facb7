import { defineConfig } from 'vitest/config';
import SummaryLine from './vitest.summary.ts';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    reporters: ['default', new SummaryLine()],
  },
});

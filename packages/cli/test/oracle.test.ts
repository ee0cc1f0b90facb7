import { gameById } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { runOracle } from '../src/oracle/compare.ts';
import { sessions } from '../src/oracle/reader.ts';
import { DDV_ORACLE_DIR, printReport, readOracleGames } from '../src/oracle.ts';

const game = gameById('doppelkopf');

describe('the doko DDV oracle (packages/cli/test/oracles/doppelkopf-ddv, 3,000 games)', () => {
  // Skipped, not passed, while the engine has no Doppelkopf: there is nothing to compare yet.
  it.skipIf(!game)(
    'replays every game under preset ddv with 0 mismatches (known differences apart)',
    async () => {
      if (!game) return;
      const read = await readOracleGames([DDV_ORACLE_DIR]);
      if (!read.ok) throw new Error(read.error.reason);
      const grouped = sessions(read.value);
      if (!grouped.ok) throw new Error(grouped.error.reason);
      const report = runOracle(game, grouped.value);
      let text = '';
      printReport({ write: (t: string) => (text += t) }, report);
      expect(report.games).toBe(3000);
      expect(text.trim().split('\n').at(-1)).toBe(`3000 games, ${report.mismatches.length} mismatches`);
      // The report text is the message: the first mismatch of each kind, with its game.
      expect(report.mismatches.length, text).toBe(0);
      // Every game is replayed to its end, but those a known difference stops (and the rest of its session).
      const stopped = report.known.filter((m) => m.kind === 'step' || m.kind === 'unreplayed');
      expect(report.replayed + stopped.length, text).toBe(3000);
      for (const m of report.known) expect(m.known?.reason.length).toBeGreaterThan(0);
    },
  );
});

/**
 * Known differences between doko and our engine: readings of the DDV rules where doko differs from the
 * text (documented with the passage in docs/rules/doppelkopf.md). A mismatch one of these explains is
 * shown as a known difference, not hidden and not counted as a mismatch. Each entry names the kind of
 * mismatch it explains and says exactly which games: nothing else is excused.
 */
import type { MismatchKind } from './compare.ts';
import type { OracleGame } from './reader.ts';

export interface KnownDifference {
  readonly id: string;
  /** The mismatch kinds it explains. */
  readonly kinds: readonly MismatchKind[];
  /** Why doko differs, and where our reading is documented. */
  readonly reason: string;
  /** Whether it explains this game's mismatch. */
  applies(game: OracleGame): boolean;
}

const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'vorfuehrung-lustsolo',
    kinds: ['step'],
    reason:
      'doko makes the forehand play the Vorführung even after his own Pflichtsolo (a Lustsolo, README ' +
      "peculiarity 1), leaving another player's Pflichtsolo unplayed; the DDV Vorführung is the open " +
      'Pflichtsolo of the player who owes it, and our engine forces that player (docs/rules/doppelkopf.md, ' +
      '"Known differences from the oracle program")',
    applies: (g) =>
      g.contract.kind === 'solo' && g.contract.vorfuehrung && g.contract.soloType === 'lustsolo',
  },
];

export function knownDifference(game: OracleGame, kind: MismatchKind): KnownDifference | undefined {
  return KNOWN_DIFFERENCES.find((k) => k.kinds.includes(kind) && k.applies(game));
}

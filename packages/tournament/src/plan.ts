/**
 * The next round's tables from the tournament and the results so far (rounds wait for their slowest
 * table, so all earlier rounds are complete). Pure and deterministic for a seed.
 */
import { drawTables, type Meetings, meet } from './draw.ts';
import { done, fail, type TResult } from './errors.ts';
import { tableSizes } from './formats.ts';
import type { TableResult } from './results.ts';
import { swissPairing } from './swiss.ts';
import type { Tournament } from './tournament.ts';

export interface Table {
  readonly players: readonly string[];
  /** Duplicate: seat s holds hand (s + rotation) mod 4 of every deal; 0 elsewhere. */
  readonly rotation: number;
}

export interface Round {
  readonly index: number;
  readonly tables: readonly Table[];
  /** Swiss: the player with a bye this round. */
  readonly bye: string | null;
}

/** Match points of a Swiss match: won 2, tied 1, lost 0; a bye counts as won. */
export const MATCH_POINTS = { won: 2, tied: 1, lost: 0 } as const;

export function swissPoints(player: string, r: TableResult): number {
  if (!r.players.includes(player)) return 0;
  const w = r.winners ?? [];
  if (!w.includes(player)) return MATCH_POINTS.lost;
  return w.length > 1 ? MATCH_POINTS.tied : MATCH_POINTS.won;
}

export function nextRound(t: Tournament, results: readonly TableResult[]): TResult<Round> {
  if (t.status !== 'started') return fail('bad-result', 'the tournament has not started');
  const index = results.reduce((a, r) => Math.max(a, r.round + 1), 0);
  if (index >= t.settings.rounds) return fail('bad-result', `all ${t.settings.rounds} rounds are played`);
  const { format, seed } = t.settings;
  const sizes = tableSizes(format, t.players.length);
  if (!sizes.ok) return sizes;
  if (format === 'swiss') {
    const pairing = swissPairing(
      t.players.map((id) => {
        const mine = results.filter((r) => r.players.includes(id));
        return {
          id,
          points: mine.reduce((a, r) => a + swissPoints(id, r), 0),
          met: mine.flatMap((r) => r.players.filter((p) => p !== id)),
          byes: mine.filter((r) => r.players.length === 1).length,
        };
      }),
    );
    return done({
      index,
      tables: pairing.pairs.map((p) => ({ players: p, rotation: 0 })),
      bye: pairing.bye,
    });
  }
  let met: Meetings = new Map();
  for (let r = 0; r < index; r++)
    met = meet(
      met,
      results.filter((x) => x.round === r).map((x) => x.players),
    );
  const tables = drawTables(t.players, sizes.value, met, `${seed}/draw/${index}`);
  return done({
    index,
    tables: tables.map((players, i) => ({ players, rotation: format === 'duplicate' ? i % 4 : 0 })),
    bye: null,
  });
}

/**
 * Checks a finished table's result against the round it belongs to (the server takes results from its
 * table processes): the right round and table, the drawn players in their seats, one score per seat
 * (null only for a sitter at a table of five, one per game), and a Swiss table's winners from its
 * players. A result that does not fit gives `bad-result` and is not to be stored.
 */
export function checkResult(round: Round, r: TableResult): TResult<TableResult> {
  const bad = (reason: string) => fail('bad-result', `round ${round.index} table ${r.table}: ${reason}`);
  if (r.round !== round.index) return bad(`belongs to round ${r.round}`);
  const isBye = round.bye !== null && r.table === round.tables.length;
  const table = isBye ? { players: [round.bye as string], rotation: 0 } : round.tables[r.table];
  if (!table) return bad('no such table');
  if (r.players.length !== table.players.length || r.players.some((p, i) => p !== table.players[i]))
    return bad(`players ${r.players.join(', ')} are not the drawn ${table.players.join(', ')}`);
  if ((r.rotation ?? 0) !== table.rotation) return bad(`rotation ${r.rotation} is not ${table.rotation}`);
  for (const [i, g] of r.games.entries()) {
    if (g.scores.length !== r.players.length) return bad(`game ${i} has ${g.scores.length} scores`);
    if (g.scores.some((x) => x !== null && !Number.isFinite(x)))
      return bad(`game ${i} has a score that is no number`);
    const sitters = g.scores.filter((x) => x === null).length;
    if (sitters !== (r.players.length === 5 ? 1 : 0))
      return bad(`game ${i} has ${sitters} seats without a score`);
  }
  if (r.winners?.some((w) => !r.players.includes(w))) return bad('a winner who did not play');
  return done(r);
}

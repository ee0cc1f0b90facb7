/**
 * Drawing tables anew for a series (DDV, Differenzler, duplicate): seeded and deterministic, and
 * avoiding players who met before where possible.
 *
 * Method: `TRIES` random orders of the field (Fisher-Yates from the seeded generator); each fills the
 * tables seat by seat, taking for each seat the first player in that order who adds the fewest
 * earlier meetings with those already at the table. The draw with the fewest repeat meetings (pairs
 * of players at one table who shared a table before, counted by how often) wins; the first with none
 * ends the search. Greedy with restarts is not guaranteed optimal, but the repeats it leaves are
 * counted (`repeats`) and tested against the lower bound where one is known.
 */
import { type Rng, seeded, shuffle } from '@stich/engine';

const TRIES = 64;

/** How often each pair of players has shared a table: key `a\u0000b` with a < b. */
export type Meetings = ReadonlyMap<string, number>;

const key = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** The meetings after `tables` are added to `met`. */
export function meet(met: Meetings, tables: readonly (readonly string[])[]): Map<string, number> {
  const out = new Map(met);
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) out.set(key(t[i], t[j]), (out.get(key(t[i], t[j])) ?? 0) + 1);
  return out;
}

/** Repeat meetings a draw would add: for each pair at one table, how often it met before. */
export function repeats(met: Meetings, tables: readonly (readonly string[])[]): number {
  let n = 0;
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) n += met.get(key(t[i], t[j])) ?? 0;
  return n;
}

function greedy(order: readonly string[], sizes: readonly number[], met: Meetings): string[][] {
  const left = order.slice();
  return sizes.map((size) => {
    const table: string[] = [];
    for (let s = 0; s < size; s++) {
      let best = 0;
      let bestCost = Number.POSITIVE_INFINITY;
      for (let i = 0; i < left.length && bestCost > 0; i++) {
        const cost = table.reduce((a, p) => a + (met.get(key(p, left[i])) ?? 0), 0);
        if (cost < bestCost) {
          bestCost = cost;
          best = i;
        }
      }
      table.push(left.splice(best, 1)[0]);
    }
    return table;
  });
}

/**
 * Tables of `sizes` for `players`, drawn with the generator seeded by `seed`, fewest repeat meetings
 * first. The seat order within a table is the drawn order (seat 0 deals first).
 */
export function drawTables(
  players: readonly string[],
  sizes: readonly number[],
  met: Meetings,
  seed: string,
): string[][] {
  const rng: Rng = seeded(seed);
  let best: string[][] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIES && bestCost > 0; i++) {
    const tables = greedy(shuffle(players, rng), sizes, met);
    const cost = repeats(met, tables);
    if (cost < bestCost) {
      bestCost = cost;
      best = tables;
    }
  }
  // The greedy fills the last tables with who is left; shuffle the seats so nobody always deals first.
  return best.map((t) => shuffle(t, rng));
}

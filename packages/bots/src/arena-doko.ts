/** The arena's Doppelkopf tallies (arena.ts): contracts and calls by side, summed over runs. */
import type { DealResult } from '@stich/engine/doppelkopf/index';

/**
 * One side's Doppelkopf deals: `games` replays played; `solos` by kind (the solo's name, `silent` for a
 * stilles Solo), declared by one of the side's seats in `n` replays and won in `won`; `calls` made by its
 * seats by call, `replies` of them made as a reply (Erwiderung), `offTurn` of them made as an optional actor.
 */
export interface DokoTally {
  readonly games: number;
  readonly solos: Readonly<Record<string, { readonly n: number; readonly won: number }>>;
  readonly calls: Readonly<Record<string, number>>;
  readonly replies: number;
  readonly offTurn: number;
}

interface Tally {
  games: number;
  solos: Record<string, { n: number; won: number }>;
  calls: Record<string, number>;
  replies: number;
  offTurn: number;
}

export const newTally = (): Tally => ({ games: 0, solos: {}, calls: {}, replies: 0, offTurn: 0 });

/** Adds a finished Doppelkopf deal to the tallies of the sides by seat. */
export function tallyDoko(t: readonly [Tally, Tally], side: readonly (0 | 1)[], result: object) {
  const d = result as DealResult;
  t[0].games++;
  t[1].games++;
  const c = d.contract;
  if ((c.kind === 'solo' || c.kind === 'silent-solo') && c.declarer !== null) {
    const kind = c.kind === 'solo' ? (c.solo ?? 'solo') : 'silent';
    const solos = t[side[c.declarer]].solos;
    solos[kind] ??= { n: 0, won: 0 };
    const x = solos[kind];
    x.n++;
    if (d.winner === (d.parties.re.includes(c.declarer) ? 're' : 'kontra')) x.won++;
  }
  for (const a of d.announcements) {
    const y = t[side[a.seat]];
    y.calls[a.call] = (y.calls[a.call] ?? 0) + 1;
    if (a.reply) y.replies++;
  }
}

/** The sum of Doppelkopf tallies of several runs. */
export function mergeTallies(xs: readonly DokoTally[]): DokoTally {
  const out = newTally();
  for (const x of xs) {
    out.games += x.games;
    out.replies += x.replies;
    out.offTurn += x.offTurn;
    for (const [k, v] of Object.entries(x.solos)) {
      out.solos[k] ??= { n: 0, won: 0 };
      const y = out.solos[k];
      y.n += v.n;
      y.won += v.won;
    }
    for (const [k, v] of Object.entries(x.calls)) out.calls[k] = (out.calls[k] ?? 0) + v;
  }
  return out;
}

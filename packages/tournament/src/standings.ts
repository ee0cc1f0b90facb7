/**
 * Standings: a pure function from the finished tables' results to the ranking (docs/tournaments.md).
 *
 * - DDV: the sum of game points; tie-break: more games won (a positive score), then a shared place.
 * - Differenzler: the smallest sum of differences; tie-break: more exact estimates (difference 0),
 *   then a shared place.
 * - Swiss: match points (won 2, tied 1, lost 0, bye 2); tie-breaks: Buchholz (the sum of the
 *   opponents' match points), then the sum of own match score minus the opponent's.
 * - Duplicate: matchpoints in percent: each result against every other table's result with the same
 *   cards (the same deal and hand), 2 for better, 1 for equal, 0 for worse, summed and divided by the
 *   most one could have; tie-break: the sum of the deal scores, then a shared place.
 * Places are shared only when every tie-break is equal (competition ranking: 1, 2, 2, 4).
 */
import type { GameId } from '@stich/engine';
import type { FormatId } from './formats.ts';
import { swissPoints } from './plan.ts';
import { higherIsBetter, type TableResult } from './results.ts';

export interface Standing {
  readonly rank: number;
  readonly player: string;
  /** The ranking number: game points (DDV), differences (Differenzler), match points (Swiss), matchpoint percent (duplicate). */
  readonly total: number;
  /** The tie-breaks in order (see the module's comment). */
  readonly tie: readonly number[];
  /** Games (deals) the player played; Swiss: matches, byes included. */
  readonly games: number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

interface Row {
  player: string;
  total: number;
  tie: number[];
  games: number;
}

function rank(rows: readonly Row[], higher: boolean): Standing[] {
  const sign = higher ? 1 : -1;
  const cmp = (a: Row, b: Row): number => {
    if (a.total !== b.total) return sign * (b.total - a.total);
    for (let i = 0; i < a.tie.length; i++) if (a.tie[i] !== b.tie[i]) return b.tie[i] - a.tie[i];
    return 0;
  };
  // Equal rows keep the field's order (stable sort), so a shared place lists them as registered.
  const sorted = rows.slice().sort(cmp);
  return sorted.map((r, i) => {
    let first = i;
    while (first > 0 && cmp(sorted[first - 1], r) === 0) first--;
    return {
      rank: first + 1,
      player: r.player,
      total: round2(r.total),
      tie: r.tie.map(round2),
      games: r.games,
    };
  });
}

function sums(
  players: readonly string[],
  results: readonly TableResult[],
  won: (x: number) => boolean,
): Row[] {
  const rows = new Map(players.map((p) => [p, { player: p, total: 0, tie: [0], games: 0 }]));
  for (const r of results)
    for (const g of r.games)
      g.scores.forEach((x, seat) => {
        const row = rows.get(r.players[seat]);
        if (!row || x === null) return;
        row.total += x;
        row.games++;
        if (won(x)) row.tie[0]++;
      });
  return [...rows.values()];
}

function swiss(players: readonly string[], results: readonly TableResult[]): Row[] {
  const points = new Map(players.map((p) => [p, 0]));
  for (const r of results) for (const p of r.players) points.set(p, (points.get(p) ?? 0) + swissPoints(p, r));
  return players.map((p) => {
    const mine = results.filter((r) => r.players.includes(p));
    let buchholz = 0;
    let margin = 0;
    for (const r of mine) {
      const me = r.players.indexOf(p);
      for (const o of r.players) if (o !== p) buchholz += points.get(o) ?? 0;
      const s = r.games[0]?.scores;
      if (s && r.players.length === 2) margin += (s[me] ?? 0) - (s[1 - me] ?? 0);
    }
    return { player: p, total: points.get(p) ?? 0, tie: [buchholz, margin], games: mine.length };
  });
}

function duplicate(game: GameId, players: readonly string[], results: readonly TableResult[]): Row[] {
  const sign = higherIsBetter(game) ? 1 : -1;
  // Results by the cards held: round, deal and hand.
  const boards = new Map<string, { player: string; score: number }[]>();
  for (const r of results)
    for (const g of r.games)
      g.scores.forEach((x, seat) => {
        if (x === null) return;
        const hand = (seat + (r.rotation ?? 0)) % r.players.length;
        const k = `${r.round}/${g.deal ?? 0}/${hand}`;
        const list = boards.get(k) ?? [];
        list.push({ player: r.players[seat], score: x });
        boards.set(k, list);
      });
  const got = new Map(players.map((p) => [p, { mp: 0, max: 0, sum: 0, games: 0 }]));
  for (const list of boards.values())
    for (const a of list) {
      const row = got.get(a.player);
      if (!row) continue;
      row.sum += a.score;
      row.games++;
      for (const b of list) {
        if (b === a) continue;
        row.max += 2;
        const d = sign * (a.score - b.score);
        row.mp += d > 0 ? 2 : d === 0 ? 1 : 0;
      }
    }
  return players.map((p) => {
    const g = got.get(p) ?? { mp: 0, max: 0, sum: 0, games: 0 };
    return { player: p, total: g.max > 0 ? (100 * g.mp) / g.max : 0, tie: [sign * g.sum], games: g.games };
  });
}

export function standings(
  format: FormatId,
  game: GameId,
  players: readonly string[],
  results: readonly TableResult[],
): Standing[] {
  switch (format) {
    case 'ddv':
      return rank(
        sums(players, results, (x) => x > 0),
        true,
      );
    case 'differenzler':
      return rank(
        sums(players, results, (x) => x === 0),
        false,
      );
    case 'swiss':
      return rank(swiss(players, results), true);
    case 'duplicate':
      return rank(duplicate(game, players, results), true);
  }
}

/**
 * Swiss pairing for two-player matches (Klaberjass, 2-player Klapper-Jas). Written here because the
 * maintained npm pairing library, tournament-pairings (and tournament-organizer, built on it), is
 * GPL-3.0-or-later, which an MIT project cannot take in (docs/tournaments.md).
 *
 * Rules (after the Dutch system's basic rules, FIDE Handbook C.04, without colour preferences):
 * 1. Players are ranked by match points, then by their number in the field (registration order).
 * 2. With an odd field the lowest-ranked player who has not had a bye gets one (a bye scores as a
 *    won match); nobody gets a second bye while another player has had none.
 * 3. The rest are paired from the top: each player with the highest-ranked player left whom he has
 *    not met; when that leads to a dead end, the search backs up (depth-first) and tries the next.
 * 4. Only when no pairing without rematches exists (small fields, many rounds) are rematches allowed,
 *    again from the top.
 */
export interface SwissPlayer {
  readonly id: string;
  readonly points: number;
  /** Opponents met so far (a bye is not an opponent). */
  readonly met: readonly string[];
  readonly byes: number;
}

export interface Pairing {
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** Steps of the backtracking search before giving up on a rematch-free pairing. */
const MAX_STEPS = 200_000;

function pairUp(ranked: readonly SwissPlayer[], rematches: boolean): (readonly [string, string])[] | null {
  let steps = 0;
  const used = new Array<boolean>(ranked.length).fill(false);
  const pairs: (readonly [string, string])[] = [];
  const go = (): boolean => {
    if (++steps > MAX_STEPS) return false;
    const i = used.indexOf(false);
    if (i < 0) return true;
    used[i] = true;
    for (let j = i + 1; j < ranked.length; j++) {
      if (used[j] || (!rematches && ranked[i].met.includes(ranked[j].id))) continue;
      used[j] = true;
      pairs.push([ranked[i].id, ranked[j].id]);
      if (go()) return true;
      pairs.pop();
      used[j] = false;
    }
    used[i] = false;
    return false;
  };
  return go() ? pairs : null;
}

export function swissPairing(players: readonly SwissPlayer[]): Pairing {
  const ranked = players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.points - a.p.points || a.i - b.i)
    .map((x) => x.p);
  let bye: string | null = null;
  let rest = ranked;
  if (ranked.length % 2 === 1) {
    const fewest = Math.min(...ranked.map((p) => p.byes));
    // The lowest-ranked among those with the fewest byes.
    const who = [...ranked].reverse().find((p) => p.byes === fewest) as SwissPlayer;
    bye = who.id;
    rest = ranked.filter((p) => p.id !== who.id);
  }
  const pairs = pairUp(rest, false) ?? pairUp(rest, true) ?? [];
  return { pairs, bye };
}

/**
 * Valuing a finished deal. DDV: the list of items of the Turnierspielregeln as the oracle program reports them
 * (packages/cli/test/oracles/doppelkopf-ddv/README.md "value", copied with its games, see its PROVENANCE.md);
 * the item names are the outcome's (docs/record-format.md).
 * House (004 "Punkte"): housescore.ts `scoreHouse`.
 */
import type { Seat } from '../core/game.ts';
import type { Need, Needs, Party, ScoreItem } from './state.ts';

/** What the valuation reads of a finished deal. */
export interface DealFacts {
  /** Re seats as a mask. */
  readonly re: number;
  /** Highest announcement level by party: 0 none, 1 Re/Kontra, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz. */
  readonly annRe: number;
  readonly annKo: number;
  readonly points: { readonly re: number; readonly kontra: number };
  readonly tricks: { readonly re: number; readonly kontra: number };
  /** Special points already found (none in a game where Re is one player). */
  readonly specials: readonly ScoreItem[];
  /** The contract is a solo in 004's sense (a declared solo, a silent solo, a Hochzeit played alone). */
  readonly solo: boolean;
}

export interface Valuation {
  readonly winner: Party | 'none';
  /** What each party needed to win, so a table can say why a party lost with more than half the points. */
  readonly needs: Needs;
  readonly items: readonly ScoreItem[];
  readonly forRe: number;
  readonly multiplier: number;
  readonly score: readonly number[];
}

const ANNOUNCED = ['', '', 'keine90Announced', 'keine60Announced', 'keine30Announced', 'schwarzAnnounced'];
const REACHED = [
  '',
  '',
  'reached120VsKeine90',
  'reached90VsKeine60',
  'reached60VsKeine30',
  'reached30VsSchwarz',
];
/** A party that said keine 90 / 60 / 30 needs more than this. */
const ABOVE = [0, 0, 150, 180, 210];
/** Against the opponents' keine 90 / 60 / 30 a party wins with this many. */
const AGAINST = [0, 0, 90, 60, 30];
/** Reached against the opponents' keine 90 / 60 / 30 / schwarz: at least this many card points. */
const REACH = [0, 0, 120, 90, 60, 30];

const other = (p: Party): Party => (p === 're' ? 'kontra' : 're');

/** DDV: what party `p` needs to win. */
function need(f: DealFacts, p: Party): Need {
  const mine = p === 're' ? f.annRe : f.annKo;
  const theirs = p === 're' ? f.annKo : f.annRe;
  if (mine >= 2) return mine === 5 ? 'all-tricks' : ABOVE[mine] + 1;
  if (theirs >= 2) return theirs === 5 ? 'trick' : AGAINST[theirs];
  // Without announcements Re needs 121 and Kontra 120; if only Kontra said Kontra, Kontra needs 121 and Re 120.
  const onlyKontra = f.annRe === 0 && f.annKo === 1;
  if (p === 're') return onlyKontra ? 120 : 121;
  return onlyKontra ? 121 : 120;
}

/** Whether party `p` has what it needs. */
function has(f: DealFacts, p: Party, n: Need): boolean {
  if (n === 'all-tricks') return f.tricks[other(p)] === 0;
  if (n === 'trick') return f.tricks[p] > 0;
  return f.points[p] >= n;
}

/** The items a party earns by its own card points and tricks (also when nobody wins). */
function earned(f: DealFacts, p: Party, out: ScoreItem[]): void {
  const pts = f.points[p];
  if (pts > 150) out.push({ kind: 'opponentsUnder90', party: p, points: 1 });
  if (pts > 180) out.push({ kind: 'opponentsUnder60', party: p, points: 1 });
  if (pts > 210) out.push({ kind: 'opponentsUnder30', party: p, points: 1 });
  if (f.tricks[other(p)] === 0) out.push({ kind: 'opponentsSchwarz', party: p, points: 1 });
  const theirs = p === 're' ? f.annKo : f.annRe;
  for (let l = 2; l <= theirs; l++) if (pts >= REACH[l]) out.push({ kind: REACHED[l], party: p, points: 1 });
}

export function scoreDdv(f: DealFacts): Valuation {
  const items: ScoreItem[] = [];
  const needs: Needs = { re: need(f, 're'), kontra: need(f, 'kontra') };
  const winner: Party | 'none' = has(f, 're', needs.re)
    ? 're'
    : has(f, 'kontra', needs.kontra)
      ? 'kontra'
      : 'none';
  const single = (f.re & (f.re - 1)) === 0;
  if (winner === 'none') {
    earned(f, 're', items);
    earned(f, 'kontra', items);
  } else {
    items.push({ kind: 'won', party: winner, points: 1 });
    earned(f, winner, items);
    if (f.annRe >= 1) items.push({ kind: 'reAnnounced', party: winner, points: 2 });
    if (f.annKo >= 1) items.push({ kind: 'kontraAnnounced', party: winner, points: 2 });
    for (const by of ['re', 'kontra'] as const) {
      const lvl = by === 're' ? f.annRe : f.annKo;
      for (let l = 2; l <= lvl; l++) items.push({ kind: ANNOUNCED[l], party: winner, points: 1, by });
    }
    if (winner === 'kontra' && !single) items.push({ kind: 'gegenDieAlten', party: 'kontra', points: 1 });
  }
  for (const s of f.specials) items.push(s);
  return settle(f, winner, needs, items, single ? 3 : 1);
}

/** Points by seat: Re seats get `multiplier` times Re's net value, Kontra seats its negative (zero-sum). */
function settle(
  f: DealFacts,
  winner: Party | 'none',
  needs: Needs,
  items: ScoreItem[],
  multiplier: number,
): Valuation {
  let forRe = 0;
  for (const i of items) forRe += i.party === 're' ? i.points : -i.points;
  const score: number[] = [];
  for (let s: Seat = 0; s < 4; s++) score.push((f.re >> s) & 1 ? multiplier * forRe : 0 - forRe);
  return { winner, needs, items, forRe, multiplier, score };
}

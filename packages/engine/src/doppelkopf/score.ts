/**
 * Valuing a finished deal. DDV: the list of items of the Turnierspielregeln as the oracle program reports them
 * (packages/cli/test/oracles/doppelkopf-ddv/README.md "value", copied with its games, see its PROVENANCE.md);
 * the item names are the outcome's (docs/record-format.md).
 * House (004 "Punkte"): `scoreHouse` below.
 */
import { count } from '../core/bits.ts';
import type { Seat } from '../core/game.ts';
import { DECK_POINTS } from './cards.ts';
import type { DoppelkopfOptions } from './config.ts';
import type { ContractKind, Need, Needs, Party, ScoreItem } from './state.ts';

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

/**
 * 004 "Punkte", sentence by sentence (docs/rules/doppelkopf.md "House preset (004)", "Scoring"):
 *
 * 1. "Diejenige Partei, die entweder eine Verschärfung angesagt hat, oder die RE-Partei (falls beide Parteien
 *    oder keine Partei verschärft hat) muß mindestens einen Zählpunkt über der vereinbarten Grenze liegen (also
 *    z.B. 121, 151, 181, 211, 240)." The party measured is the one with the higher announcement (only one party
 *    can go beyond RE/KONTRA: "Hat eine Partei KEINE-90 angesagt, so kann dies die andere Partei nicht mehr
 *    tun"); when both announced the same level (RE and KONTRA) or neither announced, RE. It needs one point
 *    above its limit: 120, or 150/180/210/239 after its own KEINE-90/-60/-30/-1; else the other party wins.
 * 2. "KEINE-1, KEINE-30, KEINE-60 und KEINE-90 zählen je einen Punkt bzw. zwei Punkte, falls angesagt." The
 *    winner counts each level the losers stayed under (under 90, 60, 30, under 1 = no card point): one point,
 *    two if the winner announced it.
 * 3. "Für KEINE-120 wird ein Punkt addiert." One point for winning (item `won`).
 * 4. "Einen weiteren Punkt gibt es, falls 'gegen die Alten', 'gegen den Solisten' oder 'gegen die
 *    Armut-Partei' gewonnen wurde." One point when KONTRA wins (`gegenDieAlten`, `gegenDenSolisten`,
 *    `gegenDieArmut`).
 * 5. "RE und KONTRA verdoppeln die ermittelte Punktzahl jeweils." Each of RE and KONTRA announced doubles.
 * 6. "Anschließend werden die Sonderpunkte hinzugezählt." Then the special points (options `fuchs`,
 *    `karlchen`, `doppelkopfTrick`; none in a solo, 004 "Solospiele"): the winners' added. The losers' lapse
 *    with `credit: 'winners'` (the sum is "allen Gewinnern gutgeschrieben", so it is the winners' sum, and
 *    winning never costs points); they are taken off with `winners-net` and `zero-sum`.
 * 7. "Bei einem Solo wird diese Zahl schließlich noch verdoppelt." A solo (declared, stilles Solo, a Hochzeit
 *    played alone) doubles the total.
 * 8. "Die so gefundene Punktzahl wird allen Gewinnern gutgeschrieben." Options `credit: 'winners'` and
 *    `winners-net`: every winner gets the value, the losers nothing. `zero-sum` (plus-minus): the losers lose it, and the single
 *    player of a solo wins or loses it three times.
 */
/** The limit a measured party must pass, by its own level (0 none, 1 RE/KONTRA, 2 KEINE-90 .. 5 KEINE-1). */
export const HOUSE_LIMIT = [120, 120, 150, 180, 210, 239];
const UNDER = ['', '', 'opponentsUnder90', 'opponentsUnder60', 'opponentsUnder30', 'opponentsUnder1'];
const BELOW = [0, 0, 90, 60, 30, 1];
const SPECIAL_OPTION: Readonly<Record<string, 'fuchs' | 'karlchen' | 'doppelkopfTrick'>> = {
  fuchsGefangen: 'fuchs',
  karlchen: 'karlchen',
  doppelkopf: 'doppelkopfTrick',
};

export function scoreHouse(f: DealFacts, o: DoppelkopfOptions, kind: ContractKind): Valuation {
  const items: ScoreItem[] = [];
  const measured: Party = f.annKo > f.annRe ? 'kontra' : 're';
  const limit = HOUSE_LIMIT[measured === 're' ? f.annRe : f.annKo];
  const winner: Party = f.points[measured] > limit ? measured : other(measured);
  // The measured party needs one point above its limit; the other wins when it stays at or under it.
  const needs: Needs =
    measured === 're'
      ? { re: limit + 1, kontra: DECK_POINTS - limit }
      : { re: DECK_POINTS - limit, kontra: limit + 1 };
  const mine = winner === 're' ? f.annRe : f.annKo;
  const loserPts = f.points[other(winner)];
  const single = (f.re & (f.re - 1)) === 0;
  items.push({ kind: 'won', party: winner, points: 1 });
  for (let l = 2; l <= 5; l++)
    if (loserPts < BELOW[l]) items.push({ kind: UNDER[l], party: winner, points: mine >= l ? 2 : 1 });
  if (winner === 'kontra')
    items.push({
      kind: kind === 'armut' ? 'gegenDieArmut' : single ? 'gegenDenSolisten' : 'gegenDieAlten',
      party: winner,
      points: 1,
    });
  let value = 0;
  for (const i of items) value += i.points;
  if (f.annRe > 0) {
    items.push({ kind: 'reDoubled', party: winner, points: value });
    value *= 2;
  }
  if (f.annKo > 0) {
    items.push({ kind: 'kontraDoubled', party: winner, points: value });
    value *= 2;
  }
  for (const sp of f.specials) {
    const opt = SPECIAL_OPTION[sp.kind];
    if (opt !== undefined && !o[opt]) continue;
    if (sp.party !== winner && o.credit === 'winners') continue;
    items.push(sp);
    value += sp.party === winner ? sp.points : -sp.points;
  }
  if (f.solo) {
    items.push({ kind: 'soloDoubled', party: winner, points: value });
    value *= 2;
  }
  const score: number[] = [];
  const winners = winner === 're' ? count(f.re) : 4 - count(f.re);
  for (let s: Seat = 0; s < 4; s++) {
    const wins = (((f.re >> s) & 1) !== 0) === (winner === 're');
    if (wins) score.push(o.credit === 'zero-sum' && winners === 1 ? 3 * value : value);
    else score.push(o.credit === 'zero-sum' ? (winners === 3 ? 0 - 3 * value : 0 - value) : 0);
  }
  // `0 - value`, not `-value`: a value of 0 would give -0, which JSON writes as 0, so a view would not
  // survive the wire unchanged.
  return { winner, needs, items, forRe: winner === 're' ? value : 0 - value, multiplier: 1, score };
}

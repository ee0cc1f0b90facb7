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
import type { Seat } from '../core/game.ts';
import type { DoppelkopfOptions } from './config.ts';
import type { DealFacts, Valuation } from './score.ts';
import type { ContractKind, Needs, Party, ScoreItem } from './state.ts';

/** The limit a measured party must pass, by its own level (0 none, 1 RE/KONTRA, 2 KEINE-90 .. 5 KEINE-1). */
export const HOUSE_LIMIT = [120, 120, 150, 180, 210, 239];
const UNDER = ['', '', 'opponentsUnder90', 'opponentsUnder60', 'opponentsUnder30', 'opponentsUnder1'];
const BELOW = [0, 0, 90, 60, 30, 1];
const SPECIAL_OPTION: Readonly<Record<string, 'fuchs' | 'karlchen' | 'doppelkopfTrick'>> = {
  fuchsGefangen: 'fuchs',
  karlchen: 'karlchen',
  doppelkopf: 'doppelkopfTrick',
};

const other = (p: Party): Party => (p === 're' ? 'kontra' : 're');

export function scoreHouse(f: DealFacts, o: DoppelkopfOptions, kind: ContractKind): Valuation {
  const items: ScoreItem[] = [];
  const measured: Party = f.annKo > f.annRe ? 'kontra' : 're';
  const limit = HOUSE_LIMIT[measured === 're' ? f.annRe : f.annKo];
  const winner: Party = f.points[measured] > limit ? measured : other(measured);
  // The measured party needs one point above its limit; the other wins when it stays at or under it.
  const needs: Needs =
    measured === 're' ? { re: limit + 1, kontra: 240 - limit } : { re: 240 - limit, kontra: limit + 1 };
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
  const reCount = (f.re & 1) + ((f.re >> 1) & 1) + ((f.re >> 2) & 1) + ((f.re >> 3) & 1);
  const winners = winner === 're' ? reCount : 4 - reCount;
  for (let s: Seat = 0; s < 4; s++) {
    const wins = (((f.re >> s) & 1) !== 0) === (winner === 're');
    if (wins) score.push(o.credit === 'zero-sum' && winners === 1 ? 3 * value : value);
    else score.push(o.credit === 'zero-sum' ? (winners === 3 ? 0 - 3 * value : 0 - value) : 0);
  }
  // `0 - value`, not `-value`: a value of 0 would give -0, which JSON writes as 0, so a view would not
  // survive the wire unchanged.
  return { winner, needs, items, forRe: winner === 're' ? value : 0 - value, multiplier: 1, score };
}

/**
 * Melds (Terz = 3, Halber = 4 cards in sequence 7-8-9-10-B-D-K-A of one suit) and their comparison
 * (000 3.1-3.3). Internally a meld is { s: suit index, top: sequence index of its top card, len }.
 */
import { SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { SEQ } from './cards.ts';

export interface Meld {
  readonly s: number;
  readonly top: number;
  readonly len: number;
}

/** A meld as it appears in actions, views and outcomes: suit, top card's rank, number of cards. */
export interface MeldSpec {
  readonly suit: (typeof SUITS)[number];
  readonly top: (typeof SEQ)[number];
  readonly length: number;
}

/** A Halber 50, a Terz 20 (000 3.1/3.2). */
export const meldValue = (m: Pick<Meld, 'len'>): number => (m.len >= 4 ? 50 : 20);
/** The value of a meld as actions and views name it. */
export const specValue = (m: Pick<MeldSpec, 'length'>): number => meldValue({ len: m.length });
export const meldsValue = (ms: readonly Meld[]): number => ms.reduce((a, m) => a + meldValue(m), 0);
export const meldMask = (m: Meld): number => (((1 << m.len) - 1) << (m.s * 8 + m.top - m.len + 1)) | 0;
export const toSpec = (m: Meld): MeldSpec => ({ suit: SUITS[m.s], top: SEQ[m.top], length: m.len });

/** Height of one meld: Halber over Terz, then the top card, then trump (000 3.1/3.2). */
export const meldKey = (m: Meld, trump: number): number =>
  (m.len >= 4 ? 32 : 0) + m.top * 2 + (m.s === trump ? 1 : 0);
/** Height of a declaration: its best meld (001: "es zählt ... die Höhe der höchsten Meldung"). */
export const declKey = (ms: readonly Meld[], trump: number): number =>
  ms.reduce((a, m) => Math.max(a, meldKey(m, trump)), -1);

/** True when the hand holds three cards in sequence somewhere (the fast path says no melds). */
export const mayMeld = (h: number): boolean => (h & (h >>> 1) & (h >>> 2) & 0x3f3f3f3f) !== 0;

function runOptions(s: number, start: number, len: number, blocks: boolean): Meld[][] {
  const end = start + len;
  if (!blocks) return [[], [{ s, top: end - 1, len }]];
  const go = (p: number): Meld[][] => {
    if (p + 3 > end) return [[]];
    const res = go(p + 1);
    for (let l = 3; l <= 4; l++)
      if (p + l <= end) for (const rest of go(p + l)) res.push([{ s, top: p + l - 1, len: l }, ...rest]);
    return res;
  };
  return go(start);
}

type Options = readonly (readonly Meld[])[];
const NO_MELDS: Options = Object.freeze([]);
/**
 * runOptions of every run, frozen, made at load (fast.ts item 7): RUNS[(blocks * 32 + s * 8 + start) * 9 + len],
 * and RUNS_NONEMPTY the same without the empty choice (the options of a hand with this one run).
 */
const RUNS: Options[] = [];
const RUNS_NONEMPTY: Options[] = [];
for (let i = 0; i < 2 * 32 * 9; i++) {
  const len = i % 9;
  const start = ((i / 9) | 0) % 8;
  const s = ((i / 72) | 0) % 4;
  const blocks = i >= 32 * 9;
  const all =
    len >= 3 && start + len <= 8
      ? runOptions(s, start, len, blocks).map((c) => Object.freeze(c.map((m) => Object.freeze(m))))
      : [];
  RUNS.push(Object.freeze(all));
  RUNS_NONEMPTY.push(Object.freeze(all.filter((c) => c.length > 0)));
}

const runs = (s: number, start: number, len: number, blocks: boolean, nonEmpty: boolean): Options =>
  (nonEmpty ? RUNS_NONEMPTY : RUNS)[((blocks ? 32 : 0) + s * 8 + start) * 9 + len];

/** Every non-empty set of disjoint melds the hand holds, each set sorted by suit and top. Read-only. */
export function meldOptions(h: number, blocks: boolean): Options {
  if (!mayMeld(h)) return NO_MELDS;
  let combos: Options | null = null;
  let first: [number, number, number] | null = null;
  const threes = h & (h >>> 1) & (h >>> 2) & 0x3f3f3f3f;
  for (let s = 0; s < 4; s++) {
    if (((threes >>> (s * 8)) & 0xff) === 0) continue;
    const byte = (h >>> (s * 8)) & 0xff;
    let r = 0;
    while (r < 8) {
      if ((byte >>> r) & 1) {
        const start = r;
        while (r < 8 && (byte >>> r) & 1) r++;
        if (r - start >= 3) {
          if (first === null && combos === null) {
            // Keep the first run aside: a hand with one run gets its shared option list.
            first = [s, start, r - start];
            continue;
          }
          if (combos === null) combos = runs(first![0], first![1], first![2], blocks, false);
          const opts = runs(s, start, r - start, blocks, false);
          const next: Meld[][] = [];
          for (const c of combos)
            for (const o of opts) next.push(o.length === 0 ? (c as Meld[]) : [...c, ...o]);
          combos = next;
        }
      } else r++;
    }
  }
  if (combos === null) return first === null ? NO_MELDS : runs(first[0], first[1], first[2], blocks, true);
  return combos.filter((c) => c.length > 0);
}

/** True when `a` and `b` hold the same melds in any order (`b` has no meld twice). */
export function sameMelds(a: readonly Meld[], b: readonly Meld[]): boolean {
  if (a.length !== b.length) return false;
  for (const x of a) if (!hasMeld(b, x)) return false;
  for (const y of b) if (!hasMeld(a, y)) return false;
  return true;
}
const hasMeld = (ms: readonly Meld[], m: Meld): boolean => {
  for (const x of ms) if (x.s === m.s && x.top === m.top && x.len === m.len) return true;
  return false;
};

/** A declaration at the table: who, what, and its place in the order of declarations. */
export interface Decl {
  readonly seat: Seat;
  readonly melds: readonly Meld[];
}

/**
 * The winning declaration: the highest; on equal height the earlier one (000: "so zählt die
 * Erstmeldung"). `decls` is in the order they were made. Returns -1 when nobody declared.
 */
export function bestDecl(decls: readonly Decl[], trump: number): number {
  let best = -1;
  let bestKey = -1;
  for (let i = 0; i < decls.length; i++) {
    const k = declKey(decls[i].melds, trump);
    if (k > bestKey) {
      bestKey = k;
      best = i;
    }
  }
  return best;
}

/**
 * Doppelkopf double-dummy solver: the card points the Re party takes from a position with every hand open.
 *
 * Model (model.ts): 24 card kinds, each twice; a hand is two 24-bit words (held at least once, held twice);
 * trump is the fifth follow-class; of two equal cards the first wins, except two Dullen under `dulleSecond`.
 * A Schwein (004) is the DA of `pigSeat` (strength 60). A Hochzeit not yet decided (`hochzeit` = the
 * holder) names its partner in the search: the first other winner of tricks 1-3.
 *
 * Fail-soft alpha-beta with
 * - a transposition table probed and stored at trick starts (key: every remaining card's owner and copy,
 *   the leader, the Re mask and whether a Hochzeit is open), holding a lower and an upper bound of the Re
 *   points still to come; valid for every sample of one decision, since the value depends on nothing else;
 * - equivalent cards searched once: kinds of one effective suit in the mover's hand with no live copy
 *   elsewhere (other hands or the trick) between them and the same card points; the two copies of a kind
 *   are one move anyway;
 * - move ordering: the table's move first; leading: masters first (nothing in another hand beats them),
 *   then trumps before plain cards, strong before weak; following: feed points to a
 *   partner who wins, win as cheaply as possible, else throw the cheapest;
 * - bounds from the points still in play.
 * Special points (Fuchs, Karlchen, Doppelkopf) are not in the value: card points only.
 */
import {
  beatsBest,
  byStrength,
  DA,
  esuit,
  HT,
  hochzeitAfter,
  KINDS,
  PIG_STRENGTH,
  points,
  strength,
  suitMask,
  TRUMP,
} from './model.ts';

interface DkProblem {
  readonly order: number;
  readonly dulleSecond: boolean;
  /** The seat whose DA is a Schwein, or -1. */
  readonly pigSeat: number;
  /** Per seat the kinds held at least once and twice. */
  readonly one: readonly number[];
  readonly two: readonly number[];
  /** Leader of the open trick (or of the next trick when `trick` is empty). */
  readonly leader: number;
  /** Kinds of the open trick in playing order. */
  readonly trick: readonly number[];
  /** Re seats as a mask. */
  readonly re: number;
  /** A Hochzeit still open: its holder, else -1; `tricksDone` counts finished tricks (for its 3-trick limit). */
  readonly hochzeit: number;
  readonly tricksDone: number;
}

export class NodeLimit extends Error {}

const INF = 10_000;

/** xorshift32 for the Zobrist keys: fixed, so tables and node counts are the same in every run. */
function keys(n: number, seed: number): Int32Array {
  const out = new Int32Array(n);
  let x = seed | 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}
// Key words: index (seat * 24 + kind) * 2 + copy, then 4 leaders, 16 Re masks, 1 open Hochzeit.
const ZA = keys(4 * KINDS * 2 + 21, 0x9e3779b9);
const ZB = keys(4 * KINDS * 2 + 21, 0x7f4a7c15);
const Z_LEAD = 4 * KINDS * 2;
const Z_RE = Z_LEAD + 4;
const Z_HOCH = Z_RE + 16;

export class DkSolver {
  nodes = 0;
  nodeLimit = Number.POSITIVE_INFINITY;
  private readonly bits: number;
  private readonly ka: Int32Array;
  private readonly kb: Int32Array;
  private readonly lo: Int16Array;
  private readonly hi: Int16Array;
  private readonly mv: Int8Array;

  private order = 0;
  private dulleSecond = false;
  private pigSeat = -1;
  private readonly one = new Int32Array(4);
  private readonly two = new Int32Array(4);
  private ha = 0;
  private hb = 0;
  private re = 0;
  private hoch = -1;
  private tricksDone = 0;
  private leader = 0;
  /** The open trick: kinds and count. */
  private readonly tk = new Int32Array(4);
  private tn = 0;
  private left = 0;
  /** Card points still in hands. */
  private handPts = 0;
  private readonly str = new Int32Array(KINDS);
  private readonly es = new Int32Array(KINDS);
  /** Per effective suit its kinds by ascending strength. */
  private suits: number[][] = [];
  private readonly masks = new Int32Array(5);
  /** Move buffers per ply (48 plies at most). */
  private readonly buf = new Int32Array(49 * 24);

  constructor(bits = 20) {
    this.bits = bits;
    const n = 1 << bits;
    this.ka = new Int32Array(n);
    this.kb = new Int32Array(n);
    this.lo = new Int16Array(n);
    this.hi = new Int16Array(n);
    this.mv = new Int8Array(n);
  }

  /** Forget the table (the order, Dulle rule or Schwein changed: values of equal keys may differ). */
  clear(): void {
    this.ka.fill(0);
    this.kb.fill(0);
    this.lo.fill(0);
    this.hi.fill(0);
  }

  private loaded = '';

  load(p: DkProblem): void {
    const sig = `${p.order}/${p.dulleSecond}/${p.pigSeat}`;
    if (sig !== this.loaded) {
      this.clear();
      this.loaded = sig;
    }
    this.order = p.order;
    this.dulleSecond = p.dulleSecond;
    this.pigSeat = p.pigSeat;
    for (let k = 0; k < KINDS; k++) {
      this.str[k] = strength(p.order, k);
      this.es[k] = esuit(p.order, k);
    }
    this.suits = byStrength(p.order);
    for (let e = 0; e < 5; e++) this.masks[e] = suitMask(p.order, e);
    this.ha = 0;
    this.hb = 0;
    this.left = 0;
    this.handPts = 0;
    for (let s = 0; s < 4; s++) {
      this.one[s] = p.one[s];
      this.two[s] = p.two[s];
      for (let k = 0; k < KINDS; k++) {
        const n = ((p.one[s] >> k) & 1) + ((p.two[s] >> k) & 1);
        for (let c = 0; c < n; c++) {
          this.ha ^= ZA[(s * KINDS + k) * 2 + c];
          this.hb ^= ZB[(s * KINDS + k) * 2 + c];
          this.left++;
          this.handPts += points(k);
        }
      }
    }
    this.re = p.re;
    this.hoch = p.hochzeit;
    this.tricksDone = p.tricksDone;
    this.leader = p.leader;
    this.tn = p.trick.length;
    for (let i = 0; i < p.trick.length; i++) this.tk[i] = p.trick[i];
  }

  private strOf(seat: number, k: number): number {
    return k === DA && seat === this.pigSeat ? PIG_STRENGTH : this.str[k];
  }

  /** Legal kinds of `seat` now. */
  legal(seat: number): number {
    const hand = this.one[seat];
    if (this.tn === 0) return hand;
    const m = hand & this.masks[this.es[this.tk[0]]];
    return m !== 0 ? m : hand;
  }

  /** The seat to play. */
  mover(): number {
    return (this.leader + this.tn) & 3;
  }

  /** Winner so far of the open trick: seat, strength, kind, effective suit (fields, no allocation). */
  private wSeat = 0;
  private wStr = 0;
  private wKind = 0;
  private wSuit = 0;
  private winnerSoFar(): void {
    const led = this.es[this.tk[0]];
    let bs = this.strOf(this.leader, this.tk[0]);
    let bk = this.tk[0];
    let bSeat = this.leader;
    let bSuit = led;
    for (let i = 1; i < this.tn; i++) {
      const seat = (this.leader + i) & 3;
      const k = this.tk[i];
      const s = this.strOf(seat, k);
      if (beatsBest(this.order, k, s, led, bs, bk, bSuit, this.dulleSecond)) {
        bs = s;
        bk = k;
        bSeat = seat;
        bSuit = this.es[k];
      }
    }
    this.wSeat = bSeat;
    this.wStr = bs;
    this.wKind = bk;
    this.wSuit = bSuit;
  }

  private remove(seat: number, k: number): void {
    const b = 1 << k;
    if ((this.two[seat] & b) !== 0) {
      this.two[seat] ^= b;
      this.ha ^= ZA[(seat * KINDS + k) * 2 + 1];
      this.hb ^= ZB[(seat * KINDS + k) * 2 + 1];
    } else {
      this.one[seat] ^= b;
      this.ha ^= ZA[(seat * KINDS + k) * 2];
      this.hb ^= ZB[(seat * KINDS + k) * 2];
    }
    this.left--;
    this.handPts -= points(k);
  }

  private restore(seat: number, k: number): void {
    const b = 1 << k;
    if ((this.one[seat] & b) !== 0) {
      this.two[seat] |= b;
      this.ha ^= ZA[(seat * KINDS + k) * 2 + 1];
      this.hb ^= ZB[(seat * KINDS + k) * 2 + 1];
    } else {
      this.one[seat] |= b;
      this.ha ^= ZA[(seat * KINDS + k) * 2];
      this.hb ^= ZB[(seat * KINDS + k) * 2];
    }
    this.left++;
    this.handPts += points(k);
  }

  /** Re points from the open trick's cards and every card still in a hand, under best play. */
  value(alpha = -INF, beta = INF): number {
    return this.search(alpha, beta, 0);
  }

  /** The value by MTD(f): null-window searches from `guess` until the bounds meet (the table keeps them). */
  mtdf(guess = 60): number {
    let g = guess;
    let lower = -INF;
    let upper = INF;
    while (lower < upper) {
      const beta = g === lower ? g + 1 : g;
      g = this.search(beta - 1, beta, 0);
      if (g < beta) upper = g;
      else lower = g;
    }
    return g;
  }

  /** Exact value of each distinct legal kind of the mover (Re points from here on, open trick included). */
  moveValues(): Map<number, number> {
    const seat = this.mover();
    const out = new Map<number, number>();
    let m = this.legal(seat);
    while (m !== 0) {
      const k = 31 - Math.clz32(m);
      m ^= 1 << k;
      out.set(k, this.afterPlay(seat, k, -INF, INF, 0));
    }
    return out;
  }

  /** Plays `k` for `seat`, searches, undoes: the value with that card. */
  private afterPlay(seat: number, k: number, alpha: number, beta: number, ply: number): number {
    this.remove(seat, k);
    this.tk[this.tn++] = k;
    let v: number;
    if (this.tn === 4) {
      this.winnerSoFar();
      const w = this.wSeat;
      let pts = 0;
      for (let i = 0; i < 4; i++) pts += points(this.tk[i]);
      const saveLeader = this.leader;
      const saveRe = this.re;
      const saveHoch = this.hoch;
      const t0 = this.tk[0];
      const t1 = this.tk[1];
      const t2 = this.tk[2];
      const t3 = this.tk[3];
      if (this.hoch >= 0) {
        const h = hochzeitAfter(this.hoch, w, this.tricksDone);
        if (h !== this.hoch) {
          if (h >= 0) this.re |= 1 << h;
          this.hoch = -1;
        }
      }
      const gain = ((this.re >> w) & 1) !== 0 ? pts : 0;
      this.leader = w;
      this.tn = 0;
      this.tricksDone++;
      v = gain + this.search(alpha - gain, beta - gain, ply + 1);
      this.tricksDone--;
      this.tn = 4;
      this.tk[0] = t0;
      this.tk[1] = t1;
      this.tk[2] = t2;
      this.tk[3] = t3;
      this.leader = saveLeader;
      this.re = saveRe;
      this.hoch = saveHoch;
    } else v = this.search(alpha, beta, ply + 1);
    this.tn--;
    this.restore(seat, k);
    return v;
  }

  /** Kinds to try for `seat` from `legal`, best guess first, equivalent ones dropped; returns the count. */
  private moves(seat: number, legal: number, ply: number, first: number): number {
    const base = ply * 24;
    let n = 0;
    // Equivalent kinds: walk each suit by strength; a run of the mover's kinds with equal points and no
    // live copy elsewhere in between keeps its lowest kind only.
    const mine = this.one[seat];
    let others = 0;
    for (let s = 0; s < 4; s++) if (s !== seat) others |= this.one[s];
    let inTrick = 0;
    for (let i = 0; i < this.tn; i++) inTrick |= 1 << this.tk[i];
    const elsewhere = others | inTrick;
    const pig = this.pigSeat >= 0;
    for (let e = 0; e < 5; e++) {
      if ((legal & this.masks[e]) === 0) continue;
      const list = this.suits[e];
      let runPts = -1;
      for (let i = 0; i < list.length; i++) {
        const k = list[i];
        const b = 1 << k;
        if ((elsewhere & b) !== 0 || (pig && k === DA) || (this.dulleSecond && k === HT)) {
          runPts = -1;
          if ((legal & b) !== 0) this.buf[base + n++] = k;
          continue;
        }
        if ((mine & b) === 0) continue; // dead kind: no effect on the run
        if ((legal & b) === 0) {
          runPts = -1;
          continue;
        }
        const p = points(k);
        if (p === runPts && k !== first) continue;
        runPts = p;
        this.buf[base + n++] = k;
      }
    }
    // Ordering.
    const keysArr = this.keyBuf;
    if (this.tn === 0) {
      for (let i = 0; i < n; i++) {
        const k = this.buf[base + i];
        // Masters first (a card no live card of its suit beats), then plain Aces, then by strength.
        keysArr[i] =
          (this.isMasterLead(seat, k) ? 1000 : 0) +
          (this.es[k] === TRUMP ? 200 : 100) +
          this.strOf(seat, k) +
          (k === first ? 10_000 : 0);
      }
    } else {
      this.winnerSoFar();
      const led = this.es[this.tk[0]];
      const partnerWins = this.hoch < 0 && ((this.re >> this.wSeat) & 1) === ((this.re >> seat) & 1);
      const last = this.tn === 3;
      for (let i = 0; i < n; i++) {
        const k = this.buf[base + i];
        const s = this.strOf(seat, k);
        const wins = beatsBest(this.order, k, s, led, this.wStr, this.wKind, this.wSuit, this.dulleSecond);
        let key: number;
        if (partnerWins && (last || !wins)) key = 1000 + points(k) * 10 - s;
        else if (wins) key = 2000 - s + points(k);
        else key = 500 - points(k) * 10 - s;
        keysArr[i] = key + (k === first ? 10_000 : 0);
      }
    }
    // Insertion sort by key, descending.
    for (let i = 1; i < n; i++) {
      const k = this.buf[base + i];
      const key = keysArr[i];
      let j = i - 1;
      while (j >= 0 && keysArr[j] < key) {
        keysArr[j + 1] = keysArr[j];
        this.buf[base + j + 1] = this.buf[base + j];
        j--;
      }
      keysArr[j + 1] = key;
      this.buf[base + j + 1] = k;
    }
    return n;
  }
  private readonly keyBuf = new Int32Array(24);

  /** Whether `k` led by `seat` can be beaten by no card in another hand (of its suit, or a trump). */
  private isMasterLead(seat: number, k: number): boolean {
    const e = this.es[k];
    const s = this.strOf(seat, k);
    for (let x = 0; x < 4; x++) {
      if (x === seat) continue;
      let m = this.one[x] & this.masks[e];
      if (m === 0 && e !== TRUMP) {
        if ((this.one[x] & this.masks[TRUMP]) !== 0) return false;
        continue;
      }
      while (m !== 0) {
        const j = 31 - Math.clz32(m);
        m ^= 1 << j;
        const sj = this.strOf(x, j);
        if (sj > s || (j === k && this.dulleSecond && k === HT)) return false;
      }
    }
    return true;
  }

  private search(alpha: number, beta: number, ply: number): number {
    if (++this.nodes > this.nodeLimit) throw new NodeLimit();
    if (this.left === 0 && this.tn === 0) return 0;
    let slot = -1;
    let first = -1;
    let a = alpha;
    let b = beta;
    let ka = 0;
    let kb = 0;
    if (this.tn === 0) {
      // Bounds from the points still in play.
      if (this.handPts <= a) return this.handPts;
      if (b <= 0) return 0;
      ka = this.ha ^ ZA[Z_LEAD + this.leader] ^ ZA[Z_RE + this.re] ^ (this.hoch >= 0 ? ZA[Z_HOCH] : 0);
      kb = this.hb ^ ZB[Z_LEAD + this.leader] ^ ZB[Z_RE + this.re] ^ (this.hoch >= 0 ? ZB[Z_HOCH] : 0);
      slot = ka & ((1 << this.bits) - 1);
      if (this.ka[slot] === ka && this.kb[slot] === kb) {
        const lo = this.lo[slot];
        const hi = this.hi[slot];
        if (lo >= b) return lo;
        if (hi <= a) return hi;
        if (lo === hi) return lo;
        if (lo > a) a = lo;
        if (hi < b) b = hi;
        first = this.mv[slot];
      }
    }
    const seat = this.mover();
    const max = ((this.re >> seat) & 1) !== 0;
    const n = this.moves(seat, this.legal(seat), ply, first);
    const base = ply * 24;
    let best = max ? -INF : INF;
    let bestK = -1;
    let lo = a;
    let hi = b;
    for (let i = 0; i < n; i++) {
      const k = this.buf[base + i];
      const v = this.afterPlay(seat, k, lo, hi, ply);
      if (max) {
        if (v > best) {
          best = v;
          bestK = k;
          if (v > lo) lo = v;
        }
      } else if (v < best) {
        best = v;
        bestK = k;
        if (v < hi) hi = v;
      }
      if (lo >= hi) break;
    }
    if (slot >= 0) {
      // Fail-soft bounds against the window searched ([a, b] after the table's narrowing).
      let newLo = -INF;
      let newHi = INF;
      if (this.ka[slot] === ka && this.kb[slot] === kb) {
        newLo = this.lo[slot];
        newHi = this.hi[slot];
      } else {
        newLo = 0;
        newHi = this.handPts;
      }
      if (best <= a) newHi = Math.min(newHi, best);
      else if (best >= b) newLo = Math.max(newLo, best);
      else {
        newLo = best;
        newHi = best;
      }
      this.ka[slot] = ka;
      this.kb[slot] = kb;
      this.lo[slot] = newLo;
      this.hi[slot] = newHi;
      this.mv[slot] = bestK;
    }
    return best;
  }
}

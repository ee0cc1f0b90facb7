/**
 * Double-dummy solver: the exact value of a card-play position with every hand open.
 *
 * Fail-soft alpha-beta over the compact model of model.ts, driven by MTD(f) (a sequence of null-window
 * searches), with:
 * - a transposition table probed and stored at trick starts, where the position is fully given by
 *   the owner of every remaining card, the leader, the parties that have won a trick and (objective
 *   `target`) the points still wanted; entries hold a lower and an upper bound of the points still to
 *   come, so bounds from earlier null-window passes are reused;
 * - equivalent cards searched once: of cards of one suit held by the player to move, with no live
 *   card (in a hand or in the trick) between them and the same value, only the lowest is tried;
 * - role-aware move ordering: the table's best move first when leading, masters first, and when
 *   following: feed points to a partner who wins, win as cheaply as possible, else throw the cheapest;
 * - a bound from the points still to be had.
 */
import type { Card } from '@stich/engine';
import {
  allowedCategories,
  EXEMPT,
  FOLLOW,
  FOLLOW_RULES,
  HIGHER,
  LOWER,
  OTHER,
  RUFFED,
  TRUMP_LED,
} from '@stich/engine';
import type { Problem } from './model.ts';
import { decode, encode, followPolicy, valueTable } from './model.ts';

const INF = 100_000;
/** Words per table entry: 5 key words, lower bound, upper bound, generation << 8 | best card. */
const STRIDE = 8;

/** Thrown when a search exceeds its node limit. */
export class NodeLimit extends Error {}

export class Solver {
  nodes = 0;
  /** Searches throw `NodeLimit` once `nodes` passes this. */
  nodeLimit = Number.POSITIVE_INFINITY;
  private readonly tt: Int32Array;
  private readonly ttMask: number;
  private gen = 0;

  // position
  private n = 4;
  private trump = 0;
  /** The engine's follow policy table (kernel follow.ts), indexed by categories held | TRUMP_LED | RUFFED. */
  private allowed: Uint8Array = FOLLOW_RULES['ruff-overtrump'].allowed;
  /**
   * For a plain lead the mover can follow, by ruffed (0/1): the categories allowed when the policy's answer
   * does not depend on the other categories held, else -1. Read from the policy table at load; spares the
   * commonest case the work of the general path.
   */
  private readonly followAllowed = new Int32Array(2);
  /** Whether the policy lets a seat that can follow play a trump instead (for `safe`). */
  private trumpWhileFollowing = false;
  /** The strength bits of the trumps a trump lead never forces (Differenzler: the Jack). */
  private exempt = 0;
  private lastTrick = 0;
  private target = false;
  private readonly hands = new Int32Array(16);
  /** Cards in a hand or in the current trick, by suit. */
  private readonly live = new Int32Array(4);
  /** Legal cards of the mover by suit, written by `legal`. */
  private readonly lm = new Int32Array(4);
  private readonly party = new Int8Array(4);
  private vals: Int8Array = new Int8Array(64);
  private readonly ifTrick = new Int32Array(2);
  private flags = 0;
  private need = 0;
  private leader = 0;
  private tl = 0;
  private left = 0;
  private remVal = 0;
  /** Trick cards and the winner so far, per trick: trick k at [4k, 4k + 4); `tb` = 4 × current trick. */
  private readonly trick = new Int32Array(64);
  private readonly winCard = new Int32Array(64);
  private readonly winSeat = new Int32Array(64);
  private tb = 0;
  private readonly moves = new Int32Array(48 * 16);
  private readonly scores = new Int32Array(16);
  /** Cutoffs caused by each card code, by seat: a history heuristic for ordering leads. */
  private readonly history = new Int32Array(4 * 64);
  private problem: Problem | undefined;

  constructor(ttBits = 18) {
    this.tt = new Int32Array((1 << ttBits) * STRIDE);
    this.ttMask = (1 << ttBits) - 1;
  }

  /** Loads a position. The table keeps entries of the same deal and rules unless `fresh`. */
  load(p: Problem, fresh = true): void {
    if (fresh) {
      this.gen = (this.gen + 1) & 0xffffff;
      this.history.fill(0);
    }
    this.problem = p;
    const r = p.rules;
    this.n = p.hands.length;
    this.trump = p.trump;
    const rule = FOLLOW_RULES[followPolicy(r, p.undertrump)];
    this.allowed = rule.allowed;
    for (let r = 0; r < 2; r++) {
      const flags = r === 1 ? RUFFED : 0;
      let u = 0;
      for (let rest = 0; rest < 32; rest += 2) u |= rule.allowed[FOLLOW | rest | flags];
      let same = true;
      for (let rest = 0; rest < 32; rest += 2)
        if (rule.allowed[FOLLOW | rest | flags] !== (u & (FOLLOW | rest))) same = false;
      this.followAllowed[r] = same ? u : -1;
    }
    this.trumpWhileFollowing = (allowedCategories(rule, FOLLOW | HIGHER, false, false) & HIGHER) !== 0;
    this.exempt = 0;
    for (const rank of r.jass.exemptTrumps) this.exempt |= 1 << r.trumpOrder.indexOf(rank);
    this.lastTrick = r.lastTrick;
    this.target = p.objective === 'target';
    this.vals = valueTable(r, p.trump);
    this.hands.fill(0);
    this.live.fill(0);
    this.left = 0;
    this.remVal = 0;
    for (let q = 0; q < this.n; q++) {
      this.party[q] = p.party[q];
      for (const card of p.hands[q]) {
        const c = encode(r, p.trump, card);
        this.hands[q * 4 + (c >>> 4)] |= 1 << (c & 15);
        this.live[c >>> 4] |= 1 << (c & 15);
        this.left++;
        this.remVal += this.vals[c];
      }
    }
    this.ifTrick[0] = p.ifTrick?.[0] ?? 0;
    this.ifTrick[1] = p.ifTrick?.[1] ?? 0;
    this.flags = p.tookTrick ?? 0;
    this.need = p.need ?? 0;
    this.leader = p.leader;
    this.tl = 0;
    this.tb = 0;
    for (const card of p.trick) {
      const c = encode(r, p.trump, card);
      this.pushTrick(c, (this.leader + this.tl) % this.n);
      this.live[c >>> 4] |= 1 << (c & 15);
      this.remVal += this.vals[c];
    }
    if (this.tl >= this.n) throw new Error('the trick is already complete');
    const size = this.left + this.tl;
    if (size % this.n !== 0 && this.tl === 0) throw new Error('hands of unequal size');
  }

  /** Seat to move. */
  get toMove(): number {
    return (this.leader + this.tl) % this.n;
  }

  /** Exact value of the loaded position: points still to come, as the objective counts them. */
  solve(guess = 0): number {
    return this.mtdf(guess, -1);
  }

  /** True when the value of the loaded position is at least `t`: one null-window search. */
  reaches(t: number): boolean {
    return this.ab(t - 1, t, 0) >= t;
  }

  /** Plain full-window alpha-beta (for comparison and tests). */
  solveAlphaBeta(): number {
    return this.ab(-INF, INF, 0);
  }

  /** The legal cards of the player to move. */
  legalCards(): Card[] {
    const count = this.gen0(this.toMove, 0, false);
    return Array.from(this.moves.subarray(0, count), (c) => decode(this.problem!.rules, this.trump, c));
  }

  /**
   * Exact value after each legal card of the player to move (equivalent cards share one search); with
   * `only`, of those cards only.
   */
  moveValues(only?: ReadonlySet<Card>): Map<Card, number> {
    const out = new Map<Card, number>();
    const p = this.toMove;
    const count = this.gen0(p, 0, false);
    const cards = Array.from(this.moves.subarray(0, count));
    const byRep = new Map<number, number>();
    let guess = 0;
    for (const c of cards) {
      const card = decode(this.problem!.rules, this.trump, c);
      if (only && !only.has(card)) continue;
      const rep = this.representative(p, c);
      let v = byRep.get(rep);
      if (v === undefined) {
        // The first card bisects from 0; the values of the other cards lie near it (measured: 13% fewer
        // nodes in first-trick PIMC decisions than bisecting for every card), so they step from it.
        v = this.mtdf(guess, rep, byRep.size > 0);
        guess = v;
        byRep.set(rep, v);
      }
      out.set(card, v);
    }
    return out;
  }

  /**
   * Null-window searches until the bounds meet. Fail-soft results move the bounds; the test value
   * bisects the remaining interval (pure MTD(f) creeps in steps of 2 here, as values of a
   * constant-sum deal all have the same parity), starting at the guess. With `near` (a guess expected
   * to be close) the tests first step away from the guess, from the bound just found, by 0, 2, 6,
   * 14, ... points until both bounds are known, and bisect only then.
   */
  private mtdf(guess: number, first: number, near = false): number {
    const span = this.remVal + this.lastTrick + this.ifTrick[0] + this.ifTrick[1] + 1;
    let lo = this.target ? -Math.abs(this.need) - span : -span;
    let hi = this.target ? 1 : span;
    const lo0 = lo;
    const hi0 = hi;
    let step = 0;
    let b = Math.max(lo + 1, Math.min(hi, guess));
    while (lo < hi) {
      const g = first < 0 ? this.ab(b - 1, b, 0) : this.play(this.toMove, first, b - 1, b, 0);
      if (g < b) hi = g;
      else lo = g;
      if (!near || (lo > lo0 && hi < hi0)) b = lo + Math.max(1, (hi - lo + 1) >> 1);
      else {
        b = hi < hi0 ? Math.max(lo + 1, hi - step) : Math.min(hi, lo + 1 + step);
        step = step * 2 + 2;
      }
    }
    return lo;
  }

  /** Lowest card of `c`'s run of equivalent cards in the mover's legal set. */
  private representative(p: number, c: number): number {
    const s = c >>> 4;
    this.legal(p);
    const legal = this.lm[s];
    const live = this.live[s];
    let b = c & 15;
    for (;;) {
      const below = live & ((1 << b) - 1);
      if (below === 0) break;
      const nb = 31 - Math.clz32(below);
      if ((legal & (1 << nb)) === 0 || this.vals[(s << 4) | nb] !== this.vals[(s << 4) | b]) break;
      b = nb;
    }
    return (s << 4) | b;
  }

  private pushTrick(c: number, p: number): void {
    const t = this.tb + this.tl;
    this.trick[t] = c;
    if (this.tl === 0 || this.beats(c, this.winCard[t - 1])) {
      this.winCard[t] = c;
      this.winSeat[t] = p;
    } else {
      this.winCard[t] = this.winCard[t - 1];
      this.winSeat[t] = this.winSeat[t - 1];
    }
    this.tl++;
  }

  /** No opponent of `p` still to play in this trick can beat `x`, a card that wins the trick so far. */
  private safe(x: number, p: number): boolean {
    const T = this.trump;
    const h = this.hands;
    const led = this.trick[this.tb] >>> 4;
    const above = x & 15;
    const mine = this.party[p];
    for (let i = this.tl + 1; i < this.n; i++) {
      const q = (this.leader + i) % this.n;
      if (this.party[q] === mine) continue;
      const o = q * 4;
      const mayTrump = h[o + led] === 0 || this.trumpWhileFollowing;
      if (x >>> 4 === led) {
        if (h[o + led] >>> (above + 1) !== 0) return false;
        if (led !== T && mayTrump && h[o + T] !== 0) return false;
      } else if (mayTrump && h[o + T] >>> (above + 1) !== 0) return false;
    }
    return true;
  }

  private beats(c: number, w: number): boolean {
    const cs = c >>> 4;
    const ws = w >>> 4;
    if (cs === ws) return (c & 15) > (w & 15);
    return cs === this.trump;
  }

  /**
   * Writes the legal cards of seat `p` now, by suit, to `lm`: the engine's follow policy (its table) on the
   * solver's strength-coded suit masks. tests/follow.test.ts checks it against the engine over random positions.
   */
  private legal(p: number): void {
    const h = this.hands;
    const lm = this.lm;
    const o = p * 4;
    const h0 = h[o];
    const h1 = h[o + 1];
    const h2 = h[o + 2];
    const h3 = h[o + 3];
    if (this.tl === 0) {
      lm[0] = h0;
      lm[1] = h1;
      lm[2] = h2;
      lm[3] = h3;
      return;
    }
    const led = this.trick[this.tb] >>> 4;
    const T = this.trump;
    const w = this.winCard[this.tb + this.tl - 1];
    const trumpLed = led === T;
    const bestTrump = w >>> 4 === T;
    const ht = h[o + T];
    if (!trumpLed && h[o + led] !== 0) {
      const u = this.followAllowed[bestTrump ? 1 : 0];
      if (u >= 0) {
        lm[0] = lm[1] = lm[2] = lm[3] = 0;
        lm[led] = h[o + led];
        if ((u & (HIGHER | LOWER)) !== 0) {
          const hi = bestTrump ? ht & ~((2 << (w & 15)) - 1) : ht;
          lm[T] = ((u & HIGHER) !== 0 ? hi : 0) | ((u & LOWER) !== 0 ? ht & ~hi : 0);
        }
        return;
      }
    }
    // The categories (kernel follow.ts): trumps above the best card (all of them while it is plain), below,
    // exempt (trump led only), the suit led, and any other card.
    const x = trumpLed ? ht & this.exempt : 0;
    const hi = (bestTrump ? ht & ~((2 << (w & 15)) - 1) : ht) & ~x;
    const lo = ht & ~hi & ~x;
    const f = trumpLed ? 0 : h[o + led];
    const rest =
      (led === 0 || T === 0 ? 0 : h0) |
      (led === 1 || T === 1 ? 0 : h1) |
      (led === 2 || T === 2 ? 0 : h2) |
      (led === 3 || T === 3 ? 0 : h3);
    const a =
      this.allowed[
        (f !== 0 ? FOLLOW : 0) |
          (hi !== 0 ? HIGHER : 0) |
          (lo !== 0 ? LOWER : 0) |
          (x !== 0 ? EXEMPT : 0) |
          (rest !== 0 ? OTHER : 0) |
          (trumpLed ? TRUMP_LED : bestTrump ? RUFFED : 0)
      ];
    const other = (a & OTHER) !== 0;
    lm[0] = other ? h0 : 0;
    lm[1] = other ? h1 : 0;
    lm[2] = other ? h2 : 0;
    lm[3] = other ? h3 : 0;
    if (!trumpLed) lm[led] = (a & FOLLOW) !== 0 ? f : 0;
    lm[T] = ((a & HIGHER) !== 0 ? hi : 0) | ((a & LOWER) !== 0 ? lo : 0) | ((a & EXEMPT) !== 0 ? x : 0);
  }

  /** Writes the mover's moves at `base`; `reduce` keeps one card of each equivalent run. Returns the count. */
  private gen0(p: number, base: number, reduce: boolean): number {
    let k = 0;
    this.legal(p);
    for (let s = 0; s < 4; s++) {
      const lm = this.lm[s];
      let m = lm;
      if (m === 0) continue;
      const live = this.live[s];
      while (m !== 0) {
        const low = m & -m;
        m ^= low;
        const b = 31 - Math.clz32(low);
        if (reduce) {
          const below = live & (low - 1);
          if (below !== 0) {
            const nb = 31 - Math.clz32(below);
            if ((lm & (1 << nb)) !== 0 && this.vals[(s << 4) | nb] === this.vals[(s << 4) | b]) continue;
          }
        }
        this.moves[base + k++] = (s << 4) | b;
      }
    }
    return k;
  }

  /** Orders moves[base..base+k) best first for the mover. */
  private order(p: number, base: number, k: number, hint: number): void {
    const mv = this.moves;
    const sc = this.scores;
    const vals = this.vals;
    const tl = this.tl;
    const mine = this.party[p];
    if (k <= 1) return;
    const w = tl > 0 ? this.winCard[this.tb + tl - 1] : 0;
    const partnerWins = tl > 0 && this.party[this.winSeat[this.tb + tl - 1]] === mine;
    const partnerSafe = partnerWins && this.safe(w, p);
    const T = this.trump;
    // Leading: per suit (moves come grouped by suit), the opponents' top card, the partners' top card
    // and whether an opponent can ruff.
    let suit = -1;
    let oppTop = -1;
    let mateTop = -1;
    let ruff = false;
    for (let i = 0; i < k; i++) {
      const c = mv[base + i];
      const s = c >>> 4;
      const b = c & 15;
      const v = vals[c];
      let score: number;
      if (c === hint) score = 10_000;
      else if (tl === 0) {
        // Leading: a card that wins the trick (no higher card with an opponent, no opponent can ruff),
        // dearest first; else a cheap card to a partner who holds the master; else cheap cards.
        if (s !== suit) {
          suit = s;
          let opp = 0;
          let mate = 0;
          ruff = false;
          for (let q = 0; q < this.n; q++) {
            if (q === p) continue;
            const hq = this.hands[q * 4 + s];
            if (this.party[q] !== mine) {
              opp |= hq;
              if (hq === 0 && s !== T && this.hands[q * 4 + T] !== 0) ruff = true;
            } else mate |= hq;
          }
          oppTop = 31 - Math.clz32(opp);
          mateTop = 31 - Math.clz32(mate);
        }
        if (!ruff && b > oppTop) score = 1000 + v * 4 + (s === T ? 40 : 0);
        else if (!ruff && mateTop > oppTop) score = 900 - v * 4 - b;
        else score = 500 - v * 4 - b;
        score += Math.min(400, this.history[p * 64 + c]);
      } else {
        // Following: feed points to a partner whose card no opponent after us can beat; win as cheaply
        // as possible with a card that stays the winner; else throw the cheapest card.
        const wins = this.beats(c, w);
        if (partnerWins && !wins) score = partnerSafe ? 700 + v * 4 - b : 400 - v * 4 - b;
        else if (partnerWins)
          score = partnerSafe ? 300 + v * 4 - b : this.safe(c, p) ? 800 + v * 2 - b * 4 : 350 - v * 4 - b;
        else if (wins) score = this.safe(c, p) ? 800 + v * 2 - b * 4 : 450 + v - b;
        else score = 400 - v * 4 - b;
      }
      sc[i] = score;
    }
    for (let i = 1; i < k; i++) {
      const c = mv[base + i];
      const s = sc[i];
      let j = i - 1;
      while (j >= 0 && sc[j] < s) {
        mv[base + j + 1] = mv[base + j];
        sc[j + 1] = sc[j];
        j--;
      }
      mv[base + j + 1] = c;
      sc[j + 1] = s;
    }
  }

  private ab(alpha: number, beta: number, depth: number): number {
    if (++this.nodes > this.nodeLimit) throw new NodeLimit('node limit');
    let slot = -1;
    let hint = -1;
    let a = alpha;
    let bt = beta;
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    let w3 = 0;
    let w4 = 0;
    if (this.tl === 0) {
      if (this.left === 0) return this.target ? -Math.abs(this.need) : 0;
      if (this.left === this.n) return this.lastTrickValue();
      if (!this.target) {
        const hiBound = this.remVal + this.lastTrick + ((this.flags & 1) === 0 ? this.ifTrick[0] : 0);
        if (hiBound <= a) return hiBound;
        const loBound = -(this.remVal + this.lastTrick + ((this.flags & 2) === 0 ? this.ifTrick[1] : 0));
        if (loBound >= bt) return loBound;
      } else {
        // The party still takes between 0 and `reach` points: the value lies between the distances
        // from `need` to the nearer and to the farther end of that range.
        const reach = this.remVal + this.lastTrick + ((this.flags & 1) === 0 ? this.ifTrick[0] : 0);
        const need = this.need;
        const hiBound = need < 0 ? need : need > reach ? reach - need : 0;
        if (hiBound <= a) return hiBound;
        const loBound = -Math.max(Math.abs(need), Math.abs(need - reach));
        if (loBound >= bt) return loBound;
      }
      // Table probe.
      const h = this.hands;
      for (let q = 0; q < this.n; q++) {
        const o = q * 4;
        const x = ((q & 1) << 9) | ((q & 2) << 17) | 1;
        w0 |= h[o] * x;
        w1 |= h[o + 1] * x;
        w2 |= h[o + 2] * x;
        w3 |= h[o + 3] * x;
      }
      w4 = this.leader | (this.flags << 2) | ((this.need + 4096) << 4);
      let hs = Math.imul(w0, 0x9e3779b1) ^ Math.imul(w1 ^ (w1 >>> 13), 0x85ebca77);
      hs ^= Math.imul(w2 ^ (w2 >>> 11), 0xc2b2ae3d) ^ Math.imul(w3 ^ (w3 >>> 7), 0x27d4eb2f);
      hs ^= Math.imul(w4, 0x165667b1);
      hs ^= hs >>> 15;
      hs = Math.imul(hs, 0x2c1b3c6d);
      hs ^= hs >>> 12;
      slot = (hs & this.ttMask) * STRIDE;
      const tt = this.tt;
      if (
        tt[slot + 7] >>> 8 === this.gen &&
        tt[slot] === w0 &&
        tt[slot + 1] === w1 &&
        tt[slot + 2] === w2 &&
        tt[slot + 3] === w3 &&
        tt[slot + 4] === w4
      ) {
        const lo = tt[slot + 5];
        const hi = tt[slot + 6];
        if (lo >= bt) return lo;
        if (hi <= a) return hi;
        if (lo > a) a = lo;
        if (hi < bt) bt = hi;
        hint = tt[slot + 7] & 0xff;
      }
    }
    const p = (this.leader + this.tl) % this.n;
    const base = depth * 16;
    const k = this.gen0(p, base, true);
    this.order(p, base, k, hint);
    const max = this.party[p] === 0;
    let best = max ? -INF : INF;
    let bestMove = 0xff;
    const lo0 = a;
    const hi0 = bt;
    for (let i = 0; i < k; i++) {
      const c = this.moves[base + i];
      const v = this.play(p, c, a, bt, depth);
      if (max) {
        if (v > best) {
          best = v;
          bestMove = c;
          if (v > a) {
            a = v;
            if (a >= bt) {
              if (this.tl === 0) this.history[p * 64 + c] += 1;
              break;
            }
          }
        }
      } else if (v < best) {
        best = v;
        bestMove = c;
        if (v < bt) {
          bt = v;
          if (a >= bt) {
            if (this.tl === 0) this.history[p * 64 + c] += 1;
            break;
          }
        }
      }
    }
    if (slot >= 0) {
      // The slot may have been reused below; store only if it still holds this position's key.
      const tt = this.tt;
      let lo = -INF;
      let hi = INF;
      if (
        tt[slot + 7] >>> 8 === this.gen &&
        tt[slot] === w0 &&
        tt[slot + 1] === w1 &&
        tt[slot + 2] === w2 &&
        tt[slot + 3] === w3 &&
        tt[slot + 4] === w4
      ) {
        lo = tt[slot + 5];
        hi = tt[slot + 6];
      } else {
        tt[slot] = w0;
        tt[slot + 1] = w1;
        tt[slot + 2] = w2;
        tt[slot + 3] = w3;
        tt[slot + 4] = w4;
      }
      if (best <= lo0) hi = Math.min(hi, best);
      else if (best >= hi0) lo = Math.max(lo, best);
      else {
        lo = best;
        hi = best;
      }
      tt[slot + 5] = lo;
      tt[slot + 6] = hi;
      tt[slot + 7] = (this.gen << 8) | bestMove;
    }
    return best;
  }

  /** Value when every hand holds one card: the last trick is forced. */
  private lastTrickValue(): number {
    const n = this.n;
    let pts = this.lastTrick;
    let win = -1;
    let ws = 0;
    for (let i = 0; i < n; i++) {
      const q = (this.leader + i) % n;
      let c = 0;
      for (let s = 0; s < 4; s++) {
        const m = this.hands[q * 4 + s];
        if (m !== 0) c = (s << 4) | (31 - Math.clz32(m));
      }
      pts += this.vals[c];
      if (win < 0 || this.beats(c, win)) {
        win = c;
        ws = q;
      }
    }
    const wp = this.party[ws];
    if ((this.flags & (1 << wp)) === 0) pts += this.ifTrick[wp];
    if (this.target) return -Math.abs(this.need - (wp === 0 ? pts : 0));
    return wp === 0 ? pts : -pts;
  }

  /** Plays `c` for seat `p`, searches on, takes it back. */
  private play(p: number, c: number, alpha: number, beta: number, depth: number): number {
    const bit = 1 << (c & 15);
    const hi = p * 4 + (c >>> 4);
    this.hands[hi] ^= bit;
    this.left--;
    this.pushTrick(c, p);
    let v: number;
    if (this.tl < this.n) v = this.ab(alpha, beta, depth + 1);
    else {
      // The trick leaves play: its points and its cards' live bits (restored below).
      const live = this.live;
      let cardPts = 0;
      for (let i = this.tb; i < this.tb + this.n; i++) {
        const t = this.trick[i];
        cardPts += this.vals[t];
        live[t >>> 4] ^= 1 << (t & 15);
      }
      let pts = cardPts;
      const won = this.winSeat[this.tb + this.n - 1];
      const wp = this.party[won];
      const savedLeader = this.leader;
      const savedFlags = this.flags;
      const savedNeed = this.need;
      this.remVal -= cardPts;
      if (this.left === 0) pts += this.lastTrick;
      if ((this.flags & (1 << wp)) === 0) {
        pts += this.ifTrick[wp];
        this.flags |= 1 << wp;
      }
      this.leader = won;
      this.tl = 0;
      this.tb += 4;
      if (this.target) {
        if (wp === 0) this.need -= pts;
        v = this.ab(alpha, beta, depth + 1);
      } else {
        const g = wp === 0 ? pts : -pts;
        v = g + this.ab(alpha - g, beta - g, depth + 1);
      }
      this.tb -= 4;
      for (let i = this.tb; i < this.tb + this.n; i++) live[this.trick[i] >>> 4] ^= 1 << (this.trick[i] & 15);
      this.tl = this.n;
      this.leader = savedLeader;
      this.flags = savedFlags;
      this.need = savedNeed;
      this.remVal += cardPts;
    }
    this.tl--;
    this.left++;
    this.hands[hi] ^= bit;
    return v;
  }
}

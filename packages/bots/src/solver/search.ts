/**
 * Double-dummy solver: the exact value of a card-play position with every hand open.
 *
 * Fail-soft alpha-beta over the position of position.ts (the compact model of model.ts, its moves under the
 * engine's follow policy), driven by MTD(f) (a sequence of null-window searches), with:
 * - a transposition table probed and stored at trick starts, where the position is fully given by
 *   the owner of every remaining card, the leader, the parties that have won a trick and (objective
 *   `target`) the points still wanted; entries hold a lower and an upper bound of the points still to
 *   come, so bounds from earlier null-window passes are reused;
 * - equivalent cards searched once (position.ts `gen0`): of cards of one suit held by the player to move,
 *   with no live card (in a hand or in the trick) between them and the same value, only the lowest is tried;
 * - role-aware move ordering: the table's best move first when leading, masters first, and when
 *   following: feed points to a partner who wins, win as cheaply as possible, else throw the cheapest;
 * - a bound from the points still to be had.
 */
import type { Card } from '@stich/engine';
import type { Problem } from './model.ts';
import { decode } from './model.ts';
import { Position } from './position.ts';

const INF = 100_000;
/** Words per table entry: 5 key words, lower bound, upper bound, generation << 8 | best card. */
const STRIDE = 8;

/** Thrown when a search exceeds its node limit. */
export class NodeLimit extends Error {}

export class Solver extends Position {
  nodes = 0;
  /** Searches throw `NodeLimit` once `nodes` passes this. */
  nodeLimit = Number.POSITIVE_INFINITY;
  private readonly tt: Int32Array;
  private readonly ttMask: number;
  private gen = 0;
  private readonly scores = new Int32Array(16);
  /** Cutoffs caused by each card code, by seat: a history heuristic for ordering leads. */
  private readonly history = new Int32Array(4 * 64);

  constructor(ttBits = 18) {
    super();
    this.tt = new Int32Array((1 << ttBits) * STRIDE);
    this.ttMask = (1 << ttBits) - 1;
  }

  /** Loads a position. The table keeps entries of the same deal and rules unless `fresh`. */
  override load(p: Problem, fresh = true): void {
    if (fresh) {
      this.gen = (this.gen + 1) & 0xffffff;
      this.history.fill(0);
    }
    super.load(p);
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

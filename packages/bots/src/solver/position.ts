/**
 * The double-dummy solver's position (search.ts searches it): every hand as four strength-coded suit masks
 * (model.ts), the trick so far with its winner, and the moves of the player to move under the engine's follow
 * policy, equivalent cards kept once. Loading a `Problem` and generating moves live here; the search, its
 * table and its move ordering in search.ts.
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

export class Position {
  protected n = 4;
  protected trump = 0;
  /** The engine's follow policy table (kernel follow.ts), indexed by categories held | TRUMP_LED | RUFFED. */
  protected allowed: Uint8Array = FOLLOW_RULES['ruff-overtrump'].allowed;
  /**
   * For a plain lead the mover can follow, by ruffed (0/1): the categories allowed when the policy's answer
   * does not depend on the other categories held, else -1. Read from the policy table at load; spares the
   * commonest case the work of the general path.
   */
  protected readonly followAllowed = new Int32Array(2);
  /** Whether the policy lets a seat that can follow play a trump instead (for `safe`). */
  protected trumpWhileFollowing = false;
  /** The strength bits of the trumps a trump lead never forces (Differenzler: the Jack). */
  protected exempt = 0;
  protected lastTrick = 0;
  protected target = false;
  protected readonly hands = new Int32Array(16);
  /** Cards in a hand or in the current trick, by suit. */
  protected readonly live = new Int32Array(4);
  /** Legal cards of the mover by suit, written by `legal`. */
  protected readonly lm = new Int32Array(4);
  protected readonly party = new Int8Array(4);
  protected vals: Int8Array = new Int8Array(64);
  protected readonly ifTrick = new Int32Array(2);
  protected flags = 0;
  protected need = 0;
  protected leader = 0;
  protected tl = 0;
  protected left = 0;
  protected remVal = 0;
  /** Trick cards and the winner so far, per trick: trick k at [4k, 4k + 4); `tb` = 4 × current trick. */
  protected readonly trick = new Int32Array(64);
  protected readonly winCard = new Int32Array(64);
  protected readonly winSeat = new Int32Array(64);
  protected tb = 0;
  protected readonly moves = new Int32Array(48 * 16);
  protected problem: Problem | undefined;

  /** Loads a position: the cards, the trick so far, the parties and what the objective counts. */
  load(p: Problem): void {
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

  /** The legal cards of the player to move. */
  legalCards(): Card[] {
    const count = this.gen0(this.toMove, 0, false);
    return Array.from(this.moves.subarray(0, count), (c) => decode(this.problem!.rules, this.trump, c));
  }

  /** Lowest card of `c`'s run of equivalent cards in the mover's legal set. */
  protected representative(p: number, c: number): number {
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

  protected pushTrick(c: number, p: number): void {
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
  protected safe(x: number, p: number): boolean {
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

  protected beats(c: number, w: number): boolean {
    const cs = c >>> 4;
    const ws = w >>> 4;
    if (cs === ws) return (c & 15) > (w & 15);
    return cs === this.trump;
  }

  /**
   * Writes the legal cards of seat `p` now, by suit, to `lm`: the engine's follow policy (its table) on the
   * solver's strength-coded suit masks. tests/follow.test.ts checks it against the engine over random positions.
   */
  protected legal(p: number): void {
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
  protected gen0(p: number, base: number, reduce: boolean): number {
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
}

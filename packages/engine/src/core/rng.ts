/**
 * Seeded randomness, the same on every machine.
 *
 * Algorithm: xoshiro128** (Blackman and Vigna, 2018) over four 32-bit words. A seed is a string (any
 * text; a number is written in decimal first). The state is made from the seed by hashing its UTF-16 code
 * units with FNV-1a (32 bit) and feeding the hash into splitmix32 four times; an all-zero state cannot
 * occur in practice and is replaced by a constant. `int(n)` draws an unbiased integer in [0, n) by
 * rejection; `shuffle` is Fisher-Yates from the last position down, drawing `int(i + 1)` for position i.
 * The exact steps are documented in docs/record-format.md so that other programs can reproduce deals.
 */

export interface Rng {
  /** Next 32-bit unsigned integer. */
  next(): number;
  /** Unbiased integer in [0, n), 1 <= n <= 2^32. */
  int(n: number): number;
}

export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: { x: number }): number {
  state.x = (state.x + 0x9e3779b9) | 0;
  let z = state.x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class Xoshiro128 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    const s = { x: hashSeed(seed) };
    this.a = splitmix32(s);
    this.b = splitmix32(s);
    this.c = splitmix32(s);
    this.d = splitmix32(s);
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 0x9e3779b9;
  }

  /** The next output as a signed 32-bit integer (kept signed so that hot loops stay in integer arithmetic). */
  private step(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9);
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  next(): number {
    return this.step() >>> 0;
  }

  int(n: number): number {
    const rem = remainder32(n);
    for (;;) {
      const x = this.step();
      // x >= 0: the unsigned draw is below 2^31, under every limit. x < 0: the draw is x + 2^32, accepted
      // below 2^32 - rem; its remainder is computed from its upper 31 bits and its last bit.
      if (x >= 0) return x % n;
      if (x < -rem) return (((x >>> 1) % n) * 2 + (x & 1)) % n;
    }
  }
}

// A draw at or above the largest multiple of n not above 2^32 (that is, 2^32 - (2^32 mod n)) is rejected,
// so every value is equally likely. 2^32 mod n is a slow floating-point remainder: cached for small n.
const REMAINDERS = Array.from({ length: 1024 }, (_, n) => (n === 0 ? 0 : 4294967296 % n));
const remainder32 = (n: number): number => (n < 1024 ? REMAINDERS[n] : 4294967296 % n);

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

export const seeded = (seed: string | number): Rng => new Xoshiro128(seed);

/** Randomness for live games: the platform's cryptographic generator (Web Crypto, in Node and browsers). */
export const cryptoRng: Rng = {
  next() {
    const buf = new Uint32Array(1);
    globalThis.crypto.getRandomValues(buf);
    return buf[0];
  },
  int(n: number) {
    const limit = 4294967296 - remainder32(n);
    for (;;) {
      const x = cryptoRng.next();
      if (x < limit) return x % n;
    }
  },
};

/** A fresh random seed string from the cryptographic generator (for seeding self-play runs). */
export const randomSeed = (): string => cryptoRng.next().toString(36) + cryptoRng.next().toString(36);

/** Fisher-Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

/** Uniform choice from a non-empty list. */
export const pick = <T>(items: readonly T[], rng: Rng): T => items[rng.int(items.length)];

/**
 * chance.ts's pooled cryptographic generator keeps what `cryptoRng` guarantees: 32-bit words, and
 * `int(n)` in [0, n) with every value about equally likely (a chi-square bound far above chance
 * failures), across pool refills; two pools do not repeat each other.
 */
import { describe, expect, it } from 'vitest';
import { CryptoPool } from '../src/chance.ts';

describe('CryptoPool', () => {
  it('draws unbiased integers in range across refills', () => {
    const rng = new CryptoPool();
    for (const n of [1, 2, 3, 7, 36, 1000, 2 ** 31 + 1]) {
      const buckets = Math.min(n, 36);
      const counts = new Array<number>(buckets).fill(0);
      const draws = 36_000;
      for (let i = 0; i < draws; i++) {
        const x = rng.int(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        counts[Math.floor((x * buckets) / n)]++;
      }
      const e = draws / buckets;
      const chi = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
      // 35 degrees of freedom: p(chi > 100) is about 1e-8.
      expect(chi).toBeLessThan(100);
    }
    for (let i = 0; i < 1000; i++) {
      const w = rng.next();
      expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    }
  });

  it('gives two tables different draws', () => {
    const a = new CryptoPool();
    const b = new CryptoPool();
    const xs = Array.from({ length: 8 }, () => a.next());
    const ys = Array.from({ length: 8 }, () => b.next());
    expect(xs).not.toEqual(ys);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SwissPlayer, swissPairing } from '../src/swiss.ts';

/** Whether the players can be paired without any two who met (brute force, small fields). */
function rematchFree(ids: readonly string[], met: ReadonlyMap<string, Set<string>>): boolean {
  if (ids.length === 0) return true;
  const [a, ...rest] = ids;
  return rest.some(
    (b, i) => !met.get(a)?.has(b) && rematchFree([...rest.slice(0, i), ...rest.slice(i + 1)], met),
  );
}

describe('Swiss pairing over whole tournaments (property)', () => {
  it('pairs everyone once, gives byes evenly, and rematches only when nothing else is possible', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        (n, rounds, seed) => {
          const ids = Array.from({ length: n }, (_, i) => `p${i}`);
          const points = new Map(ids.map((p) => [p, 0]));
          const met = new Map(ids.map((p) => [p, new Set<string>()]));
          const byes = new Map(ids.map((p) => [p, 0]));
          let x = seed;
          for (let r = 0; r < rounds; r++) {
            const players: SwissPlayer[] = ids.map((id) => ({
              id,
              points: points.get(id) ?? 0,
              met: [...(met.get(id) ?? [])],
              byes: byes.get(id) ?? 0,
            }));
            const { pairs, bye } = swissPairing(players);
            const seated = [...pairs.flat(), ...(bye ? [bye] : [])];
            expect(seated.sort()).toStrictEqual([...ids].sort());
            expect(bye === null).toBe(n % 2 === 0);
            if (bye !== null) {
              // Nobody gets a second bye while another player has had none.
              const fewest = Math.min(...ids.map((p) => byes.get(p) ?? 0));
              expect(byes.get(bye)).toBe(fewest);
            }
            const rest = ids.filter((p) => p !== bye);
            const rematch = pairs.some(([a, b]) => met.get(a)?.has(b));
            if (rematch) expect(rematchFree(rest, met)).toBe(false);
            for (const [a, b] of pairs) {
              met.get(a)?.add(b);
              met.get(b)?.add(a);
              // A deterministic pseudo-random result: a wins, b wins or a tie.
              x = (Math.imul(x, 1103515245) + 12345) | 0;
              const k = Math.abs(x) % 3;
              points.set(a, (points.get(a) ?? 0) + (k === 0 ? 2 : k === 1 ? 0 : 1));
              points.set(b, (points.get(b) ?? 0) + (k === 0 ? 0 : k === 1 ? 2 : 1));
            }
            if (bye !== null) {
              byes.set(bye, (byes.get(bye) ?? 0) + 1);
              points.set(bye, (points.get(bye) ?? 0) + 2);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

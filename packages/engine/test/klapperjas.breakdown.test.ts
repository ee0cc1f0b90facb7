import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playRandomMatch, seeded } from '../src/index.ts';
import { type DealResult, klapperjas } from '../src/klapperjas/index.ts';

const play = (players: number, seed: string): readonly DealResult[] => {
  const config = klapperjas.parseConfig({ players });
  if (!config.ok) throw new Error(config.error.reason);
  return klapperjas.outcome(playRandomMatch(klapperjas, klapperjas.start(config.value, 0), seeded(seed)))
    .deals;
};

describe('deal breakdown (000 5 Spielberechnung)', () => {
  it('4 players: the card points of both parties are 152, the Jas and the Mie are always taken (000 5: "162 Augen")', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const d of play(4, seed)) {
          expect(d.cardPoints[0] + d.cardPoints[1]).toBe(152);
          expect(d.cardPoints[0]).toBe(d.cardPoints[2]);
          expect(d.jas).not.toBeNull();
          expect(d.mie).not.toBeNull();
        }
      }),
      { numRuns: 30 },
    );
  });

  it.each([2, 3, 4])('%i players: points = card points + last trick + counted melds + Belle', (players) => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const d of play(players, seed)) {
          const party = (seat: number) => (players === 4 ? seat % 2 : seat);
          for (let seat = 0; seat < players; seat++) {
            if (d.points[seat] === 0 && d.cardPoints[seat] === 0) continue; // out of the 3-player end game
            const last = party(d.lastTrick) === party(seat) ? 10 : 0;
            const melds = d.melds
              .filter((m) => party(m.seat) === party(seat))
              .reduce((a, m) => a + m.value, 0);
            const belle = d.belle
              .filter((b) => party(b.seat) === party(seat))
              .reduce((a, b) => a + b.value, 0);
            expect(d.points[seat]).toBe(d.cardPoints[seat] + last + melds + belle);
          }
        }
      }),
      { numRuns: 20 },
    );
  });
});

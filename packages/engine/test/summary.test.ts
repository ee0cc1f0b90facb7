/**
 * The common deal summaries (src/summaries.ts): worked records whose facts are checked by hand against the
 * rules docs, and a property over random matches of every game that the summaries add up to the match.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameId } from '../src/core/game.ts';
import { playRandomMatch } from '../src/core/play.ts';
import { type GameRecord, parseRecord, replay } from '../src/core/record.ts';
import { unwrap } from '../src/core/result.ts';
import { seeded } from '../src/core/rng.ts';
import { GAME_IDS, GAMES } from '../src/index.ts';
import { type DealSummary, dealSummaries, matchPlaces } from '../src/summaries.ts';

const example = (path: string): GameRecord =>
  unwrap(parseRecord(readFileSync(new URL(`../../../examples/${path}`, import.meta.url), 'utf8')));

function summarise(record: GameRecord): { deals: DealSummary[]; places: readonly number[] } {
  const game = GAMES[record.game] as AnyGame;
  const state = unwrap(replay(game, record)).state;
  const o = game.outcome(state);
  const n = game.seats(state);
  return { deals: dealSummaries(record.game, o, n), places: matchPlaces(record.game, o, n) };
}

describe('worked records', () => {
  it('Doppelkopf, an Armut lost (rules/doppelkopf.md "Armut", "Sonderpunkte"): facts of play counted even where the house scoring drops them', () => {
    // Seat 0 is poor, seat 1 takes: Re 0 and 1 (106 card points) lose to Kontra 2 and 3 (134). Trick 2: seat 2's
    // Fuchs (DA) taken by seat 1 of the other party; trick 6 (42 points) is seat 3's Doppelkopf; the last trick
    // is won by seat 1's Kreuz-Bube (Karlchen). With `credit: 'winners'` the losers' Fuchs and Karlchen lapse
    // in the score, but they happened.
    const [d] = summarise(example('doppelkopf/house-armut-trumps-back.json')).deals;
    expect(d.sides).toEqual([0, 0, 1, 1]);
    expect(d.won).toEqual([false, false, true, true]);
    expect(d.score).toEqual([0, 0, 3, 3]);
    expect(d.cardPoints).toEqual([106, 106, 134, 134]);
    expect(d.cardPointsAll).toBe(240);
    expect(d.counts[0]).toEqual({ 're.played': 1, 'armut.played': 1 });
    expect(d.counts[1]).toEqual({ 're.played': 1, 'armut.taken': 1, 'fox.caught': 1, karlchen: 1 });
    expect(d.counts[2]).toEqual({ 'kontra.played': 1, 'kontra.won': 1, 'fox.lost': 1 });
    expect(d.counts[3]).toEqual({ 'kontra.played': 1, 'kontra.won': 1, doppelkopf: 1 });
  });

  it('Doppelkopf, Kontra announced and lost (rules/doppelkopf.md "Value"): the call did not hold', () => {
    // Seat 0 (Kontra) says Kontra before the first card; Re (2, 3) wins with 153. Trick 4: seat 0's Fuchs falls
    // to seat 3; trick 8: seat 2's Fuchs to his partner seat 3 (not caught); trick 5 (42) is seat 2's Doppelkopf.
    const { deals, places } = summarise(example('doppelkopf/announce-kontra-missed.json'));
    const [d] = deals;
    expect(d.score).toEqual([-6, -6, 6, 6]);
    expect(d.counts[0]).toEqual({ 'kontra.played': 1, 'call.kontra': 1, 'fox.lost': 1 });
    expect(d.counts[2]).toEqual({ 're.played': 1, 're.won': 1, doppelkopf: 1 });
    expect(d.counts[3]).toEqual({ 're.played': 1, 're.won': 1, 'fox.caught': 1 });
    expect(places).toEqual([2, 2, 1, 1]);
  });

  it('Doppelkopf, a solo and a Hochzeit played alone (rules/doppelkopf.md "Hochzeit", "Solos")', () => {
    const solo = summarise(example('doppelkopf/solo-queens.json')).deals[0];
    // The soloist is Re alone against three and loses; he pays three times (DDV value).
    expect(solo.sides).toEqual([0, 1, 1, 1]);
    expect(solo.score).toEqual([-9, 3, 3, 3]);
    expect(solo.counts[0]).toEqual({ 're.played': 1, 'solo.queens.played': 1 });
    const alone = summarise(example('doppelkopf/hochzeit-alone.json')).deals[0];
    expect(alone.sides).toEqual([1, 1, 0, 1]);
    expect(alone.counts[2]).toEqual({ 're.played': 1, 'hochzeit.played': 1, 'hochzeit.alone': 1 });
  });

  it('Doppelkopf, a redeal is a void deal and the Schwein its owner\'s (rules/doppelkopf.md "Krankheit", "Schwein")', () => {
    const [redeal, played] = summarise(example('doppelkopf/house-krankheit-redeal.json')).deals;
    expect(redeal.void).toBe(true);
    expect(redeal.score).toEqual([0, 0, 0, 0]);
    expect(redeal.counts[0]).toEqual({ 'redeal.krankheit': 1 });
    expect(played.void).toBe(false);
    expect(played.counts[1]).toEqual({ 're.played': 1, 'solo.silent.played': 1 });
    const schwein = summarise(example('doppelkopf/house-schwein.json')).deals[0];
    // Seat 0 plays his second Fuchs as the Schwein in trick 6; his first Fuchs (trick 5) he took himself.
    expect(schwein.counts[0]).toEqual({ 'kontra.played': 1, schwein: 1 });
  });

  it('Klaberjass, the worked deal after an accepted schmeiss (rules/klaberjass.md "Worked deal")', () => {
    // Deal 1 thrown in on seat 1's schmeiss; deal 2: maker seat 1, 146 against 40, both score their own.
    const { deals } = summarise(example('klaberjass/schmeiss-accepted-then-played.json'));
    expect(deals).toHaveLength(1);
    const [d] = deals;
    expect(d.sides).toEqual([0, 1]);
    expect(d.score).toEqual([40, 146]);
    expect(d.won).toEqual([false, true]);
    expect(d.cardPoints).toEqual([0, 136]);
    expect(d.counts[0]).toEqual({ bella: 1, sequences: 1, 'sequences.points': 20 });
    expect(d.counts[1]).toEqual({ maker: 1, made: 1, schmeiss: 1, 'schmeiss.accepted': 1 });
  });

  it('Klaberjass, a refused schmeiss makes the schmeisser the maker (rules/klaberjass.md "Bidding")', () => {
    const r = example('klaberjass/schmeiss-accepted-then-played.json');
    // The same worked deal, but seat 1 says schmeiss instead of taking and seat 0 refuses: hearts, maker 1.
    const refused: GameRecord = {
      ...r,
      deals: r.deals.slice(1),
      actions: [
        { seat: 1, action: { t: 'schmeiss' } },
        { seat: 0, action: { t: 'refuse' } },
        ...r.actions.slice(3),
      ],
    };
    const [d] = summarise(refused).deals;
    expect(d.score).toEqual([40, 146]);
    expect(d.counts[1]).toEqual({ maker: 1, made: 1, schmeiss: 1, 'schmeiss.refused': 1 });
  });

  it('Klaberjass, the maker loses (rules/klaberjass.md "Scoring": the opponent scores both totals)', () => {
    const [d] = summarise(example('klaberjass/maker-loses.json')).deals;
    expect(d.score).toEqual([0, 186]);
    expect(d.won).toEqual([false, true]);
    expect(d.counts[0]).toMatchObject({ maker: 1, lost: 1 });
  });

  it('Klapper-Jas, an Orgi won with a Terz and Belle (rules/klapperjas.md "Counting": augen-129)', () => {
    // "Jas (20), Mie (14), Stich (10), Terz (20), Belle (20) = 84 Augen und ... 45 ... = 129"; an Orgi won
    // scores 2 (000 6).
    const [d] = summarise(example('klapperjas/augen-129.json')).deals;
    expect(d.sides).toEqual([0, 1]);
    expect(d.score).toEqual([0, 2]);
    expect(d.won).toEqual([false, true]);
    expect(d.counts[1]).toEqual({ 'orgi.played': 1, 'orgi.won': 1, melds: 1, 'melds.points': 20, belle: 1 });
  });

  it('Klapper-Jas, 4 players: partners share their side (rules/klapperjas.md "Counting": mitte-4p)', () => {
    const [d] = summarise(example('klapperjas/mitte-4p.json')).deals;
    expect(d.sides).toEqual([0, 1, 0, 1]);
    expect(d.won).toEqual([false, true, false, true]);
    expect(d.score).toEqual([0, 2, 0, 2]);
    expect(d.cardPoints[1]).toBe(d.cardPoints[3]);
    expect(d.counts[1]).toMatchObject({ 'orgi.played': 1, 'orgi.won': 1 });
  });

  it('Klapper-Jas, 3 players, a lost game shared by both opponents (rules/klapperjas.md "Game points")', () => {
    const [d] = summarise(example('klapperjas/dice-3p-shared.json')).deals;
    expect(d.sides).toEqual([0, 1, 2]);
    expect(d.score).toEqual([2, 0, 2]);
    expect(d.won).toEqual([true, false, true]);
    expect(d.counts[1]).toEqual({ 'orgi.played': 1 });
  });

  it('Differenzler, the counted round (rules/differenzler.md "A counted round")', () => {
    // Estimates 100, 10, 14, 30; points 122, 7, 14, 14 (157); differences 22, 3, 0, 16; seat 2 wins.
    const { deals, places } = summarise(example('differenzler/one-round.json'));
    const [d] = deals;
    expect(d.sides).toEqual([0, 1, 2, 3]);
    expect(d.score).toEqual([22, 3, 0, 16]);
    expect(d.won).toEqual([false, false, true, false]);
    expect(d.cardPoints).toEqual([122, 7, 14, 14]);
    expect(d.cardPointsAll).toBe(157);
    expect(d.counts.map((c) => c.exact ?? 0)).toEqual([0, 0, 1, 0]);
    expect(d.counts.map((c) => c.distance)).toEqual([22, 3, 0, 16]);
    expect(places).toEqual([4, 2, 1, 3]);
  });
});

/** A few configs per game: each player count and preset that changes who plays with whom. */
const CONFIGS: Record<GameId, readonly unknown[]> = {
  klapperjas: [{ players: 2 }, { players: 3 }, { players: 4 }],
  klaberjass: [{ players: 2 }],
  differenzler: [{ players: 4, options: { rounds: 4 } }],
  doppelkopf: [
    { players: 4, preset: 'ddv', options: { games: 4 } },
    { players: 4, preset: 'house', options: { games: 4 } },
  ],
};

describe('property: the summaries add up to the match', () => {
  for (const id of GAME_IDS)
    for (const input of CONFIGS[id])
      it(`${id} ${JSON.stringify(input)}`, () => {
        const game = GAMES[id] as AnyGame;
        const config = unwrap(game.parseConfig(input));
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
            const state = playRandomMatch(game, game.start(config, 0), seeded(`summary-${seed}`));
            const o = game.outcome(state);
            const n = game.seats(state);
            const deals = dealSummaries(id, o, n);
            expect(deals).toHaveLength(o.deals.length);
            const totals = new Array<number>(n).fill(0);
            for (const d of deals) {
              for (let s = 0; s < n; s++) totals[s] += d.score[s];
              for (let s = 0; s < n; s++) {
                if (d.sides[s] < 0 || d.void) {
                  expect(d.won[s]).toBe(false);
                  continue;
                }
                // Partners share the result, card points and (bar Doppelkopf's solo) nothing else.
                for (let t = 0; t < n; t++)
                  if (d.sides[t] === d.sides[s]) {
                    expect(d.won[t]).toBe(d.won[s]);
                    expect(d.cardPoints[t]).toBe(d.cardPoints[s]);
                  }
                expect(d.cardPoints[s]).toBeLessThanOrEqual(d.cardPointsAll);
              }
              // Somebody wins every deal played, except a DDV deal where neither party has what it needs.
              if (!d.void && id !== 'doppelkopf') expect(d.won.some((w) => w)).toBe(true);
            }
            expect(totals).toEqual([...o.scores]);
            const places = matchPlaces(id, o, n);
            for (const w of o.winners) expect(places[w]).toBe(1);
          }),
          { numRuns: 15 },
        );
      });
});

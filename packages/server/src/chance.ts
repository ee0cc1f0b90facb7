/**
 * The randomness of a table's deals: the platform's cryptographic generator (as the engine's `cryptoRng`),
 * read `WORDS` words at a time instead of one call per word; a Differenzler deal draws 35. Each table has
 * its own pool, which goes with it. Performance shortcut of this module, checked against the range and
 * spread `cryptoRng` guarantees in `test/chance.test.ts`.
 */
import type { AnyGame, Rng } from '@stich/engine';

const WORDS = 64;

export class CryptoPool implements Rng {
  private readonly words = new Uint32Array(WORDS);
  private at = WORDS;

  next(): number {
    if (this.at === WORDS) {
      globalThis.crypto.getRandomValues(this.words);
      this.at = 0;
    }
    return this.words[this.at++];
  }

  /** Unbiased: a draw at or above the largest multiple of n not above 2^32 is drawn again. */
  int(n: number): number {
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
}

/**
 * Where a table's next deal comes from, given the state that awaits it and the table's generator. The server
 * deals `game.randomDeal(state, rng)`; tests pass their own to `startServer` (never from the environment) to
 * bring about situations a random deal seldom gives (an Armut, a Hochzeit, a stilles Solo). Whatever it
 * returns goes through the engine's `applyDeal` like any deal, and is recorded as dealt (without a proof of
 * the fair deal: `stich verify` reports it as unverifiable); `undefined` leaves that deal to the fair draw
 * (fair.ts), as the server deals.
 */
export type Dealer = (table: string, game: AnyGame, state: unknown, rng: Rng) => unknown;

export const randomDealer: Dealer = (_table, game, state, rng) => game.randomDeal(state, rng);

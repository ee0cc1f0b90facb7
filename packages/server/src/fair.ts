/**
 * A table's commit and reveal (docs/fair-deal.md; the derivation is `@stich/protocol/fair`).
 *
 * The seed of the table's next deal is made and stored (`fair_seeds`) before its commitment goes out: at
 * the table's start for the first two deals, and while deal N is dealt for deal N + 2 (off the path of the
 * step), so deal N + 1's commitment goes out with deal N: clients have a whole deal to send their values and
 * no table ever waits for them. At dealing time the values received so far
 * are mixed in (seats that sent none, bots among them, are recorded as null). The deal is stored with its
 * proof (field `fair`: commitment, seed, client values), so the seed of a deal in play is only in the
 * server's steps; it is revealed (the whole deal with its proof, in the `fair` message) once the deal is
 * over: when the next one is dealt or the match ends.
 */

import { createHash, createHmac } from 'node:crypto';
import type { AnyGame, Seat } from '@stich/engine';
import type { FairNews } from '@stich/protocol';
import {
  commitmentOf,
  FAIR_VERSION,
  type FairPrimitives,
  type FairProof,
  fairDeal,
  randomHex32,
} from '@stich/protocol/fair';
import { context } from './context.ts';
import type { StoredStep } from './store.ts';

/**
 * The derivation's primitives from node:crypto, synchronous: with WebCrypto each of a deal's calls came back
 * on a later turn of the event loop, behind every other table's work (the load test's p99 rose from about
 * 60 to 240–300 ms, the deals' last cards). The same bytes (`test/fair.test.ts`).
 */
export const NODE_CRYPTO: FairPrimitives = {
  sha256: (data) => createHash('sha256').update(data).digest(),
  hmac: (key, data) => createHmac('sha256', key).update(data).digest(),
};

/** Waits (ms) before each try to store the next deal's seed at dealing time, when it is not stored yet. */
const SEED_RETRIES = [0, 100, 400];

interface Committed {
  readonly seed: string;
  readonly commitment: string;
}

type Dealt = Readonly<Record<string, unknown>>;

export class TableFairness {
  private readonly table: string;
  /** Seeds made for coming deals, by deal number (stored, or made on the spot when storing failed). */
  private readonly seeds = new Map<number, Committed>();
  /** Values received for the next deal, by seat. */
  private readonly values = new Map<Seat, string>();
  /** Deals stored so far: the next deal's number. */
  private dealt = 0;
  /** The deal in play: dealt, its seed still secret. */
  private current: { readonly deal: number; readonly dealt: Dealt } | null = null;
  private revealed: { readonly deal: number; readonly dealt: Dealt } | null = null;
  private over = false;
  /** The highest deal whose values were read for its draw: later values for it would not count. */
  private closed = -1;
  /** Seeds being made and stored, by deal number. */
  private readonly preparing = new Map<number, Promise<void>>();

  constructor(table: string) {
    this.table = table;
  }

  /** Takes up the table's stored steps (at load, restart or takeover) and makes the next deal's seed ready. */
  async restore(steps: readonly StoredStep[], over: boolean): Promise<void> {
    this.taken(steps, over);
    if (over) return;
    await this.ready(this.dealt);
    void this.ready(this.dealt + 1);
  }

  /** The number of the next deal to be dealt. */
  next(): number {
    return this.dealt;
  }

  /** What every connection may know: the next commitment and the last deal revealed. */
  news(): FairNews {
    const next = this.over ? undefined : this.seeds.get(this.dealt);
    return {
      next: next ? { deal: this.dealt, commitment: next.commitment } : null,
      revealed: this.revealed,
    };
  }

  /** A seat's value for deal `deal`; false when that deal is not the one committed to next. */
  receive(seat: Seat, deal: number, value: string): boolean {
    if (this.over || deal !== this.dealt || deal <= this.closed || !this.seeds.has(deal)) return false;
    this.values.set(seat, value);
    return true;
  }

  /**
   * Deal number `deal` for the state awaiting it, with its proof; the seed of the deal after it is made
   * ready (stored) before this deal's step is written, so its commitment can go out with it.
   */
  async draw(game: AnyGame, state: unknown, deal: number): Promise<Dealt> {
    // Its commitment went out before this deal only if its seed was ready (stored) before this step:
    // every connection is sent it with the previous deal, on joining and on asking (`news`).
    const published = this.seeds.has(deal);
    await this.preparing.get(deal);
    let c = this.seeds.get(deal);
    if (!c) {
      // Storing it failed (also on every retry): a seed made now, committed to only in the record, which
      // says so (`published: false`); no client took part, and `stich verify` does not count it as checked.
      const seed = randomHex32();
      c = { seed, commitment: await commitmentOf(seed, NODE_CRYPTO) };
      this.seeds.set(deal, c);
    }
    const seats = game.seats(state);
    // From here on a value for this deal is refused (`stale`): it would not be in the proof.
    this.closed = Math.max(this.closed, deal);
    // Only the deal committed to before this step had its values sent; a redeal in the same step has none.
    const clients = Array.from({ length: seats }, (_, s) =>
      deal === this.dealt ? (this.values.get(s) ?? null) : null,
    );
    const cards = (await fairDeal(game, state, deal, c.seed, clients, NODE_CRYPTO)) as Dealt;
    const fair: FairProof = {
      version: FAIR_VERSION,
      commitment: c.commitment,
      seed: c.seed,
      clients,
      published,
    };
    // The next deal's seed was made a deal ahead, so no database write waits here (a deal's last card
    // waited for two queries and an insert: p99 of the load test 240 instead of 65 ms); the one after it
    // is made now, off this path. Had storing it failed, it is tried again here, a few times, before this
    // deal's step goes out with the next deal's commitment.
    for (let i = 0; !this.seeds.has(deal + 1) && i < SEED_RETRIES.length; i++) {
      if (SEED_RETRIES[i] > 0) await new Promise((r) => setTimeout(r, SEED_RETRIES[i]));
      await this.ready(deal + 1);
    }
    void this.ready(deal + 2);
    return { ...cards, fair };
  }

  /** Steps now stored (and applied): deals move on, the one before each new deal is revealed. True: news. */
  taken(steps: readonly StoredStep[], over: boolean): boolean {
    let changed = false;
    for (const s of steps) {
      if (s.kind !== 'deal') continue;
      if (this.current) this.revealed = this.current;
      this.current = { deal: this.dealt, dealt: s.data as Dealt };
      this.seeds.delete(this.dealt);
      this.values.clear();
      this.dealt++;
      changed = true;
    }
    if (over && !this.over) {
      this.over = true;
      if (this.current) this.revealed = this.current;
      this.current = null;
      this.seeds.clear();
      changed = true;
    }
    return changed;
  }

  /** `prepare`, once at a time per deal. */
  private ready(deal: number): Promise<void> {
    let p = this.preparing.get(deal);
    if (!p) {
      p = this.prepare(deal).finally(() => this.preparing.delete(deal));
      this.preparing.set(deal, p);
    }
    return p;
  }

  /** The seed of deal `deal`: the one stored (by this or an earlier owner of the table), else a new one, stored. */
  private async prepare(deal: number): Promise<void> {
    if (this.seeds.has(deal)) return;
    const { store, log } = context();
    try {
      let seed = await store.fairSeed(this.table, deal);
      if (!seed) {
        await store.putFairSeed(this.table, deal, randomHex32());
        // Read back: a seed stored first (by another owner racing at a takeover) stands.
        seed = await store.fairSeed(this.table, deal);
      }
      if (seed) this.seeds.set(deal, { seed, commitment: await commitmentOf(seed, NODE_CRYPTO) });
    } catch (e) {
      // The table goes on: that deal gets a seed made when it is dealt, committed to only in the record.
      log.error({ table: this.table, deal, err: e }, 'storing the next deal seed failed');
    }
  }
}

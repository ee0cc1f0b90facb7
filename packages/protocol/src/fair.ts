/**
 * Deals anyone can verify: commit and reveal (docs/fair-deal.md is the specification; keep them in step).
 *
 * Before a deal the server publishes `commitment = SHA-256(seed)` of a fresh secret 32-byte seed; each seated
 * client may send a 32-byte value of its own; the deal is `game.randomDeal(state, rng)` with an `Rng` that
 * reads 32-bit words from an HMAC-SHA-256 stream keyed by the seed and mixed with the deal number and the
 * client values; after the deal the seed is revealed. The engine stays free of crypto: this module computes
 * the word stream (WebCrypto, async) and hands the engine a synchronous `Rng` over it. Shared by the server
 * (dealing), the `stich verify` command, the web client (its own check of each revealed deal) and anyone
 * else's checker.
 */
import {
  type AnyGame,
  type GameRecord,
  gameById,
  parseRecord,
  type RecordDeal,
  type Rng,
  type Seat,
} from '@stich/engine';

export const FAIR_VERSION = 1;
/** Bytes of a server seed and of a client value. */
const SEED_BYTES = 32;
/** The HMAC message's label: fixes the version of the derivation. */
const FAIR_LABEL = 'stich-fair-deal-v1';
/** HMAC blocks computed first (8 words each): 64 words, more than any deal draws without a rejection. */
const FIRST_BLOCKS = 8;
/** A deal drawing more words than this many blocks hold is refused (it cannot happen: see the spec). */
const MAX_BLOCKS = 1024;

/** The proof of one deal as the record keeps it: the deal's optional field `fair`. */
export interface FairProof {
  readonly version: typeof FAIR_VERSION;
  /** SHA-256 of the seed's 32 bytes, lowercase hex; published before the deal. */
  readonly commitment: string;
  /** The server seed's 32 bytes, lowercase hex; revealed after the deal. */
  readonly seed: string;
  /** By seat: the seat's 32-byte value (lowercase hex), or null when none was received (bots, silent clients). */
  readonly clients: readonly (string | null)[];
  /**
   * Whether the commitment was published before the deal. False: the server could not store the seed in
   * time and made it at dealing time, so nobody saw it committed; such a deal is not counted as checked.
   * Absent in records written before the field existed.
   */
  readonly published?: boolean;
}

const HEX64 = /^[0-9a-f]{64}$/;
const isHex32 = (x: unknown): x is string => typeof x === 'string' && HEX64.test(x);

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** 32 fresh random bytes as lowercase hex: a server seed or a client value. */
export function randomHex32(): string {
  const b = new Uint8Array(SEED_BYTES);
  globalThis.crypto.getRandomValues(b);
  return toHex(b);
}

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;

const hmacKey = (key: Uint8Array<ArrayBuffer>) =>
  subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/**
 * The derivation's two primitives. WebCrypto (the default, in browsers and Node) answers each call through
 * a promise settled on a later turn of the event loop; a server passes synchronous ones (node:crypto) so a
 * deal is drawn without waiting behind other work several times. Any exact SHA-256 and HMAC-SHA-256 give
 * the same deals (`packages/server/test/fair.test.ts` compares the two).
 */
export interface FairPrimitives {
  sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> | Uint8Array;
  hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> | Uint8Array;
}

const WEB_CRYPTO: FairPrimitives = {
  sha256: async (data) => new Uint8Array(await subtle().digest('SHA-256', data)),
  hmac: async (key, data) => new Uint8Array(await subtle().sign('HMAC', await hmacKey(key), data)),
};

/** `SHA-256(seed bytes)` as lowercase hex. */
export async function commitmentOf(seed: string, prims: FairPrimitives = WEB_CRYPTO): Promise<string> {
  return toHex(await prims.sha256(fromHex(seed)));
}

/**
 * The HMAC message that mixes everything in: UTF-8 label, a zero byte, the deal number as 4 bytes big-endian,
 * the number of seats as one byte, then per seat 0x00 (no value) or 0x01 and the value's 32 bytes.
 */
function mixMessage(deal: number, clients: readonly (string | null)[]): Uint8Array<ArrayBuffer> {
  const label = new TextEncoder().encode(FAIR_LABEL);
  let size = label.length + 1 + 4 + 1;
  for (const c of clients) size += c === null ? 1 : 1 + SEED_BYTES;
  const m = new Uint8Array(size);
  m.set(label, 0);
  let at = label.length + 1;
  new DataView(m.buffer).setUint32(at, deal >>> 0, false);
  at += 4;
  m[at++] = clients.length;
  for (const c of clients) {
    if (c === null) m[at++] = 0;
    else {
      m[at++] = 1;
      m.set(fromHex(c), at);
      at += SEED_BYTES;
    }
  }
  return m;
}

/** The deal key: HMAC-SHA-256(key = seed, message = mixMessage). */
export async function dealKey(
  seed: string,
  deal: number,
  clients: readonly (string | null)[],
  prims: FairPrimitives = WEB_CRYPTO,
): Promise<Uint8Array> {
  return prims.hmac(fromHex(seed), mixMessage(deal, clients));
}

/** Words `0 .. 8 * blocks - 1` of the deal's stream: block i = HMAC-SHA-256(dealKey, i as 4 bytes big-endian). */
export async function dealWords(
  seed: string,
  deal: number,
  clients: readonly (string | null)[],
  blocks: number,
  prims: FairPrimitives = WEB_CRYPTO,
): Promise<Uint32Array> {
  const key = new Uint8Array(await dealKey(seed, deal, clients, prims));
  const macs = await Promise.all(
    Array.from({ length: blocks }, (_, i) => {
      const counter = new Uint8Array(4);
      new DataView(counter.buffer).setUint32(0, i, false);
      return prims.hmac(key, counter);
    }),
  );
  const words = new Uint32Array(blocks * 8);
  macs.forEach((mac, i) => {
    const v = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
    for (let j = 0; j < 8; j++) words[i * 8 + j] = v.getUint32(4 * j, false);
  });
  return words;
}

/** Thrown by `WordRng` when the precomputed words run out; the caller computes a longer stream and deals again. */
class Exhausted extends Error {}

/** The engine's `Rng` over a fixed list of words: `next` reads the next word, `int` is record-format.md step 4. */
class WordRng implements Rng {
  private at = 0;
  private readonly words: Uint32Array;
  constructor(words: Uint32Array) {
    this.words = words;
  }
  /** Words read so far. */
  get used(): number {
    return this.at;
  }
  next(): number {
    if (this.at >= this.words.length) throw new Exhausted();
    return this.words[this.at++];
  }
  int(n: number): number {
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
}

/**
 * The deal the proof gives for the state awaiting deal number `deal`: `game.randomDeal(state, rng)` over the
 * deal's word stream, with 8 blocks first and twice as many each time the words run out (the stream is the
 * same, only longer, so the result does not depend on where it started).
 */
export async function fairDeal(
  game: AnyGame,
  state: unknown,
  deal: number,
  seed: string,
  clients: readonly (string | null)[],
  prims: FairPrimitives = WEB_CRYPTO,
): Promise<unknown> {
  for (let blocks = FIRST_BLOCKS; blocks <= MAX_BLOCKS; blocks *= 2) {
    const rng = new WordRng(await dealWords(seed, deal, clients, blocks, prims));
    try {
      return game.randomDeal(state, rng);
    } catch (e) {
      if (!(e instanceof Exhausted)) throw e;
    }
  }
  throw new Error(`deal ${deal} draws more than ${MAX_BLOCKS * 8} words`);
}

// ---------------------------------------------------------------------------------------------------------
// Checking
// ---------------------------------------------------------------------------------------------------------

/** Why a proof is malformed, or null: version 1, hex seed and commitment, one entry per seat. */
function proofProblem(p: unknown, seats: number): string | null {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return 'the proof is not an object';
  const x = p as Record<string, unknown>;
  if (x.version !== FAIR_VERSION) return `unknown proof version ${JSON.stringify(x.version)}`;
  if (!isHex32(x.seed)) return 'seed is not 64 lowercase hex digits';
  if (!isHex32(x.commitment)) return 'commitment is not 64 lowercase hex digits';
  if (!Array.isArray(x.clients) || x.clients.length !== seats)
    return `clients must list ${seats} entries, one per seat`;
  for (let s = 0; s < seats; s++) {
    const c = x.clients[s];
    if (c !== null && !isHex32(c))
      return `client value of seat ${s} is neither null nor 64 lowercase hex digits`;
  }
  if (x.published !== undefined && typeof x.published !== 'boolean') return 'published must be true or false';
  return null;
}

/** The deal without its proof, as `randomDeal` returns it. */
const cardsOf = (d: RecordDeal): Record<string, unknown> => {
  const { fair: _, ...rest } = d as Record<string, unknown>;
  return rest;
};

/** What differs between a recorded deal and the derived one, in words; null when they are the same. */
function dealDifference(recorded: RecordDeal, derived: unknown): string | null {
  const a = cardsOf(recorded);
  const b = derived as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const x = a[key];
    const y = b[key];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (Array.isArray(x) && Array.isArray(y) && key === 'hands') {
      for (let s = 0; s < Math.max(x.length, y.length); s++)
        if (JSON.stringify(x[s]) !== JSON.stringify(y[s]))
          return `hand of seat ${s}: recorded ${JSON.stringify(x[s])}, derived ${JSON.stringify(y[s])}`;
    }
    return `${key}: recorded ${JSON.stringify(x)}, derived ${JSON.stringify(y)}`;
  }
  return null;
}

/** One deal's verdict. */
interface DealCheck {
  readonly deal: number;
  /** `ok`: proof checked; `failed`: something differs; `unverifiable`: the deal has no proof. */
  readonly result: 'ok' | 'failed' | 'unverifiable';
  readonly reason?: string;
}

/** Checks one deal's proof against the state that awaited it: the commitment, then the cards. */
export async function checkDeal(
  game: AnyGame,
  state: unknown,
  deal: number,
  recorded: RecordDeal,
): Promise<DealCheck> {
  const proof = (recorded as { fair?: unknown }).fair;
  if (proof === undefined) {
    const how = 'seed' in recorded ? 'a seeded deal' : 'an explicit deal';
    return { deal, result: 'unverifiable', reason: `${how} without a proof (field "fair")` };
  }
  const bad = proofProblem(proof, game.seats(state));
  if (bad) return { deal, result: 'failed', reason: `malformed proof: ${bad}` };
  const p = proof as FairProof;
  const hashed = await commitmentOf(p.seed);
  if (hashed !== p.commitment)
    return {
      deal,
      result: 'failed',
      reason: `the seed does not match the commitment: SHA-256(seed) = ${hashed}, commitment = ${p.commitment}`,
    };
  const derived = await fairDeal(game, state, deal, p.seed, p.clients);
  const diff = dealDifference(recorded, derived);
  if (diff) return { deal, result: 'failed', reason: `the cards differ from the derived deal: ${diff}` };
  if (p.published === false)
    return {
      deal,
      result: 'unverifiable',
      reason:
        'no commitment was published before this deal (the server could not store its seed in time): the cards follow from the seed, but nobody saw the seed committed to before the deal',
    };
  return { deal, result: 'ok' };
}

interface VerifyReport {
  /** True when every deal was checked and none failed. */
  readonly ok: boolean;
  readonly deals: readonly DealCheck[];
  /** The record itself is broken (not a record, or it does not replay); null when it replays. */
  readonly error: string | null;
}

/**
 * Checks every deal of a record: replays it as the engine does (a deal whenever the game awaits one) and
 * checks each deal against the state that awaited it, before the deal is applied, so a changed card is
 * named by its deal even where it later makes an action illegal.
 */
export async function verifyRecord(input: unknown): Promise<VerifyReport> {
  const parsed = parseRecord(input);
  if (!parsed.ok) return { ok: false, deals: [], error: parsed.error.reason };
  const record: GameRecord = parsed.value;
  const game = gameById(record.game);
  if (!game) return { ok: false, deals: [], error: `game ${record.game} is not available here` };
  const config = game.parseConfig(record.config);
  if (!config.ok) return { ok: false, deals: [], error: `config: ${config.error.reason}` };
  let state = game.start(config.value, record.dealer);
  const deals: DealCheck[] = [];
  let next = 0;
  const dealIfAwaited = async (): Promise<string | null> => {
    while (game.awaitsDeal(state) && next < record.deals.length) {
      const i = next++;
      const entry = record.deals[i];
      deals.push(await checkDeal(game, state, i, entry));
      if ('seed' in entry)
        return `deal ${i}: a seeded deal is replayed by \`stich replay\`, not checked here`;
      const d = game.parseDeal(state, cardsOf(entry));
      if (!d.ok) return `deal ${i}: ${d.error.reason}`;
      const s = game.applyDeal(state, d.value);
      if (!s.ok) return `deal ${i}: ${s.error.reason}`;
      state = s.value;
    }
    return null;
  };
  let error: string | null = null;
  for (let i = 0; i < record.actions.length && error === null; i++) {
    error = await dealIfAwaited();
    if (error) break;
    const { seat, action } = record.actions[i];
    const a = game.parseAction(action);
    const s = a.ok ? game.apply(state, seat as Seat, a.value) : a;
    if (!s.ok) error = `action ${i} (seat ${seat}, ${action.t}): ${s.error.reason}`;
    else state = s.value;
  }
  error ??= await dealIfAwaited();
  if (error === null && next < record.deals.length) error = `deal ${next} is never used`;
  const ok = error === null && deals.every((d) => d.result === 'ok');
  return { ok, deals, error: error === null ? null : `the record does not replay: ${error}` };
}

// ---------------------------------------------------------------------------------------------------------
// A revealed deal at a live table (the `fair` message)
// ---------------------------------------------------------------------------------------------------------

/**
 * A live client's own check of a revealed deal, without the match's record: the deal is compared with
 * `randomDeal` on a fresh match state (`game.start(config, dealer)`) for each seat as dealer, which deals
 * exactly as the state that awaited it wherever every seat is dealt in (the dealer only decides which seat
 * gets which packet, and every player saw who dealt). A deal leaving seats out (Klapper-Jas for three
 * after the first place is decided) is checked by `verifyRecord` only: `unverifiable` here.
 */
export async function checkRevealed(
  game: AnyGame,
  configInput: unknown,
  deal: number,
  recorded: RecordDeal,
): Promise<DealCheck> {
  const config = game.parseConfig(configInput);
  if (!config.ok) return { deal, result: 'unverifiable', reason: `config: ${config.error.reason}` };
  const first = game.start(config.value, 0);
  const seats = game.seats(first);
  const hands = (recorded as { hands?: unknown }).hands;
  if (Array.isArray(hands) && hands.some((h) => Array.isArray(h) && h.length === 0))
    return { deal, result: 'unverifiable', reason: 'a deal leaving seats out is checked with the record' };
  let last: DealCheck | null = null;
  for (let dealer = 0; dealer < seats; dealer++) {
    const c = await checkDeal(game, game.start(config.value, dealer), deal, recorded);
    if (c.result !== 'failed' || !c.reason?.startsWith('the cards differ')) return c;
    last = c;
  }
  return last ?? { deal, result: 'failed', reason: 'no seat' };
}

/** `checkRevealed` for a game named by its id (the web client has no game objects of its own). */
export async function checkRevealedGame(
  id: string,
  config: unknown,
  deal: number,
  recorded: RecordDeal,
): Promise<DealCheck> {
  const game = gameById(id);
  if (!game) return { deal, result: 'unverifiable', reason: `game ${id} is not known here` };
  return checkRevealed(game, config, deal, recorded);
}

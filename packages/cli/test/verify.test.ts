/**
 * `stich verify` and the derivation it checks (docs/fair-deal.md): an untouched record passes; a changed
 * card, seed or commitment fails, naming the deal and what differs; a deal without a proof is reported as
 * unverifiable, never passed; a client value really changes the deal; the words of the spec's test vector.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  type AnyGame,
  type GameRecord,
  gameById,
  newRecord,
  randomStep,
  seeded,
  unwrap,
} from '@stich/engine';
import {
  checkRevealed,
  commitmentOf,
  dealWords,
  FAIR_VERSION,
  fairDeal,
  toHex,
  verifyRecord,
} from '@stich/protocol/fair';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '..', 'bin', 'stich.js');

/** 32 bytes of hex from a seeded generator (test data, not secrets). */
function hex(text: string): string {
  const rng = seeded(text);
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++) b[i] = rng.int(256);
  return toHex(b);
}

/** A whole match of random play whose every deal is drawn from a proof, as the server deals. */
async function fairMatch(id: string, config: object, name: string, seats: number): Promise<GameRecord> {
  const game = gameById(id) as AnyGame;
  let state = game.start(unwrap(game.parseConfig(config)), 0);
  const deals: object[] = [];
  const actions: { seat: number; action: { t: string } }[] = [];
  const rng = seeded(name);
  while (!game.isOver(state)) {
    if (game.awaitsDeal(state)) {
      const n = deals.length;
      const seed = hex(`${name}-seed-${n}`);
      const clients = Array.from({ length: seats }, (_, s) =>
        s % 2 === 0 ? hex(`${name}-${n}-${s}`) : null,
      );
      const deal = (await fairDeal(game, state, n, seed, clients)) as object;
      deals.push({
        ...deal,
        fair: { version: FAIR_VERSION, commitment: await commitmentOf(seed), seed, clients },
      });
      state = unwrap(game.applyDeal(state, deal));
    } else {
      const { seat, action } = randomStep(game, state, rng);
      actions.push({ seat, action: action as { t: string } });
      state = unwrap(game.apply(state, seat, action));
    }
  }
  return { ...newRecord(game.id, config, 0), deals, actions } as GameRecord;
}

const copy = (r: GameRecord): GameRecord & { deals: Record<string, unknown>[] } =>
  structuredClone(r) as never;

async function cli(record: unknown): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'stich-verify-'));
  const file = join(dir, 'record.json');
  await writeFile(file, JSON.stringify(record));
  try {
    const { stdout } = await run(process.execPath, [bin, 'verify', file]);
    return { code: 0, out: stdout };
  } catch (e) {
    const x = e as { code: number; stdout: string };
    return { code: x.code, out: x.stdout };
  }
}

describe('stich verify', async () => {
  const record = await fairMatch('differenzler', { players: 4, options: { rounds: 2 } }, 'verify', 4);

  it('passes an untouched record: every deal ok, exit 0', async () => {
    expect(record.deals).toHaveLength(2);
    const report = await verifyRecord(record);
    expect(report).toEqual({
      ok: true,
      error: null,
      deals: [
        { deal: 0, result: 'ok' },
        { deal: 1, result: 'ok' },
      ],
    });
    const { code, out } = await cli(record);
    expect(code).toBe(0);
    expect(out).toContain('verified: all 2 deals');
  });

  it('fails a record with one card changed, naming the deal and the hand', async () => {
    const r = copy(record);
    const hands = r.deals[1].hands as string[][];
    // Two cards change places between seat 0 and seat 2: still a whole deck, so the rest reads on.
    [hands[0][0], hands[2][0]] = [hands[2][0], hands[0][0]];
    const report = await verifyRecord(r);
    expect(report.ok).toBe(false);
    expect(report.deals[0]).toEqual({ deal: 0, result: 'ok' });
    expect(report.deals[1]).toMatchObject({ deal: 1, result: 'failed' });
    expect(report.deals[1].reason).toMatch(
      /^the cards differ from the derived deal: hand of seat 0: recorded/,
    );
    const { code, out } = await cli(r);
    expect(code).toBe(1);
    expect(out).toMatch(/deal 1: FAILED: the cards differ .*hand of seat 0/);
  });

  it('fails a record whose seed changed: it no longer matches the commitment', async () => {
    const r = copy(record);
    const fair = r.deals[0].fair as { seed: string };
    fair.seed = hex('another seed');
    const report = await verifyRecord(r);
    expect(report.ok).toBe(false);
    expect(report.deals[0]).toMatchObject({ deal: 0, result: 'failed' });
    expect(report.deals[0].reason).toMatch(/^the seed does not match the commitment/);
    expect((await cli(r)).code).toBe(1);
  });

  it('fails a record whose commitment changed', async () => {
    const r = copy(record);
    (r.deals[1].fair as { commitment: string }).commitment = await commitmentOf(hex('x'));
    const report = await verifyRecord(r);
    expect(report.deals[1]).toMatchObject({ deal: 1, result: 'failed' });
    expect(report.deals[1].reason).toMatch(/commitment/);
    expect((await cli(r)).out).toMatch(/deal 1: FAILED: the seed does not match the commitment/);
  });

  it('fails a record whose client value changed (the proof no longer gives its cards)', async () => {
    const r = copy(record);
    (r.deals[0].fair as { clients: (string | null)[] }).clients[1] = hex('late');
    const report = await verifyRecord(r);
    expect(report.deals[0]).toMatchObject({ deal: 0, result: 'failed' });
  });

  it('reports a deal without a proof as unverifiable, and does not pass the record', async () => {
    const r = copy(record);
    delete r.deals[1].fair;
    const report = await verifyRecord(r);
    expect(report.ok).toBe(false);
    expect(report.deals[1]).toMatchObject({ deal: 1, result: 'unverifiable' });
    const { code, out } = await cli(r);
    expect(code).toBe(1);
    expect(out).toContain('deal 1: UNVERIFIABLE');
    expect(out).toContain('1 not checkable');
  });

  it('names a broken record', async () => {
    const report = await verifyRecord('{"format":');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/not JSON/);
  });
});

describe('the derivation', () => {
  const games: [string, object, number][] = [
    ['klapperjas', { players: 4 }, 4],
    ['klapperjas', { players: 3 }, 3],
    ['klaberjass', { players: 2 }, 2],
    ['differenzler', { players: 4 }, 4],
    ['doppelkopf', { players: 4, preset: 'ddv' }, 4],
    ['doppelkopf', { players: 4, preset: 'house' }, 4],
  ];

  it.each(games)('mixes in each client value: %s %j', async (id, config, seats) => {
    const game = gameById(id) as AnyGame;
    const state = game.start(unwrap(game.parseConfig(config)), 1);
    const seed = hex('mix');
    const none = Array<string | null>(seats).fill(null);
    const base = JSON.stringify(await fairDeal(game, state, 3, seed, none));
    // The same seed and deal number: every seat's value alone changes the deal, and so does the number.
    for (let s = 0; s < seats; s++) {
      const clients = none.map((_, i) => (i === s ? hex(`client-${s}`) : null));
      expect(JSON.stringify(await fairDeal(game, state, 3, seed, clients))).not.toBe(base);
    }
    expect(JSON.stringify(await fairDeal(game, state, 4, seed, none))).not.toBe(base);
    expect(JSON.stringify(await fairDeal(game, state, 3, seed, none))).toBe(base);
  });

  it.each(games)(
    'a live client checks every revealed deal of a match without the record: %s %j',
    async (id, config, seats) => {
      const game = gameById(id) as AnyGame;
      const record = await fairMatch(id, config, `live-${id}`, seats);
      for (let i = 0; i < Math.min(record.deals.length, 6); i++) {
        const c = await checkRevealed(game, config, i, record.deals[i]);
        const left = (record.deals[i] as { hands: unknown[][] }).hands.some((h) => h.length === 0);
        expect(c.result).toBe(left ? 'unverifiable' : 'ok');
      }
      const changed = structuredClone(record.deals[0]) as { hands: string[][] };
      [changed.hands[0][0], changed.hands[1][0]] = [changed.hands[1][0], changed.hands[0][0]];
      expect((await checkRevealed(game, config, 0, changed)).result).toBe('failed');
    },
  );

  it('gives the test vector of docs/fair-deal.md', async () => {
    const seed = '00'.repeat(32);
    const clients = [null, '11'.repeat(32)];
    expect(await commitmentOf(seed)).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    const words = await dealWords(seed, 7, clients, 1);
    expect(Array.from(words, (w) => w.toString(16).padStart(8, '0')).join(' ')).toBe(
      '73a66bfb 3567a623 f766ba75 00928b52 0eafbe74 96301509 e205ab48 94e01a92',
    );
    const game = gameById('klaberjass') as AnyGame;
    const state = game.start(unwrap(game.parseConfig({ players: 2 })), 0);
    expect(await fairDeal(game, state, 7, seed, clients)).toEqual({
      hands: [
        ['HK', 'H7', 'SK', 'HA', 'CQ', 'HJ', 'S9', 'C9', 'CT'],
        ['DQ', 'H9', 'C7', 'D8', 'SA', 'CJ', 'SQ', 'D9', 'HT'],
      ],
      stock: ['H8', 'DA', 'D7', 'DJ', 'ST', 'C8', 'S8', 'CK', 'SJ', 'S7', 'HQ', 'CA', 'DK', 'DT'],
    });
  });
});

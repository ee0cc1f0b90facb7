/**
 * Store's shortcut (store.ts, module comment): the group write of steps with statements prepared once
 * stores exactly what the Kysely form stores. The same appends (random groups of tables, steps, seats,
 * deals and actions, status changes) go to two databases of the same kind, one written through the
 * prepared statements and one through Kysely, and both must then hold the same rows; a group with a bad
 * step fails only its own table's append on both; on SQLite a step is never written into a transaction
 * of Kysely's that is open on the one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Db, type Driver, openDb } from '../src/db.ts';
import { Store, type StoredStep, type TableRow } from '../src/store.ts';
import { DB_KINDS, type DbKind, type TestDb, testDb } from './helpers.ts';

interface Side {
  readonly db: Db;
  readonly store: Store;
  readonly test: TestDb;
}

async function side(kind: DbKind, prepared: boolean): Promise<Side> {
  const test = testDb(kind);
  const { db, driver } = await openDb(loadConfig({ ...test.env, LOG_LEVEL: 'silent' }));
  return { db, store: new Store(db, prepared ? (driver as Driver) : null), test };
}

const row = (id: string): TableRow => ({
  id,
  game: 'differenzler',
  config: { players: 4 },
  setup: [0, 1, 2, 3].map(() => ({ kind: 'human' as const })),
  visibility: 'public',
  invite: null,
  status: 'waiting',
  dealer: 0,
  turnTimer: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A pseudo-random sequence (fixed seed) for the groups. */
function lcg(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

async function contents(db: Db) {
  const steps = await db
    .selectFrom('steps')
    .select(['table_id', 'seq', 'kind', 'seat', 'data'])
    .orderBy('table_id')
    .orderBy('seq')
    .execute();
  const tables = await db.selectFrom('tables').select(['id', 'status']).orderBy('id').execute();
  return {
    steps: steps.map((s) => ({ ...s, seq: Number(s.seq), seat: s.seat === null ? null : Number(s.seat) })),
    tables,
  };
}

describe.each(DB_KINDS)('prepared group write of steps (%s)', (kind) => {
  let fast: Side;
  let reference: Side;
  beforeAll(async () => {
    fast = await side(kind, true);
    reference = await side(kind, false);
  });
  afterAll(async () => {
    for (const s of [fast, reference]) {
      await s?.db.destroy();
      await s?.test.cleanup();
    }
  });

  it('stores the same steps and statuses as the Kysely form, group by group', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `t${i}`);
    for (const s of [fast, reference]) for (const id of ids) await s.store.createTable(row(id), []);
    const next = new Map(ids.map((id) => [id, 0]));
    const rnd = lcg(13);
    const statuses = ['playing', 'over', 'parked', undefined] as const;
    for (let round = 0; round < 25; round++) {
      // A group: some tables, each with one to three steps (a deal, actions with text that needs escaping).
      const group = ids.filter(() => rnd(3) > 0);
      const appends = group.map((id) => {
        const steps: StoredStep[] = [];
        for (let k = 1 + rnd(3); k > 0; k--) {
          const seq = next.get(id)!;
          next.set(id, seq + 1);
          steps.push(
            rnd(4) === 0
              ? { seq, kind: 'deal', seat: null, data: { cards: `S${rnd(9)}HA`, trump: 'H' } }
              : { seq, kind: 'action', seat: rnd(4), data: { t: 'play', card: `C${rnd(9)}`, n: 'ä"\\\n' } },
          );
        }
        return { id, steps, status: statuses[rnd(4)] };
      });
      for (const s of [fast, reference])
        await Promise.all(appends.map((a) => s.store.append(a.id, a.steps, a.status)));
    }
    const a = await contents(fast.db);
    const b = await contents(reference.db);
    expect(a.steps.length).toBeGreaterThan(100);
    expect(a).toEqual(b);
  });

  it.runIf(kind === 'sqlite')(
    'writes nothing into a Kysely transaction open on the connection: a rolled-back one keeps the steps',
    async () => {
      await fast.store.createTable(row('tx'), []);
      let appended: Promise<void> | undefined;
      await expect(
        fast.db.transaction().execute(async (tx) => {
          await tx.updateTable('tables').set({ status: 'over' }).where('id', '=', 'tx').execute();
          appended = fast.store.append('tx', [{ seq: 0, kind: 'action', seat: 0, data: { t: 'x' } }]);
          await new Promise((r) => setTimeout(r, 30));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await appended;
      const c = await contents(fast.db);
      expect(c.steps.filter((x) => x.table_id === 'tx')).toHaveLength(1);
      expect(c.tables.find((t) => t.id === 'tx')?.status).toBe('waiting');
    },
  );

  it('fails only the append with a step already stored, in the same group, on both', async () => {
    for (const s of [fast, reference]) {
      await s.store.createTable(row('dup'), []);
      await s.store.createTable(row('ok'), []);
      await s.store.append('dup', [{ seq: 0, kind: 'action', seat: 0, data: { t: 'a' } }]);
      const results = await Promise.allSettled([
        s.store.append('dup', [{ seq: 0, kind: 'action', seat: 1, data: { t: 'b' } }]),
        s.store.append('ok', [{ seq: 0, kind: 'action', seat: 2, data: { t: 'c' } }], 'playing'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    }
    const tables = async (db: Db) =>
      (await contents(db)).steps.filter((x) => ['dup', 'ok'].includes(x.table_id));
    expect(await tables(fast.db)).toEqual(await tables(reference.db));
  });

  it('reads and stores fair seeds as the Kysely form: the first seed stored stands', async () => {
    const seen = [];
    for (const s of [fast, reference]) {
      await s.store.createTable(row('seeds'), []);
      const before = await s.store.fairSeed('seeds', 1);
      await s.store.putFairSeed('seeds', 1, 'a'.repeat(64));
      await s.store.putFairSeed('seeds', 1, 'b'.repeat(64));
      seen.push([before, await s.store.fairSeed('seeds', 1), await s.store.fairSeed('seeds', 2)]);
    }
    expect(seen[0]).toEqual([undefined, 'a'.repeat(64), undefined]);
    expect(seen[1]).toEqual(seen[0]);
  });

  it('stores a fair seed outside a Kysely transaction open on the connection', async () => {
    await fast.store.createTable(row('seeds-tx'), []);
    let stored: Promise<void> | undefined;
    await expect(
      fast.db.transaction().execute(async (tx) => {
        await tx.updateTable('tables').set({ status: 'playing' }).where('id', '=', 'seeds-tx').execute();
        stored = fast.store.putFairSeed('seeds-tx', 1, 'c'.repeat(64));
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await stored;
    expect(await fast.store.fairSeed('seeds-tx', 1)).toBe('c'.repeat(64));
  });
});

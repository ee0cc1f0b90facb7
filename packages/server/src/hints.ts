/**
 * Hints (docs/analysis.md): `POST /api/tables/:id/hint` gives the person at a seat the search player's
 * suggestion for his current decision, with the expected value of each legal card. It is computed on
 * the bot workers from exactly what the seat's bot would get (`requestFor`: its view and legal actions),
 * taken from the live table (no replay), once per step and seat (later requests share the answer).
 * A table offers hints when exactly one seat is a person's (one person against computer players),
 * unless its creator chose otherwise (`hints` in POST /api/tables). Every hint asked for is stored,
 * shown to everyone at the table (`TableInfo.hints.used`) and written into the record (`meta.hints`).
 */
import { createEndpoint, matchMaker } from '@colyseus/core';
import type { BotRequest } from '@stich/bots';
import type { Hint } from '@stich/bots/analysis/hint';
import type { HintResponse, SeatSetup } from '@stich/protocol';
import { AROUND_API } from '@stich/protocol';
import { context } from './context.ts';
import type { RouteKit } from './replay.ts';

/** The default: hints at tables where one person plays against computer players. */
const hintsByDefault = (setup: readonly SeatSetup[]): boolean =>
  setup.filter((s) => s.kind === 'human').length === 1;

/** Stores a table's own choice (POST /api/tables with `hints`). */
export async function setHints(tableId: string, allowed: boolean): Promise<void> {
  await context()
    .store.db.insertInto('hint_rules')
    .values({ table_id: tableId, allowed: allowed ? 1 : 0 })
    .onConflict((oc) => oc.column('table_id').doUpdateSet({ allowed: allowed ? 1 : 0 }))
    .execute();
}

/** Whether the table offers hints, and the seats that used one. */
export async function tableHints(
  tableId: string,
  setup: readonly SeatSetup[],
): Promise<{ allowed: boolean; used: number[] }> {
  const db = context().store.db;
  const [rule, uses] = await Promise.all([
    db.selectFrom('hint_rules').select('allowed').where('table_id', '=', tableId).executeTakeFirst(),
    db.selectFrom('hint_uses').select('seat').where('table_id', '=', tableId).execute(),
  ]);
  const used = [...new Set(uses.map((u) => Number(u.seat)))].sort((a, b) => a - b);
  return { allowed: rule ? Number(rule.allowed) === 1 : hintsByDefault(setup), used };
}

/** What a seat's hint is computed from (TableRoom.hintRequest): its view and legal actions at `seq`. */
export interface HintQuestion {
  readonly seq: number;
  readonly req: BotRequest;
}

/** Hint requests answered per seat and step; more are refused (the answer is the same anyway). */
export const HINTS_PER_STEP = 5;
/** Answers kept (the newest); one per table, step and seat. */
const KEEP = 2000;

/**
 * One search per table, step and seat: requests for the same decision share its answer, and at most
 * HINTS_PER_STEP of them are answered, so asking again and again costs the bot workers nothing.
 */
const answers = new Map<string, { asked: number; hint: Promise<Hint> }>();

function remember(key: string, hint: () => Promise<Hint>): Promise<Hint> | null {
  let a = answers.get(key);
  if (a && a.asked >= HINTS_PER_STEP) return null;
  if (!a) {
    a = { asked: 0, hint: hint() };
    // A failed search is not kept: the next request tries again.
    a.hint.catch(() => answers.delete(key));
    answers.set(key, a);
    if (answers.size > KEEP) answers.delete(answers.keys().next().value!);
  }
  a.asked++;
  return a.hint;
}

export function hintRoute(kit: Pick<RouteKit, 'json' | 'fail' | 'playerOf'>) {
  const { fail } = kit;
  return {
    hint: createEndpoint(AROUND_API.hint, { method: 'POST' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return fail('unauthorized', 'a hint needs a player token');
      const id = String(ctx.params.id);
      const { store, bots } = context();
      const row = await store.table(id);
      if (!row) return fail('not-found', `no table ${id.slice(0, 64)}`);
      const seat = (await store.holders(id)).find((h) => h.playerId === player.id)?.seat;
      if (seat === undefined) return fail('forbidden', 'only a player seated at this table gets hints');
      if (row.status !== 'playing') return fail('wrong-phase', 'hints are given while the match runs');
      const rule = await tableHints(id, row.setup);
      if (!rule.allowed) return fail('forbidden', 'this table offers no hints');
      // The live table's state (the room may be in another process): nothing is replayed here.
      const q = (await matchMaker.remoteRoomCall(id, 'hintRequest', [seat]).catch(() => undefined)) as
        | HintQuestion
        | null
        | undefined;
      if (q === undefined) return fail('wrong-phase', 'the table is not running; open it first');
      if (q === null) return fail('not-your-turn', 'a hint is for a decision of your own');
      const { seq } = q;
      const who = { table: id, owner: row.createdBy ?? id };
      const pending = remember(`${id}/${seq}/${seat}`, () => bots.hint(q.req, who));
      if (!pending)
        return fail('rate-limited', `at most ${HINTS_PER_STEP} hints per decision; this one was given`);
      const h = await pending;
      await store.db
        .insertInto('hint_uses')
        .values({ table_id: id, seq, seat, at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['table_id', 'seq', 'seat']).doNothing())
        .execute();
      // Everyone at the table sees that hints were used (the room may live in another process).
      await matchMaker.remoteRoomCall(id, 'hintUsed', [seat]).catch(() => {});
      const body: HintResponse = { seq, action: h.action, unit: h.unit, options: h.options };
      return kit.json(body);
    }),
  };
}

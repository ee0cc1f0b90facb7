/**
 * Bots as optional actors at a Doppelkopf table (issue 27): a person says Re and a `rule` bot replies Kontra
 * before its own turn, while the person is still to play; and the table never waits for a bot's optional
 * decision: held back, the person and the bots on turn play on, and an answer for an old step is dropped.
 * The deal is one where the rule policy replies (test/dokoreply.ts).
 */
import type { BotRequest } from '@stich/bots';
import { type Action, type DoppelkopfOutcome, type DoppelkopfView, SPECTATOR } from '@stich/engine';
import type { StateUpdate } from '@stich/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dealer } from '../src/chance.ts';
import { atTrigger, personMove, replyDeal } from './dokoreply.ts';
import { autoplay, Conn, createTable, guest, isState, serve } from './helpers.ts';

const view = (u: StateUpdate) => u.view as DoppelkopfView;

/** The calls of a finished deal made by a seat while another seat was to play. */
const offTurn = (d: DoppelkopfOutcome['deals'][number]) =>
  d.announcements.filter((a) => d.tricks[a.played >> 2]?.plays[a.played & 3]?.[0] !== a.seat);

/** The bot seat that replies at each table (set by the dealer). */
const repliers = new Map<string, number>();
/** The deal found for each first dealer (a new one-deal table differs from another only by it). */
const found = new Map<number, ReturnType<typeof replyDeal>>();
const dealer: Dealer = (table, game, state) => {
  const first = (game.viewFor(state, SPECTATOR) as DoppelkopfView).dealer;
  const r = found.get(first) ?? replyDeal(game, state);
  found.set(first, r);
  repliers.set(table, r.seat);
  return r.deal;
};

/** Optional decisions held back while `holding`: each waits for its release. */
let holding = false;
const held: { req: BotRequest; release: () => void }[] = [];
const optionalGate = (req: BotRequest): Promise<void> =>
  holding ? new Promise((release) => held.push({ req, release })) : Promise.resolve();

// The deal is searched for at the first deal (up to seconds on a busy machine).
describe('Doppelkopf bots as optional actors', { timeout: 60_000 }, () => {
  const srv = serve('sqlite', {}, { dealer, optionalGate });
  const open: Conn[] = [];
  afterAll(async () => {
    holding = false;
    for (const h of held.splice(0)) h.release();
    for (const c of open) await c.leave();
  });

  /** A DDV one-deal table: the person at seat 0, `rule` bots at 1-3, a turn timer that never runs out here. */
  async function table() {
    const me = await guest(srv.url, 'Re');
    const r = await createTable(srv.url, me.token, {
      game: 'doppelkopf',
      players: 4,
      preset: 'ddv',
      options: { games: 1, pflichtsolo: false },
      seats: [0, 1, 2, 3].map((i) => (i === 0 ? { kind: 'human' } : { kind: 'bot', level: 'rule' })),
      turnTimer: 60,
    });
    const c = await Conn.join(srv.url, r.table.id, { token: me.token, seat: 0 });
    open.push(c);
    return { id: r.table.id, c };
  }

  /** Plays the person's moves (gesund, first card) up to the trigger; returns that update. */
  async function toTrigger(c: Conn): Promise<StateUpdate> {
    let seq = -1;
    for (let k = 0; k < 100; k++) {
      const m = await c.waitFor(
        (x) => isState(x) && x.d.seq > seq && x.d.view.toAct[0] === 0 && x.d.legal.length > 0,
        30_000,
      );
      if (!isState(m)) throw new Error('no state');
      seq = m.d.seq;
      if (atTrigger(view(m.d))) return m.d;
      c.request('act', { action: personMove(m.d.legal as Action[]), seq });
    }
    throw new Error('the trigger was not reached');
  }

  /** Says Re at the trigger; returns the update that shows it. */
  async function sayRe(c: Conn, at: StateUpdate): Promise<StateUpdate> {
    const re = at.legal.find((a) => (a as { call?: string }).call === 're');
    expect(re).toBeDefined();
    const rid = c.request('act', { action: re, seq: at.seq });
    const done = await c.waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);
    if (!isState(done)) throw new Error(JSON.stringify(done));
    return done.d;
  }

  it('a bot replies Kontra to a Re before its own turn, while the person is still to play', async () => {
    const { id, c } = await table();
    const at = await toTrigger(c);
    const said = await sayRe(c, at);
    const seat = repliers.get(id)!;
    // The bot's reply comes without anyone playing: the person is still to act, with the same deadline.
    const m = await c.waitFor(
      (x) => isState(x) && view(x.d).announcements.some((a) => a.call === 'kontra'),
      30_000,
    );
    if (!isState(m)) return;
    expect(m.d.seq).toBe(said.seq + 1);
    expect(view(m.d).announcements).toEqual([
      expect.objectContaining({ seat: 0, call: 're' }),
      expect.objectContaining({ seat, call: 'kontra', reply: true }),
    ]);
    expect(m.d.view.toAct[0]).toBe(0);
    expect(view(m.d).handCounts[seat]).toBe(10);
    // The person's own Re gave him a new deadline; the bot's call around him leaves it.
    expect(said.deadline).not.toBeNull();
    expect(m.d.deadline).toBe(said.deadline);
    // And the deal plays on to the end.
    autoplay(c, 0);
    const end = await c.waitFor((x) => isState(x) && x.d.outcome !== null, 30_000);
    const out = (isState(end) ? end.d.outcome : null) as DoppelkopfOutcome | null;
    expect(out?.deals[0].announcements.slice(0, 2).map((a) => a.call)).toEqual(['re', 'kontra']);
    if (out) expect(offTurn(out.deals[0])[0]).toMatchObject({ seat, call: 'kontra', reply: true });
  });

  it('never waits for a bot: held back, its answer for an old step is dropped and the deal plays on', async () => {
    holding = true;
    const { id, c } = await table();
    const at = await toTrigger(c);
    const said = await sayRe(c, at);
    const seat = repliers.get(id)!;
    // The replier is asked about the step with the Re (before the person's card); its decision is held back.
    const old = (h: (typeof held)[number]) => {
      const v = h.req.view as DoppelkopfView;
      return h.req.seat === seat && v.announcements.length === 1 && v.handCounts[0] === 11;
    };
    const asked = (): boolean => held.some(old);
    for (let k = 0; k < 200 && !asked(); k++) await new Promise((r) => setTimeout(r, 25));
    expect(asked()).toBe(true);
    // The person plays at once: the table takes his card without the bot's answer.
    const rid = c.request('act', { action: personMove(said.legal as Action[]), seq: said.seq });
    const played = await c.waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);
    expect(isState(played) && played.d.seq).toBe(said.seq + 1);
    // Released now, the answer (Kontra, for the step before the card) is dropped: the table has moved on.
    const stale = held.filter(old);
    for (const h of stale) h.release();
    // Time for the answer to reach the table, which waits for the person (his card won the trick, he leads)
    // while the Kontra would still be legal: it is not taken.
    await new Promise((r) => setTimeout(r, 1000));
    const sid = c.request('sync', {});
    const now = await c.waitFor((m) => isState(m) && m.id === sid);
    if (!isState(now)) return;
    expect(now.d.seq).toBe(said.seq + 1);
    expect(now.d.view.toAct[0]).toBe(0);
    expect(view(now.d).announcements.map((a) => a.call)).toEqual(['re']);
    // Every later optional decision is held for good: the deal still plays to its end.
    autoplay(c, 0);
    const end = await c.waitFor((x) => isState(x) && x.d.outcome !== null, 30_000);
    const out = (isState(end) ? end.d.outcome : null) as DoppelkopfOutcome | null;
    expect(out?.over).toBe(true);
    // The bots called only at their own turns (the replier may still say Kontra there, holding 10 cards):
    // with every later optional decision held, an off-turn call could only be the dropped answer.
    if (out) expect(offTurn(out.deals[0])).toEqual([]);
    expect(held.length).toBeGreaterThan(stale.length);
  });
});

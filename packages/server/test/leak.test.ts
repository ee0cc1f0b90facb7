/**
 * Hidden information: a whole match of every registered game with a person in every seat and a spectator.
 * Every frame sent to every client is captured. Each `state` must carry exactly the engine's view for
 * that connection at that step (checked against a replay of the match's record), no card of another
 * hand or of the stock may reach a seat before the spectator view shows it, and no other message may
 * carry a card at all.
 */
import { Room as SdkRoom } from '@colyseus/sdk';
import {
  type AnyGame,
  type Card,
  GAMES,
  type GameId,
  isCard,
  parseRecord,
  replay,
  type Seat,
  SPECTATOR,
  seeded,
} from '@stich/engine';
import type { ServerMessage, TableInfo } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { api, Conn, DB_KINDS, guest, isState, serve, testGames } from './helpers.ts';

// Capture every raw frame each SDK room receives, before the SDK decodes it.
const frames = new WeakMap<object, Uint8Array[]>();
const proto = SdkRoom.prototype as unknown as { onMessageCallback(e: MessageEvent): void };
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: object, e: MessageEvent) {
  let list = frames.get(this);
  if (!list) {
    list = [];
    frames.set(this, list);
  }
  list.push(new Uint8Array(e.data as ArrayBuffer).slice());
  original.call(this, e);
};

const SHORT: Partial<Record<GameId, object>> = {
  differenzler: { rounds: 1 },
  klaberjass: { target: 1 },
  klapperjas: { target: 1 },
};

/** Every card string anywhere in a JSON value. */
function cardsIn(x: unknown, out = new Set<Card>()): Set<Card> {
  if (typeof x === 'string') {
    if (isCard(x)) out.add(x);
  } else if (Array.isArray(x)) for (const v of x) cardsIn(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) cardsIn(v, out);
  return out;
}

/** Cards written as msgpack strings of length 2 (fixstr 0xa2) anywhere in raw frames. */
function cardsInFrames(list: readonly Uint8Array[]): Set<string> {
  const out = new Set<string>();
  for (const f of list)
    for (let i = 0; i + 2 < f.length; i++)
      if (f[i] === 0xa2) {
        const s = String.fromCharCode(f[i + 1], f[i + 2]);
        if (isCard(s)) out.add(s);
      }
  return out;
}

const games = testGames();

describe.each(DB_KINDS)('hidden information (%s)', (kind) => {
  const srv = serve(kind);

  describe.each(games)('no hidden information leaves the server (%s)', (id) => {
    it('plays a whole match and checks every frame', async () => {
      const game = GAMES[id] as AnyGame;
      const options = SHORT[id] ?? {};
      const players = [4, 3, 2].find((n) => game.parseConfig({ players: n, options }).ok)!;
      const guests = await Promise.all(Array.from({ length: players }, (_, i) => guest(srv.url, `P${i}`)));
      const seats = guests.map(() => ({ kind: 'human' }));
      const r = await api<{ table: TableInfo }>(
        srv.url,
        'POST',
        '/api/tables',
        { game: id, players, options, seats },
        guests[0].token,
      );
      expect(r.status).toBe(201);
      const tableId = r.body.table.id;
      const spectator = await Conn.join(srv.url, tableId, { spectate: true });
      const conns: Conn[] = [];
      for (let i = 0; i < players; i++)
        conns.push(await Conn.join(srv.url, tableId, { token: guests[i].token, seat: i }));
      const all = [...conns, spectator];
      const rng = seeded(`leak-${id}`);
      let seq = -1;
      for (let steps = 0; steps < 5000; steps++) {
        const s = await conns[0].waitFor(
          (m) => isState(m) && m.d.seq > seq && (m.d.view.toAct.length > 0 || m.d.outcome !== null),
        );
        if (!isState(s)) break;
        seq = s.d.seq;
        await Promise.all(all.map((c) => c.waitFor((m) => isState(m) && m.d.seq === seq)));
        if (s.d.outcome !== null) break;
        const seat = s.d.view.toAct[0] as Seat;
        const legal = conns[seat].latest()!.legal;
        conns[seat].request('act', { action: legal[rng.int(legal.length)] });
      }
      expect(conns[0].latest()!.outcome).not.toBeNull();

      const rec = await api(srv.url, 'GET', `/api/tables/${tableId}/record`);
      const parsed = parseRecord(rec.body);
      if (!parsed.ok) throw new Error(parsed.error.reason);
      const rp = replay<unknown>(game, parsed.value, true);
      if (!rp.ok) throw new Error(rp.error.reason);
      const states = rp.value.states!;
      // The deal in force at each step, for the hidden cards of the other seats and the stock.
      const dealAt: (Record<string, unknown> | undefined)[] = [];
      {
        let d = -1;
        for (let k = 0; k < states.length; k++) {
          if (k > 0 && game.awaitsDeal(states[k - 1])) d++;
          dealAt.push(parsed.value.deals[d] as Record<string, unknown> | undefined);
        }
      }
      const hiddenFrom = (deal: Record<string, unknown> | undefined, seat: Seat): Set<string> => {
        const hidden = new Set<string>();
        if (!deal) return hidden;
        const hands = (deal.hands as string[][] | undefined) ?? [];
        hands.forEach((h, t) => {
          if (t !== seat) for (const c of h) hidden.add(c);
        });
        for (const c of (deal.stock as string[] | undefined) ?? []) hidden.add(c);
        for (const c of hands[seat] ?? []) hidden.delete(c);
        return hidden;
      };

      let checked = 0;
      all.forEach((c, i) => {
        const viewer = i < players ? i : SPECTATOR;
        let allowed = new Set<string>();
        for (const m of c.messages as ServerMessage[]) {
          if (m.t !== 'state') {
            expect(cardsIn(m), `${m.t} carries cards`).toEqual(new Set());
            continue;
          }
          const st = states[m.d.seq];
          expect(m.d.view).toEqual(game.viewFor(st, viewer));
          expect(m.d.legal).toEqual(viewer === SPECTATOR || m.d.outcome ? [] : game.legalActions(st, viewer));
          const seen = cardsIn(m.d);
          const own = cardsIn(game.viewFor(st, viewer));
          for (const card of seen) expect(own.has(card), `card ${card} outside the view`).toBe(true);
          if (viewer !== SPECTATOR) {
            const pub = cardsIn(game.viewFor(st, SPECTATOR));
            for (const card of seen)
              if (hiddenFrom(dealAt[m.d.seq], viewer).has(card))
                expect(pub.has(card), `seat ${viewer} sees hidden ${card} at step ${m.d.seq}`).toBe(true);
          }
          allowed = new Set([...allowed, ...seen]);
          checked++;
        }
        // Nothing in the raw frames beyond what the decoded messages hold.
        for (const card of cardsInFrames(frames.get(c.room) ?? [])) expect(allowed.has(card)).toBe(true);
      });
      expect(checked).toBeGreaterThan(20);
      await Promise.all(all.map((c) => c.leave()));
    });
  });
});

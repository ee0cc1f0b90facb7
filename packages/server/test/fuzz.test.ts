/**
 * Fuzz: 10,000 random and malformed messages (bad JSON, wrong types, unknown types, bad ids, foreign seats,
 * out of turn, illegal actions, stale steps, spectators acting, huge payloads). The server stays up, each
 * message gets an error (with its request id where it had a readable one), and the table is unchanged.
 */
import { ALL_CARDS, type Rng, seeded } from '@stich/engine';
import { MAX_MESSAGE_BYTES, type ServerMessage, type StateUpdate } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { api, Conn, createTable, DB_KINDS, guest, isState, serve, testGame } from './helpers.ts';

const GAME = testGame();
const N = 10_000;

async function snapshot(c: Conn): Promise<StateUpdate> {
  const id = `snap-${Math.random()}`;
  c.send({ t: 'sync', id });
  const m = await c.waitFor((x) => isState(x) && x.id === id);
  return (m as { d: StateUpdate }).d;
}

const junkText = (rng: Rng, n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(32 + rng.int(95))).join('');

describe.each(DB_KINDS)('fuzz (%s)', (kind) => {
  const srv = serve(kind);

  it('answers 10,000 bad messages with errors and leaves the table unchanged', async () => {
    const players = 4;
    const guests = await Promise.all(Array.from({ length: players }, (_, i) => guest(srv.url, `F${i}`)));
    const r = await createTable(srv.url, guests[0].token, {
      game: GAME,
      players,
      seats: guests.map(() => ({ kind: 'human' })),
    });
    const id = r.table.id;
    const conns: Conn[] = [];
    for (let i = 0; i < players; i++)
      conns.push(await Conn.join(srv.url, id, { token: guests[i].token, seat: i }));
    const spectator = await Conn.join(srv.url, id, { spectate: true });
    // Play into the middle of a deal, to a point where exactly one seat may act.
    const rng = seeded('fuzz');
    for (let k = 0; k < 200; k++) {
      const s = await conns[0].waitFor((m) => isState(m) && m.d.view.toAct.length > 0);
      const cur = conns[0].latest()!;
      if (isState(s) && k > 8 && cur.view.toAct.length === 1) break;
      const seat = cur.view.toAct[0];
      const legal = conns[seat].latest()!.legal;
      const rid = conns[seat].request('act', { action: legal[rng.int(legal.length)] });
      await conns[seat].waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);
      await Promise.all(
        conns.map((c) => c.waitFor((m) => isState(m) && m.d.seq === conns[seat].latest()!.seq)),
      );
    }
    const before = await Promise.all(conns.map(snapshot));
    const toAct = before[0].view.toAct;
    expect(toAct.length).toBe(1);
    const actor = toAct[0];
    const legal = before[actor].legal;
    const legalJson = new Set(legal.map((a) => JSON.stringify(a)));
    const withCard = legal.find((a) => 'card' in a);
    const illegalCards = ALL_CARDS.filter((c) => !legalJson.has(JSON.stringify({ ...withCard, card: c })));
    const others = [0, 1, 2, 3].filter((s) => s !== actor);

    const counts = new Map<Conn, number>();
    const expectIds = new Map<Conn, Set<string | number>>();
    const sent = (c: Conn, rid: string | number | null) => {
      counts.set(c, (counts.get(c) ?? 0) + 1);
      if (rid !== null) {
        if (!expectIds.has(c)) expectIds.set(c, new Set());
        expectIds.get(c)!.add(rid);
      }
    };
    const startLen = new Map([...conns, spectator].map((c) => [c, c.messages.length]));

    for (let i = 0; i < N; i++) {
      const rid = 100_000 + i;
      const kind = rng.int(11);
      const c = conns[actor];
      switch (kind) {
        case 0: // bad JSON
          c.send(`{"t":"act","id":${rid},${junkText(rng, rng.int(30))}`);
          sent(c, null);
          break;
        case 1: {
          // wrong types
          const bad = [
            5,
            null,
            true,
            [1, 2],
            { t: 7, id: rid },
            { t: 'act', d: 'x', id: rid },
            { t: 'act', d: { action: 3 }, id: rid },
            { t: 'ping', id: { x: 1 } },
            { t: 'act', d: { action: { t: 'play' }, seq: -1 }, id: rid },
          ][rng.int(9)];
          c.send(bad);
          const readable =
            typeof bad === 'object' &&
            bad !== null &&
            !Array.isArray(bad) &&
            typeof (bad as { id?: unknown }).id === 'number';
          sent(c, readable ? rid : null);
          break;
        }
        case 2: // unknown type
          c.send({ t: junkText(rng, 1 + rng.int(10)), d: {}, id: rid });
          sent(c, rid);
          break;
        case 3: {
          // foreign seat: a legal action of the actor sent by another seat
          const o = conns[others[rng.int(others.length)]];
          o.send({ t: 'act', d: { action: legal[rng.int(legal.length)] }, id: rid });
          sent(o, rid);
          break;
        }
        case 4: {
          // out of turn with made-up actions
          const o = conns[others[rng.int(others.length)]];
          o.send({ t: 'act', d: { action: { t: 'play', card: ALL_CARDS[rng.int(36)] } }, id: rid });
          sent(o, rid);
          break;
        }
        case 5: // illegal card from the seat to act
          if (withCard && illegalCards.length > 0)
            c.send({
              t: 'act',
              d: { action: { ...withCard, card: illegalCards[rng.int(illegalCards.length)] } },
              id: rid,
            });
          else c.send({ t: 'act', d: { action: { t: 'no-such-action' } }, id: rid });
          sent(c, rid);
          break;
        case 6: // unknown action or junk fields
          c.send({
            t: 'act',
            d: { action: { t: junkText(rng, 1 + rng.int(20)), x: junkText(rng, 5) } },
            id: rid,
          });
          sent(c, rid);
          break;
        case 7: // a legal action for a stale step
          c.send({
            t: 'act',
            d: { action: legal[rng.int(legal.length)], seq: before[actor].seq + 1 + rng.int(5) },
            id: rid,
          });
          sent(c, rid);
          break;
        case 8: // spectator acting
          spectator.send({ t: 'act', d: { action: legal[rng.int(legal.length)] }, id: rid });
          sent(spectator, rid);
          break;
        case 9: {
          // huge payloads, as an object and as text
          const big = 'x'.repeat(MAX_MESSAGE_BYTES + rng.int(50_000));
          if (rng.int(2) === 0) {
            c.send({ t: 'ping', d: { big }, id: rid });
            sent(c, rid);
          } else {
            c.send(`{"t":"ping","id":${rid},"d":{"big":"${big}"}}`);
            sent(c, null);
          }
          break;
        }
        default: {
          // bad ids
          const badId = [-1, 1.5, 'x'.repeat(65), { a: 1 }, [1]][rng.int(5)];
          c.send({ t: 'ping', d: {}, id: badId });
          sent(c, null);
        }
      }
      // Let the socket drain now and then.
      if (i % 500 === 499) await new Promise((res) => setTimeout(res, 5));
    }
    // Wait until every connection has received one error per message sent to it.
    for (const [c, n] of counts) {
      const from = startLen.get(c)!;
      const errs = () => c.messages.slice(from).filter((m) => m.t === 'error').length;
      const deadline = Date.now() + 30_000;
      while (errs() < n && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      const got = c.messages.slice(from) as ServerMessage[];
      expect(got.filter((m) => m.t === 'error').length).toBe(n);
      expect(got.filter((m) => m.t === 'state').length).toBe(0);
      const ids = new Set(got.flatMap((m) => (m.t === 'error' && m.id !== null ? [m.id] : [])));
      for (const rid of expectIds.get(c) ?? []) expect(ids.has(rid)).toBe(true);
    }
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(N);

    // The server is up and the table has not changed.
    expect((await api(srv.url, 'GET', '/healthz')).status).toBe(200);
    const after = await Promise.all(conns.map(snapshot));
    expect(after).toEqual(before);
    // And it still plays.
    const rid = conns[actor].request('act', { action: legal[0], seq: before[actor].seq });
    const ok = await conns[actor].waitFor((m) => (isState(m) || m.t === 'error') && m.id === rid);
    expect(ok.t).toBe('state');
    await Promise.all([...conns, spectator].map((c) => c.leave()));
  });
});

/**
 * wire.ts's shortcuts against what they stand in for: the JSON text of every update of whole matches of
 * every game, with the texts of shared parts remembered across the match, is `JSON.stringify`'s; the JSON
 * text framed here is the message
 * Colyseus makes of the same string (every length class of msgpack strings, non-ASCII text), and the
 * bytes Wire writes to a connection's socket are the bytes ws writes for the same message, frame for frame,
 * also when several go to one connection in one turn (corked) with a ping of ws's own between them.
 */
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { type Client, ClientState, getMessageBytes, Protocol } from '@colyseus/core';
import { type AnyGame, GAME_META, GAMES, SPECTATOR, seeded, type Viewer } from '@stich/engine';
import { CHANNEL, type ServerMessage } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { jsonFrame, Outgoing, stringify, type Texts, Wire } from '../src/wire.ts';
import { SHORT_OPTIONS } from './helpers.ts';

const texts = [0, 1, 31, 32, 100, 255, 256, 4000, 65535, 65536, 70000].flatMap((n) => [
  'x'.repeat(n),
  // Two- and three-byte characters: the length classes count bytes, not characters.
  'ä€'.repeat(Math.ceil(n / 5)).slice(0, n),
]);

describe('wire', () => {
  it.each(Object.keys(GAMES))('encodes every update of %s matches as JSON.stringify does', (id) => {
    const game = GAMES[id as keyof typeof GAMES] as AnyGame;
    for (const seed of [1, 2]) {
      const rng = seeded(seed);
      const players = Math.max(...(GAME_META[id as keyof typeof GAME_META]?.players ?? [4]));
      const config = game.parseConfig({
        players,
        // Differenzler: rounds enough for its results to be remembered.
        options: id === 'differenzler' ? { rounds: 5 } : (SHORT_OPTIONS[id] ?? {}),
      });
      if (!config.ok) throw new Error(config.error.reason);
      let state = game.start(config.value, 0);
      const texts: Texts = new WeakMap();
      let remembered = 0;
      for (let seq = 0; seq < 2000 && !game.isOver(state); seq++) {
        if (game.awaitsDeal(state)) {
          const r = game.applyDeal(state, game.randomDeal(state, rng));
          if (!r.ok) throw new Error(r.error.reason);
          state = r.value;
        }
        for (let v = 0; v <= players; v++) {
          const seat = v < players ? v : null;
          const viewer: Viewer = seat ?? SPECTATOR;
          const msg = {
            t: 'state',
            d: {
              seq,
              view: game.viewFor(state, viewer),
              legal: seat === null ? [] : game.legalActions(state, seat),
              outcome: null,
              deadline: seq % 2 === 0 ? null : 1234,
            },
            ...(seat === 1 ? { id: `r${seq}` } : {}),
          };
          const text = stringify(msg, 3, texts);
          if (text.includes('"results"') && texts.has((msg.d.view as { results?: object }).results ?? {}))
            remembered++;
          expect(text).toBe(JSON.stringify(msg));
        }
        const seat = game.toAct(state)[0];
        if (seat === undefined) break;
        const legal = game.legalActions(state, seat);
        const r = game.apply(state, seat, legal[rng.int(legal.length)]);
        if (!r.ok) throw new Error(r.error.reason);
        state = r.value;
      }
      if (id === 'differenzler') expect(remembered).toBeGreaterThan(0);
    }
  });

  it('frames JSON text as Colyseus does', () => {
    for (const text of texts) {
      const f = jsonFrame(text);
      expect(
        Buffer.compare(f.bytes.subarray(f.body), getMessageBytes.raw(Protocol.ROOM_DATA, CHANNEL, text)),
      ).toBe(0);
    }
  });

  it('writes the bytes ws writes, in the same order', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    /** A ws server-side WebSocket on one end of a TCP connection; the other end records what arrives. */
    const pair = async () => {
      const accepted = once(server, 'connection');
      const peer = connect(port, '127.0.0.1');
      const [socket] = (await accepted) as [Socket];
      const ws = new WebSocket(null as unknown as string, undefined, {});
      (ws as unknown as { setSocket: (s: Socket, h: Buffer, o: object) => void }).setSocket(
        socket,
        Buffer.alloc(0),
        { maxPayload: 1 << 20 },
      );
      const got: Buffer[] = [];
      peer.on('data', (b: Buffer) => got.push(b));
      const client = { state: ClientState.JOINED, ref: ws, enqueueRaw: (b: Buffer) => ws.send(b) };
      return { ws, client: client as unknown as Client, got, peer };
    };
    const messages: ServerMessage[] = [
      { t: 'pong', d: { time: 1 }, id: 3 },
      { t: 'error', d: { code: 'stale', reason: 'ä'.repeat(300) }, id: null },
      { t: 'pong', d: { time: 'x'.repeat(70000) as unknown as number }, id: 'r' },
    ];
    const viaWs = await pair();
    const viaWire = await pair();
    const wire = new Wire();
    /** Bytes that must arrive on each side: the frames and two empty pings (2 bytes each). */
    let expected = 4;
    for (const json of [true, false]) {
      for (const m of messages) {
        const out = new Outgoing(m);
        const payload = json
          ? getMessageBytes.raw(Protocol.ROOM_DATA, CHANNEL, JSON.stringify(m))
          : getMessageBytes.raw(Protocol.ROOM_DATA, CHANNEL, m);
        viaWs.ws.send(payload, { binary: true });
        wire.send(viaWire.client, out, json);
        expected += out.frame(json).bytes.length;
      }
      // A ping of ws's own in between, written by ws.
      viaWs.ws.ping();
      viaWire.ws.ping();
    }
    await new Promise((r) => setImmediate(r));
    const total = (g: Buffer[]) => g.reduce((n, b) => n + b.length, 0);
    for (let i = 0; i < 250 && (total(viaWire.got) < expected || total(viaWs.got) < expected); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(expected).toBeGreaterThan(140000);
    expect(Buffer.concat(viaWire.got).equals(Buffer.concat(viaWs.got))).toBe(true);
    for (const p of [viaWs, viaWire]) {
      p.ws.terminate();
      p.peer.destroy();
    }
    server.close();
  });
});

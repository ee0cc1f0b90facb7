/**
 * Server messages onto the wire. A message is encoded once per format (JSON text for connections that
 * asked for it, msgpack otherwise) into a Colyseus room-data message inside a WebSocket frame, and the
 * same bytes go to every connection it is for. A room's connections are corked at their first frame of a
 * turn of the event loop and uncorked when the turn is over, so all frames of one turn to one connection
 * (welcome, state and table at a join; state and table at a status change) leave in one write.
 *
 * Performance shortcuts (this module's; `test/wire.test.ts` checks each against JSON, Colyseus and ws):
 * - JSON text of a message reuses the text of an array or a large object found at its third level (a
 *   view's fields) when it is the very object encoded before at that table: states share their unchanged
 *   parts, and views pass them on (Differenzler's `results`, the whole match so far, changes once a
 *   round). Engine states never change (`apply` is pure), so the text stays right; the cache is the
 *   room's and holds its objects weakly. The same text as `JSON.stringify`. An event frame
 *   (events.ts) comes with the JSON text of its `d`, put together from its shared and own parts.
 * - JSON text is framed here, `[ROOM_DATA][channel][msgpack str header][UTF-8]`, instead of by msgpackr
 *   (which copies the text twice): the bytes Colyseus' `getMessageBytes.raw` makes of the same string.
 * - A frame is written to the connection's socket as one buffer with its WebSocket header (unmasked,
 *   binary, final) when ws has nothing of its own queued and no extension is on, instead of through ws's
 *   sender (which builds the header and writes header and body as two buffers): the same bytes in the
 *   same order. Otherwise, and before the connection has joined, the message goes through Colyseus and ws.
 */
import type { Socket } from 'node:net';
import { type Client, ClientState, getMessageBytes, Protocol } from '@colyseus/core';
import { CHANNEL, type ServerMessage } from '@stich/protocol';

/** Colyseus' header of a room message on the protocol's channel: `[ROOM_DATA][msgpack str CHANNEL]`. */
const ROOM_HEADER: Buffer = getMessageBytes.raw(Protocol.ROOM_DATA, CHANNEL);

/** A WebSocket frame: the bytes on the socket, and where its payload (Colyseus' message) starts. */
interface Frame {
  readonly bytes: Buffer;
  readonly body: number;
}

/** One server message, encoded at most once per format, for any number of connections. */
export class Outgoing {
  readonly msg: ServerMessage;
  /** The JSON text of `msg.d` when the sender has it already (an event frame, events.ts). */
  private readonly text: string | undefined;
  private json: Frame | undefined;
  private pack: Frame | undefined;
  constructor(msg: ServerMessage, text?: string) {
    this.msg = msg;
    this.text = text;
  }

  frame(json: boolean, texts: Texts = new WeakMap()): Frame {
    if (json) {
      this.json ??= jsonFrame(
        this.text === undefined
          ? stringify(this.msg, 3, texts)
          : `{"t":${JSON.stringify(this.msg.t)},"d":${this.text}${'id' in this.msg && this.msg.id !== undefined ? `,"id":${JSON.stringify(this.msg.id)}` : ''}}`,
      );
      return this.json;
    }
    this.pack ??= wrap(getMessageBytes.raw(Protocol.ROOM_DATA, CHANNEL, this.msg));
    return this.pack;
  }
}

/** JSON texts of objects already encoded, by the object (see the module comment). */
export type Texts = WeakMap<object, string>;

/** Texts shorter than this are not worth remembering. */
const REMEMBER = 256;

/** `JSON.stringify(value)`, taken from `texts` for an array or object encoded before, remembered when long. */
function textOf(value: unknown, texts: Texts): string {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return JSON.stringify(value);
  const known = texts.get(value);
  if (known !== undefined) return known;
  const text = JSON.stringify(value);
  if (text.length >= REMEMBER) texts.set(value, text);
  return text;
}

/**
 * `JSON.stringify(value)`, with the arrays and objects `depth` levels down (and arrays above that) taken
 * from `texts` when they were encoded before, and remembered when long. Objects with `toJSON` are not.
 * Numbers, booleans and the keys of the levels it walks are written without a call of `JSON.stringify`
 * each (a view has some twenty fields, most of them short).
 */
export function stringify(value: unknown, depth: number, texts: Texts): string {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return JSON.stringify(value);
  if (depth === 0 || Array.isArray(value)) return textOf(value, texts);
  let out = '';
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    let t: string;
    switch (typeof v) {
      case 'undefined':
      case 'function':
      case 'symbol':
        continue;
      case 'number':
        t = Number.isFinite(v) ? String(v) : 'null';
        break;
      case 'boolean':
        t = v ? 'true' : 'false';
        break;
      default:
        t = stringify(v, depth - 1, texts);
    }
    out += `${out === '' ? '{' : ','}${keyText(key)}:${t}`;
  }
  return out === '' ? '{}' : `${out}}`;
}

/** JSON texts of the keys `stringify` has written (the field names of messages and views: a few dozen). */
const keyTexts = new Map<string, string>();
function keyText(key: string): string {
  let t = keyTexts.get(key);
  if (t === undefined) {
    t = JSON.stringify(key);
    if (keyTexts.size < 4096) keyTexts.set(key, t);
  }
  return t;
}

/** Length of the WebSocket header of a server frame (unmasked) with a payload of `n` bytes. */
const wsHeaderLength = (n: number): number => (n < 126 ? 2 : n < 65536 ? 4 : 10);

/** Writes the header of a final, unmasked binary WebSocket frame; returns the offset after it. */
function wsHeader(buf: Buffer, n: number): number {
  buf[0] = 0x82;
  if (n < 126) {
    buf[1] = n;
    return 2;
  }
  if (n < 65536) {
    buf[1] = 126;
    buf.writeUInt16BE(n, 2);
    return 4;
  }
  buf[1] = 127;
  buf.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
  buf.writeUInt32BE(n >>> 0, 6);
  return 10;
}

/** A JSON text as Colyseus' room message (a msgpack string after the header), in its WebSocket frame. */
export function jsonFrame(text: string): Frame {
  const n = Buffer.byteLength(text);
  const str = n < 32 ? 1 : n < 256 ? 2 : n < 65536 ? 3 : 5;
  const payload = ROOM_HEADER.length + str + n;
  const bytes = Buffer.allocUnsafe(wsHeaderLength(payload) + payload);
  const body = wsHeader(bytes, payload);
  let at = body + ROOM_HEADER.copy(bytes, body);
  if (n < 32) bytes[at++] = 0xa0 | n;
  else if (n < 256) {
    bytes[at++] = 0xd9;
    bytes[at++] = n;
  } else if (n < 65536) {
    bytes[at++] = 0xda;
    bytes.writeUInt16BE(n, at);
    at += 2;
  } else {
    bytes[at++] = 0xdb;
    bytes.writeUInt32BE(n, at);
    at += 4;
  }
  bytes.write(text, at, n, 'utf8');
  return { bytes, body };
}

/** A Colyseus message in its WebSocket frame. */
function wrap(payload: Buffer): Frame {
  const bytes = Buffer.allocUnsafe(wsHeaderLength(payload.length) + payload.length);
  const body = wsHeader(bytes, payload.length);
  payload.copy(bytes, body);
  return { bytes, body };
}

/** The parts of ws's WebSocket this module reads (ws 8). */
interface WsSocket {
  readonly readyState: number;
  readonly _socket?: Socket;
  readonly _extensions: Record<string, unknown>;
  readonly _sender: { readonly _state: number; readonly _queue: readonly unknown[] };
}

/** A room's writer: sends frames and uncorks the connections it corked once the turn is over. */
export class Wire {
  /** JSON texts of the parts of states this room has sent (weakly held; see the module comment). */
  readonly texts: Texts = new WeakMap();
  private readonly corked = new Set<Socket>();
  private readonly uncork = () => {
    for (const s of this.corked) s.uncork();
    this.corked.clear();
  };

  send(client: Client, out: Outgoing, json: boolean): void {
    const f = out.frame(json, this.texts);
    const ws = client.ref as unknown as WsSocket | undefined;
    const socket = ws?._socket;
    if (
      client.state !== ClientState.JOINED ||
      ws === undefined ||
      socket === undefined ||
      ws._sender._state !== 0 ||
      ws._sender._queue.length > 0 ||
      Object.keys(ws._extensions).length > 0
    ) {
      // Not joined yet (Colyseus holds the message until it is), or ws has frames of its own queued.
      client.enqueueRaw(f.bytes.subarray(f.body));
      return;
    }
    if (ws.readyState !== 1) return; // closing or closed: ws would drop it too
    if (!this.corked.has(socket)) {
      if (this.corked.size === 0) setImmediate(this.uncork);
      socket.cork();
      this.corked.add(socket);
    }
    socket.write(f.bytes);
  }
}

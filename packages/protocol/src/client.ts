/** Client -> server: the table room's messages, parsed once into a typed union, and joining options. */
import { isObject } from '@stich/engine';
import { z } from 'zod';
import { type ErrorCode, MAX_MESSAGE_BYTES, text } from './base.ts';

// ---------------------------------------------------------------------------------------------------------
// Client -> server (table room)
// ---------------------------------------------------------------------------------------------------------

/** A request id chosen by the client; every answer to the request carries it back. */
const requestId = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), text(64)]);
export type RequestId = z.infer<typeof requestId>;

/** An action as the engine takes it: a JSON object tagged by `t`. Its shape is checked by the engine. */
const actionSchema = z.looseObject({ t: text(40).min(1) });

const emptyData = z.object({}).optional();

const clientMessageSchema = z.discriminatedUnion('t', [
  /** Take an action for the connection's seat. `seq`, when given, must be the current state's. */
  z.object({
    t: z.literal('act'),
    id: requestId,
    d: z.object({ action: actionSchema, seq: z.number().int().min(0).optional() }),
  }),
  /** Ask for the table info and the current state again. */
  z.object({ t: z.literal('sync'), id: requestId, d: emptyData }),
  /** Liveness check; answered with `pong`. */
  z.object({ t: z.literal('ping'), id: requestId, d: emptyData }),
  /**
   * A seat's own random value for the deal whose commitment it was sent (`fair` message, docs/fair-deal.md):
   * 32 bytes as 64 lowercase hex digits. Answered with `fair`; a later value for the same deal replaces it.
   */
  z.object({
    t: z.literal('seed'),
    id: requestId,
    d: z.object({ deal: z.number().int().min(0), value: z.string().regex(/^[0-9a-f]{64}$/) }),
  }),
  /**
   * How long computer players wait before they act at this table (ms, 0 to MAX_BOT_DELAY_MS), for as long as
   * the room lives. Only from the one person seated among computers; nothing is answered unless refused.
   */
  z.object({
    t: z.literal('speed'),
    id: requestId,
    d: z.object({ botDelayMs: z.number().int().min(0).max(5000) }),
  }),
  /**
   * A chat message (docs/chat.md): a quick phrase by id, or free text. Seats write to the players' channel,
   * spectators to the spectators'. Answered with the `chat` entry (with `id`) as everyone of the channel
   * gets it, or with an `error`: `chat-too-long`, `chat-empty`, `chat-too-fast`, `chat-barred`,
   * `chat-free-text-off`, `chat-unknown-phrase`, `unauthorized` (a spectator without a player token).
   * The text may be longer than CHAT_MAX_TEXT here so that the server answers `chat-too-long`.
   */
  z.object({
    t: z.literal('chat'),
    id: requestId,
    d: z.union([z.object({ quick: text(40).min(1) }).strict(), z.object({ text: text(2000) }).strict()]),
  }),
  /** Reports message `n` to the server's moderators, with its context; answered with `chat-done`. */
  z.object({
    t: z.literal('chat-report'),
    id: requestId,
    d: z.object({ n: z.number().int().min(0), reason: text(200).optional() }),
  }),
  /** Moderators: hides message `n` from everyone (and from the record); answered with `chat-done`. */
  z.object({ t: z.literal('chat-hide'), id: requestId, d: z.object({ n: z.number().int().min(0) }) }),
  /** Moderators: bars the writer of message `n` from chat on the whole server (`on: false` lifts it). */
  z.object({
    t: z.literal('chat-bar'),
    id: requestId,
    d: z.object({ n: z.number().int().min(0), on: z.boolean() }),
  }),
  /** The host: free text on or off at this table (off: quick phrases only); answered with `chat-done`. */
  z.object({ t: z.literal('chat-free'), id: requestId, d: z.object({ on: z.boolean() }) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
type ClientMessageType = ClientMessage['t'];
const CLIENT_MESSAGE_TYPES: readonly ClientMessageType[] = [
  'act',
  'sync',
  'ping',
  'seed',
  'speed',
  'chat',
  'chat-report',
  'chat-hide',
  'chat-bar',
  'chat-free',
];

type ParsedClientMessage =
  | { readonly ok: true; readonly msg: ClientMessage }
  | { readonly ok: false; readonly code: ErrorCode; readonly reason: string; readonly id: RequestId | null };

/** Reads a request id if there is a valid one, so that even a malformed message's error can carry it. */
function readId(x: unknown): RequestId | null {
  if (!isObject(x)) return null;
  const r = requestId.safeParse(x.id);
  return r.success ? r.data : null;
}

/**
 * Parses one client message: a decoded object or JSON text. Never throws. Checks size, JSON, shape and
 * type; an error names the first problem and keeps the request id when one can be read.
 */
export function parseClientMessage(input: unknown): ParsedClientMessage {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_MESSAGE_BYTES)
      return {
        ok: false,
        code: 'too-large',
        reason: `message longer than ${MAX_MESSAGE_BYTES} bytes`,
        id: null,
      };
    try {
      value = JSON.parse(input);
    } catch (e) {
      return { ok: false, code: 'bad-json', reason: `not JSON: ${(e as Error).message}`, id: null };
    }
  } else {
    let size: number;
    try {
      size = JSON.stringify(input)?.length ?? 0;
    } catch {
      return { ok: false, code: 'malformed', reason: 'message cannot be read as JSON data', id: null };
    }
    if (size > MAX_MESSAGE_BYTES)
      return {
        ok: false,
        code: 'too-large',
        reason: `message longer than ${MAX_MESSAGE_BYTES} bytes`,
        id: readId(input),
      };
  }
  const id = readId(value);
  if (!isObject(value))
    return { ok: false, code: 'malformed', reason: 'a message is an object { t, d, id }', id };
  if (typeof value.t !== 'string')
    return { ok: false, code: 'malformed', reason: 'message type t must be a string', id };
  if (!(CLIENT_MESSAGE_TYPES as readonly string[]).includes(value.t))
    return {
      ok: false,
      code: 'unknown-type',
      reason: `unknown message type ${JSON.stringify(value.t.slice(0, 40))}`,
      id,
    };
  if (id === null)
    return {
      ok: false,
      code: 'malformed',
      reason: 'id must be an integer or a string of at most 64 characters',
      id,
    };
  const parsed = clientMessageSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.join('.') : 'message';
    return { ok: false, code: 'malformed', reason: `${where}: ${issue.message}`, id };
  }
  return { ok: true, msg: parsed.data };
}

/** Joining a table room: the options of `client.joinById(tableId, options)`. */
export const joinOptionsSchema = z.object({
  /** The guest token from POST /api/guests; needed to take a seat. */
  token: text(128).optional(),
  /** The reconnect token of a seat (from `welcome`): takes that seat back, also after a server restart. */
  seatToken: text(128).optional(),
  /** The seat wanted; without it the first free human seat (or the player's own seat) is taken. */
  seat: z.number().int().min(0).max(15).optional(),
  /** Watch only: the spectator view. */
  spectate: z.boolean().optional(),
  /** The invite code of a private table. */
  code: text(128).optional(),
  /** Receive every server message as JSON text instead of a msgpack object (cheaper for the server). */
  json: z.boolean().optional(),
  /**
   * Receive the table as events (events.ts): a `snap` after joining and after `sync`, then an `ev` frame of
   * patch operations per change, instead of a whole `state` each time.
   */
  events: z.boolean().optional(),
  /** Accepted and ignored (state deltas were replaced by events): such a connection gets whole states. */
  delta: z.boolean().optional(),
});
export type JoinOptions = z.infer<typeof joinOptionsSchema>;

/** The wire's constants, error codes and the checks of every text a client sends. */
import { ERROR_CODES as ENGINE_ERROR_CODES } from '@stich/engine';
import { z } from 'zod';

export const PROTOCOL_VERSION = 1;

/** Colyseus room names. */
export const ROOM_TABLE = 'table';
export const ROOM_LOBBY = 'lobby';
/** The one Colyseus message type that carries every protocol message, both ways. */
export const CHANNEL = 'm';

/** Largest client message the server reads (JSON text length, or the JSON length of a decoded object). */
export const MAX_MESSAGE_BYTES = 4096;
/** Larger WebSocket frames close the connection (close code 1009); smaller oversized ones get `too-large`. */
export const MAX_FRAME_BYTES = 65536;

export { BOT_LEVELS, type BotLevel } from '@stich/engine/levels';

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

/** Error codes of the protocol: the engine's codes (an action's rules) and the server's own. */
export const ERROR_CODES = [
  ...ENGINE_ERROR_CODES,
  /** The message is text but not JSON. */
  'bad-json',
  /** The message is longer than MAX_MESSAGE_BYTES. */
  'too-large',
  /** The message has a `t` this endpoint does not know. */
  'unknown-type',
  /** Too many messages per second from this connection; the message was not processed. */
  'rate-limited',
  /** The connection watches (spectator) and may not act. */
  'not-seated',
  /** The match has not started: human seats are still free. */
  'waiting',
  /** `seq` in an action names an older state than the table's current one. */
  'stale',
  /** Missing or unknown player token. */
  'unauthorized',
  /** Not allowed: a private table without its code, a seat held by someone else. */
  'forbidden',
  /** No such table, player or invite. */
  'not-found',
  /** The seat asked for is taken or is a bot seat. */
  'seat-taken',
  /** The match is not over yet (records of running matches are not published). */
  'not-finished',
  /** The server could not store the action; the table is unchanged. */
  'storage',
  /** The server failed unexpectedly; the table is unchanged. */
  'internal',
  /** This guest has created TABLES_PER_HOUR tables in the last hour, or has OPEN_TABLES open tables. */
  'too-many-tables',
  /** This address has created GUESTS_PER_HOUR guests in the last hour. */
  'too-many-guests',
  /** This address holds CONNECTIONS_PER_ADDRESS open WebSocket connections. */
  'too-many-connections',
  /** This address asked for REPLAYS_PER_MINUTE replays or records in the last minute. */
  'too-many-requests',
  /** A person's name that reads as a computer player's label (`Bot (level)`). */
  'reserved-name',
  /** An account name that reads as another account's (case, NFKC, Unicode look-alikes). */
  'name-taken',
  /** An account name refused by the profanity check. */
  'bad-name',
  /** Unknown name or wrong password: the same answer for both (docs/accounts.md). */
  'bad-login',
  /** A passkey answer that does not verify: another origin, a replayed or expired challenge, an unknown key. */
  'bad-passkey',
  /** Too many failed sign-ins for this name or address; `reason` says when to try again. */
  'too-many-logins',
  /** Chat (docs/chat.md): free text longer than CHAT_MAX_TEXT. */
  'chat-too-long',
  /** Chat: free text that is empty once trimmed. */
  'chat-empty',
  /** Chat: more messages than this player or this address may write in the window; `reason` says when. */
  'chat-too-fast',
  /** Chat: a moderator has barred this player from chat. */
  'chat-barred',
  /** Chat: the host turned free text off at this table; quick phrases only. */
  'chat-free-text-off',
  /** Chat: a quick phrase id the server does not know. */
  'chat-unknown-phrase',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------------------

/** Control characters (Unicode Cc) and unpaired surrogates (Cs: in a `u` regex only lone ones match). */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;

/** True for well-formed Unicode text without control characters: what every text input must be. */
export const isPlainText = (s: string): boolean => !NOT_TEXT.test(s);

export const PLAIN = { message: 'must be well-formed Unicode text without control characters' };

/**
 * A text input of at most `max` characters, checked the same way for every database (PostgreSQL refuses
 * U+0000 in text, SQLite stores it; neither should see it).
 */
export const text = (max: number) => z.string().max(max).refine(isPlainText, PLAIN);

/** A table id (the server issues 12 base64url characters). */
export const tableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** An invite code (the server issues 24 base64url characters). */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

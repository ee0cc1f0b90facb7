/**
 * Chat at a table (docs/chat.md): the quick phrases, the limits of free text and the entries the server
 * sends. No zod here, so that the web client imports it without the schemas (`@stich/protocol/chat`);
 * the client messages' schemas are in client.ts.
 */
import type { Seat } from '@stich/engine';

/** Longest free text, in UTF-16 code units after trimming (a chat line, not a letter). */
export const CHAT_MAX_TEXT = 200;
/** Entries the server sends on joining (the table's latest of the connection's channels). */
export const CHAT_LOG_SIZE = 100;
/** Messages before a reported one that the report keeps as its context. */
export const REPORT_CONTEXT = 10;

/** The quick phrases, defined once: their ids travel, each browser shows the text in its language. */
export const QUICK_PHRASES = {
  gg: { de: 'Gut gespielt', en: 'Well played' },
  thanks: { de: 'Danke', en: 'Thanks' },
  misclick: { de: 'Entschuldigung, verklickt', en: 'Sorry, misclicked' },
  brb: { de: 'Bis gleich', en: 'See you soon' },
} as const;
export type QuickId = keyof typeof QUICK_PHRASES;
export const QUICK_IDS = Object.keys(QUICK_PHRASES) as QuickId[];
export const isQuickId = (x: string): x is QuickId => Object.hasOwn(QUICK_PHRASES, x);

/**
 * The players' channel is the seats' own: a spectator's message goes to the spectators' channel, which no
 * seat receives while the table is live. Spectators read both.
 */
export type ChatChannel = 'players' | 'spectators';

/** One chat message as the server sends it. Exactly one of `quick` and `text` is set. */
export interface ChatEntry {
  /** The table's message number (from 0, in order); names the message in `chat-report` and `chat-hide`. */
  readonly n: number;
  readonly ch: ChatChannel;
  /** The writer's seat, null for a spectator. */
  readonly seat: Seat | null;
  readonly name: string;
  /** The writer's player id: what a mute remembers. */
  readonly from: string;
  readonly quick?: QuickId;
  /** Free text with profanity masked (`***`); plain text, never markup. Null: removed (account deleted). */
  readonly text?: string | null;
  /** The text looks like it holds a link: shown as text all the same, never made clickable. */
  readonly link?: true;
  /** The table's step (`StateUpdate.seq`) when it was written: where the replay shows it. */
  readonly seq: number;
  /** Unix ms. */
  readonly at: number;
}

/** What a connection may do in the chat, sent with `chat-log` on joining and with `chat-rules` on change. */
export interface ChatRules {
  /** Free text is on; off (the host's choice): quick phrases only. */
  readonly freeText: boolean;
  /** This connection's player created the table: he turns free text on and off. */
  readonly host: boolean;
  /** This connection's player is a moderator (docs/chat.md): he hides messages and bars players. */
  readonly moderator: boolean;
  /** This connection may write: it has a player (spectators need a player token) and is not barred. */
  readonly canWrite: boolean;
}

/** A chat entry as a finished table's record keeps it (`meta.chat`, docs/record-format.md): no player ids. */
export interface RecordChat {
  readonly n: number;
  readonly ch: ChatChannel;
  readonly seat: Seat | null;
  readonly name: string;
  readonly quick?: QuickId;
  readonly text?: string | null;
  readonly seq: number;
  readonly at: number;
}

/** Free text that reads as a link (a scheme, `www.`, or a host name with a common top-level domain). */
const LINKISH =
  /\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|de|ch|at|net|org|io|info|eu|ly|gg|me|co|ru|xyz)\b|\bjavascript:|\bdata:/i;
export const looksLikeLink = (s: string): boolean => LINKISH.test(s);

/** HTTP paths of the chat's moderation (docs/chat.md). */
export const MODERATION_API = {
  /** GET (moderators): the open reports, newest first, with each message and its context. */
  reports: '/api/moderation/reports',
  /** GET (signed in): `{ moderator }`, whether the caller is one (the web shows the screen's link). */
  me: '/api/moderation/me',
  /** POST (moderators): hides the reported message from everyone and closes the report. */
  hide: '/api/moderation/reports/:id/hide',
  /** POST `{ on }` (moderators): bars the reported message's writer from chat, or lifts the bar. */
  bar: '/api/moderation/reports/:id/bar',
  /** POST (moderators): closes the report without doing anything else. */
  dismiss: '/api/moderation/reports/:id/dismiss',
} as const;

/** The answer of `MODERATION_API.me`. */
export interface ModeratorResponse {
  readonly moderator: boolean;
}

/** The answer of a moderator's action: the report as it is now. */
export interface ModerationAnswer {
  readonly report: ChatReport;
}

/** A stored message as a moderator sees it: hidden ones too, and the writer's player id. */
export interface ModeratedMessage {
  readonly n: number;
  readonly ch: ChatChannel;
  readonly seat: Seat | null;
  readonly name: string;
  readonly player: string;
  readonly quick?: QuickId;
  readonly text?: string | null;
  readonly hidden: boolean;
  readonly at: number;
}

export interface ChatReport {
  readonly id: string;
  readonly table: string;
  readonly createdAt: string;
  readonly reporter: string;
  /** The reporter's name (his account's, else his player name). */
  readonly reporterName: string;
  readonly reason: string | null;
  /** The writer is barred from chat just now. */
  readonly barred: boolean;
  /** Closed by a moderator: `hidden` (he hid the message) or `dismissed`; null while open. */
  readonly closed: 'hidden' | 'dismissed' | null;
  /** The reported message; null if it is gone (never, unless the table was deleted). */
  readonly message: ModeratedMessage | null;
  /** The messages of its channel before it (REPORT_CONTEXT at most), oldest first. */
  readonly context: readonly ModeratedMessage[];
}

export interface ReportsResponse {
  readonly reports: readonly ChatReport[];
}

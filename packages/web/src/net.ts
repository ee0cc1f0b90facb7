/**
 * Talking to the server: the HTTP API for guests, tables and records, and one Colyseus room per table
 * carrying the protocol messages `{ t, d, id }` on the channel `m` (packages/protocol).
 *
 * Reconnecting: the seat token from `welcome` is kept in localStorage per table. A dropped socket is
 * resumed by the SDK; when that fails, or after a reload, the table is joined again with the token.
 */
import type { ColyseusSDK, Room } from '@colyseus/sdk';
import type {
  AnalysisResponse,
  ChatEntry,
  ChatRules,
  CreateTable,
  FairNews,
  GamesResponse,
  GuestResponse,
  HintResponse,
  HttpError,
  MyTablesResponse,
  PlayNow,
  PlayNowResponse,
  RematchOfferResponse,
  RematchResponse,
  ReplayResponse,
  ServerMessage,
  StateUpdate,
  TableInfo,
  TableResponse,
  TablesResponse,
  Welcome,
} from '@stich/protocol';
import { applyEvents, type Folded, fromSnapshot } from '@stich/protocol/events';
import type { WireAction } from './actions.ts';

// Values of packages/protocol (CHANNEL, ROOM_LOBBY, API); repeated here so that the bundle does not pull
// the protocol's zod schemas and the engine in with them.
const CHANNEL = 'm';
const ROOM_LOBBY = 'lobby';
/** Close code of a connection replaced by a newer one of the same seat (server TableRoom). */
const CLOSE_REPLACED = 4100;

const TOKEN_KEY = 'stich.token';
const NAME_KEY = 'stich.name';
/** The account name while this browser is signed in (docs/web.md, Accounts): the lobby asks nothing to show it. */
const ACCOUNT_KEY = 'stich.account';
const seatKey = (tableId: string) => `stich.seat.${tableId}`;

const store = {
  get(k: string): string | null {
    try {
      return localStorage.getItem(k);
    } catch {
      return null;
    }
  },
  set(k: string, v: string | null): void {
    try {
      if (v === null) localStorage.removeItem(k);
      else localStorage.setItem(k, v);
    } catch {
      // storage blocked: the session still works, only reload recovery is lost
    }
  },
};

export class ApiError extends Error {
  readonly code: string;
  constructor(code: string, reason: string) {
    super(reason);
    this.code = code;
  }
}

const base = (): string => location.origin;

async function http<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = store.get(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base() + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError('bad-json', `${method} ${path}: ${res.status} ${text.slice(0, 120)}`);
  }
  if (res.status === 401 && token && !retried && path !== '/api/guests') {
    // The server no longer knows this guest (a fresh database), or the signed-in session ended: become a
    // new guest and try once more.
    forgetSignIn();
    await ensureGuest();
    return http<T>(method, path, body, true);
  }
  if (!res.ok) {
    const e = (data ?? {}) as Partial<HttpError>;
    throw new ApiError(e.code ?? `http-${res.status}`, e.reason ?? `${method} ${path}: ${res.status}`);
  }
  return data as T;
}

export const savedName = (): string => store.get(NAME_KEY) ?? '';

/** The account this browser is signed in to, or null for a guest. */
export const signedInAs = (): string | null => store.get(ACCOUNT_KEY);

/** The player token of this browser (a guest's, or a signed-in session's play token). */
export const playerToken = (): string | null => store.get(TOKEN_KEY);

/**
 * Signed in (register, password or passkey login): the session's play token takes the guest token's place
 * and is used exactly as it was (docs/accounts.md); the account's name is the player's name.
 */
export function keepSignIn(token: string, name: string): void {
  store.set(TOKEN_KEY, token);
  store.set(NAME_KEY, name);
  store.set(ACCOUNT_KEY, name);
}

/** Signed out, or the session ended: the token goes, and the next need makes a fresh guest. */
export function forgetSignIn(): void {
  if (store.get(ACCOUNT_KEY) !== null) {
    store.set(ACCOUNT_KEY, null);
    store.set(NAME_KEY, null);
  }
  store.set(TOKEN_KEY, null);
}

let creatingGuest: Promise<string> | null = null;

/** The guest identity: created once, kept in localStorage; concurrent callers share one creation. */
export async function ensureGuest(name?: string): Promise<string> {
  if (creatingGuest) return creatingGuest;
  creatingGuest = guest(name).finally(() => {
    creatingGuest = null;
  });
  return creatingGuest;
}

async function guest(name?: string): Promise<string> {
  const token = store.get(TOKEN_KEY);
  const wanted = (name ?? savedName()).trim() || 'Gast';
  if (token) {
    // An account's name is its player's name; only a guest renames himself (PATCH refuses accounts).
    if (name && name !== savedName() && !signedInAs()) {
      try {
        await http('PATCH', '/api/me', { name: wanted });
        store.set(NAME_KEY, wanted);
      } catch {
        // a renamed guest is not worth failing over
      }
    }
    return token;
  }
  const r = await http<GuestResponse>('POST', '/api/guests', { name: wanted });
  store.set(TOKEN_KEY, r.token);
  store.set(NAME_KEY, r.player.name);
  return r.token;
}

export const listGames = () => http<GamesResponse>('GET', '/api/games');
export const listTables = () => http<TablesResponse>('GET', '/api/tables');
export const createTable = (input: CreateTable) => http<TableResponse>('POST', '/api/tables', input);
export const playNow = (input: Partial<PlayNow> & { game: PlayNow['game'] }) =>
  http<PlayNowResponse>('POST', '/api/play-now', input);
export const resolveInvite = (code: string) =>
  http<TableResponse>('GET', `/api/invite/${encodeURIComponent(code)}`);
export const fetchRecord = (tableId: string) =>
  http<unknown>('GET', `/api/tables/${encodeURIComponent(tableId)}/record`);

/**
 * A finished match's record for its replay, with the requester's seat and a link for others; `code` is the
 * invite code of a private table (from a replay link, else the one this tab joined with).
 */
export const fetchReplay = (tableId: string, code?: string) => {
  const c = code ?? sessionStorage.getItem(`stich.code.${tableId}`);
  const q = c ? `?code=${encodeURIComponent(c)}` : '';
  return http<ReplayResponse>('GET', `/api/tables/${encodeURIComponent(tableId)}/replay${q}`);
};

/** The search player's hint for this guest's seat at a running table (docs/analysis.md). */
export const askHint = (tableId: string) =>
  http<HintResponse>('POST', `/api/tables/${encodeURIComponent(tableId)}/hint`, {});

/** The analysis of a finished match's deals (docs/analysis.md). */
export const fetchAnalysis = (tableId: string) => {
  const code = sessionStorage.getItem(`stich.code.${tableId}`);
  const q = code ? `?code=${encodeURIComponent(code)}` : '';
  return http<AnalysisResponse>('GET', `/api/tables/${encodeURIComponent(tableId)}/analysis${q}`);
};

/** The rematch of a finished match this guest played: his seat at the next table. */
export const rematch = (tableId: string) =>
  http<RematchResponse>('POST', `/api/tables/${encodeURIComponent(tableId)}/rematch`);

/** Whether a rematch of a finished match this guest played was asked for, by whom, who accepted. */
export const rematchOffer = (tableId: string) =>
  http<RematchOfferResponse>('GET', `/api/tables/${encodeURIComponent(tableId)}/rematch`);

/** A table as everyone may know it (a finished one from the database). */
export const fetchTable = (tableId: string) => {
  const code = sessionStorage.getItem(`stich.code.${tableId}`);
  const q = code ? `?code=${encodeURIComponent(code)}` : '';
  return http<TableResponse>('GET', `/api/tables/${encodeURIComponent(tableId)}${q}`);
};

/** The host starts his waiting table now; computer players take the free seats. */
export const startNow = (tableId: string) =>
  http<{ ok: true }>('POST', `/api/tables/${encodeURIComponent(tableId)}/start`);

/** The tables this guest holds a seat at (none before he is a guest). */
export const myTables = async (): Promise<MyTablesResponse> =>
  store.get(TOKEN_KEY) ? http<MyTablesResponse>('GET', '/api/me/tables') : { tables: [] };

type Inbox = { deliver: (m: ServerMessage) => void; queue: ServerMessage[] };
const inboxes = new WeakMap<Room, Inbox>();

/**
 * The server sends `welcome` and the first `state` as soon as the seat is taken, which can be before
 * `joinById` resolves; a handler registered after it would miss them. So every room gets its protocol
 * handler when it is created, holding messages until `inbox(room, ...)` is connected.
 */
function stichClient(SDK: typeof ColyseusSDK): ColyseusSDK {
  class StichClient extends SDK {
    protected override createRoom<T>(roomName: string, rootSchema?: never): Room<unknown, T> {
      const room = super.createRoom<T>(roomName, rootSchema) as Room<unknown, T>;
      const box: Inbox = { deliver: (m) => box.queue.push(m), queue: [] };
      inboxes.set(room as Room, box);
      // Table rooms send JSON text (join option `json`: cheaper for the server than msgpack objects).
      room.onMessage(CHANNEL, (m: ServerMessage | string) =>
        box.deliver(typeof m === 'string' ? (JSON.parse(m) as ServerMessage) : m),
      );
      return room;
    }
  }
  return new StichClient(base());
}

function inbox(room: Room, deliver: (m: ServerMessage) => void): void {
  const box = inboxes.get(room);
  if (!box) {
    room.onMessage(CHANNEL, (m: ServerMessage | string) =>
      deliver(typeof m === 'string' ? (JSON.parse(m) as ServerMessage) : m),
    );
    return;
  }
  box.deliver = deliver;
  for (const m of box.queue.splice(0)) deliver(m);
}

// The Colyseus SDK (with its schema decoder and msgpack, some 45 KB gzipped) is its own chunk, fetched
// by the first room joined: the lobby's first screen is drawn from the HTTP API without it.
let client: Promise<ColyseusSDK> | null = null;
const sdk = (): Promise<ColyseusSDK> => {
  client ??= import('@colyseus/sdk').then(
    (m) => stichClient(m.ColyseusSDK),
    (e: unknown) => {
      // A failed fetch of the chunk is tried again by the next join.
      client = null;
      throw e;
    },
  );
  return client;
};

export const seatTokenFor = (tableId: string): string | null => store.get(seatKey(tableId));

/** Live updates of the open tables. */
export async function watchLobby(
  onTables: (f: (old: TableInfo[]) => TableInfo[]) => void,
  onTotal: (total: number) => void = () => {},
): Promise<() => void> {
  const room = await (await sdk()).join(ROOM_LOBBY, {});
  inbox(room, (m: ServerMessage) => {
    // `lobby` carries the newest page of tables and how many there are in all.
    if (m.t === 'lobby') {
      onTables(() => [...m.d.tables]);
      onTotal(m.d.total);
    } else if (m.t === 'lobby+') onTables((old) => [...old.filter((x) => x.id !== m.d.id), m.d]);
    else if (m.t === 'lobby-') onTables((old) => old.filter((x) => x.id !== m.d.id));
  });
  return () => void room.leave(true);
}

export type ConnStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

interface TableEvents {
  welcome(w: Welcome): void;
  table(t: TableInfo): void;
  state(s: StateUpdate): void;
  error(code: string, reason: string): void;
  status(s: ConnStatus): void;
  /** The fair deal's commitment and reveal (Fair.tsx). */
  fair?(n: FairNews): void;
  /** The chat (Chat.tsx): what came, and the answers to this connection's chat requests. */
  chat?(e: ChatEvent): void;
}

/** What the chat panel hears from the table connection (docs/chat.md). */
export type ChatEvent =
  | { readonly kind: 'log'; readonly entries: readonly ChatEntry[]; readonly rules: ChatRules }
  | { readonly kind: 'entry'; readonly entry: ChatEntry }
  | { readonly kind: 'hidden'; readonly n: number }
  | { readonly kind: 'rules'; readonly rules: ChatRules }
  | { readonly kind: 'done'; readonly what: string }
  | { readonly kind: 'error'; readonly code: string; readonly reason: string };

interface JoinRequest {
  tableId: string;
  seat?: number;
  code?: string;
  spectate?: boolean;
}

/** One table connection, rejoining by itself after a drop. */
export class TableConn {
  private room: Room | null = null;
  private nextId = 1;
  private seq: number | null = null;
  /** What the table's events have built (the server sends a snapshot, then patch frames). */
  private cur: Folded<StateUpdate> | null = null;
  /** A frame did not follow `cur` (a message was lost): a snapshot is asked for and awaited. */
  private syncing = false;
  private closed = false;
  private retry = 0;
  private retriedGuest = false;
  /** Request ids of `seed` messages (whose errors are not shown), with what to do when one is taken. */
  private readonly seedIds = new Map<number, () => void>();
  /** Request ids of chat requests: their errors go to the chat panel, not the table's banner. */
  private readonly chatIds = new Set<number>();
  readonly req: JoinRequest;
  private readonly ev: TableEvents;

  constructor(req: JoinRequest, ev: TableEvents) {
    this.req = req;
    this.ev = ev;
  }

  async open(): Promise<void> {
    this.ev.status('connecting');
    await this.join();
  }

  private async join(): Promise<void> {
    const token = await ensureGuest();
    // Asking for the table brings its room back to life after a server restart.
    const q = this.req.code ? `?code=${encodeURIComponent(this.req.code)}` : '';
    await http('GET', `/api/tables/${encodeURIComponent(this.req.tableId)}${q}`).catch(() => {});
    const seatToken = seatTokenFor(this.req.tableId);
    // JSON text frames, and the table as events: a snapshot, then per change the patch operations on it
    // (protocol events.ts), which this connection folds and the server computes once per step.
    const opts: Record<string, unknown> = { token, json: true, events: true };
    if (seatToken) opts.seatToken = seatToken;
    if (this.req.seat !== undefined) opts.seat = this.req.seat;
    if (this.req.code) opts.code = this.req.code;
    if (this.req.spectate) opts.spectate = true;
    let room: Room;
    try {
      room = await (await sdk()).joinById(this.req.tableId, opts);
    } catch (e) {
      console.warn(`joining table ${this.req.tableId} failed:`, (e as Error).message);
      if (/^unauthorized/.test((e as Error).message) && !this.retriedGuest) {
        // The server no longer knows this guest: become a new one and try again.
        this.retriedGuest = true;
        forgetSignIn();
        return this.join();
      }
      // A stale seat token (e.g. another browser took the seat over): try once without it.
      // Kept when that fails too (a finished table has no room): it still marks a player of the match.
      if (seatToken) {
        delete opts.seatToken;
        room = await (await sdk()).joinById(this.req.tableId, opts);
        store.set(seatKey(this.req.tableId), null);
      } else throw e;
    }
    if (this.closed) {
      void room.leave(true);
      return;
    }
    this.attach(room);
  }

  private attach(room: Room): void {
    this.room = room;
    this.retry = 0;
    this.ev.status('open');
    inbox(room, (m) => this.onMessage(m));
    // A few quick tries to the same server process; if it is gone, a fresh join (below) finds the process
    // that took the table over, whose address the seat reservation carries (docs/deploy.md).
    room.reconnection.maxRetries = 4;
    room.onDrop(() => this.ev.status('reconnecting'));
    room.onReconnect(() => {
      this.ev.status('open');
      this.send('sync', {});
    });
    room.onLeave((code) => {
      if (this.room !== room || this.closed) return;
      this.room = null;
      if (code === CLOSE_REPLACED) {
        // The seat was taken over by a newer connection (another tab): do not fight over it.
        this.ev.status('closed');
        this.ev.error('replaced', 'this seat is now open in another window');
        return;
      }
      this.rejoinLater();
    });
  }

  private rejoinLater(): void {
    this.ev.status('reconnecting');
    const delay = Math.min(5000, 250 * 2 ** this.retry++);
    setTimeout(() => {
      if (this.closed) return;
      this.join().catch((e: Error) => {
        console.warn('rejoin failed:', e.message);
        this.rejoinLater();
      });
    }, delay);
  }

  private onMessage(m: ServerMessage): void {
    switch (m.t) {
      case 'welcome':
        if (m.d.seatToken) store.set(seatKey(this.req.tableId), m.d.seatToken);
        this.ev.welcome(m.d);
        break;
      case 'table':
        this.ev.table(m.d);
        break;
      case 'state':
        this.syncing = false;
        this.cur = null;
        this.seq = m.d.seq;
        this.ev.state(m.d);
        break;
      case 'snap':
        this.syncing = false;
        this.cur = fromSnapshot<StateUpdate>(m.d);
        this.seq = m.d.seq;
        this.ev.state(this.cur.update);
        break;
      case 'ev': {
        const next = this.cur && applyEvents(this.cur, m.d);
        if (!next) {
          // A frame was lost or does not fit: the whole table again (frames until then are dropped).
          if (!this.syncing) this.send('sync', {});
          this.syncing = true;
          break;
        }
        this.cur = next;
        this.seq = next.update.seq;
        this.ev.state(next.update);
        break;
      }
      case 'chat-log':
        this.ev.chat?.({ kind: 'log', entries: m.d.entries, rules: m.d.rules });
        break;
      case 'chat':
        if (typeof m.id === 'number') this.chatIds.delete(m.id);
        this.ev.chat?.({ kind: 'entry', entry: m.d });
        break;
      case 'chat-hidden':
        this.ev.chat?.({ kind: 'hidden', n: m.d.n });
        break;
      case 'chat-rules':
        this.ev.chat?.({ kind: 'rules', rules: m.d });
        break;
      case 'chat-done':
        if (typeof m.id === 'number') this.chatIds.delete(m.id);
        this.ev.chat?.({ kind: 'done', what: m.d.what });
        break;
      case 'error':
        // A value for a deal dealt meanwhile (`stale`) is no error of the player's: the next one is sent.
        if (typeof m.id === 'number' && this.seedIds.delete(m.id)) break;
        if (typeof m.id === 'number' && this.chatIds.delete(m.id)) {
          this.ev.chat?.({ kind: 'error', code: m.d.code, reason: m.d.reason });
          break;
        }
        this.ev.error(m.d.code, m.d.reason);
        break;
      case 'fair':
        if (typeof m.id === 'number') this.seedIds.get(m.id)?.();
        if (typeof m.id === 'number') this.seedIds.delete(m.id);
        this.ev.fair?.(m.d);
        break;
      default:
        break;
    }
  }

  private send(t: string, d: unknown): void {
    this.room?.send(CHANNEL, { t, id: this.nextId++, d });
  }

  /** This seat's own random value for the committed deal `deal` (docs/fair-deal.md). */
  sendSeed(deal: number, value: string, taken: () => void): void {
    this.seedIds.set(this.nextId, taken);
    this.send('seed', { deal, value });
  }

  /** A chat request (docs/protocol.md, Chat): its answer or error comes as a ChatEvent. */
  chat(t: 'chat' | 'chat-report' | 'chat-hide' | 'chat-bar' | 'chat-free', d: Record<string, unknown>): void {
    if (!this.room) {
      this.ev.chat?.({ kind: 'error', code: 'offline', reason: 'not connected' });
      return;
    }
    this.chatIds.add(this.nextId);
    this.send(t, d);
  }

  /** The computers' pace at this table (ms); the server honours it for a person alone with computers. */
  speed(botDelayMs: number): void {
    this.send('speed', { botDelayMs });
  }

  act(action: WireAction): void {
    this.send('act', this.seq === null ? { action } : { action, seq: this.seq });
  }

  /** For tests: drop the socket as a network loss would. */
  dropForTest(): void {
    (this.room?.connection as unknown as { transport?: { ws?: WebSocket } })?.transport?.ws?.close();
  }

  close(): void {
    this.closed = true;
    void this.room?.leave(true);
    this.room = null;
  }
}

/**
 * The lobby room: the open public tables, live. On join a client gets `lobby` with the first page (the
 * newest LOBBY_PAGE tables) and the total, then `lobby+` for each new or changed table and `lobby-` for
 * each that closes or ends. Further pages: `GET /api/tables?offset=&limit=`. The list comes from the
 * matchmaker's room listings (shared between processes when Colyseus runs with a shared driver).
 */
import { type AuthContext, type Client, matchMaker, Room, subscribeLobby } from '@colyseus/core';
import {
  CHANNEL,
  errorMessage,
  ROOM_TABLE,
  type ServerMessage,
  type TableInfo,
  type TablesResponse,
} from '@stich/protocol';
import { admitToLobby, arrived } from './admission.ts';
import { context } from './context.ts';
import { overSendBuffer } from './edge.ts';

interface Listing {
  readonly roomId: string;
  readonly name: string;
  readonly private?: boolean;
  readonly metadata?: TableInfo;
}

const listed = (l: Listing | null | undefined): l is Listing & { metadata: TableInfo } =>
  !!l && l.name === ROOM_TABLE && !l.private && !!l.metadata && l.metadata.status !== 'over';

/** Every open public table, from the matchmaker's listings. */
export async function openTables(): Promise<TableInfo[]> {
  const rooms = (await matchMaker.query({ name: ROOM_TABLE, private: false })) as unknown as Listing[];
  return rooms.filter(listed).map((r) => r.metadata);
}

/** Newest first; ties (same creation time) by id, so pages do not overlap. */
const newestFirst = (a: TableInfo, b: TableInfo) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function page(all: Iterable<TableInfo>, offset: number, limit: number): TablesResponse {
  const sorted = [...all].sort(newestFirst);
  return { tables: sorted.slice(offset, offset + limit), total: sorted.length, offset, limit };
}

/** One page of the open public tables, newest first. */
export async function lobbyPage(offset: number, limit: number): Promise<TablesResponse> {
  return page(await openTables(), offset, limit);
}

export class LobbyRoom extends Room {
  // The server creates the lobby at start and keeps it; clients only join it (`join('lobby')`).
  override autoDispose = false;
  private tables = new Map<string, TableInfo>();
  private unsubscribe: (() => void) | undefined;

  static override async onAuth(_token: string, _options: unknown, ctx: AuthContext): Promise<true> {
    return admitToLobby(ctx);
  }

  override onAuth(_client: Client, _options: unknown, ctx: AuthContext): true {
    arrived(ctx);
    return true;
  }

  override async onCreate() {
    this.maxMessagesPerSecond = context().config.rateClose;
    // The lobby itself is not a table to list.
    (this as unknown as { _listing: { unlisted: boolean } })._listing.unlisted = true;
    this.onMessage('*', (client) => {
      this.sendTo(client, errorMessage('unknown-type', 'the lobby takes no messages'));
    });
    this.unsubscribe = await subscribeLobby((roomId, data) => {
      const listing = data as unknown as Listing | null;
      if (listed(listing)) {
        this.tables.set(roomId, listing.metadata);
        this.broadcastMsg({ t: 'lobby+', d: listing.metadata });
      } else if (this.tables.delete(roomId)) this.broadcastMsg({ t: 'lobby-', d: { id: roomId } });
    });
    for (const t of await openTables()) this.tables.set(t.id, t);
  }

  override onJoin(client: Client) {
    const first = page(this.tables.values(), 0, context().config.limits.lobbyPage);
    this.sendTo(client, { t: 'lobby', d: { tables: first.tables, total: first.total } });
  }

  override onDispose() {
    this.unsubscribe?.();
  }

  private sendTo(client: Client, msg: ServerMessage) {
    if (!overSendBuffer(client, context().config.sendBufferMax)) client.send(CHANNEL, msg);
  }

  private broadcastMsg(msg: ServerMessage) {
    for (const client of this.clients) this.sendTo(client, msg);
  }
}

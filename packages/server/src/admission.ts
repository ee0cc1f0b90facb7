/**
 * Who may reserve a seat in a room. Colyseus reserves a seat at the matchmaking request, before the
 * WebSocket connects and the room's own `onAuth` runs; a reservation counts toward the room until it is
 * used or expires. So the rooms' static `onAuth` (run by the matchmaker before reserving) asks here for the
 * same authority as joining: a seat token, a player token for a seat, the invite code of a private table,
 * or a public table for spectators; and no address holds more than `JOINS_PER_ADDRESS` pending joins.
 * A table is only ever joined by its id (`joinById`); database errors never reach the client as text.
 */
import { type AuthContext, ServerError } from '@colyseus/core';
import { type JoinOptions, joinOptionsSchema, tableIdSchema } from '@stich/protocol';
import { context } from './context.ts';
import { isStorageError } from './edge.ts';
import { hash } from './store.ts';

/** How long a seat reservation waits for its connection: Colyseus' own default, from the same variable. */
export const RESERVATION_SECONDS = Number(process.env.COLYSEUS_SEAT_RESERVATION_TIME || 15);

/** The table a matchmaking request names: `POST /matchmake/joinById/<tableId>`. */
function requestedTable(ctx: AuthContext): string | undefined {
  const url = (ctx.req as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') return undefined;
  const m = /^\/matchmake\/joinById\/([^/?#]+)$/.exec(new URL(url).pathname);
  return m ? decodeURIComponent(m[1]) : undefined;
}

/**
 * Counts a reservation for the caller's address, or refuses it. A seat holder's join (`holder`: its seat
 * token, or its player token at this table) is counted by that credential instead, so anonymous
 * spectators behind the same address (a school, a NAT) never lock a seated player out.
 */
function reserve(ctx: AuthContext, holder?: string): void {
  const { admissions, config } = context();
  if (!admissions.reserve(ctx.ip, holder))
    throw new ServerError(
      429,
      holder
        ? `rate-limited: more than ${config.joinsPerAddress} joins for your seat are waiting to connect`
        : `rate-limited: more than ${config.joinsPerAddress} joins from your address are waiting to connect`,
    );
}

/** The credentials a join may be counted by (`reserve`): its seat token's, its player token's at the table. */
function holderKeys(id: string, o: JoinOptions): { seat?: string; player?: string } {
  return {
    ...(o.seatToken ? { seat: `seat:${hash(o.seatToken)}` } : {}),
    ...(o.token ? { player: `player:${id}/${hash(o.token)}` } : {}),
  };
}

/** A database failure as the client sees it: a code, never the database's own text. */
export function storageRefusal(e: unknown): unknown {
  if (e instanceof ServerError || !isStorageError(e)) return e;
  context().log.error({ err: e }, 'join failed on storage');
  return new ServerError(503, 'storage: the server cannot read its database just now; try again');
}

/** The table room's static onAuth: the authority to join, checked before a seat is reserved. */
export async function admitToTable(options: unknown, ctx: AuthContext): Promise<true> {
  const id = requestedTable(ctx);
  if (id === undefined)
    throw new ServerError(403, 'forbidden: a table is joined by its id (joinById), never by name');
  if (!tableIdSchema.safeParse(id).success)
    throw new ServerError(404, `not-found: no table ${id.slice(0, 40)}`);
  const parsed = joinOptionsSchema.safeParse(options ?? {});
  if (!parsed.success)
    throw new ServerError(400, `malformed: join options: ${parsed.error.issues[0].message}`);
  const o: JoinOptions = parsed.data;
  let holds: 'seat' | 'player' | undefined;
  try {
    holds = await authority(id, o);
  } catch (e) {
    throw storageRefusal(e);
  }
  reserve(ctx, holds && holderKeys(id, o)[holds]);
  return true;
}

/** Throws unless the join may go ahead; says whether it is a seat holder's, and by which credential. */
async function authority(id: string, o: JoinOptions): Promise<'seat' | 'player' | undefined> {
  const { store } = context();
  const row = await store.table(id);
  if (!row) throw new ServerError(404, `not-found: no table ${id}`);
  const holders = await store.holders(id);
  if (o.seatToken) {
    const h = hash(o.seatToken);
    if (!holders.some((x) => x.tokenHash === h)) throw new ServerError(403, 'forbidden: unknown seat token');
    return 'seat';
  }
  const player = o.token ? await store.playerByToken(o.token) : undefined;
  if (o.token && !player) throw new ServerError(401, 'unauthorized: unknown player token');
  const member = player ? holders.find((h) => h.playerId === player.id) : undefined;
  if (row.visibility === 'private' && !member && o.code !== row.invite)
    throw new ServerError(403, 'forbidden: this private table needs its invite code');
  if (member) return 'player';
  if (o.spectate) return undefined;
  if (!player) throw new ServerError(401, 'unauthorized: a seat needs a player token (POST /api/guests)');
  const free = row.setup.some(
    (s, seat) => s.kind === 'human' && !s.program && !holders.some((h) => h.seat === seat),
  );
  if (!free) throw new ServerError(409, 'seat-taken: no free seat at this table; join as spectator');
  return undefined;
}

/** The lobby room's static onAuth: anyone may watch the lobby, within the per-address limit. */
export async function admitToLobby(ctx: AuthContext): Promise<true> {
  reserve(ctx);
  return true;
}

/**
 * A room's own onAuth runs when the reserved seat's connection arrives: the reservation is used up, the
 * one counted by the join's credential if there is one, else the address's.
 */
export function arrived(ctx: AuthContext | undefined, table?: string, options?: unknown): void {
  const o = joinOptionsSchema.safeParse(options ?? {});
  const keys = table && o.success ? holderKeys(table, o.data) : {};
  context().admissions.arrived(ctx?.ip, [keys.seat, keys.player]);
}

/**
 * Which process runs a table, and bringing a table to life. A table's room lives in the one process that
 * holds its lease (leases.ts); every process can answer for every table: `ensureLive` finds the owner's
 * room through the matchmaker's listings (shared through Redis in a cluster) or takes the lease and loads
 * the table here. A client that joins is sent to the owner by its seat reservation (Colyseus'
 * `publicAddress`). Every quarter of the lease time the process renews its leases, closes the rooms of
 * tables it lost, and takes over unfinished tables nobody owns where a person holds a seat (their owner
 * died). docs/deploy.md.
 */
import { type IRoomCache, matchMaker, type Room, ServerError } from '@colyseus/core';
import { cryptoRng, shuffle } from '@stich/engine';
import { ROOM_TABLE, type TableInfo } from '@stich/protocol';
import type { Logger } from 'pino';
import type { Leases } from './leases.ts';

/** Close code for the connections of a table that now runs in another process: rejoin it (GET, then join). */
export const CLOSE_MOVED = 4102;
/** Most unowned tables one process takes over per round, so that several survivors share a dead one's tables. */
const TAKEOVER_BATCH = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether a process still listens on its matchmaking channel. A killed process's Redis connection closes,
 * and its subscriptions with it, at once; its lease still has to expire before another process may write.
 */
async function alive(processId: string): Promise<boolean> {
  if (processId === matchMaker.processId) return true;
  return (await matchMaker.presence.channels(`p:${processId}`)).length > 0;
}

export class Owner {
  readonly leases: Leases;
  private readonly log: Logger;
  private readonly loading = new Map<string, Promise<TableInfo | undefined | null>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(leases: Leases, log: Logger) {
    this.leases = leases;
    this.log = log;
  }

  /** The live room's table info, restoring the table from its record when no process holds it. */
  async ensureLive(tableId: string): Promise<TableInfo | undefined> {
    const deadline = Date.now() + this.leases.ttlMs + 10_000;
    for (;;) {
      const local = matchMaker.getLocalRoomById(tableId) as Room<{ metadata: TableInfo }> | undefined;
      if (local?.metadata) return local.metadata;
      const pending = this.loading.get(tableId);
      const found = (await matchMaker.query({ roomId: tableId }))[0] as IRoomCache | undefined;
      const lease = pending ? undefined : await this.leases.get(tableId);
      if (lease?.live && lease.owner !== this.leases.owner) {
        // The owner's listing, unless the owner is gone (a join would wait for it in vain).
        if (found?.metadata && found.processId === lease.owner && (await alive(lease.owner)))
          return found.metadata as TableInfo;
        // Its owner is loading it, or died and its lease has not expired yet.
        if (Date.now() > deadline)
          throw new ServerError(
            503,
            `unavailable: table ${tableId} is held by a process that does not answer`,
          );
        await sleep(100);
        continue;
      }
      // Read again: a request that arrived during the awaits above may have started the load meanwhile
      // (two loads here would make two rooms of one table in this process).
      const info = await (this.loading.get(tableId) ?? this.load(tableId, found));
      // null: another process took the lease first; look again.
      if (info !== null) return info;
    }
  }

  /** Takes the lease and loads the table here; null when another process holds the lease. */
  private load(tableId: string, found: IRoomCache | undefined): Promise<TableInfo | undefined | null> {
    const p = (async () => {
      try {
        if (!(await this.leases.acquire(tableId))) return null;
        const local = matchMaker.getLocalRoomById(tableId) as Room<{ metadata: TableInfo }> | undefined;
        if (local) return local.metadata;
        // A listing left by a process whose lease lapsed (it died): the table is ours now.
        if (found && found.processId !== matchMaker.processId) await matchMaker.driver.remove(tableId);
        try {
          const room = await matchMaker.createRoom(ROOM_TABLE, { tableId });
          return room.metadata as TableInfo | undefined;
        } catch (e) {
          await this.leases.release(tableId).catch(() => {});
          throw e;
        }
      } finally {
        this.loading.delete(tableId);
      }
    })();
    this.loading.set(tableId, p);
    return p;
  }

  /** Loads the given unowned tables (at start, and those of a dead process); returns how many it loaded. */
  async takeOver(ids: readonly string[]): Promise<number> {
    let n = 0;
    for (const id of ids) {
      if (this.stopped) break;
      try {
        const info = await (this.loading.get(id) ?? this.load(id, undefined));
        if (info !== null) n++;
      } catch (e) {
        this.log.error({ table: id, err: e }, 'table could not be restored');
      }
    }
    return n;
  }

  /** Starts renewing leases and taking over tables of dead processes. */
  start(): void {
    const every = Math.max(100, this.leases.ttlMs / 4);
    const round = async () => {
      this.timer = null;
      await this.round();
      if (!this.stopped) {
        this.timer = setTimeout(() => void round(), every);
        this.timer.unref();
      }
    };
    this.timer = setTimeout(() => void round(), every);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    try {
      for (const id of await this.leases.renew()) this.lost(id);
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'leases could not be renewed');
      return;
    }
    try {
      const orphans = shuffle(await this.leases.unowned(true), cryptoRng).slice(0, TAKEOVER_BATCH);
      if (orphans.length === 0) return;
      const n = await this.takeOver(orphans);
      if (n > 0) this.log.info({ tables: n }, 'took over tables nobody owned');
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'unowned tables could not be read');
    }
  }

  /**
   * This process held the table past its lease and another process owns it now: its room here closes
   * (its players rejoin at the new owner) without touching the new owner's listing.
   */
  private lost(tableId: string): void {
    const room = matchMaker.getLocalRoomById(tableId) as Room | undefined;
    this.log.error({ table: tableId }, 'lease lost to another process; closing the table here');
    if (!room) return;
    (room as unknown as { _listing: { roomId: string } })._listing.roomId = `moved:${tableId}`;
    room.disconnect(CLOSE_MOVED).catch(() => {});
  }

  /** A table's room is gone (finished, parked, closed): its lease goes back. */
  released(tableId: string): void {
    // A newer room of the same table (asked for again while this one was closing) keeps the lease.
    if (matchMaker.getLocalRoomById(tableId) || this.loading.has(tableId)) return;
    this.leases.release(tableId).catch((e: unknown) => {
      this.log.warn({ table: tableId, err: (e as Error).message }, 'lease could not be given back');
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.loading.values()]);
  }
}

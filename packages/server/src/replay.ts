/**
 * Replays of finished matches (docs/server.md, "Replays"): `GET /api/tables/:id/replay` sends the record
 * once, with the requester's seat and a link for whoever may see the match; the client steps through it
 * with the engine (`@stich/protocol/replay`). The server never replays a record for a replay: a finished
 * table's answer is its record's size, built once per set of seat names and cached (`BodyCache`), and each
 * address may ask for REPLAYS_PER_MINUTE replays and records. Record files ("Nachspielen") never reach the
 * server.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createEndpoint } from '@colyseus/core';
import type { ErrorCode, Player, RecordChat } from '@stich/protocol';
import { API, AROUND_API } from '@stich/protocol';
import { context } from './context.ts';
import { type Limit, memoryLimit, peerOf, redisLimit } from './limits.ts';
import { hash, type TableRow } from './store.ts';
import { withheld } from './tournaments-tables.ts';

const zip = promisify(gzip);

/** A body built once: its JSON text and that text gzip-compressed. */
interface Body {
  readonly text: string;
  readonly gz: Buffer;
}

/**
 * Answers built for finished tables, by key, least recently used dropped first once `maxBytes` (text and
 * gzip together) is passed. A finished table never changes, so an entry is never stale. Requests for a key
 * being built share the one build.
 */
export class BodyCache {
  private readonly entries = new Map<string, Promise<Body>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string, build: () => Promise<string>): Promise<Body> {
    const had = this.entries.get(key);
    if (had) {
      this.entries.delete(key);
      this.entries.set(key, had);
      return had;
    }
    const p = build().then(async (text) => ({ text, gz: await zip(text) }));
    this.entries.set(key, p);
    p.then(
      (b) => {
        if (this.entries.get(key) !== p) return;
        const size = b.text.length + b.gz.length;
        this.sizes.set(key, size);
        this.bytes += size;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === p) this.entries.delete(key);
      },
    );
    return p;
  }

  private trim(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      const size = this.sizes.get(key);
      // Entries still being built have no size yet and stay.
      if (size === undefined) continue;
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }

  /** Bytes held (for tests and /healthz-like probes). */
  get size(): number {
    return this.bytes;
  }
}

/** At most this much of the process's memory holds replay and record answers. */
const CACHE_BYTES = 64 * 1024 * 1024;

/** A JSON answer from a cached body, gzip-compressed for clients that accept it. */
function send(b: Body, headers: Headers | undefined, extra: Record<string, string> = {}): Response {
  const h: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    vary: 'Accept-Encoding',
    ...extra,
  };
  if (/\bgzip\b/.test(headers?.get('accept-encoding') ?? '')) {
    h['content-encoding'] = 'gzip';
    return new Response(new Uint8Array(b.gz), { headers: h });
  }
  return new Response(b.text, { headers: h });
}

/** The helpers of http.ts the routes use. */
export interface RouteKit {
  json(body: unknown, status?: number, headers?: Record<string, string>): Response;
  fail(code: ErrorCode, reason: string): Response;
  playerOf(headers: Headers | undefined): Promise<Player | undefined>;
  visibleTable(
    id: string,
    code: string | undefined,
    player: Player | undefined,
  ): Promise<{ error: Response; row?: undefined } | { row: TableRow; error?: undefined }>;
}

/**
 * A finished table's record for someone who may see it, or the answer that refuses it: the per-address
 * limit first (it costs nothing), then visibility, then whether the match is over.
 */
async function finished(
  kit: RouteKit,
  limit: Limit,
  ctx: { params: Record<string, unknown>; query?: Record<string, unknown>; headers?: Headers },
  what: string,
): Promise<{ error: Response } | { row: TableRow; player: Player | undefined; error?: undefined }> {
  const wait = await limit.take(peerOf(ctx.headers));
  if (wait > 0) {
    const per = context().config.limits.replaysPerMinute;
    return {
      error: kit.json(
        {
          code: 'too-many-requests',
          reason: `this address asked for ${per} replays or records in the last minute; try again shortly`,
        },
        429,
        { 'retry-after': String(Math.ceil(wait / 1000)) },
      ),
    };
  }
  const id = String(ctx.params.id);
  const code = typeof ctx.query?.code === 'string' ? ctx.query.code : undefined;
  const player = await kit.playerOf(ctx.headers);
  const v = await kit.visibleTable(id, code, player);
  if (v.error) return { error: v.error };
  // A running match's record holds every hand: it is published only when the match is over.
  if (v.row.status !== 'over')
    return { error: kit.fail('not-finished', `the ${what} is available when the match is over`) };
  // A duplicate tournament's deals are the same at every table of the round (docs/tournaments.md).
  if (await withheld(context().store.db, v.row.id))
    return {
      error: kit.fail('not-finished', `the ${what} is available when every table of the round is done`),
    };
  return { row: v.row, player };
}

/**
 * A finished table's chat for its record (`meta.chat`, docs/chat.md): both channels, without hidden
 * messages and without player ids; a deleted account's messages keep their place with `text: null`.
 */
export async function chatOf(tableId: string): Promise<RecordChat[]> {
  const rows = await context()
    .store.db.selectFrom('chat_messages')
    .select(['n', 'channel', 'seat', 'name', 'quick', 'text', 'seq', 'at'])
    .where('table_id', '=', tableId)
    .where('hidden_at', 'is', null)
    .orderBy('n')
    .execute();
  return rows.map((r) => ({
    n: Number(r.n),
    ch: r.channel as RecordChat['ch'],
    seat: r.seat === null ? null : Number(r.seat),
    name: r.name,
    ...(r.quick !== null ? { quick: r.quick as RecordChat['quick'] } : { text: r.text }),
    seq: Number(r.seq),
    at: Number(r.at),
  }));
}

export function replayRoutes(kit: RouteKit) {
  const { config, redis } = context();
  const per = config.limits.replaysPerMinute;
  // Per address over the whole cluster when there is one (a client's requests reach any process).
  const limit = redis === null ? memoryLimit(per, 60_000) : redisLimit(redis, 'replays', per, 60_000);
  const cache = new BodyCache(CACHE_BYTES);
  // The seat names are part of the key: a deleted account's seats take an anonymous name (accountdata.ts),
  // and a record cached before must not show the old one.
  // So are the chat's visible messages (a moderator hides one, a deletion removes a text): the chat
  // is read for each answer and its hash is part of the key too.
  const namesOf = async (id: string) => {
    const [holders, chat] = await Promise.all([context().store.holders(id), chatOf(id)]);
    return hash(`${holders.map((h) => `${h.seat}:${h.name}`).join('\n')}\n${JSON.stringify(chat)}`);
  };
  const record = async (id: string) =>
    cache.get(`record:${id}:${await namesOf(id)}`, async () => {
      const [rec, chat] = await Promise.all([context().store.record(id), chatOf(id)]);
      // The chat is in `meta`, which no reader interprets: `stich verify` and the analysis never see it.
      return JSON.stringify(
        rec === undefined ? null : chat.length === 0 ? rec : { ...rec, meta: { ...rec.meta, chat } },
      );
    });
  return {
    tableReplay: createEndpoint(AROUND_API.replay, { method: 'GET' }, async (ctx) => {
      const f = await finished(kit, limit, ctx, 'replay');
      if (f.error) return f.error;
      const { row, player } = f;
      const holders = player ? await context().store.holders(row.id) : [];
      const viewer = holders.find((h) => h.playerId === player?.id)?.seat ?? null;
      const link = `/#/replay/${row.id}${row.invite ? `?code=${row.invite}` : ''}`;
      const body = await cache.get(`replay:${row.id}:${viewer}:${await namesOf(row.id)}`, async () => {
        const { text } = await record(row.id);
        return `{"viewer":${JSON.stringify(viewer)},"link":${JSON.stringify(link)},"record":${text}}`;
      });
      return send(body, ctx.headers);
    }),

    record: createEndpoint(API.record, { method: 'GET' }, async (ctx) => {
      const f = await finished(kit, limit, ctx, 'record');
      if (f.error) return f.error;
      const id = f.row.id;
      return send(await record(id), ctx.headers, {
        'content-disposition': `attachment; filename="stich-${id}.record.json"`,
      });
    }),
  };
}

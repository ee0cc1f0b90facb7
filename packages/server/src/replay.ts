/**
 * Replays of finished matches for any browser: `GET /api/tables/:id/replay` for a finished table the
 * requester may see, `POST /api/replay` for a record file. The record is played through the engine
 * (`replay` with every state kept); each step is one seat's view plus every seat's hand, since a finished
 * match hides nothing. The client holds no rules, so it cannot do this itself.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { createEndpoint } from '@colyseus/core';
import { type GameRecord, gameById, parseRecord, replay, type Seat } from '@stich/engine';
import type { ErrorCode, GameOutcome, GameView, Player, ReplayResponse, ReplayStep } from '@stich/protocol';
import { AROUND_API } from '@stich/protocol';
import { context } from './context.ts';
import type { TableRow } from './store.ts';

/** More steps than any real match has (a 12-round Differenzler is about 460): a bound on the work. */
export const MAX_STEPS = 20_000;
/** A record file may be at most this large once decompressed. */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;

type Outcome = { ok: true; value: ReplayResponse } | { ok: false; code: ErrorCode; reason: string };

/** Every step of a record as `viewer` saw it, with all hands open; a bad record names its first error. */
export function replaySteps(record: unknown, viewer?: number): Outcome {
  const parsed = parseRecord(record);
  if (!parsed.ok) return { ok: false, code: 'bad-record', reason: parsed.error.reason };
  const rec: GameRecord = parsed.value;
  const game = gameById(rec.game);
  if (!game) return { ok: false, code: 'bad-record', reason: `game ${rec.game} is not available here` };
  if (rec.actions.length + rec.deals.length > MAX_STEPS)
    return { ok: false, code: 'too-large', reason: `a replay has at most ${MAX_STEPS} deals and actions` };
  const r = replay<unknown>(game, rec, true);
  if (!r.ok) return { ok: false, code: 'bad-record', reason: r.error.reason };
  const states = r.value.states ?? [];
  const seats = game.seats(r.value.state);
  const who: Seat = viewer !== undefined && viewer >= 0 && viewer < seats ? viewer : 0;
  const steps: ReplayStep[] = states.map((s, seq) => {
    const hands: string[][] = [];
    for (let seat = 0; seat < seats; seat++) {
      const v = game.viewFor(s, seat) as { hand?: readonly string[] | null };
      hands.push([...(v.hand ?? [])]);
    }
    return { seq, view: game.viewFor(s, who) as GameView, hands };
  });
  const end = game.outcome(r.value.state) as GameOutcome;
  const names = Array.from({ length: seats }, (_, i) => rec.players?.[i] ?? `${i + 1}`);
  // Hints used (the server's `meta.hints`, hints.ts): step = the number of steps applied when asked.
  const used = Array.isArray(rec.meta?.hints)
    ? (rec.meta.hints as unknown[]).flatMap((h) => {
        const x = h as { seat?: unknown; seq?: unknown };
        return Number.isInteger(x.seat) && Number.isInteger(x.seq)
          ? [{ seat: x.seat as number, step: x.seq as number }]
          : [];
      })
    : [];
  return {
    ok: true,
    value: {
      game: rec.game,
      names,
      viewer: who,
      steps,
      outcome: end.over ? end : null,
      ...(used.length > 0 ? { hints: used } : {}),
    },
  };
}

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** A replay is large JSON (a view per step): gzip it for clients that accept it. */
async function jsonAnswer(body: unknown, headers: Headers | undefined): Promise<Response> {
  const text = JSON.stringify(body);
  const h: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    vary: 'Accept-Encoding',
  };
  if (/\bgzip\b/.test(headers?.get('accept-encoding') ?? '')) {
    h['content-encoding'] = 'gzip';
    return new Response((await zip(text)) as Uint8Array<ArrayBuffer>, { headers: h });
  }
  return new Response(text, { headers: h });
}

/** The helpers of http.ts the routes use. */
export interface RouteKit {
  json(body: unknown, status?: number): Response;
  fail(code: ErrorCode, reason: string): Response;
  playerOf(headers: Headers | undefined): Promise<Player | undefined>;
  visibleTable(
    id: string,
    code: string | undefined,
    player: Player | undefined,
  ): Promise<{ error: Response; row?: undefined } | { row: TableRow; error?: undefined }>;
}

export function replayRoutes(kit: RouteKit) {
  const { fail } = kit;
  const answer = (o: Outcome, headers: Headers | undefined) =>
    o.ok ? jsonAnswer(o.value, headers) : fail(o.code, o.reason);
  return {
    tableReplay: createEndpoint(AROUND_API.replay, { method: 'GET' }, async (ctx) => {
      const id = String(ctx.params.id);
      const code = typeof ctx.query?.code === 'string' ? ctx.query.code : undefined;
      const player = await kit.playerOf(ctx.headers);
      const v = await kit.visibleTable(id, code, player);
      if (v.error) return v.error;
      // A running match's record holds every hand: it is replayed only when the match is over.
      if (v.row.status !== 'over')
        return fail('not-finished', 'the replay is available when the match is over');
      const { store } = context();
      const [record, holders] = await Promise.all([store.record(id), store.holders(id)]);
      const mine = player ? holders.find((h) => h.playerId === player.id)?.seat : undefined;
      return answer(replaySteps(record, mine), ctx.headers);
    }),

    recordReplay: createEndpoint(AROUND_API.replayRecord, { method: 'POST' }, async (ctx) => {
      const body = (ctx.body ?? {}) as { record?: unknown; gz?: unknown };
      let record = body.record;
      if (typeof body.gz === 'string') {
        try {
          const bytes = await unzip(Buffer.from(body.gz, 'base64'), { maxOutputLength: MAX_RECORD_BYTES });
          record = JSON.parse(bytes.toString('utf8'));
        } catch (e) {
          const big = (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
          return big
            ? fail('too-large', `a record file may be at most ${MAX_RECORD_BYTES} bytes`)
            : fail('malformed', 'gz: not a gzip-compressed, base64-encoded JSON record');
        }
      }
      if (record === undefined) return fail('malformed', 'body: { record } or { gz } is required');
      return answer(replaySteps(record), ctx.headers);
    }),
  };
}

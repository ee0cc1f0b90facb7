/**
 * Bot tokens: `POST /api/tables/:id/bot-seat { seat, name }` by the creator of a waiting table gives a
 * free human seat to an outside program (docs/bot-interface.md). The answer's seat token is the bot
 * token: the program (e.g. `stich connect`) joins with `{ seatToken }` and plays the seat like a person
 * (grace period and takeover bot included), while every view of the table shows the seat as a computer
 * player (`SeatInfo.program`). The table's room decides (`TableRoom.programSeat`), reached through the
 * matchmaker, so it works from any process.
 */
import { createEndpoint, matchMaker } from '@colyseus/core';
import { AROUND_API, botSeatSchema, type ErrorCode } from '@stich/protocol';
import { context } from './context.ts';
import type { RouteKit } from './replay.ts';

export type ProgramSeatAnswer =
  | { ok: true; seat: number; seatToken: string }
  | {
      ok: false;
      code: Extract<ErrorCode, 'wrong-phase' | 'bad-seat' | 'seat-taken' | 'storage'>;
      reason: string;
    };

export function programRoute(
  kit: Pick<RouteKit, 'json' | 'fail' | 'playerOf'> & { ensureLive(id: string): Promise<unknown> },
) {
  const { fail } = kit;
  return {
    botSeat: createEndpoint(AROUND_API.botSeat, { method: 'POST' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return fail('unauthorized', 'a bot seat needs the host’s player token');
      const b = botSeatSchema.safeParse(ctx.body ?? {});
      if (!b.success) {
        const i = b.error.issues[0];
        return fail('malformed', `${i.path.join('.') || 'body'}: ${i.message}`);
      }
      const id = String(ctx.params.id);
      const row = await context().store.table(id);
      if (!row) return fail('not-found', `no table ${id.slice(0, 64)}`);
      if (row.createdBy !== player.id) return fail('forbidden', 'only the host gives seats to programs');
      if (row.status !== 'waiting') return fail('wrong-phase', 'the match has started already');
      await kit.ensureLive(id);
      const a = (await matchMaker.remoteRoomCall(id, 'programSeat', [
        b.data.seat,
        b.data.name,
      ])) as ProgramSeatAnswer;
      return a.ok ? kit.json({ seat: a.seat, seatToken: a.seatToken }, 201) : fail(a.code, a.reason);
    }),
  };
}

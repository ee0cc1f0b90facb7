/**
 * The chat's moderators' screen (docs/chat.md): the open reports, and a moderator's answer to one: hide
 * the message, bar its writer from chat (or lift the bar), dismiss the report. Only a signed-in account
 * whose player id is in MODERATORS; the actions are account routes (the CSRF rule, `guarded`). The table's
 * room may live in another process: it is told through the matchmaker, and a room that is not running
 * reads the change from the database when it is created again.
 */
import { createEndpoint, matchMaker } from '@colyseus/core';
import {
  barSchema,
  type ChatChannel,
  type ChatReport,
  MODERATION_API,
  type ModeratedMessage,
  type ModerationAnswer,
  type ModeratorResponse,
  type QuickId,
  type ReportsResponse,
  reportIdSchema,
} from '@stich/protocol';
import { type AccountKit, guarded } from './account.ts';
import { type ChatMessagesTable, type ChatReportsTable, closeHidden } from './chat-tables.ts';
import { context } from './context.ts';
import type { Db } from './db.ts';
import { type Caller, callerOf } from './sessions.ts';

/** Reports in one answer. */
const PAGE = 50;

const moderated = (r: ChatMessagesTable): ModeratedMessage => ({
  n: Number(r.n),
  ch: r.channel as ChatChannel,
  seat: r.seat === null ? null : Number(r.seat),
  name: r.name,
  player: r.player_id,
  ...(r.quick !== null ? { quick: r.quick as QuickId } : { text: r.text }),
  hidden: r.hidden_at !== null,
  at: Number(r.at),
});

/** A stored report as the moderators read it: its message, context, reporter's name and the writer's bar. */
async function viewOf(db: Db, r: ChatReportsTable): Promise<ChatReport> {
  const numbers: number[] = JSON.parse(r.context);
  const [messages, reporter, bar] = await Promise.all([
    db
      .selectFrom('chat_messages')
      .selectAll()
      .where('table_id', '=', r.table_id)
      .where('n', 'in', [...numbers, Number(r.n)])
      .orderBy('n')
      .execute(),
    db
      .selectFrom('players')
      .leftJoin('accounts', 'accounts.player_id', 'players.id')
      .select(['players.name as player', 'accounts.name as account'])
      .where('players.id', '=', r.reporter_id)
      .executeTakeFirst(),
    db.selectFrom('chat_bars').select('player_id').where('player_id', '=', r.player_id).executeTakeFirst(),
  ]);
  const byN = new Map(messages.map((m) => [Number(m.n), moderated(m)]));
  return {
    id: r.id,
    table: r.table_id,
    createdAt: r.created_at,
    reporter: r.reporter_id,
    reporterName: reporter?.account ?? reporter?.player ?? '?',
    reason: r.reason,
    barred: bar !== undefined,
    closed: r.outcome === 'hidden' || r.outcome === 'dismissed' ? r.outcome : null,
    message: byN.get(Number(r.n)) ?? null,
    context: numbers.flatMap((n) => byN.get(n) ?? []),
  };
}

export function moderationRoute(kit: AccountKit) {
  const { json, fail } = kit;
  const db = (): Db => context().store.db;
  const isModerator = (c: Caller): boolean => context().config.moderators.includes(c.player.id);
  type Ctx = { body?: unknown; headers?: Headers; params?: Record<string, string> };
  /** A moderator's action on the report named in the path. */
  const onReport =
    (f: (mod: Caller, report: ChatReportsTable, body: unknown) => Promise<Response>) => (ctx: Ctx) =>
      guarded(kit, true, async ({ body }, caller) => {
        if (!isModerator(caller)) return fail('forbidden', 'only the server’s moderators do this');
        const id = reportIdSchema.safeParse(ctx.params?.id);
        if (!id.success) return fail('malformed', 'id: not a report id');
        const r = await db()
          .selectFrom('chat_reports')
          .selectAll()
          .where('id', '=', id.data)
          .executeTakeFirst();
        if (!r) return fail('not-found', 'no such report');
        return f(caller, r, body);
      })(ctx);
  /** Dismisses a report (only this one: another reporter may have another reason) and answers with it. */
  const dismiss = async (mod: Caller, r: ChatReportsTable) => {
    await db()
      .updateTable('chat_reports')
      .set({ closed_at: new Date().toISOString(), closed_by: mod.player.id, outcome: 'dismissed' })
      .where('id', '=', r.id)
      .where('closed_at', 'is', null)
      .execute();
    return answer(r.id);
  };
  const answer = async (id: string) => {
    const r = await db()
      .selectFrom('chat_reports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return json({ report: await viewOf(db(), r) } satisfies ModerationAnswer);
  };

  return {
    moderatorMe: createEndpoint(MODERATION_API.me, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      if (!caller) return fail('unauthorized', 'sign in first');
      return json({ moderator: isModerator(caller) } satisfies ModeratorResponse);
    }),

    chatReports: createEndpoint(MODERATION_API.reports, { method: 'GET' }, async (ctx) => {
      const caller = await callerOf(ctx.headers);
      if (!caller) return fail('unauthorized', 'reports are for moderators: sign in');
      if (!isModerator(caller)) return fail('forbidden', 'reports are for moderators');
      const rows = await db()
        .selectFrom('chat_reports')
        .selectAll()
        .where('closed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(PAGE)
        .execute();
      const reports = await Promise.all(rows.map((r) => viewOf(db(), r)));
      return json({ reports } satisfies ReportsResponse);
    }),

    chatReportHide: createEndpoint(
      MODERATION_API.hide,
      { method: 'POST' },
      onReport(async (mod, r) => {
        const m = await db()
          .updateTable('chat_messages')
          .set({ hidden_at: new Date().toISOString(), hidden_by: mod.player.id })
          .where('table_id', '=', r.table_id)
          .where('n', '=', Number(r.n))
          .where('hidden_at', 'is', null)
          .returning('channel')
          .executeTakeFirst();
        // Already hidden (at the table, or by another moderator): the report closes all the same.
        if (m)
          await matchMaker.remoteRoomCall(r.table_id, 'chatHidden', [Number(r.n), m.channel]).catch(() => {});
        // Every open report of the message closes (others may have reported it too), this one included.
        await closeHidden(db(), r.table_id, Number(r.n), mod.player.id);
        return answer(r.id);
      }),
    ),

    chatReportBar: createEndpoint(
      MODERATION_API.bar,
      { method: 'POST' },
      onReport(async (mod, r, body) => {
        const b = barSchema.safeParse(body);
        if (!b.success) return fail('malformed', `body: ${b.error.issues[0].message}`);
        if (b.data.on)
          await db()
            .insertInto('chat_bars')
            .values({ player_id: r.player_id, by: mod.player.id, at: new Date().toISOString() })
            .onConflict((oc) => oc.column('player_id').doNothing())
            .execute();
        else await db().deleteFrom('chat_bars').where('player_id', '=', r.player_id).execute();
        // His connections at the report's table learn it at once; elsewhere his next message is refused.
        await matchMaker.remoteRoomCall(r.table_id, 'chatBarChanged', [r.player_id]).catch(() => {});
        return answer(r.id);
      }),
    ),

    chatReportDismiss: createEndpoint(
      MODERATION_API.dismiss,
      { method: 'POST' },
      onReport((mod, r) => dismiss(mod, r)),
    ),
  };
}

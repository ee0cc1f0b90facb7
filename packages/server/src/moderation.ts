/**
 * The chat's moderators' reading of reports (docs/chat.md): `GET /api/moderation/reports` for a player whose
 * id is in MODERATORS. Hiding messages and barring players happen at the table (chat.ts), where the
 * moderator sees them in their place.
 */
import { createEndpoint } from '@colyseus/core';
import {
  type ChatChannel,
  type ChatReport,
  MODERATION_API,
  type ModeratedMessage,
  type QuickId,
  type ReportsResponse,
} from '@stich/protocol';
import type { ChatMessagesTable } from './chat-tables.ts';
import { context } from './context.ts';
import type { RouteKit } from './replay.ts';

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

export function moderationRoute(kit: Pick<RouteKit, 'json' | 'fail' | 'playerOf'>) {
  const { json, fail } = kit;
  return {
    chatReports: createEndpoint(MODERATION_API.reports, { method: 'GET' }, async (ctx) => {
      const player = await kit.playerOf(ctx.headers);
      if (!player) return fail('unauthorized', 'reports are for moderators: send a player token');
      const { config, store } = context();
      if (!config.moderators.includes(player.id)) return fail('forbidden', 'reports are for moderators');
      const rows = await store.db
        .selectFrom('chat_reports')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(PAGE)
        .execute();
      const reports: ChatReport[] = [];
      for (const r of rows) {
        const numbers: number[] = JSON.parse(r.context);
        const messages = await store.db
          .selectFrom('chat_messages')
          .selectAll()
          .where('table_id', '=', r.table_id)
          .where('n', 'in', [...numbers, Number(r.n)])
          .orderBy('n')
          .execute();
        const byN = new Map(messages.map((m) => [Number(m.n), moderated(m)]));
        reports.push({
          id: r.id,
          table: r.table_id,
          createdAt: r.created_at,
          reporter: r.reporter_id,
          reason: r.reason,
          message: byN.get(Number(r.n)) ?? null,
          context: numbers.flatMap((n) => byN.get(n) ?? []),
        });
      }
      return json({ reports } satisfies ReportsResponse);
    }),
  };
}

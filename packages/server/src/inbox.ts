/**
 * A table's messages from its connections (table.ts): parsed (packages/protocol), counted against each
 * connection's rate (RATE_LIMIT, RATE_BURST), answered or handed to the table's queue.
 */
import type { Client } from '@colyseus/core';
import { errorMessage, parseClientMessage, type TableInfo } from '@stich/protocol';
import type { Autoplay } from './autoplay.ts';
import type { TableChat } from './chat.ts';
import { context } from './context.ts';
import type { Outbox } from './outbox.ts';
import type { ChangeQueue, Source } from './queue.ts';
import { TokenBuckets } from './rates.ts';
import type { TableState } from './tablestate.ts';

export class Inbox {
  private readonly t: TableState;
  private readonly outbox: Outbox;
  private readonly queue: ChangeQueue;
  private readonly autoplay: Autoplay;
  private readonly info: () => TableInfo;
  private readonly chat: TableChat;
  private readonly buckets = new TokenBuckets();

  constructor(
    t: TableState,
    outbox: Outbox,
    queue: ChangeQueue,
    autoplay: Autoplay,
    info: () => TableInfo,
    chat: TableChat,
  ) {
    this.chat = chat;
    this.t = t;
    this.outbox = outbox;
    this.queue = queue;
    this.autoplay = autoplay;
    this.info = info;
  }

  left(sessionId: string) {
    this.buckets.delete(sessionId);
  }

  private take(client: Client): boolean {
    const { rateLimit, rateBurst } = context().config;
    return this.buckets.take(client.sessionId, rateLimit, rateBurst);
  }

  /** A room message of a type other than the protocol's channel. */
  unknown(client: Client, type: unknown) {
    if (!this.take(client)) {
      this.outbox.sendTo(client, errorMessage('rate-limited', 'too many messages; slow down'));
      return;
    }
    this.outbox.sendTo(
      client,
      errorMessage('unknown-type', `unknown room message type ${String(type).slice(0, 40)}`),
    );
  }

  /** A message on the protocol's channel. */
  received(client: Client, raw: unknown) {
    const t = this.t;
    const outbox = this.outbox;
    const p = parseClientMessage(raw);
    if (!this.take(client)) {
      outbox.sendTo(
        client,
        errorMessage('rate-limited', 'too many messages; slow down', p.ok ? p.msg.id : p.id),
      );
      return;
    }
    if (!p.ok) {
      outbox.sendTo(client, errorMessage(p.code, p.reason, p.id));
      return;
    }
    const msg = p.msg;
    switch (msg.t) {
      case 'chat':
      case 'chat-report':
      case 'chat-hide':
      case 'chat-bar':
      case 'chat-free':
        // Not queued with the steps: the chat is apart from the rules (chat.ts).
        void this.chat.received(client, msg);
        return;
      case 'ping':
        outbox.sendTo(client, { t: 'pong', d: { time: Date.now() }, id: msg.id });
        return;
      case 'sync': {
        const seat = t.roles.get(client.sessionId) ?? null;
        outbox.sendTo(client, { t: 'table', d: this.info() });
        outbox.sendState(client, seat, msg.id);
        outbox.sendTo(client, { t: 'fair', d: t.fair.news() });
        return;
      }
      case 'seed': {
        const seat = t.roles.get(client.sessionId);
        if (seat === undefined || seat === null) {
          outbox.sendTo(client, errorMessage('not-seated', 'only seats send deal values', msg.id));
          return;
        }
        // Not queued: a value only ever counts for the deal committed to next, which the queue deals.
        if (!t.fair.receive(seat, msg.d.deal, msg.d.value)) {
          outbox.sendTo(client, errorMessage('stale', `deal ${msg.d.deal} is not the next deal`, msg.id));
          return;
        }
        outbox.sendTo(client, { t: 'fair', d: t.fair.news(), id: msg.id });
        return;
      }
      case 'speed': {
        const seat = t.roles.get(client.sessionId);
        // Only a person alone among computers sets their pace: with other people it would be imposed on them.
        const alone =
          seat !== undefined && seat !== null && t.seats.every((s) => s.seat === seat || s.kind === 'bot');
        if (!alone) {
          outbox.sendTo(
            client,
            errorMessage('forbidden', 'only a person alone with computers sets their pace', msg.id),
          );
          return;
        }
        this.autoplay.setSpeed(msg.d.botDelayMs);
        return;
      }
      case 'act': {
        const seat = t.roles.get(client.sessionId);
        if (seat === undefined || seat === null) {
          outbox.sendTo(client, errorMessage('not-seated', 'spectators may not act', msg.id));
          return;
        }
        const action = msg.d.action;
        const src: Source =
          msg.d.seq === undefined ? { client, id: msg.id } : { client, id: msg.id, seq: msg.d.seq };
        this.queue.enqueue(() => this.queue.act(seat, action, src));
        return;
      }
    }
  }
}

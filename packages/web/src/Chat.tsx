/**
 * The chat at a table (docs/chat.md, docs/web.md): the latest messages of the viewer's channels, quick
 * phrase buttons, free text (hidden while the host has turned it off), a mute per player (this browser's
 * own, in localStorage `stich.mute`), a report button, and for moderators hide and bar. Every text a
 * player wrote is a React text node: never markup, never a link (links are shown as text, marked).
 * A toggle in the top bar opens it (on a wide screen it opens by itself when there is someone to talk to);
 * on a phone it is closed at first and sits below the cards when open.
 */
import {
  CHAT_MAX_TEXT,
  type ChatEntry,
  type ChatRules,
  QUICK_IDS,
  QUICK_PHRASES,
  type QuickId,
} from '@stich/protocol/chat';
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatEvent, TableConn } from './net.ts';

const MUTE_KEY = 'stich.mute';
/** Entries kept in the panel (the server sends the latest 100 on joining). */
const KEEP = 200;

/** The table's chat as the panel shows it; fed by the table connection's chat events. */
export class ChatModel {
  entries: readonly ChatEntry[] = [];
  rules: ChatRules = { freeText: true, host: false, moderator: false, canWrite: false };
  error: { readonly code: string; readonly reason: string } | null = null;
  /** Messages that came while the panel was closed. */
  unread = 0;
  open = false;
  /** Message numbers this viewer reported (their button says so). */
  readonly reported = new Set<number>();
  private version = 0;
  private readonly listeners = new Set<() => void>();
  /** The table whose chat this is. */
  readonly table: string;

  /** The panel was opened or closed once (by itself or by the viewer): it is not opened by itself again. */
  private decided = false;

  constructor(table: string) {
    this.table = table;
  }

  /** Opens the panel unless it was opened or closed before. */
  openOnce(): void {
    if (!this.decided) this.setOpen(true);
  }

  readonly subscribe = (f: () => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
  readonly snapshot = () => this.version;
  private changed() {
    this.version++;
    for (const f of this.listeners) f();
  }

  hear(e: ChatEvent): void {
    switch (e.kind) {
      case 'log':
        this.entries = e.entries;
        this.rules = e.rules;
        break;
      case 'entry':
        if (this.entries.some((x) => x.n === e.entry.n)) return;
        // In message order, whatever order the frames came in.
        this.entries = [...this.entries, e.entry].sort((a, b) => a.n - b.n).slice(-KEEP);
        if (!this.open) this.unread++;
        this.error = null;
        break;
      case 'hidden':
        this.entries = this.entries.filter((x) => x.n !== e.n);
        break;
      case 'rules':
        this.rules = e.rules;
        break;
      case 'done':
        this.error = null;
        break;
      case 'error':
        this.error = { code: e.code, reason: e.reason };
        break;
    }
    this.changed();
  }

  setOpen(open: boolean): void {
    this.decided = true;
    this.open = open;
    if (open) this.unread = 0;
    this.changed();
  }

  markReported(n: number): void {
    this.reported.add(n);
    this.changed();
  }
}

function readMuted(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(MUTE_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
function useMuted(): [readonly string[], (id: string, on: boolean) => void] {
  const [muted, setMuted] = useState<string[]>(readMuted);
  const set = (id: string, on: boolean) => {
    const next = on ? [...new Set([...muted, id])] : muted.filter((x) => x !== id);
    setMuted(next);
    try {
      localStorage.setItem(MUTE_KEY, JSON.stringify(next));
    } catch {
      // not kept after a reload; the mute holds for this page
    }
  };
  return [muted, set];
}

/** Whether the panel is open (the table screen makes room for it), without following every message. */
export function useChatOpen(model: ChatModel): boolean {
  return useSyncExternalStore(model.subscribe, () => model.open);
}

function useChat(model: ChatModel): ChatModel {
  useSyncExternalStore(model.subscribe, model.snapshot);
  return model;
}

/** The top bar's toggle, with the count of messages that came while the panel was closed. */
export function ChatToggle({ model }: { model: ChatModel }) {
  const { t } = useTranslation();
  const m = useChat(model);
  return (
    <button
      type="button"
      className="chat-toggle"
      data-testid="chat-toggle"
      aria-expanded={m.open}
      aria-controls="chat-panel"
      onClick={() => m.setOpen(!m.open)}
    >
      {t('chat.toggle')}
      {m.unread > 0 && (
        <span className="chat-unread" data-testid="chat-unread">
          {m.unread}
        </span>
      )}
    </button>
  );
}

export function ChatPanel({
  model,
  conn,
  me,
  spectator,
}: {
  model: ChatModel;
  conn: TableConn | null;
  /** The viewer's player id (his own messages have no mute and report buttons). */
  me: string | null;
  spectator: boolean;
}) {
  const { t, i18n } = useTranslation();
  const m = useChat(model);
  const [muted, setMuted] = useMuted();
  const [draft, setDraft] = useState('');
  const log = useRef<HTMLOListElement>(null);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const count = m.entries.length;
  // The newest message in sight as it comes: the list scrolls, never the page (a phone keeps its cards).
  useEffect(() => {
    const el = log.current;
    if (el && count > 0) el.scrollTop = el.scrollHeight;
  }, [count]);
  if (!m.open) return null;
  const send = (d: Record<string, unknown>) => conn?.chat('chat', d);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (text === '') return;
    send({ text });
    setDraft('');
  };
  const shown = m.entries.filter((e) => !muted.includes(e.from));
  const mutedNames = [
    ...new Map(m.entries.filter((e) => muted.includes(e.from)).map((e) => [e.from, e.name])),
  ];
  return (
    <section id="chat-panel" className="chat" data-testid="chat" aria-label={t('chat.title')}>
      <header className="chat-head">
        <strong>{spectator ? t('chat.spectatorsTitle') : t('chat.title')}</strong>
        {spectator && <small>{t('chat.spectatorsNote')}</small>}
        {m.rules.host && (
          <label className="chat-free">
            <input
              type="checkbox"
              data-testid="chat-free"
              checked={m.rules.freeText}
              onChange={(e) => conn?.chat('chat-free', { on: e.target.checked })}
            />
            {t('chat.freeText')}
          </label>
        )}
      </header>
      <ol className="chat-log" ref={log} aria-live="polite" data-testid="chat-log">
        {shown.map((e) => (
          <li key={e.n} data-n={e.n} data-ch={e.ch} className={e.from === me ? 'mine' : undefined}>
            <span className="chat-name">
              {e.name}
              {e.ch === 'spectators' ? ` (${t('chat.watcher')})` : ''}
            </span>{' '}
            <span className="chat-text">
              {e.quick !== undefined
                ? (QUICK_PHRASES[e.quick as QuickId]?.[lang] ?? e.quick)
                : (e.text ?? t('chat.removed'))}
            </span>
            {e.link && (
              <small className="chat-link" title={t('chat.linkTitle')}>
                {' '}
                {t('chat.link')}
              </small>
            )}
            {e.from !== me && (
              <span className="chat-acts">
                <button
                  type="button"
                  className="small"
                  data-testid="chat-mute"
                  aria-label={t('chat.muteName', { name: e.name })}
                  onClick={() => setMuted(e.from, true)}
                >
                  {t('chat.mute')}
                </button>
                <button
                  type="button"
                  className="small"
                  data-testid="chat-report"
                  disabled={m.reported.has(e.n)}
                  aria-label={t('chat.reportName', { name: e.name })}
                  onClick={() => {
                    conn?.chat('chat-report', { n: e.n });
                    m.markReported(e.n);
                  }}
                >
                  {m.reported.has(e.n) ? t('chat.reported') : t('chat.report')}
                </button>
                {m.rules.moderator && (
                  <>
                    <button
                      type="button"
                      className="small"
                      data-testid="chat-hide"
                      onClick={() => conn?.chat('chat-hide', { n: e.n })}
                    >
                      {t('chat.hide')}
                    </button>
                    <button
                      type="button"
                      className="small"
                      data-testid="chat-bar"
                      onClick={() => conn?.chat('chat-bar', { n: e.n, on: true })}
                    >
                      {t('chat.bar')}
                    </button>
                  </>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
      {mutedNames.length > 0 && (
        <p className="chat-muted">
          {t('chat.muted')}{' '}
          {mutedNames.map(([id, name]) => (
            <button key={id} type="button" className="small" onClick={() => setMuted(id, false)}>
              {t('chat.unmute', { name })}
            </button>
          ))}
        </p>
      )}
      {m.rules.canWrite ? (
        <>
          <div className="chat-quick">
            {QUICK_IDS.map((id) => (
              <button
                key={id}
                type="button"
                data-testid={`chat-quick-${id}`}
                onClick={() => send({ quick: id })}
              >
                {QUICK_PHRASES[id][lang]}
              </button>
            ))}
          </div>
          {m.rules.freeText && (
            <form className="chat-form" onSubmit={submit}>
              <input
                data-testid="chat-input"
                value={draft}
                maxLength={CHAT_MAX_TEXT}
                aria-label={t('chat.input')}
                placeholder={t('chat.input')}
                onChange={(e) => setDraft(e.target.value)}
              />
              <button type="submit" data-testid="chat-send">
                {t('chat.send')}
              </button>
            </form>
          )}
        </>
      ) : (
        <p className="muted">{t('chat.readOnly')}</p>
      )}
      {m.error && (
        <p className="chat-error" role="alert" data-testid="chat-error">
          {t(`chat.errors.${m.error.code}`, { defaultValue: m.error.reason })}
        </p>
      )}
    </section>
  );
}

/** A finished match's chat in its replay (the record's `meta.chat`): what was written up to the step shown. */
export function ReplayChat({
  chat,
  seq,
}: {
  chat: readonly { n: number; ch: string; name: string; quick?: string; text?: string | null; seq: number }[];
  seq: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const upto = chat.filter((e) => e.seq <= seq);
  if (chat.length === 0) return null;
  return (
    <section className="chat replay-chat" data-testid="replay-chat" aria-label={t('chat.title')}>
      <strong>{t('chat.title')}</strong>
      <ol className="chat-log">
        {upto.map((e) => (
          <li key={e.n} data-ch={e.ch}>
            <span className="chat-name">
              {e.name}
              {e.ch === 'spectators' ? ` (${t('chat.watcher')})` : ''}
            </span>{' '}
            <span className="chat-text">
              {e.quick !== undefined
                ? (QUICK_PHRASES[e.quick as QuickId]?.[lang] ?? e.quick)
                : (e.text ?? t('chat.removed'))}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

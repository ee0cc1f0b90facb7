/**
 * Step-by-step replay of a finished match, in any browser: `#/replay/<id>` (with `?code=` for a private
 * table) fetches the table's record once and steps through it here with the engine (`@stich/protocol/replay`,
 * loaded on demand with the fair-deal check's engine): a step's view and every hand are built when it is
 * shown. `#/replay` opens a downloaded record file the same way, without the server. Without the server's
 * answer the views this browser received during the match are stepped through. Controls: buttons with
 * drawn symbols (no font glyphs: ⏮ ⏭ are empty boxes on some systems), a slider, arrow keys.
 */

import type { GameView, ReplayStep } from '@stich/protocol';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalysisPanel } from './Analysis.tsx';
import { ReplayChat } from './Chat.tsx';
import { CardFace } from './cards.tsx';
import { RecordCheck } from './Fair.tsx';
import { useGames } from './games.ts';
import { LangSwitch } from './LangSwitch.tsx';
import { dokoResults, readView } from './model.ts';
import { fetchReplay } from './net.ts';
import { stepsOf } from './replayStore.ts';
import { navigate } from './route.ts';
import { Scores } from './Scores.tsx';
import { Table } from './Table.tsx';

/** What the screen steps through: a replayed record, or the views this browser kept (`local`). */
interface Loaded {
  readonly names: readonly string[];
  /** The requester's seat; null: nobody here played, so nobody is "you". */
  readonly viewer: number | null;
  readonly length: number;
  readonly hints: readonly { readonly seat: number; readonly step: number }[];
  step(i: number): ReplayStep;
  /** The views ending each deal up to step `i`, and step `i`'s (Doppelkopf's finished deals). */
  dealEnds(i: number): readonly GameView[];
  /** The address others may open it at (a table's replay). */
  readonly link?: string;
  readonly local?: boolean;
  /** The chat the record keeps (`meta.chat`, docs/chat.md); shown up to the step on screen. */
  readonly chat?: readonly RecordChatLine[];
}

/** A chat line of a record, read without trust: a file may hold anything. */
type RecordChatLine = Parameters<typeof ReplayChat>[0]['chat'][number];
function chatOf(record: unknown): RecordChatLine[] {
  const chat = (record as { meta?: { chat?: unknown } } | null)?.meta?.chat;
  if (!Array.isArray(chat)) return [];
  return chat.flatMap((e: Record<string, unknown>) =>
    e &&
    typeof e.n === 'number' &&
    typeof e.seq === 'number' &&
    typeof e.name === 'string' &&
    (typeof e.quick === 'string' || typeof e.text === 'string' || e.text === null)
      ? [
          {
            n: e.n,
            seq: e.seq,
            ch: e.ch === 'spectators' ? 'spectators' : 'players',
            name: e.name,
            ...(typeof e.quick === 'string' ? { quick: e.quick } : { text: e.text as string | null }),
          },
        ]
      : [],
  );
}

/** Replays `record` with the engine, loaded on demand; a bad record's first error is thrown. */
async function replayed(record: unknown, viewer: number | null, link?: string): Promise<Loaded> {
  const { replaySession } = await import('@stich/protocol/replay');
  const r = replaySession(record, viewer);
  if (!r.ok) throw new Error(r.reason);
  const s = r.value;
  return {
    names: s.names,
    viewer: s.viewer,
    length: s.length,
    hints: s.hints,
    step: (i) => s.step(i),
    dealEnds: (i) => s.dealEnds(i),
    ...(link ? { link } : {}),
    chat: chatOf(record),
  };
}

/** The views this browser was sent during the match (replayStore.ts), without hands. */
function kept(id: string): Loaded | null {
  const list = stepsOf(id);
  if (list.length === 0) return null;
  const at = (i: number) => Math.max(0, Math.min(list.length - 1, i));
  const first = list[0].view.viewer;
  return {
    names: [],
    viewer: typeof first === 'number' ? first : null,
    length: list.length,
    hints: [],
    step: (i) => ({ ...list[at(i)], hands: [] }),
    dealEnds: (i) => list.slice(0, at(i) + 1).map((x) => x.view),
    local: true,
  };
}

export function Replay({ id, code }: { id?: string; code?: string }) {
  const { t } = useTranslation();
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(Boolean(id));
  const [i, setI] = useState(0);
  const [analysis, setAnalysis] = useState(false);
  const [record, setRecord] = useState<(() => Promise<unknown>) | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setBusy(true);
    setError(null);
    // A replay link's invite code also opens the table's analysis (net.ts reads it per table).
    if (code) sessionStorage.setItem(`stich.code.${id}`, code);
    fetchReplay(id, code)
      .then(async (r) => {
        const loaded = await replayed(r.record, r.viewer, r.link);
        if (!live) return;
        setData(loaded);
        // The fair-deal check reads the same record: it is not fetched again.
        setRecord(() => async () => r.record);
      })
      .catch((e: Error) => {
        if (!live) return;
        // The views this browser kept, when the server does not replay the table (yet).
        const local = kept(id);
        if (local) setData(local);
        else setError(e.message);
      })
      .finally(() => {
        if (live) setBusy(false);
      });
    return () => {
      live = false;
    };
  }, [id, code]);
  const count = data?.length ?? 0;
  const last = Math.max(0, count - 1);
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === 'INPUT') return;
      if (e.key === 'ArrowRight') setI((x) => Math.min(x + 1, last));
      if (e.key === 'ArrowLeft') setI((x) => Math.max(x - 1, 0));
      if (e.key === 'Home') setI(0);
      if (e.key === 'End') setI(last);
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [last]);

  const open = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const text = await file.text();
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch (e) {
        throw new Error(`not JSON: ${(e as Error).message}`);
      }
      // Whose file it is, is not known: nobody in it is "you".
      setData(await replayed(record, null));
      setRecord(() => async () => record);
      setI(0);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const at = Math.min(i, last);
  const step = useMemo(() => (data && count > 0 ? data.step(at) : undefined), [data, count, at]);
  const { games } = useGames();
  const meta = games?.find((g) => g.id === step?.view.game) ?? null;
  const model = useMemo(() => {
    if (!step || !data || !meta) return null;
    // Only Doppelkopf's sheet reads the deals before: other games' views carry their results.
    const earlier = step.view.game === 'doppelkopf' ? dokoResults(data.dealEnds(at)) : [];
    return readView(step.view, meta, earlier);
  }, [step, meta, data, at]);
  const names = model ? Array.from({ length: model.seats }, (_, s) => displayName(data?.names[s], s, t)) : [];
  const seats = names.map((name) => ({ name, bot: false, connected: true }));
  const me = data?.viewer ?? null;
  const hands = step?.hands ?? [];
  // The server's link is `/#/replay/…`: kept under the path this client is served from.
  const link = data?.link ? `${location.origin}${location.pathname}${data.link.replace(/^\//, '')}` : null;
  return (
    <main className="replay" data-testid="replay-screen">
      <nav className="topbar">
        <button type="button" aria-label={t('back')} onClick={() => navigate({ page: 'lobby' })}>
          ←<span className="hide-sm"> {t('back')}</span>
        </button>
        <strong>{t('replay.title')}</strong>
        <LangSwitch />
      </nav>
      {!id && (
        <section className="card-box replay-open">
          <label className="field">
            {t('around.openFile')}
            <input
              type="file"
              accept=".json,application/json"
              data-testid="replay-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void open(f);
              }}
            />
          </label>
          <p className="muted">{t('around.openHint')}</p>
        </section>
      )}
      {error && (
        <p className="error center-msg" role="alert">
          {t('table.error', { reason: error })}
        </p>
      )}
      {busy && <p className="muted center-msg">{t('loading')}</p>}
      {!busy && id && !error && count === 0 && <p className="muted center-msg">{t('score.none')}</p>}
      {count > 0 && (
        <>
          <div className="replay-bar" data-testid="replay-bar">
            <StepButton
              testid="replay-first"
              label={t('replay.first')}
              onClick={() => setI(0)}
              icon="first"
            />
            <StepButton
              testid="replay-prev"
              label={t('replay.prev')}
              onClick={() => setI((x) => Math.max(0, x - 1))}
              icon="prev"
            />
            <input
              type="range"
              min={0}
              max={last}
              value={at}
              onChange={(e) => setI(Number(e.target.value))}
              aria-label={t('around.slider')}
              aria-valuetext={t('replay.step', { i: at + 1, n: count })}
            />
            <StepButton
              testid="replay-next"
              label={t('replay.next')}
              onClick={() => setI((x) => Math.min(last, x + 1))}
              icon="next"
            />
            <StepButton
              testid="replay-last"
              label={t('replay.last')}
              onClick={() => setI(last)}
              icon="last"
            />
            <span data-testid="replay-step" aria-live="polite">
              {t('replay.step', { i: at + 1, n: count })}
            </span>
            {id && !data?.local && (
              <button
                type="button"
                data-testid="analysis-open"
                aria-pressed={analysis}
                onClick={() => setAnalysis((x) => !x)}
              >
                {analysis ? t('analysis.close') : t('analysis.open')}
              </button>
            )}
          </div>
          {link && (
            <label className="field replay-link">
              {t('replay.link')}
              <input readOnly value={link} data-testid="replay-link" onFocus={(e) => e.target.select()} />
            </label>
          )}
          {data && data.hints.length > 0 && (
            <p className="hint-used replay-hints" data-testid="replay-hints">
              {t('hint.used', {
                names: [...new Set(data.hints.map((x) => names[x.seat] ?? `${x.seat + 1}`))].join(', '),
              })}
              {data.hints
                .filter((x) => x.step === at)
                .map((x) => (
                  <strong key={x.seat} data-testid="replay-hint-here">
                    {' '}
                    · {t('hint.here', { name: names[x.seat] ?? `${x.seat + 1}` })}
                  </strong>
                ))}
            </p>
          )}
          {record && !data?.local && <RecordCheck load={record} />}
          {data?.chat && step && <ReplayChat chat={data.chat} seq={step.seq} />}
          {analysis && id && <AnalysisPanel id={id} names={names} step={at} onJump={(s) => setI(s)} />}
          {model && (
            <Table model={model} legal={[]} seats={seats} me={me} onAct={() => {}} replay waitForNext />
          )}
          {hands.some((h) => h.length > 0) && (
            <section
              className="card-box replay-hands"
              data-testid="replay-hands"
              aria-label={t('around.hands')}
            >
              <h2>{t('around.hands')}</h2>
              {hands.map((h, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat
                <div key={s} className="replay-hand" data-seat={s}>
                  <strong>{names[s] ?? `${s + 1}`}</strong>
                  <ul className="cards">
                    {h.map((c, i) => (
                      // A Doppelkopf hand holds cards twice: keyed by place, a hand is only replaced whole.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <li key={`${c}-${i}`} data-card={c}>
                        <CardFace card={c} className="card-svg replay-card" />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          )}
          {model && <Scores model={model} names={names} me={me} />}
        </>
      )}
    </main>
  );
}

/** A record's seat name: people by name, `Bot (level)` as the computer player of that level. */
function displayName(name: string | undefined, seat: number, t: TFunction): string {
  if (!name) return t('around.seat', { n: seat + 1 });
  const bot = /^Bot \((\w+)\)$/.exec(name);
  return bot ? `${t('table.bot')} ${seat + 1} · ${t(`level.${bot[1]}`)}` : name;
}

type Icon = 'first' | 'prev' | 'next' | 'last';
const ICONS: Record<Icon, ReactNode> = {
  first: (
    <>
      <rect x="3" y="4" width="2.5" height="12" />
      <path d="M16 4 L7 10 L16 16 Z" />
    </>
  ),
  prev: <path d="M14 4 L5 10 L14 16 Z" />,
  next: <path d="M6 4 L15 10 L6 16 Z" />,
  last: (
    <>
      <path d="M4 4 L13 10 L4 16 Z" />
      <rect x="14.5" y="4" width="2.5" height="12" />
    </>
  ),
};

/** A step button with a drawn symbol (SVG), so it looks the same on every system. */
function StepButton({
  testid,
  label,
  icon,
  onClick,
}: {
  testid: string;
  label: string;
  icon: Icon;
  onClick: () => void;
}) {
  return (
    <button type="button" data-testid={testid} onClick={onClick} aria-label={label} title={label}>
      <svg
        width="18"
        height="18"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        {ICONS[icon]}
      </svg>
      <span className="hide-sm"> {label}</span>
    </button>
  );
}

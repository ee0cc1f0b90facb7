/**
 * One table: joins it (by id, by invite code, or back with the stored seat token), keeps the state the
 * server sends, and shows the table, the scores, the invite link while seats are free, and at the end
 * the record download and the replay.
 */
import type { StateUpdate, TableInfo, Welcome } from '@stich/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FullTable,
  HostStart,
  isFull,
  LeaveButton,
  StartNotice,
  useLeave,
  useNow,
  useStartNotice,
} from './Around.tsx';
import type { WireAction } from './actions.ts';
import { ChatModel, ChatPanel, ChatToggle, useChatOpen } from './Chat.tsx';
import { FairBadge, FairWatch } from './Fair.tsx';
import { FinishedTable, MatchOver } from './Finished.tsx';
import { useGame, useText } from './games.ts';
import { HintBar } from './Hint.tsx';
import { LangSwitch } from './LangSwitch.tsx';
import { dealsPlayed, dokoResults, readView } from './model.ts';
import { type ConnStatus, fetchTable, resolveInvite, TableConn } from './net.ts';
import { RulesButton } from './Rules.tsx';
import { rememberStep, stepsOf } from './replayStore.ts';
import { navigate } from './route.ts';
import { Scores } from './Scores.tsx';
import { SpeedButton, useSpeed } from './Speed.tsx';
import { Table } from './Table.tsx';
import type { SeatInfo } from './table/seats.tsx';

export function JoinByCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    resolveInvite(code)
      .then((r) => {
        sessionStorage.setItem(`stich.code.${r.table.id}`, code);
        navigate({ page: 'table', id: r.table.id }, true);
      })
      .catch((e: Error) => setError(e.message));
  }, [code]);
  return (
    <main className="center-msg">
      {error ? <p className="error">{t('table.error', { reason: error })}</p> : t('connecting')}
    </main>
  );
}

export function TableScreen({ id, seat, spectate }: { id: string; seat?: number; spectate?: boolean }) {
  const { t } = useTranslation();
  const [welcome, setWelcome] = useState<Welcome | null>(null);
  const [info, setInfo] = useState<TableInfo | null>(null);
  const [state, setState] = useState<StateUpdate | null>(null);
  const [status, setStatus] = useState<ConnStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<'table' | 'scores'>('table');
  const [full, setFull] = useState(false);
  const [finished, setFinished] = useState(false);
  const conn = useRef<TableConn | null>(null);
  const fair = useMemo(() => new FairWatch(id), [id]);
  const chat = useMemo(() => new ChatModel(id), [id]);
  const chatOpen = useChatOpen(chat);

  useEffect(() => {
    const code = sessionStorage.getItem(`stich.code.${id}`) ?? undefined;
    const c = new TableConn(
      {
        tableId: id,
        ...(seat !== undefined ? { seat } : {}),
        ...(code ? { code } : {}),
        ...(spectate ? { spectate } : {}),
      },
      {
        welcome: (w) => {
          fair.setTable(w.table, w.seat);
          setWelcome(w);
          setInfo(w.table);
        },
        table: (x) => {
          fair.setTable(x);
          setInfo(x);
        },
        fair: (n) => fair.news(n, (deal, value, taken) => c.sendSeed(deal, value, taken)),
        chat: (e) => chat.hear(e),
        state: (s) => {
          setError(null);
          setState(s);
          rememberStep(id, s);
        },
        error: (code, reason) => setError(`${reason} (${code})`),
        status: setStatus,
      },
    );
    conn.current = c;
    (window as unknown as { stichConn?: TableConn }).stichConn = c;
    c.open().catch((e: Error) => {
      setStatus('closed');
      if (isFull(e.message)) setFull(true);
      // A finished match has no room to join: its address shows the result instead.
      else
        fetchTable(id).then(
          (r) => {
            if (r.table.status !== 'over') return setError(e.message);
            setInfo(r.table);
            setFinished(true);
          },
          () => setError(e.message),
        );
    });
    return () => c.close();
  }, [id, seat, spectate, fair, chat]);

  // The chat opens by itself where there is room beside the table and someone to talk to (another person
  // at the table, or other spectators); on a phone it waits for its toggle and then sits below the cards.
  const people =
    (info?.seats.filter((s) => s.kind === 'human' && !s.program).length ?? 0) + (info?.spectators ?? 0);
  useEffect(() => {
    if (people >= 2 && typeof matchMedia === 'function' && matchMedia('(min-width: 1000px)').matches)
      chat.openOnce();
  }, [people, chat]);

  const meta = useGame(info?.game);
  const text = useText();
  // Doppelkopf's view carries only the last finished deal; the earlier ones come from the views kept so far.
  const model = useMemo(
    () =>
      state && meta
        ? readView(
            state.view,
            meta,
            state.view.game === 'doppelkopf' ? dokoResults(stepsOf(id).map((x) => x.view)) : [],
          )
        : null,
    [state, meta, id],
  );
  const me = welcome?.seat ?? null;
  const starting = useStartNotice(info?.status);
  // A dropped player's seat counts down to the computer's takeover.
  const now = useNow(info?.seats.some((s) => s.takeoverAt && !s.botActive) ?? false);
  const seats: SeatInfo[] = (info?.seats ?? []).map((s) => ({
    name: s.name ?? (s.kind === 'bot' ? `${t('table.bot')} ${s.seat + 1}` : t('lobbyAround.free')),
    // A seat of an outside program (bot token) is a computer player too.
    bot: s.kind === 'bot' || s.botActive || s.program === true,
    // A free seat is not a dropped player: it shows "frei", not "getrennt".
    // Nor is a rematch's seat whose person has not accepted yet.
    connected: s.kind === 'bot' || s.connected || s.name === null || s.invited === true,
    ...(s.takeoverAt && !s.botActive
      ? { note: t('tableAround.takeover', { n: Math.max(0, Math.ceil((s.takeoverAt - now) / 1000)) }) }
      : s.invited
        ? { note: t('tableAround.invited'), invited: true }
        : {}),
  }));
  const names = seats.map((s, i) => (i === me ? t('table.you') : s.name));
  // Nothing is sent while the connection is down: the action would be lost; the state comes back on reconnect.
  const act = (a: WireAction) => {
    if (status === 'open') conn.current?.act(a);
  };
  const leave = useLeave(me !== null && info?.status === 'playing' && !state?.outcome?.over);
  // The pace: the viewer alone with computers sets theirs; sent again whenever the connection is (re)opened.
  const [speed, setSpeed] = useSpeed(id);
  const alone = me !== null && (info?.seats ?? []).every((s) => s.seat === me || s.kind === 'bot');
  useEffect(() => {
    if (alone && status === 'open' && speed.botDelayMs !== null) conn.current?.speed(speed.botDelayMs);
  }, [alone, status, speed.botDelayMs]);
  const invite = sessionStorage.getItem(`stich.invite.${id}`);
  const free = info?.seats.some((s) => s.kind === 'human' && (s.name === null || s.invited)) ?? false;

  if (finished) return <FinishedTable id={id} tournament={info?.tournament ?? null} />;
  return (
    <main
      className={chatOpen ? 'table-screen chat-open' : 'table-screen'}
      data-status={status}
      data-table={id}
      data-seat={me ?? ''}
      data-seq={state?.seq ?? ''}
      data-phase={model?.phase ?? ''}
      data-deals={model ? dealsPlayed(model) : 0}
      data-over={state?.outcome?.over ? 'true' : 'false'}
    >
      <nav className="topbar">
        <LeaveButton ask={leave.ask} />
        <strong>{meta ? text(meta.name) : ''}</strong>
        <RulesButton game={meta} preset={info?.preset} options={info?.options} />
        <div className="seg">
          <button type="button" aria-pressed={tab === 'table'} onClick={() => setTab('table')}>
            {t('table.trick')}
          </button>
          <button
            type="button"
            data-testid="scores-tab"
            aria-pressed={tab === 'scores'}
            onClick={() => setTab('scores')}
          >
            {t('table.scores')}
          </button>
        </div>
        <ChatToggle model={chat} />
        <LangSwitch />
      </nav>
      <FairBadge
        watch={fair}
        onOpen={(e) => {
          e.preventDefault();
          leave.ask({ page: 'fair' }, document.querySelector<HTMLElement>('[data-testid=fair-badge]'));
        }}
      />
      {leave.dialog}
      {full && <FullTable tableId={id} />}
      {starting && <StartNotice />}
      {status !== 'open' && !full && (
        <div className="banner" role="status">
          {status === 'reconnecting'
            ? t('reconnecting')
            : status === 'closed'
              ? t('connectionFailed')
              : t('connecting')}
        </div>
      )}
      {error && (
        <div className="banner error" role="alert">
          {t('table.error', { reason: error })}
        </div>
      )}
      {(invite || free) && info?.status === 'waiting' && (
        <InviteBox
          path={invite}
          tableId={id}
          names={seats.map((s) => (s.invited ? `${s.name} (${s.note})` : s.name))}
        />
      )}
      {free && info?.status === 'waiting' && me !== null && <HostStart tableId={id} />}
      {model && tab === 'table' && (
        <Table
          model={model}
          // While the connection is down nothing can be sent: no card or button offers itself to a click that
          // would be dropped (a page that reconnected under load seemed to take a click and did nothing).
          legal={(status === 'open' ? (state?.legal ?? []) : []) as WireAction[]}
          seats={seats}
          me={me}
          onAct={act}
          deadline={state?.deadline ?? null}
          trickMs={speed.trickMs}
          waitForNext={speed.waitForNext ?? alone}
          side={me !== null ? <SpeedButton speed={speed} onChange={setSpeed} alone={alone} /> : undefined}
        />
      )}
      {model && tab === 'table' && <HintBar tableId={id} info={info} state={state} me={me} names={names} />}
      {model && tab === 'scores' && <Scores model={model} names={names} me={me} />}
      <ChatPanel
        model={chat}
        conn={conn.current}
        me={welcome?.player?.id ?? null}
        spectator={welcome !== null && welcome.seat === null}
      />
      {state?.outcome?.over && (
        <MatchOver
          tableId={id}
          winners={state.outcome.winners}
          ranking={model?.ranking ?? []}
          scores={state.outcome.scores}
          names={names}
          me={me}
          tournament={info?.tournament ?? null}
        />
      )}
    </main>
  );
}

function InviteBox({ path, tableId, names }: { path: string | null; tableId: string; names: string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const url = `${location.origin}${path ?? `/#/t/${tableId}`}`;
  return (
    <section className="invite card-box">
      <p>{t('table.waiting')}</p>
      <label className="field">
        {t('table.link')}
        <input readOnly value={url} data-testid="invite-link" onFocus={(e) => e.target.select()} />
      </label>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {copied ? t('table.copied') : t('table.copy')}
      </button>
      <p className="muted">{names.join(' · ')}</p>
    </section>
  );
}

/**
 * What happens around a table rather than on it: asking a newcomer's name before he joins by link, the
 * notice of a full table with the offer to watch, the confirmation before leaving a running match, the
 * countdown before a computer takes a dropped player's seat, and "Revanche".
 */

import type { RematchOffer, TableInfo } from '@stich/protocol';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogKeys } from './dialog.ts';
import { useGame, useText } from './games.ts';
import { rememberHost } from './host.ts';
import {
  type ApiError,
  ensureGuest,
  rematch,
  rematchOffer,
  savedName,
  seatTokenFor,
  startNow,
} from './net.ts';
import { navigate, type Route } from './route.ts';

/** Whether the player still has to say his name (none given, or the server's default). */
const needsName = (): boolean => {
  const n = savedName().trim();
  return n === '' || n === 'Gast';
};

/**
 * Asks for the name before showing `children` (joining by link): nobody sits down as "Gast". The table
 * (`load`) says which game it is and who is there; a full table says so before any name is asked.
 */
export function NameGate({
  children,
  load,
}: {
  children: ReactNode;
  load?: () => Promise<{ table: TableInfo }>;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState(() => !needsName());
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [table, setTable] = useState<TableInfo | null>(null);
  // Until the table is known nothing is asked: a full table must say so before a name is typed (the
  // field would go away under the typing hand).
  const [known, setKnown] = useState(!load);
  useEffect(() => {
    if (done || !load) return;
    load().then(
      (r) => {
        setTable(r.table);
        setKnown(true);
      },
      () => setKnown(true),
    );
  }, [done, load]);
  const meta = useGame(table?.game);
  const text = useText();
  if (done) return <>{children}</>;
  if (!known) return <main className="center-msg name-gate" aria-busy="true" />;
  const people = table?.seats.flatMap((s) => (s.kind === 'human' && s.name ? [s.name] : [])) ?? [];
  const full =
    table?.status !== 'over' &&
    table?.seats.every((s) => s.kind === 'bot' || s.name !== null || s.program === true);
  if (table && full)
    return (
      <main className="center-msg name-gate">
        <FullTable tableId={table.id} />
      </main>
    );
  return (
    <main className="center-msg name-gate">
      <form
        className="card-box"
        data-testid="name-gate"
        onSubmit={(e) => {
          e.preventDefault();
          const n = name.trim();
          if (!n) return;
          ensureGuest(n).then(
            () => setDone(true),
            (x: Error) => setError(x.message),
          );
        }}
      >
        <h1>{t('tableAround.welcome')}</h1>
        {table && meta && (
          <p data-testid="invited-by">
            {people.length > 0
              ? t('tableAround.invitedBy', { game: text(meta.name), names: people.join(', ') })
              : text(meta.name)}
          </p>
        )}
        <label className="field">
          {t('lobby.name')}
          <input
            // biome-ignore lint/a11y/noAutofocus: the one thing to do on this screen
            autoFocus
            value={name}
            maxLength={32}
            required
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={!name.trim()}>
          {t('tableAround.sitDown')}
        </button>
        {error && (
          <p className="error" role="alert">
            {t('table.error', { reason: error })}
          </p>
        )}
      </form>
    </main>
  );
}

/** A join refused because every seat is taken: say so and offer to watch (no raw error, no "no connection"). */
export const isFull = (message: string): boolean => /seat-taken/.test(message);

export function FullTable({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  return (
    <section className="card-box full-table" data-testid="table-full" role="status">
      <p>{t('tableAround.full')}</p>
      <div className="row">
        <button
          type="button"
          className="primary"
          data-testid="watch"
          onClick={() => navigate({ page: 'table', id: tableId, spectate: true }, true)}
        >
          {t('lobby.watch')}
        </button>
        <button type="button" onClick={() => navigate({ page: 'lobby' })}>
          {t('back')}
        </button>
      </div>
    </section>
  );
}

/**
 * The ways out of a table (the back button, the fair-deal badge): each asks first while the viewer plays
 * a running match. `ask(route)` opens the question for a way out to `route`.
 */
export function useLeave(running: boolean): {
  ask: (to: Route, from: HTMLElement | null) => void;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{ to: Route; from: HTMLElement | null } | null>(null);
  return {
    ask: (to, from) => (running ? setAsking({ to, from }) : navigate(to)),
    dialog: asking && (
      <LeaveConfirm
        onStay={() => {
          setAsking(null);
          asking.from?.focus();
        }}
        onLeave={() => navigate(asking.to)}
      />
    ),
  };
}

/** The back button of a table. */
export function LeaveButton({ ask }: { ask: (to: Route, from: HTMLElement | null) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={t('table.leave')}
      data-testid="leave"
      onClick={(e) => ask({ page: 'lobby' }, e.currentTarget)}
    >
      ←<span className="hide-sm"> {t('table.leave')}</span>
    </button>
  );
}

function LeaveConfirm({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useDialogKeys(box, onStay);
  return (
    <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="leave-title">
      <div className="dialog" ref={box} data-testid="leave-confirm">
        <h2 id="leave-title">{t('tableAround.leaveTitle')}</h2>
        <p>{t('tableAround.leaveText')}</p>
        <div className="row end">
          <button type="button" className="primary" data-testid="stay" onClick={onStay}>
            {t('tableAround.stay')}
          </button>
          <button type="button" data-testid="leave-anyway" onClick={onLeave}>
            {t('tableAround.leaveAnyway')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The time now, ticking every second while `active` (a countdown on screen). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/** How often a finished match's players ask whether a rematch was asked for (ms). */
const OFFER_POLL_MS = 2000;

/** The rematch of this finished match as the server knows it, asked for every few seconds. */
function useRematchOffer(tableId: string, active: boolean): RematchOffer | null {
  const [offer, setOffer] = useState<RematchOffer | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const poll = () =>
      rematchOffer(tableId).then(
        (r) => {
          if (live) setOffer(r.rematch);
        },
        () => {},
      );
    void poll();
    const id = setInterval(poll, OFFER_POLL_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [tableId, active]);
  return offer;
}

/**
 * "Revanche" after a finished match: the same table setup, the same seats, the next dealer. The first to
 * ask opens it and waits there; the others are told here who asks and who has accepted, and accept by
 * the same button.
 */
export function RematchBox({ tableId, me }: { tableId: string; me: number | null }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // Only the players of the match (this browser holds a seat token of the table); not spectators.
  const player = !!seatTokenFor(tableId);
  const offer = useRematchOffer(tableId, player);
  if (!player) return null;
  const mine = offer?.seats.find((s) => s.seat === me);
  if (offer && offer.status !== 'waiting' && !mine)
    return (
      <p className="muted" data-testid="rematch-gone">
        {t('tableAround.rematchGone')}
      </p>
    );
  const asked = offer && !offer.host && !mine?.accepted;
  return (
    <div className="rematch" data-testid="rematch-box">
      {offer && (
        <div role="status" data-testid={asked ? 'rematch-asked' : 'rematch-state'}>
          {asked && <p>{t('tableAround.rematchAsked', { name: offer.by ?? '?' })}</p>}
          <ul className="accepted">
            {offer.seats.map((s) => (
              <li key={s.seat} data-seat={s.seat} data-accepted={s.accepted}>
                {s.seat === me ? t('table.you') : s.name}:{' '}
                {t(s.accepted ? 'tableAround.accepted' : 'tableAround.invited')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        className="primary"
        data-testid="rematch"
        onClick={() =>
          rematch(tableId).then(
            (r) => {
              if (r.invite) sessionStorage.setItem(`stich.invite.${r.table.id}`, r.invite.path);
              if (r.host) rememberHost(r.table.id);
              navigate({ page: 'table', id: r.table.id, seat: r.seat });
            },
            (e: ApiError) => setError(e.code === 'seat-taken' ? t('tableAround.rematchGone') : e.message),
          )
        }
      >
        {t(asked ? 'tableAround.rematchAccept' : mine ? 'tableAround.rematchGo' : 'tableAround.rematch')}
      </button>
      {error && (
        <p className="error" role="alert">
          {t('table.error', { reason: error })}
        </p>
      )}
    </div>
  );
}

/** True for a few seconds after the table's status went from waiting to playing: the match begins. */
export function useStartNotice(status: string | undefined, ms = 4000): boolean {
  const [shown, setShown] = useState(false);
  const before = useRef(status);
  useEffect(() => {
    const was = before.current;
    before.current = status;
    if (was !== 'waiting' || status !== 'playing') return;
    setShown(true);
    const id = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(id);
  }, [status, ms]);
  return shown;
}

export function StartNotice() {
  const { t } = useTranslation();
  return (
    <p className="banner start-notice" role="status" data-testid="starting">
      {t('tableAround.starting')}
    </p>
  );
}

/** The host's "start now" while seats are free: computer players take them. */
export function HostStart({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (sessionStorage.getItem(`stich.host.${tableId}`) !== '1') return null;
  return (
    <section className="card-box host-start">
      <button
        type="button"
        className="primary"
        data-testid="host-start"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          startNow(tableId).then(
            () => setBusy(false),
            (e: Error) => {
              setBusy(false);
              setError(e.message);
            },
          );
        }}
      >
        {t('tableAround.startNow')}
      </button>
      <span className="muted"> {t('tableAround.startNowHint')}</span>
      {error && (
        <p className="error" role="alert">
          {t('table.error', { reason: error })}
        </p>
      )}
    </section>
  );
}

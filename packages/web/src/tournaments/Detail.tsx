/**
 * One tournament (`#/tournaments/<id>`, `?code=` for one by invitation; GET /api/tournaments/:id): its
 * settings, the registered players, registering and unregistering, the organizer's start, cancel,
 * invitation link and edit before the start (the create form, Create.tsx), the rounds with their tables
 * (Tables.tsx) and the live standings. While it is open or running the page asks again every
 * `TOURNAMENT_POLL_SECONDS` (a tournament changes at most once per finished table) and stops when the page
 * is left or the tournament is over. Names are React text only.
 */
import type { TournamentDetail } from '@stich/protocol';
import { FORMATS } from '@stich/tournament/formats';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountError } from '../account/api.ts';
import { Note, Page, useDate } from '../account/common.tsx';
import { gameName, useGames, useText } from '../games.ts';
import { signedInAs } from '../net.ts';
import { hrefOf } from '../route.ts';
import {
  cancelTournament,
  fetchTournament,
  registerTournament,
  startTournament,
  TOURNAMENT_POLL_SECONDS,
  unregisterTournament,
} from './api.ts';
import { EditTournament } from './Create.tsx';
import { useFormatName, useRefusal } from './common.ts';
import { Rounds, StandingsTable } from './Tables.tsx';
import './tournaments.css';

export function TournamentPage({ id, code }: { id: string; code?: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('tournaments.title')} name="tournament">
      {signedInAs() ? (
        <Live id={id} code={code ?? null} />
      ) : (
        <section className="card-box">
          <p>{t('tournaments.guest')}</p>
          <a href={hrefOf({ page: 'signin' })}>{t('me.signIn')}</a>{' '}
          <a href={hrefOf({ page: 'signup' })}>{t('me.signUp')}</a>
        </section>
      )}
    </Page>
  );
}

type Refusal = { text: string; code: string };
const REFUSED_FOR_GOOD = ['not-found', 'unauthorized', 'forbidden'];

/** The tournament as last fetched, asked again on a timer while it can still change. */
function useTournament(id: string, code: string | null) {
  const [detail, setDetail] = useState<TournamentDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const alive = useRef(true);
  const reload = useCallback(async () => {
    try {
      const d = await fetchTournament(id, code);
      if (!alive.current) return;
      setDetail(d);
      setError(null);
    } catch (e) {
      if (alive.current) setError(e);
    }
  }, [id, code]);
  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);
  // A tournament that is not there (or not for this caller) does not come back by asking again.
  const gone = detail === null && error instanceof AccountError && REFUSED_FOR_GOOD.includes(error.code);
  const polling = detail === null ? !gone : detail.status === 'open' || detail.status === 'running';
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      // A hidden tab asks nothing; it catches up when it is shown again.
      if (document.visibilityState !== 'hidden') void reload();
    }, TOURNAMENT_POLL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [polling, reload]);
  return { detail, error, reload, polling };
}

function Live({ id, code }: { id: string; code: string | null }) {
  const { t } = useTranslation();
  const refusal = useRefusal();
  const { detail, error, reload, polling } = useTournament(id, code);
  const [note, setNote] = useState<{ error?: Refusal; ok?: string }>({});
  const [busy, setBusy] = useState(false);
  // Once opened, the edit form stays until closed or saved, even if the tournament starts meanwhile: a
  // save then shows the server's refusal (`started`) instead of the form vanishing under the organizer.
  const [editing, setEditing] = useState(false);

  const act = async (f: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await f();
      setNote({ ok });
    } catch (e) {
      setNote({ error: refusal(e) });
    } finally {
      setBusy(false);
      await reload();
    }
  };

  if (!detail) {
    return (
      <section className="card-box">
        {error ? (
          <div data-testid="tournament-error" data-code={refusal(error).code}>
            <Note
              error={
                refusal(error).code === 'not-found' ? t('tournaments.detail.notFound') : refusal(error).text
              }
            />
          </div>
        ) : (
          <p className="muted">{t('loading')}</p>
        )}
      </section>
    );
  }
  const open = detail.status === 'open';
  // The entrants the server added as computers sit as `bot` (a dropped player's seat is `dropped` too).
  const computers = new Set(
    detail.rounds
      .flatMap((r) => r.tables.flatMap((x) => x.seats.filter((s) => s.bot && !s.dropped)))
      .map((s) => s.name),
  );
  return (
    <>
      <Head detail={detail} />
      {(note.error || note.ok) && (
        <section className="card-box" data-testid="tournament-note" data-code={note.error?.code}>
          <Note error={note.error?.text} ok={note.ok} />
        </section>
      )}
      <section className="card-box" data-testid="tournament-players">
        <h2>{t('tournaments.detail.players')}</h2>
        {detail.players.length === 0 ? (
          <p className="muted">{t('tournaments.detail.noPlayers')}</p>
        ) : (
          <ul className="plain-list tournament-players">
            {detail.players.map((p) => (
              <li key={p} data-name={p} data-bot={computers.has(p)} data-dropped={detail.dropped.includes(p)}>
                {/* A computer entrant (added by `fill` at the start) has no profile. */}
                {computers.has(p) ? p : <a href={hrefOf({ page: 'player', name: p })}>{p}</a>}
                {computers.has(p) && <span className="tag bot">{t('tournaments.detail.bot')}</span>}
                {p === signedInAs() && <span className="muted"> ({t('tournaments.detail.you')})</span>}
                {detail.dropped.includes(p) && (
                  <span className="tag dropped">{t('tournaments.detail.dropped')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        {open && (
          <div className="row">
            {detail.registered ? (
              <>
                <span>{t('tournaments.detail.registered')}</span>
                <button
                  type="button"
                  data-testid="unregister"
                  disabled={busy}
                  onClick={() => act(() => unregisterTournament(id), t('tournaments.done.unregistered'))}
                >
                  {t('tournaments.detail.unregister')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="primary"
                data-testid="register"
                disabled={busy}
                onClick={() => act(() => registerTournament(id, code), t('tournaments.done.registered'))}
              >
                {t('tournaments.detail.register')}
              </button>
            )}
          </div>
        )}
      </section>
      {detail.organizing && open && (
        <Organizer
          detail={detail}
          busy={busy}
          act={act}
          editing={editing}
          edit={() => {
            setNote({});
            setEditing(true);
          }}
        />
      )}
      {detail.organizing && editing && (
        <EditTournament
          detail={detail}
          close={() => setEditing(false)}
          refused={() => void reload()}
          done={() => {
            setEditing(false);
            setNote({ ok: t('tournaments.done.edited') });
            void reload();
          }}
        />
      )}
      {detail.rounds.length > 0 && <Rounds detail={detail} />}
      {detail.status !== 'open' && detail.status !== 'cancelled' && <StandingsTable detail={detail} />}
      {polling && (
        <p className="muted live-note">{t('tournaments.detail.live', { s: TOURNAMENT_POLL_SECONDS })}</p>
      )}
    </>
  );
}

function Head({ detail }: { detail: TournamentDetail }) {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  const formatName = useFormatName();
  const date = useDate();
  const s = detail.settings;
  const round = FORMATS[s.format]?.round ?? 'round';
  const presetName = games?.find((g) => g.id === s.game)?.presets.find((p) => p.id === s.preset)?.name;
  return (
    <section className="card-box" data-testid="tournament-head" data-status={detail.status}>
      <h1 data-testid="tournament-name">{detail.name}</h1>
      <p>
        {t('tournaments.detail.settings', {
          format: formatName(detail.format),
          game: gameName(games, detail.game, text),
        })}
        {presetName && ` · ${t('tournaments.detail.preset', { preset: text(presetName) })}`}
      </p>
      <p>
        {s.format === 'swiss'
          ? s.rounds === 0
            ? t('tournaments.detail.planSwissAuto')
            : t('tournaments.detail.planSwiss', { count: s.rounds })
          : t(`tournaments.detail.plan_${round}`, { count: s.rounds, games: s.games })}
      </p>
      <p>
        <strong data-testid="tournament-status">{t(`tournaments.status.${detail.status}`)}</strong> ·{' '}
        <span data-testid="tournament-entrants">
          {t('tournaments.detail.entrants', { entrants: detail.entrants, max: detail.maxPlayers })}
        </span>{' '}
        · {t(detail.public ? 'tournaments.detail.public' : 'tournaments.detail.invite')}
        {s.fill && ` · ${t('tournaments.detail.fill')}`}
      </p>
      <p>
        {detail.startsAt
          ? t('tournaments.detail.startsAt', { date: date(detail.startsAt, true) })
          : t('tournaments.byOrganizer')}
      </p>
      <p className="muted">{t('tournaments.detail.organizer', { name: detail.organizer })}</p>
    </section>
  );
}

function Organizer({
  detail,
  busy,
  act,
  editing,
  edit,
}: {
  detail: TournamentDetail;
  busy: boolean;
  act: (f: () => Promise<unknown>, ok: string) => Promise<void>;
  editing: boolean;
  edit: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = detail.code
    ? `${location.origin}/${hrefOf({ page: 'tournament', id: detail.id, code: detail.code })}`
    : null;
  return (
    <section className="card-box" data-testid="tournament-organizer">
      {link && (
        <div className="row">
          <label className="field grow">
            {t('tournaments.detail.inviteLink')}
            <input readOnly value={link} data-testid="invite-link" onFocus={(e) => e.target.select()} />
          </label>
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t('tournaments.detail.copy')}
          </button>
          {copied && <span className="ok">{t('tournaments.detail.copied')}</span>}
        </div>
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          data-testid="start"
          disabled={busy}
          onClick={() => act(() => startTournament(detail.id), t('tournaments.done.started'))}
        >
          {t('tournaments.detail.start')}
        </button>
        <button type="button" data-testid="edit" disabled={busy || editing} onClick={edit}>
          {t('tournaments.edit.open')}
        </button>
        <button
          type="button"
          className="danger"
          data-testid="cancel"
          disabled={busy}
          onClick={() => {
            if (window.confirm(t('tournaments.detail.cancelSure')))
              void act(() => cancelTournament(detail.id), t('tournaments.done.cancelled'));
          }}
        >
          {t('tournaments.detail.cancel')}
        </button>
      </div>
    </section>
  );
}

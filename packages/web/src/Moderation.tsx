/**
 * The moderators' screen (`#/moderation`, docs/chat.md): the open chat reports, each with the reported
 * message, its writer, the reporter, the table and the messages before it; a moderator hides the message,
 * bars the writer from chat (or lifts the bar) or dismisses the report. Everything the players wrote is
 * shown as React text, never as markup. The server decides who is a moderator; this screen only shows its
 * refusal.
 */
import {
  type ChatReport,
  MODERATION_API,
  type ModeratedMessage,
  type ModerationAnswer,
  QUICK_PHRASES,
  type QuickId,
  type ReportsResponse,
} from '@stich/protocol/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountError } from './account/api.ts';
import { Note, Page, useDate, useErrorText, useLoad } from './account/common.tsx';
import { addTexts } from './i18n/index.ts';
import { MODERATION_DE, MODERATION_EN } from './i18n/moderation.ts';
import { playerToken, signedInAs } from './net.ts';
import { hrefOf } from './route.ts';
import './moderation.css';

addTexts({ moderation: MODERATION_DE }, { moderation: MODERATION_EN });

/** A moderators' request with the session cookie, the play token and, for a change, the CSRF header. */
async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = playerToken();
  const res = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'x-stich': '1', 'content-type': 'application/json' } : {}),
    },
    credentials: 'same-origin',
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const data = (await res.json().catch(() => null)) as { code?: string; reason?: string } | null;
  if (!res.ok) throw new AccountError(data?.code ?? `http-${res.status}`, data?.reason ?? `${res.status}`);
  return data as T;
}

const pathOf = (p: string, id: string) => p.replace(':id', encodeURIComponent(id));

export function Moderation() {
  const { t } = useTranslation();
  return (
    <Page title={t('moderation.title')} name="moderation">
      {signedInAs() ? (
        <Reports />
      ) : (
        <section className="card-box">
          <p>{t('moderation.signIn')}</p>
          <a href={hrefOf({ page: 'signin' })}>{t('me.signIn')}</a>
        </section>
      )}
    </Page>
  );
}

function Reports() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [got, reload] = useLoad('reports', () => request<ReportsResponse>('GET', MODERATION_API.reports));
  // The moderator's changes since the load: closed reports leave, a bar shows at once.
  const [changed, setChanged] = useState<ReadonlyMap<string, ChatReport>>(new Map());
  const [note, setNote] = useState<{ error?: string; ok?: string }>({});
  const [busy, setBusy] = useState(false);
  if (got.state === 'loading') return <p className="muted">{t('moderation.loading')}</p>;
  if (got.state === 'error') {
    const forbidden = got.error instanceof AccountError && got.error.code === 'forbidden';
    return <Note error={forbidden ? t('moderation.notModerator') : errorText(got.error)} />;
  }
  const act = async (path: string, body: unknown, ok: (r: ChatReport) => string) => {
    setBusy(true);
    try {
      const r = await request<ModerationAnswer>('POST', path, body);
      setChanged((m) => new Map(m).set(r.report.id, r.report));
      setNote({ ok: ok(r.report) });
    } catch (e) {
      setNote({ error: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const reports = got.value.reports.map((r) => changed.get(r.id) ?? r).filter((r) => r.closed === null);
  return (
    <>
      <Note {...note} />
      <p>
        <button
          type="button"
          onClick={() => {
            setChanged(new Map());
            setNote({});
            reload();
          }}
        >
          {t('moderation.reload')}
        </button>
      </p>
      {reports.length === 0 ? (
        <p className="muted" data-testid="no-reports">
          {t('moderation.none')}
        </p>
      ) : (
        <ul className="plain-list reports">
          {reports.map((r) => (
            <Report key={r.id} r={r} busy={busy} act={act} />
          ))}
        </ul>
      )}
    </>
  );
}

function Report({
  r,
  busy,
  act,
}: {
  r: ChatReport;
  busy: boolean;
  act: (path: string, body: unknown, ok: (r: ChatReport) => string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const date = useDate();
  const m = r.message;
  const writer = m?.name ?? '?';
  return (
    <li className="card-box report" data-testid="report">
      <p>
        {t('moderation.reported', { name: r.reporterName, date: date(r.createdAt, true, 'short') })} ·{' '}
        {r.reason ? t('moderation.reason', { reason: r.reason }) : t('moderation.noReason')} ·{' '}
        <a href={hrefOf({ page: 'table', id: r.table, spectate: true })}>{t('moderation.table')}</a>
      </p>
      {r.context.length > 0 && (
        <>
          <h3>{t('moderation.context')}</h3>
          <ol className="plain-list" data-testid="report-context">
            {r.context.map((c) => (
              <Line key={c.n} m={c} />
            ))}
          </ol>
        </>
      )}
      <h3>{t('moderation.message')}</h3>
      {m ? (
        <p data-testid="report-message">
          <strong>
            <Line m={m} as="span" />
          </strong>
        </p>
      ) : (
        <p className="muted">{t('moderation.gone')}</p>
      )}
      <p>
        {t('moderation.writer', { name: writer })}
        {r.barred && <strong data-testid="barred"> · {t('moderation.barred')}</strong>}
      </p>
      <p className="actions">
        <button
          type="button"
          disabled={busy || !m || m.hidden}
          data-testid="mod-hide"
          onClick={() => void act(pathOf(MODERATION_API.hide, r.id), {}, () => t('moderation.didHide'))}
        >
          {t('moderation.hide')}
        </button>{' '}
        <button
          type="button"
          disabled={busy || !m}
          data-testid="mod-bar"
          onClick={() =>
            void act(pathOf(MODERATION_API.bar, r.id), { on: !r.barred }, (x) =>
              t(x.barred ? 'moderation.didBar' : 'moderation.didUnbar', { name: writer }),
            )
          }
        >
          {r.barred ? t('moderation.unbar') : t('moderation.bar')}
        </button>{' '}
        <button
          type="button"
          disabled={busy}
          data-testid="mod-dismiss"
          onClick={() => void act(pathOf(MODERATION_API.dismiss, r.id), {}, () => t('moderation.didDismiss'))}
        >
          {t('moderation.dismiss')}
        </button>
      </p>
    </li>
  );
}

/** One stored message: its writer and text, as plain React text. */
function Line({ m, as = 'li' }: { m: ModeratedMessage; as?: 'li' | 'span' }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const text =
    m.quick !== undefined
      ? (QUICK_PHRASES[m.quick as QuickId]?.[lang] ?? m.quick)
      : (m.text ?? t('moderation.removed'));
  const body = (
    <>
      {m.name}
      {m.ch === 'spectators' ? ` (${t('moderation.watcher')})` : ''}: {text}
      {m.hidden ? ` ${t('moderation.hiddenMark')}` : ''}
    </>
  );
  return as === 'li' ? <li>{body}</li> : <span>{body}</span>;
}

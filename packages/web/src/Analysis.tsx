/**
 * The analysis of a finished match beside its replay (docs/analysis.md): for the move shown, the points
 * it lost and the best alternative, by both figures (from the player's view, the fair one; and with
 * all cards known); per deal and for the match, each player's losses and largest mistakes, which jump
 * the replay to that move. The server computes the analysis; deals still being analysed are asked for
 * again every two seconds.
 */
import type { AnalysisMove, AnalysisResponse, AnalysisSeat } from '@stich/protocol';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel } from './actions.ts';
import { cardName } from './cards.tsx';
import { fetchAnalysis } from './net.ts';

const UNIT_KEY: Record<AnalysisResponse['unit'], string> = {
  'card points': 'analysis.unit.cardPoints',
  distance: 'analysis.unit.distance',
  'game points': 'analysis.unit.gamePoints',
};

/** A loss as shown in the summaries: −1.5, or 0 for none. */
const lost = (x: number): string => (x > 0 ? `−${fmt(x)}` : '0');
const fmt = (x: number): string =>
  (Math.round(x * 10) / 10).toLocaleString(undefined, { maximumFractionDigits: 1 });

export function AnalysisPanel({
  id,
  names,
  step,
  onJump,
}: {
  id: string;
  names: readonly string[];
  /** The replay step shown. */
  step: number;
  onJump: (step: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<AnalysisResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = data?.pending.length ?? 0;
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchAnalysis(id)
        .then((r) => {
          if (stop) return;
          setData(r);
          if (r.pending.length > 0) timer = setTimeout(load, 2000);
        })
        .catch((e: Error) => !stop && setError(e.message));
    void load();
    return () => {
      stop = true;
      if (timer) clearTimeout(timer);
    };
  }, [id]);

  if (error)
    return (
      <p className="error" role="alert">
        {t('table.error', { reason: error })}
      </p>
    );
  if (!data) return <p className="muted">{t('loading')}</p>;
  const unit = t(UNIT_KEY[data.unit]);
  const name = (s: number) => names[s] ?? data.names[s] ?? `${s + 1}`;
  const moves = data.deals.flatMap((d) => d.moves);
  const stepOf = new Map(moves.map((m) => [m.index, m.step]));
  const here = moves.find((m) => m.step === step);
  // The deal shown: the one of the move at this step, else the last deal that began before it.
  const deal =
    data.deals.find((d) => d.moves.some((m) => m.step === step)) ??
    [...data.deals].reverse().find((d) => d.moves.length > 0 && d.moves[0].step <= step) ??
    data.deals[0];
  const label = (a: AnalysisMove['action']) =>
    typeof a.card === 'string' ? cardName(t, a.card) : actionLabel(t, a, (k) => i18n.exists(k));

  return (
    <section className="card-box analysis" data-testid="analysis" aria-label={t('analysis.title')}>
      <h2>{t('analysis.title')}</h2>
      <p className="muted">{t('analysis.explain', { unit })}</p>
      {pending > 0 && (
        <p className="muted" data-testid="analysis-pending">
          {t('analysis.pending', { count: pending })}
        </p>
      )}
      {data.failed.length > 0 && (
        <p className="error" role="alert" data-testid="analysis-failed">
          {t('analysis.failed', {
            deals: data.failed.map((f) => f.deal + 1).join(', '),
            reason: data.failed[0].reason,
          })}
        </p>
      )}
      <div className="analysis-move" data-testid="analysis-move" aria-live="polite">
        {here ? (
          <MoveFigures m={here} who={name(here.seat)} label={label} unit={unit} t={t} />
        ) : (
          t('analysis.noMove')
        )}
      </div>
      {deal && (
        <Summary
          testid="analysis-deal"
          title={t('analysis.deal', { n: deal.deal + 1 })}
          seats={deal.seats}
          name={name}
          jump={(index) => onJump(stepOf.get(index) ?? step)}
          t={t}
        />
      )}
      <Summary
        testid="analysis-match"
        title={t('analysis.match')}
        seats={data.match}
        name={name}
        jump={(index) => onJump(stepOf.get(index) ?? step)}
        t={t}
      />
    </section>
  );
}

function MoveFigures({
  m,
  who,
  label,
  unit,
  t,
}: {
  m: AnalysisMove;
  who: string;
  label: (a: AnalysisMove['action']) => string;
  unit: string;
  t: TFunction;
}) {
  const head = (
    <strong>
      {who}: {label(m.action)}
    </strong>
  );
  if (m.forced)
    return (
      <p>
        {head} · {t('analysis.forced')}
      </p>
    );
  if (m.kind === 'call')
    return (
      <p>
        {head} ·{' '}
        {m.agrees
          ? t('analysis.agrees')
          : t('analysis.computer', { action: m.search ? label(m.search) : '–' })}
      </p>
    );
  const line = (key: string, f: AnalysisMove['view'], testid: string) => (
    <li data-testid={testid} data-loss={f ? f.loss : ''}>
      <span className="analysis-figure">{t(key)}</span>{' '}
      {f
        ? f.loss > 0
          ? t('analysis.lost', { loss: fmt(f.loss), unit, best: cardName(t, f.best) })
          : t('analysis.best')
        : t('analysis.none')}
    </li>
  );
  return (
    <>
      <p>{head}</p>
      <ul className="analysis-figures">
        {line('analysis.view', m.view, 'analysis-view')}
        {line('analysis.dd', m.dd, 'analysis-dd')}
        {m.won && m.won.played !== m.won.best && (
          <li>{m.won.best ? t('analysis.wouldWin') : t('analysis.wouldLose')}</li>
        )}
      </ul>
    </>
  );
}

function Summary({
  testid,
  title,
  seats,
  name,
  jump,
  t,
}: {
  testid: string;
  title: string;
  seats: readonly AnalysisSeat[];
  name: (s: number) => string;
  jump: (index: number) => void;
  t: TFunction;
}) {
  return (
    <div className="analysis-summary" data-testid={testid}>
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('analysis.player')}</th>
            <th scope="col">{t('analysis.view')}</th>
            <th scope="col">{t('analysis.dd')}</th>
            <th scope="col">{t('analysis.largest')}</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((s) => (
            <tr key={s.seat} data-seat={s.seat}>
              <th scope="row">{name(s.seat)}</th>
              <td>{fmt(s.viewLoss)}</td>
              <td>{fmt(s.ddLoss)}</td>
              <td>
                {s.largest.length === 0
                  ? '–'
                  : s.largest.map((x) => (
                      <button
                        key={x.index}
                        type="button"
                        className="link analysis-jump"
                        data-index={x.index}
                        onClick={() => jump(x.index)}
                      >
                        {t('analysis.mistake', { n: x.index + 1, view: lost(x.view), dd: lost(x.dd) })}
                      </button>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

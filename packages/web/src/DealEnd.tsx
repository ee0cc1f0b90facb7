/**
 * The end of a deal at the table: who won, the last trick, the breakdown (Doppelkopf: with what each party
 * needed), until the player continues ("Weiter") or, where the table does not wait, a timer ends.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace } from './cards.tsx';
import { DokoBreakdown } from './doko.tsx';
import type { TableModel } from './model.ts';
import { DealBreakdown, dealHeadline } from './Scores.tsx';
import { takesText } from './table/trick.tsx';

/** The deal just scored: who won, the points, the breakdown; until the player continues or a timer ends. */
export function DealEnd({
  model,
  index,
  names,
  me,
  onClose,
  seconds,
}: {
  model: TableModel;
  index: number;
  names: string[];
  me: number | null;
  onClose: () => void;
  /** Seconds until it closes by itself, counted down on the button; null: it waits for "Weiter". */
  seconds: number | null;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState(seconds ?? 0);
  useEffect(() => {
    button.current?.focus({ preventScroll: true });
    if (seconds === null) return;
    const id = setInterval(() => setLeft((x) => Math.max(0, x - 1)), 1000);
    return () => clearInterval(id);
  }, [seconds]);
  const round = model.rounds?.[index];
  const deal = model.deals[index];
  const last = round?.lastCards ?? deal?.lastCards ?? [];
  const lastWinner = round?.lastTrick ?? deal?.lastTrick ?? null;
  return (
    <section
      className="deal-end"
      aria-labelledby="deal-end-title"
      data-testid="deal-end"
      data-deal={index + 1}
    >
      <h2 id="deal-end-title">{dealHeadline(t, model, index, names, me)}</h2>
      {last.length > 0 && (
        <figure className="deal-end-last" data-testid="deal-end-last">
          <figcaption>
            {t('table.lastTrick')}
            {lastWinner !== null ? `: ${takesText(t, names, me, lastWinner)}` : ''}
          </figcaption>
          <div className="last-cards">
            {last.map((p) => (
              <figure key={p.seat} data-card={p.card} data-seat={p.seat}>
                <CardFace card={p.card} />
                <figcaption>{names[p.seat]}</figcaption>
              </figure>
            ))}
          </div>
        </figure>
      )}
      {round ? (
        <table className="breakdown round-end">
          <thead>
            <tr>
              <th />
              <th>{t('score.estimate')}</th>
              <th>{t('score.made')}</th>
              <th>{t('score.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {names.map((n, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat
              <tr key={s} data-seat={s}>
                <th>{n}</th>
                <td>{round.estimates[s]}</td>
                <td>{round.points[s]}</td>
                <td>{round.differences[s]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : deal?.doko && model.doko ? (
        <DokoBreakdown r={deal.doko} names={names} options={model.doko.view.options} me={me} />
      ) : deal ? (
        <DealBreakdown result={deal} names={names} model={model} index={index} me={me} bare />
      ) : null}
      <button
        type="button"
        ref={button}
        className="action primary"
        onClick={onClose}
        data-testid="deal-end-continue"
      >
        {t('table.nextDeal')}
        {seconds !== null && <small> ({t('table.secondsLeft', { n: left })})</small>}
      </button>
    </section>
  );
}

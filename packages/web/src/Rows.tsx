/**
 * What tells two matches apart in the lobby's rows (Meine Tische, Offene Tische): the rules preset, when
 * the table was opened, how far the match has come ("Spiel 5 von 24") and the score by seat.
 */
import type { GameMeta, TableProgress } from '@stich/protocol';
import { useTranslation } from 'react-i18next';
import { useText } from './games.ts';

export function TableFacts({
  meta,
  preset,
  createdAt,
  progress,
  names,
  over,
}: {
  meta: GameMeta | undefined;
  preset: string | null;
  createdAt: string;
  progress: TableProgress | undefined;
  /** Display names by seat, for the score. */
  names: readonly string[];
  over: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = useText();
  const p =
    meta?.presets.find((x) => x.id === preset) ?? (meta?.presets.length === 1 ? undefined : meta?.presets[0]);
  const when = new Date(createdAt);
  const date = Number.isNaN(when.getTime())
    ? ''
    : when.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
        dateStyle: 'short',
        timeStyle: 'short',
      });
  const deal = progress
    ? over
      ? t('rows.deals', { count: progress.deals })
      : progress.of !== null
        ? t('rows.dealOf', { n: Math.min(progress.deals + 1, progress.of), of: progress.of })
        : t('rows.deal', { n: progress.deals + 1 })
    : null;
  return (
    <small className="facts" data-testid="facts">
      {p && <span data-testid="facts-preset">{text(p.name)}</span>}
      {date && <time dateTime={createdAt}>{date}</time>}
      {deal && <span data-testid="facts-progress">{deal}</span>}
      {progress && progress.deals > 0 && (
        <span data-testid="facts-score">
          {progress.scores.map((s, i) => `${names[i] ?? i + 1} ${s}`).join(' · ')}
        </span>
      )}
    </small>
  );
}

/**
 * Hints at the table (docs/analysis.md): the "Tipp" button asks the server for the search player's
 * suggestion for this seat's decision now, computed from the seat's own view, and shows it with the
 * expected loss of every other legal card against it. Where hints were used, everyone at the table sees
 * who used them. The table decides whether it offers hints (one person against computer players).
 */
import type { GameView, HintResponse, StateUpdate, TableInfo } from '@stich/protocol';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, type WireAction } from './actions.ts';
import { cardName } from './cards.tsx';
import { dokoLabel } from './doko.tsx';
import { askHint } from './net.ts';

/** The unit in the nominative, singular or plural by the number before it. */
const UNIT_KEY: Record<HintResponse['unit'], string> = {
  'card points': 'hint.unit.cardPoints',
  distance: 'hint.unit.distance',
  'game points': 'hint.unit.gamePoints',
};

/** A suggested action in words: a card by its name, a call as on its button ("gesund", not "healthy"). */
export function hintLabel(
  t: TFunction,
  a: WireAction,
  view: GameView,
  exists: (k: string) => boolean,
): string {
  if (typeof a.card === 'string') return cardName(t, a.card);
  return view.game === 'doppelkopf' ? dokoLabel(t, a, view) : actionLabel(t, a, exists);
}

export function HintBar({
  tableId,
  info,
  state,
  me,
  names,
}: {
  tableId: string;
  info: TableInfo | null;
  state: StateUpdate | null;
  me: number | null;
  names: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const [hint, setHint] = useState<HintResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hints = info?.hints;
  if (!hints || !state) return null;
  const mine = me !== null && hints.allowed && info?.status === 'playing' && state.legal.length > 0;
  const shown = hint && hint.seq === state.seq ? hint : null;
  const label = (a: WireAction) => hintLabel(t, a, state.view, (k) => i18n.exists(k));
  const round = (x: number) => Math.round(x * 10) / 10;
  const fmt = (x: number) => round(x).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const unit = (x: number) => (shown ? t(UNIT_KEY[shown.unit], { count: round(x) }) : '');
  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      setHint(await askHint(tableId));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!mine && hints.used.length === 0) return null;
  return (
    <section className="hint-bar" aria-label={t('hint.title')}>
      {hints.used.length > 0 && (
        <p className="hint-used" data-testid="hints-used">
          {t('hint.used', { names: hints.used.map((s) => names[s] ?? `${s + 1}`).join(', ') })}
        </p>
      )}
      {mine && !shown && (
        <button type="button" data-testid="hint" disabled={busy} onClick={() => void ask()}>
          {busy ? t('hint.thinking') : t('hint.button')}
        </button>
      )}
      {error && (
        <p className="error" role="alert">
          {t('table.error', { reason: error })}
        </p>
      )}
      {shown && (
        <div className="hint-box" data-testid="hint-box" aria-live="polite">
          <p>
            <strong>{t('hint.suggest', { action: label(shown.action as WireAction) })}</strong>
          </p>
          {shown.options && (
            <ul>
              {shown.options.map((o) => {
                const diff = shown.options![0].value - o.value;
                return (
                  <li key={JSON.stringify(o.action)} data-value={o.value}>
                    {label(o.action as WireAction)}:{' '}
                    {diff > 0 ? t('hint.worse', { loss: fmt(diff), unit: unit(diff) }) : t('hint.best')}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="muted">{shown.options ? t('hint.explain') : t('hint.explainCall')}</p>
        </div>
      )}
    </section>
  );
}

/** A control for every legal action that is not a card: buttons, and a number field for numeric choices. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, actionSuit, type Controls, type WireAction } from '../actions.ts';
import { cardName, SuitIcon, type SuitLetter } from '../cards.tsx';
import { deadlineText, dokoLabel } from '../doko.tsx';
import type { TableModel } from '../model.ts';

export function ActionBar({
  controls,
  onAct,
  exists,
  model,
  me,
  legal,
}: {
  controls: Controls;
  onAct: (a: WireAction) => void;
  exists: (k: string) => boolean;
  model: TableModel;
  me: number | null;
  legal: readonly WireAction[];
}) {
  const { t } = useTranslation();
  const doko = model.doko?.view ?? null;
  // Doppelkopf: a seat listed only so that its view tells nothing of its party may have nothing but
  // "quiet" to say; the game does not wait for it, so no button asks.
  // Nor does it wait for "quiet" (nothing now) beside announcements: the button would only ever show while
  // another seat is to play, and saying nothing needs no click. Off turn only the announcements show.
  const buttons = doko ? controls.buttons.filter((a) => a.t !== 'quiet') : controls.buttons;
  if (buttons.length === 0 && controls.numbers.length === 0) return null;
  const offer = model.exchangeOffer;
  const label = (a: WireAction): string =>
    doko
      ? dokoLabel(t, a, doko)
      : a.t === 'exchange' && offer
        ? t('deal.exchangeCards', { gives: cardName(t, offer.gives), takes: cardName(t, offer.takes) })
        : actionLabel(t, a, exists);
  const deadline = doko ? deadlineText(t, doko, legal, me) : null;
  const melds = controls.buttons.some((a) => a.t === 'meld');
  return (
    <section className="actions" aria-label={t('table.actions')}>
      {controls.numbers.map((n) => (
        <NumberInput key={n.tag} tag={n.tag} values={n.values} onPick={(i) => onAct(n.actions[i])} />
      ))}
      {buttons.map((a) => {
        const suit = doko ? null : actionSuit(a);
        return (
          <button
            key={JSON.stringify(a)}
            type="button"
            className="action"
            data-tag={a.t}
            data-action={JSON.stringify(a)}
            onClick={() => onAct(a)}
          >
            {suit && <SuitIcon suit={suit as SuitLetter} />}
            {label(a)}
          </button>
        );
      })}
      {offer?.breaksRun && controls.buttons.some((a) => a.t === 'exchange') && (
        <p className="hint warn" data-testid="exchange-warning" role="note">
          {t('deal.exchangeBreaksRun', { card: cardName(t, offer.gives) })}
        </p>
      )}
      {deadline && (
        <p className="hint" data-testid="deadline" role="note">
          {deadline}
        </p>
      )}
      {melds && (
        <p className="hint" data-testid="meld-hint" role="note">
          {model.phase === 'play' ? t('deal.meldHintPlay') : t('deal.meldHint')}
        </p>
      )}
    </section>
  );
}

function NumberInput({
  tag,
  values,
  onPick,
}: {
  tag: string;
  values: readonly number[];
  onPick: (i: number) => void;
}) {
  const { t } = useTranslation();
  const min = Math.min(...values);
  const max = Math.max(...values);
  const [v, setV] = useState(String(Math.round((min + max) / 4)));
  const i = values.indexOf(Number(v));
  return (
    <form
      className="number-action"
      onSubmit={(e) => {
        e.preventDefault();
        if (i >= 0) onPick(i);
      }}
    >
      <label>
        {t(`${tag}Label`, { defaultValue: tag })}
        <input
          type="number"
          inputMode="numeric"
          data-tag={tag}
          min={min}
          max={max}
          value={v}
          onChange={(e) => setV(e.target.value)}
        />
      </label>
      <input
        type="range"
        // The same value as the number field, so it has the same name (axe: a form field needs one).
        aria-label={t(`${tag}Label`, { defaultValue: tag })}
        min={min}
        max={max}
        value={i >= 0 ? v : min}
        onChange={(e) => setV(e.target.value)}
      />
      <button type="submit" className="action primary" data-tag={tag} disabled={i < 0}>
        {t(`${tag}Submit`, { defaultValue: tag })}
      </button>
    </form>
  );
}

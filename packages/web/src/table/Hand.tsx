/** The viewer's hand: legal cards marked and playable by click, tap or keyboard. */
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, type WireAction } from '../actions.ts';
import { CardFace, cardName } from '../cards.tsx';

export function Hand({
  cards,
  schwein = false,
  plays,
  onAct,
  exists,
  myTurn,
}: {
  cards: readonly string[];
  /** The first card is the viewer's Schwein (the engine lists it first). */
  schwein?: boolean;
  plays: ReadonlyMap<string, readonly WireAction[]>;
  onAct: (a: WireAction) => void;
  exists: (k: string) => boolean;
  myTurn: boolean;
}) {
  const { t } = useTranslation();
  const [choose, setChoose] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const anyLegal = plays.size > 0;
  const play = (card: string) => {
    const list = plays.get(card);
    if (!list) return;
    if (list.length === 1) onAct(list[0]);
    else setChoose(card);
  };
  // Arrow keys move between the cards; Enter or Space plays the focused one.
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button.card') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(i + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length];
    next?.focus();
    e.preventDefault();
  };
  const chooser = choose ? plays.get(choose) : undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of card buttons
    <div
      className="hand"
      ref={ref}
      onKeyDown={onKey}
      role="group"
      aria-label={t('table.hand')}
      data-my-turn={myTurn}
    >
      {cards.map((c, i) => {
        const legal = plays.has(c);
        // Doppelkopf holds every card twice: the copy number keeps keys and test handles apart (either
        // copy plays the one action of that card).
        const copy = cards.slice(0, i).filter((x) => x === c).length + 1;
        return (
          <button
            key={`${c}-${copy}`}
            type="button"
            className={`card${legal ? ' legal' : ''}${anyLegal && !legal ? ' dim' : ''}${schwein && i === 0 ? ' schwein' : ''}`}
            style={{ ['--i' as string]: i, ['--n' as string]: cards.length }}
            data-card={c}
            data-copy={copy}
            {...(schwein && i === 0 ? { 'data-schwein': 'true' } : {})}
            data-legal={legal}
            aria-disabled={!legal}
            onClick={() => play(c)}
          >
            {/* The face's image name ("Herz Bube") names the button: the corner letters are not its label. */}
            <CardFace card={c} />
          </button>
        );
      })}
      {chooser && (
        <div className="chooser" role="dialog">
          {chooser.map((a) => {
            const extra = Object.keys(a).filter((k) => k !== 't' && k !== 'card');
            const label =
              extra.length === 0 ? t('action.plain', { defaultValue: '–' }) : actionLabel(t, a, exists);
            return (
              <button
                key={JSON.stringify(a)}
                type="button"
                className="action"
                data-action={JSON.stringify(a)}
                onClick={() => {
                  setChoose(null);
                  onAct(a);
                }}
              >
                {cardName(t, choose!)} {label}
              </button>
            );
          })}
          <button type="button" onClick={() => setChoose(null)}>
            {t('cancel')}
          </button>
        </div>
      )}
    </div>
  );
}

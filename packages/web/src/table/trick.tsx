/** The trick in the middle of the felt, the trick just taken going to its winner, and the deal's tricks. */
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace, cardName } from '../cards.tsx';
import type { Played, TableModel, TrickModel } from '../model.ts';
import type { Pos } from './seats.tsx';

/** "Du nimmst den Stich" for the viewer, "Anna nimmt den Stich" for the others. */
export function takesText(t: TFunction, names: readonly string[], me: number | null, seat: number): string {
  return seat === me ? t('deal.takesYou') : t('table.takes', { name: names[seat] });
}

/** A card on the table with who played it, visible and for screen readers. */
function PlayedCard({
  p,
  pos,
  names,
  schwein = false,
}: {
  p: Played;
  pos: Pos[];
  names: string[];
  /** Doppelkopf: this card is the Schwein, announced as it is played. */
  schwein?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('deal.playedBy', { name: names[p.seat], card: cardName(t, p.card) });
  return (
    <figure
      className={`played from-${pos[p.seat]}${schwein ? ' schwein' : ''}`}
      data-card={p.card}
      data-seat={p.seat}
      {...(schwein ? { 'data-schwein': 'true' } : {})}
      role="img"
      aria-label={schwein ? `${label} (${t('doko.schwein')})` : label}
    >
      <CardFace card={p.card} decorative />
      <figcaption className="played-by" aria-hidden="true">
        {names[p.seat]}
        {schwein ? ` · ${t('doko.schwein')}` : ''}
      </figcaption>
    </figure>
  );
}

export function TableCenter({
  model,
  pos,
  names,
  me,
  taking,
}: {
  model: TableModel;
  pos: Pos[];
  names: string[];
  me: number | null;
  taking: TrickModel | null;
}) {
  const { t } = useTranslation();
  const winner = taking?.winner ?? null;
  // Doppelkopf: the Schwein lies in the trick the view names (1-based); the open trick is the next one.
  const pig = model.doko?.view.house?.schwein ?? null;
  const openTrick = (model.doko?.view.tricks.length ?? 0) + 1;
  const isPig = (p: Played, trick: number) =>
    pig !== null && pig.trick === trick && pig.seat === p.seat && p.card === 'DA';
  return (
    <section className="trick" aria-label={t('table.trick')}>
      {/* Keyed by seat: a trick may hold the same card twice (Doppelkopf). */}
      {model.trick.map((p) => (
        <PlayedCard key={p.seat} p={p} pos={pos} names={names} schwein={isPig(p, openTrick)} />
      ))}
      {taking && winner !== null && (
        // The trick just taken goes to its winner, also while the next one is already led.
        <div className={`taken-layer to-${pos[winner]}`} data-testid="taken" data-winner={winner}>
          {taking.cards.map((p) => (
            <PlayedCard key={p.seat} p={p} pos={pos} names={names} schwein={isPig(p, openTrick - 1)} />
          ))}
          <div className="takes">{takesText(t, names, me, winner)}</div>
        </div>
      )}
    </section>
  );
}

/** Every trick of the running deal, the last one first, each with who took it. */
export function TricksDialog({
  tricks,
  names,
  me,
  onClose,
}: {
  tricks: readonly TrickModel[];
  names: string[];
  me: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus({ preventScroll: true }), []);
  return (
    <div
      className="last-trick"
      role="dialog"
      aria-label={t('play.tricksTitle')}
      data-testid="tricks"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <h3>{t('play.tricksTitle')}</h3>
      <ol className="trick-list" reversed>
        {tricks
          .map((trick, i) => ({ trick, n: i + 1 }))
          .reverse()
          .map(({ trick, n }) => (
            <li key={n} data-trick={n} data-winner={trick.winner ?? ''}>
              <p className="trick-head">
                {t('play.trickN', { n })}
                {trick.winner !== null ? `: ${takesText(t, names, me, trick.winner)}` : ''}
              </p>
              <div className="last-cards">
                {trick.cards.map((p) => (
                  <figure key={p.seat} data-card={p.card} data-seat={p.seat}>
                    <CardFace card={p.card} />
                    <figcaption>{names[p.seat]}</figcaption>
                  </figure>
                ))}
              </div>
            </li>
          ))}
      </ol>
      <button type="button" ref={close} onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}

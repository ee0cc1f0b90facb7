/** The side panel: trump or the proposed suit, the stock and turned card, and the calls of the deal. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel } from '../actions.ts';
import { CardBack, CardFace, SuitIcon, type SuitLetter } from '../cards.tsx';
import { DokoSide, dokoSaid } from '../doko.tsx';
import type { TableModel } from '../model.ts';

function Stock({ model }: { model: TableModel }) {
  const { t } = useTranslation();
  if (!model.turned && !model.stockCount && !model.stockTop) return null;
  return (
    <div className="stock" title={t('table.stock')}>
      {model.stockTop && (
        <div className="stock-pile" data-card={model.stockTop}>
          <CardFace card={model.stockTop} />
          <small>{t('table.stock')}</small>
        </div>
      )}
      {model.stockCount ? (
        <div className="stock-pile" data-count={model.stockCount}>
          <CardBack className="card-svg stock-back" />
          <small>{t('table.cards', { count: model.stockCount })}</small>
        </div>
      ) : null}
      {model.turned && (
        <div className="turned" data-card={model.turned} title={t('table.turned')}>
          <CardFace card={model.turned} />
          <small>{model.turnedProposes ? t('table.proposed') : t('table.turned')}</small>
        </div>
      )}
    </div>
  );
}

/**
 * The calls of this deal in the order said, readable for the whole deal: Orgi, Kleines, besser (Kreuz),
 * passes and the named suit; the Klaberjass bids and sequence talk with the seat whose sequences count;
 * Kontra and Re.
 */
function CallList({ model, names, me }: { model: TableModel; names: string[]; me: number | null }) {
  const { t, i18n } = useTranslation();
  if (model.calls.length === 0) return null;
  return (
    <section className="call-list" aria-label={t('deal.calls')} data-testid="calls">
      <h3>{t('deal.calls')}</h3>
      <ol>
        {model.calls.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: calls are an append-only list
          <li key={i} data-seat={c.seat} data-call={c.action.t}>
            <span className="who">{names[c.seat]}:</span>{' '}
            <span className="what">
              {model.doko
                ? dokoSaid(t, c.action, model.doko.view)
                : actionLabel(t, c.action, (k) => i18n.exists(k))}
            </span>
          </li>
        ))}
      </ol>
      {model.sequenceWinner !== null && (
        <p className="seq-winner" data-seat={model.sequenceWinner}>
          {model.sequenceWinner === me
            ? t('deal.sequencesYou')
            : t('deal.sequencesOf', { name: names[model.sequenceWinner] })}
        </p>
      )}
    </section>
  );
}

/** The side panel beside the trick, with the button that opens the deal's tricks and `extra` (the pace). */
export function Side({
  model,
  names,
  me,
  showTricks,
  onShowTricks,
  extra,
}: {
  model: TableModel;
  names: string[];
  me: number | null;
  showTricks: boolean;
  onShowTricks: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <aside className="side">
      {/* The turned card already shows the proposal with its caption: the suit is not drawn twice. */}
      {!model.trump && model.proposed && !(model.turned && model.turnedProposes) && (
        <div className="trump proposed" data-proposed={model.proposed}>
          <span>{t('table.proposed')}</span>
          <SuitIcon suit={model.proposed as SuitLetter} size={22} />
          <span className="sr">{t(`suit.${model.proposed}`)}</span>
        </div>
      )}
      {model.trump && (
        <div className="trump" data-trump={model.trump}>
          <span>{t('table.trump')}</span>
          <SuitIcon suit={model.trump as SuitLetter} size={22} />
          <span className="sr">{t(`suit.${model.trump}`)}</span>
        </div>
      )}
      <Stock model={model} />
      <button
        type="button"
        className="small"
        data-testid="show-tricks"
        aria-expanded={showTricks}
        onClick={onShowTricks}
        disabled={model.tricks.length === 0}
      >
        {t('play.showTricks')}
      </button>
      {extra}
      <DokoSide model={model} names={names} me={me} />
      <CallList model={model} names={names} me={me} />
    </aside>
  );
}

/**
 * The seats: where each sits on screen, the other seats with their card counts, tags and what they said,
 * the viewer's own tags, and the spectator's choice of whose place he watches from.
 */
import { useTranslation } from 'react-i18next';
import { actionLabel } from '../actions.ts';
import { CardBack, CardFace } from '../cards.tsx';
import { DokoTags, dokoSaid } from '../doko.tsx';
import type { TableModel } from '../model.ts';

export interface SeatInfo {
  readonly name: string;
  readonly bot: boolean;
  readonly connected: boolean;
  /** A short notice on the seat (the time left before a computer takes a dropped player's seat). */
  readonly note?: string;
  /** The seat is held for a person asked to a rematch who has not accepted yet (a calm note, no warning). */
  readonly invited?: boolean;
}

export type Pos = 'bottom' | 'left' | 'top' | 'right' | 'top-left' | 'top-right';

/** Where each seat sits on screen, the viewer at the bottom. */
export function positions(n: number, me: number, clockwise: boolean): Pos[] {
  const ring: Pos[] =
    n === 2
      ? ['bottom', 'top']
      : n === 3
        ? ['bottom', 'top-left', 'top-right']
        : ['bottom', 'left', 'top', 'right'];
  const out: Pos[] = [];
  for (let s = 0; s < n; s++) {
    let k = (s - me + n) % n;
    // Counterclockwise play (the game's `direction`): the next seat sits on the right.
    if (!clockwise && k !== 0) k = n - k;
    out[s] = ring[k];
  }
  return out;
}

export function Opponent(props: {
  pos: Pos;
  seat: number;
  name: string;
  info?: SeatInfo;
  count: number;
  model: TableModel;
  active: boolean;
}) {
  const { t } = useTranslation();
  const { pos, seat, name, info, count, model, active } = props;
  const est = model.estimates?.[seat];
  const estimated = model.estimated?.[seat] === true;
  return (
    <div className={`opp pos-${pos}${active ? ' to-act' : ''}`} data-seat={seat}>
      <div className="opp-name">
        <span>{name}</span>
        {info?.bot && <small className="tag">{t('table.bot')}</small>}
        {info && !info.connected && !info.bot && <small className="tag warn">{t('table.offline')}</small>}
        {info?.note && (
          <small
            className={info.invited ? 'tag' : 'tag warn'}
            data-testid={info.invited ? 'invited' : 'takeover'}
          >
            {info.note}
          </small>
        )}
        {model.dealer === seat && <small className="tag">{t('table.dealer')}</small>}
        {model.declarer === seat && <small className="tag strong">{t('table.declarer')}</small>}
        <SeatCalls model={model} seat={seat} />
        <DokoTags model={model} seat={seat} />
      </div>
      <div className="opp-cards" title={t('table.cards', { count })}>
        {Array.from({ length: Math.min(count, 10) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical backs
          <CardBack key={i} className="back-mini" />
        ))}
        <span className="count">{count}</span>
      </div>
      {model.known[seat]?.length ? (
        <div className="known">
          {model.known[seat].map((c) => (
            <CardFace key={c} card={c} className="card-svg known-card" />
          ))}
        </div>
      ) : null}
      <div className="opp-info">
        {model.tricksTaken && <span>{t('table.tricks', { n: model.tricksTaken[seat] ?? 0 })}</span>}
        {model.roundPoints && <span>{t('table.points', { n: model.roundPoints[seat] })}</span>}
        {est !== undefined && est !== null ? (
          <span data-estimate={est}>
            {t('table.estimate')}: {est}
          </span>
        ) : estimated ? (
          <span>{t('table.hiddenEstimate')}</span>
        ) : null}
        <Said model={model} seat={seat} />
      </div>
    </div>
  );
}

/** Kontra, Re, Belle and declared melds of a seat, as tags. */
function SeatCalls({ model, seat }: { model: TableModel; seat: number }) {
  const { t } = useTranslation();
  return (
    <>
      {model.kontraSeat === seat && <small className="tag call">{t('score.kontra')}</small>}
      {model.reSeat === seat && <small className="tag call">{t('score.re')}</small>}
      {model.belle.includes(seat) && <small className="tag call">{t('score.belle')}</small>}
      {model.melds[seat]?.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
        <small key={i} className="tag meld">
          {t(`meld.${m.kind}`)} {t('meld.upTo', { rank: t(`rank.${m.top}`) })}
          {m.trump ? ` (${t('table.trump')})` : ''}
        </small>
      ))}
    </>
  );
}

/** The last thing a seat said in the bidding or the announcements, as a bubble. */
function Said({ model, seat }: { model: TableModel; seat: number }) {
  const { t, i18n } = useTranslation();
  const said = model.said[seat] ?? null;
  if (!said || model.phase === 'play') return null;
  return (
    <span className="said" data-said={said.t}>
      {model.doko ? dokoSaid(t, said, model.doko.view) : actionLabel(t, said, (k) => i18n.exists(k))}
    </span>
  );
}

/** Differenzler: the viewer's own estimate and the points he has taken this round, always in view. */
function OwnRound({ model, me }: { model: TableModel; me: number }) {
  const { t } = useTranslation();
  if (!model.estimated) return null;
  const est = model.estimates?.[me];
  const pts = model.roundPoints?.[me] ?? 0;
  return (
    <span className="own-round" data-testid="own-round">
      <small className="tag strong" data-own-estimate={est ?? ''}>
        {t('deal.ownEstimate')}: {est ?? '–'}
      </small>
      <small className="tag" data-own-points={pts}>
        {t('deal.ownPoints', { n: pts })}
      </small>
    </span>
  );
}

/** A spectator's choice of whose place he watches from. */
export function WatchFrom({
  names,
  viewer,
  onChange,
}: {
  names: string[];
  viewer: number;
  onChange: (seat: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="watch-from">
      {t('deal.watchFrom')}{' '}
      <select data-testid="watch-from" value={viewer} onChange={(e) => onChange(Number(e.target.value))}>
        {names.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one option per seat
          <option key={i} value={i}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The viewer's own tags under the status line: calls, tricks, what he said, his role, his round. */
export function OwnTags({ model, me }: { model: TableModel; me: number }) {
  const { t } = useTranslation();
  return (
    <div className="my-calls">
      <SeatCalls model={model} seat={me} />
      <DokoTags model={model} seat={me} />
      {model.tricksTaken && (
        <small className="tag" data-testid="own-tricks" data-n={model.tricksTaken[me] ?? 0}>
          {t('table.tricks', { n: model.tricksTaken[me] ?? 0 })}
        </small>
      )}
      <Said model={model} seat={me} />
      {model.declarer === me && <small className="tag strong">{t('table.declarer')}</small>}
      {model.dealer === me && <small className="tag">{t('table.dealer')}</small>}
      {model.aside > 0 && <small className="tag">{t('table.aside', { count: model.aside })}</small>}
      <OwnRound model={model} me={me} />
    </div>
  );
}

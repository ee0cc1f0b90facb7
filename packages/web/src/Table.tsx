/**
 * The card table: the own hand (sorted, legal cards marked and playable by click, tap or keyboard),
 * the other seats with their card counts, the turned card and the stock, the trick in the middle with
 * who takes it, the last trick on demand, whose turn it is, and a control for every legal action.
 */
import type { TFunction } from 'i18next';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, actionSuit, type Controls, toControls, type WireAction } from './actions.ts';
import { CardBack, CardFace, cardName, SuitIcon, type SuitLetter } from './cards.tsx';
import { DealEnd } from './DealEnd.tsx';
import { DokoBreakdown, DokoSide, DokoTags, deadlineText, dokoHint, dokoLabel, dokoSaid } from './doko.tsx';
import type { Played, TableModel, TrickModel } from './model.ts';

export interface SeatInfo {
  readonly name: string;
  readonly bot: boolean;
  readonly connected: boolean;
  /** A short notice on the seat (the time left before a computer takes a dropped player's seat). */
  readonly note?: string;
  /** The seat is held for a person asked to a rematch who has not accepted yet (a calm note, no warning). */
  readonly invited?: boolean;
}

export interface TableProps {
  model: TableModel;
  legal: readonly WireAction[];
  seats: readonly SeatInfo[];
  /** The viewer's seat, or null for a spectator. */
  me: number | null;
  onAct: (a: WireAction) => void;
  /** Unix ms by which the seat to act must act (turn timer), or null. */
  deadline?: number | null;
  /** A replay: nobody is waited for, so a state before a deal says the cards come next. */
  replay?: boolean;
  /** How long a taken trick stays in view (ms). */
  trickMs?: number;
  /** The end of a deal stays until "Weiter" (no timer, no countdown): alone with computers, in a replay. */
  waitForNext?: boolean;
  /** More in the side panel (the pace settings). */
  side?: ReactNode;
}

/** How long the end-of-deal result stays when nobody continues (ms). */
export const DEAL_END_MS = 12_000;
/** How long a taken trick stays in view by default (ms). */
export const TRICK_MS = 900;

type Pos = 'bottom' | 'left' | 'top' | 'right' | 'top-left' | 'top-right';

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

export function Table({
  model,
  legal,
  seats,
  me,
  onAct,
  deadline = null,
  replay = false,
  trickMs = TRICK_MS,
  waitForNext = false,
  side,
}: TableProps) {
  const { t, i18n } = useTranslation();
  const exists = (k: string) => i18n.exists(k);
  const controls = useMemo(() => toControls(legal), [legal]);
  // A spectator chooses whose place he watches from (kept per table size); a player sits at his own.
  const [watchFrom, setWatchFrom] = useState(0);
  const viewer = me ?? Math.min(watchFrom, model.seats - 1);
  const pos = positions(model.seats, viewer, model.clockwise);
  const names = seats.map((s, i) => (i === me ? t('table.you') : s.name || `#${i + 1}`));
  const turn = model.toAct[0];
  // Only the seat whose turn it is lights up; seats that merely may call (Kontra, Re) do not. Where every
  // listed seat is due (Differenzler's secret estimates) each one still to estimate is.
  const due = model.estimated && model.phase === 'estimate' ? model.toAct : turn === undefined ? [] : [turn];
  const [showTricks, setShowTricks] = useState(false);
  const taking = useTakenTrick(model, trickMs);
  const dealEnd = useDealEnd(model, waitForNext);
  const thrown = useThrownIn(model);
  const ref = useRef<HTMLDivElement>(null);
  useSensibleFocus(ref, model, legal);

  return (
    <div
      ref={ref}
      className={`table table-${model.seats}`}
      data-phase={model.phase}
      data-game={model.game}
      data-view-from={viewer}
    >
      {Array.from({ length: model.seats }, (_, s) => s)
        .filter((s) => s !== viewer)
        .map((s) => (
          <Opponent
            key={s}
            pos={pos[s]}
            seat={s}
            name={names[s]}
            info={seats[s]}
            count={model.handCounts?.[s] ?? 0}
            model={model}
            active={due.includes(s)}
          />
        ))}
      <div className="felt">
        {thrown && (
          <p className="notice" role="status" data-testid="thrown-in">
            {thrown}
          </p>
        )}
        {/* The result yields to the next deal's cards once one is on the table. */}
        {dealEnd.shown !== null && model.trick.length === 0 ? (
          <DealEnd
            model={model}
            index={dealEnd.shown}
            names={names}
            me={me}
            onClose={dealEnd.close}
            seconds={waitForNext ? null : Math.round(DEAL_END_MS / 1000)}
          />
        ) : (
          <TableCenter model={model} pos={pos} names={names} me={me} taking={taking} />
        )}
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
            onClick={() => setShowTricks((x) => !x)}
            disabled={model.tricks.length === 0}
          >
            {t('play.showTricks')}
          </button>
          {side}
          <DokoSide model={model} names={names} me={me} />
          <CallList model={model} names={names} me={me} />
        </aside>
        {showTricks && model.tricks.length > 0 && (
          <TricksDialog tricks={model.tricks} names={names} me={me} onClose={() => setShowTricks(false)} />
        )}
      </div>
      <div className="me">
        {me === null && (
          <Opponent
            pos="bottom"
            seat={viewer}
            name={names[viewer]}
            info={seats[viewer]}
            count={model.handCounts?.[viewer] ?? 0}
            model={model}
            active={due.includes(viewer)}
          />
        )}
        {me === null && (
          <label className="watch-from">
            {t('deal.watchFrom')}{' '}
            <select
              data-testid="watch-from"
              value={viewer}
              onChange={(e) => setWatchFrom(Number(e.target.value))}
            >
              {names.map((n, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one option per seat
                <option key={i} value={i}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <Status model={model} me={me} names={names} turn={turn} deadline={deadline} replay={replay} />
        {me !== null && (
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
        )}
        <ActionBar controls={controls} onAct={onAct} exists={exists} model={model} me={me} legal={legal} />
        {model.doko && <DokoHandHint model={model} legal={legal} names={names} />}
        {model.hand && (
          <Hand
            cards={model.hand}
            schwein={model.doko?.view.house?.schweinInHand === true}
            plays={controls.plays}
            onAct={onAct}
            exists={exists}
            myTurn={turn === me}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Keeps the keyboard where it can act: when an action took the focused control away (focus fell to the
 * page), focus goes to the first playable card, else the first control, else the status line.
 */
function useSensibleFocus(
  ref: { readonly current: HTMLDivElement | null },
  model: TableModel,
  legal: readonly WireAction[],
) {
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const root = ref.current;
    if (!root || model === null || legal === null) return;
    const target =
      root.querySelector<HTMLElement>('.hand button.card.legal') ??
      root.querySelector<HTMLElement>('.actions button, .actions input, .deal-end button') ??
      root.querySelector<HTMLElement>('.status');
    target?.focus({ preventScroll: true });
  }, [ref, model, legal]);
}

/** A notice while a deal was thrown in (nobody played, or an accepted Schmeiss) and the cards come again. */
function useThrownIn(model: TableModel): string | null {
  const { t } = useTranslation();
  const seen = useRef(model.thrownIn);
  const [kind, setKind] = useState<'passed' | 'schmeiss' | null>(null);
  useEffect(() => {
    const more = model.thrownIn > seen.current;
    seen.current = model.thrownIn;
    if (!more) return;
    setKind(model.throwIn ?? 'passed');
    const id = setTimeout(() => setKind(null), DEAL_END_MS / 2);
    return () => clearTimeout(id);
  }, [model.thrownIn, model.throwIn]);
  if (kind === null) return null;
  return kind === 'schmeiss' ? t('deal.thrownSchmeiss') : t('deal.thrownPassed');
}

/**
 * The end-of-deal moment: when a deal (or Differenzler round) is newly scored, its index, shown until the
 * player continues or DEAL_END_MS pass; null otherwise. Nothing is shown for results already there when
 * the table opened.
 */
function useDealEnd(model: TableModel, wait: boolean): { shown: number | null; close: () => void } {
  const count = model.rounds?.length ?? model.deals.length;
  const seen = useRef(count);
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (count > seen.current) setShown(count - 1);
    seen.current = count;
  }, [count]);
  useEffect(() => {
    if (shown === null || wait) return;
    const id = setTimeout(() => setShown(null), DEAL_END_MS);
    return () => clearTimeout(id);
  }, [shown, wait]);
  return { shown, close: () => setShown(null) };
}

/**
 * Keeps a finished trick in view for `ms`, with who takes it, before it goes. Every trick of a deal is
 * shown, the first one too; a new deal (no tricks) clears what was shown, so nothing of the old deal stays
 * over the new bidding. The timer runs per trick (its key): the states that follow (the next cards, a call)
 * must not stop it, or the trick and its "… nimmt den Stich" would stay under the whole next trick.
 */
function useTakenTrick(model: TableModel, ms: number): TrickModel | null {
  const [shown, setShown] = useState<TrickModel | null>(null);
  const lastKey = useRef<string | null>(null);
  const trick = useRef(model.lastTrick);
  trick.current = model.lastTrick;
  // The deal and the trick's number in it: the same cards may make two tricks of a deal (Doppelkopf).
  const key = model.lastTrick
    ? `${model.deals.length}:${model.tricks.length}:${model.lastTrick.cards.map((p) => p.card).join()}`
    : '';
  useEffect(() => {
    if (key === lastKey.current) return;
    // The state the table opened with shows no taking: the trick was taken before the viewer came.
    const opened = lastKey.current === null;
    lastKey.current = key;
    if (opened || !trick.current) {
      setShown(null);
      return;
    }
    setShown(trick.current);
  }, [key]);
  useEffect(() => {
    if (shown === null) return;
    // Clears only its own trick: on a slow device this trick's timer may fire after the next trick was set
    // to be shown but before that render dropped the timer, and would hide the next trick unseen.
    const id = setTimeout(() => setShown((now) => (now === shown ? null : now)), ms);
    return () => clearTimeout(id);
  }, [shown, ms]);
  return shown;
}

function Status({
  model,
  me,
  names,
  turn,
  deadline,
  replay,
}: {
  model: TableModel;
  me: number | null;
  names: string[];
  turn?: number;
  deadline: number | null;
  replay: boolean;
}) {
  const { t } = useTranslation();
  const left = useSecondsLeft(deadline);
  let text = '';
  if (model.phase === 'over') text = t('table.matchOver');
  else if (turn === undefined) text = replay ? t('replay.dealing') : t('table.waiting');
  // Several seats listed at once are all due only where every one must act (secret estimates); in play and
  // in the Klapper-Jas meld round the others merely may call Kontra or Re.
  else if (
    turn === me ||
    (me !== null && model.toAct.includes(me) && model.phase !== 'play' && model.phase !== 'melds')
  )
    text = t('table.yourTurn');
  else text = t('table.turnOf', { name: names[turn] });
  const phase = !model.phase
    ? ''
    : model.doko
      ? t(`doko.phase.${model.phase}`, { defaultValue: model.phase })
      : t(`phase.${model.phase}`, { defaultValue: model.phase });
  return (
    <div className="status" role="status" aria-live="polite">
      {phase && <span className="phase">{phase}</span>}
      <span className="turn" data-my-turn={turn === me}>
        {text}
      </span>
      {left !== null && <span className="timer">{t('table.secondsLeft', { n: left })}</span>}
    </div>
  );
}

/** Seconds until `deadline` (Unix ms), ticking; null without a turn timer. */
function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

function Opponent(props: {
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

function TableCenter({
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
function TricksDialog({
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

function ActionBar({
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

/** Doppelkopf: what to do with the hand in the Armut, or the offer to take it, over the hand. */
function DokoHandHint({
  model,
  legal,
  names,
}: {
  model: TableModel;
  legal: readonly WireAction[];
  names: readonly string[];
}) {
  const { t } = useTranslation();
  const hint = dokoHint(t, model, legal, names);
  if (!hint) return null;
  return (
    <p className="hint hand-hint" data-testid="hand-hint" role="note">
      {hint}
    </p>
  );
}

function Hand({
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

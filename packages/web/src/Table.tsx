/**
 * The card table: the own hand (sorted, legal cards marked and playable by click, tap or keyboard),
 * the other seats with their card counts, the turned card and the stock, the trick in the middle with
 * who takes it, the last trick on demand, whose turn it is, and a control for every legal action.
 * This module lays them out; each part is in table/ (Doppelkopf's in doko.tsx).
 */
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toControls, type WireAction } from './actions.ts';
import { DealEnd } from './DealEnd.tsx';
import { DokoHandHint } from './doko.tsx';
import type { TableModel } from './model.ts';
import { ActionBar } from './table/ActionBar.tsx';
import { Hand } from './table/Hand.tsx';
import {
  DEAL_END_MS,
  TRICK_MS,
  useDealEnd,
  useSensibleFocus,
  useTakenTrick,
  useThrownIn,
} from './table/hooks.ts';
import { Status } from './table/Status.tsx';
import { Opponent, OwnTags, positions, type SeatInfo, WatchFrom } from './table/seats.tsx';
import { Side } from './table/side.tsx';
import { TableCenter, TricksDialog } from './table/trick.tsx';

interface TableProps {
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
        {/* The result yields to the next deal's cards once one is on the table, unless the player asked the
            end of a deal to wait for "Weiter": then it stays, however fast the computers open the next deal. */}
        {dealEnd.shown !== null && ((waitForNext && !replay) || model.trick.length === 0) ? (
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
        <Side
          model={model}
          names={names}
          me={me}
          showTricks={showTricks}
          onShowTricks={() => setShowTricks((x) => !x)}
          extra={side}
        />
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
        {me === null && <WatchFrom names={names} viewer={viewer} onChange={setWatchFrom} />}
        <Status model={model} me={me} names={names} turn={turn} deadline={deadline} replay={replay} />
        {me !== null && <OwnTags model={model} me={me} />}
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

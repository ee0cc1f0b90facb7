/** The status line: the phase, whose turn it is, and the turn timer's seconds. */
import { useTranslation } from 'react-i18next';
import type { TableModel } from '../model.ts';
import { useSecondsLeft } from './hooks.ts';

export function Status({
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

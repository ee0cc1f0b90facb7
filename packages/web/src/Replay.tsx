/**
 * Step-by-step replay of a finished match: every state the table showed, with a slider and buttons
 * (keyboard: arrows). Uses the server's replay steps when it offers them, else the views this browser
 * received during the match.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGames } from './games.ts';
import { LangSwitch } from './LangSwitch.tsx';
import { readView } from './model.ts';
import { type Step, stepsOf } from './replayStore.ts';
import { navigate } from './route.ts';
import { Scores } from './Scores.tsx';
import { Table } from './Table.tsx';

export function Replay({ id }: { id?: string }) {
  const { t } = useTranslation();
  const [steps, setSteps] = useState<readonly Step[]>(() => (id ? stepsOf(id) : []));
  const [i, setI] = useState(0);
  useEffect(() => {
    if (!id) return;
    fetch(`/api/tables/${encodeURIComponent(id)}/replay`)
      .then((r) => (r.ok ? r.json() : null))
      .then((d: { steps?: Step[] } | null) => {
        if (d && Array.isArray(d.steps) && d.steps.length > 0) setSteps(d.steps);
      })
      .catch(() => {});
  }, [id]);
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setI((x) => Math.min(x + 1, steps.length - 1));
      if (e.key === 'ArrowLeft') setI((x) => Math.max(x - 1, 0));
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [steps.length]);
  const step = steps[Math.min(i, steps.length - 1)];
  const { games } = useGames();
  const meta = games?.find((g) => g.id === step?.view.game) ?? null;
  const model = useMemo(() => (step && meta ? readView(step.view, meta) : null), [step, meta]);
  const names = model ? Array.from({ length: model.seats }, (_, s) => `#${s + 1}`) : [];
  const seats = names.map((name) => ({ name, bot: false, connected: true }));
  const me = model && typeof model.viewer === 'number' ? model.viewer : null;
  return (
    <main className="replay">
      <nav className="topbar">
        <button type="button" aria-label={t('back')} onClick={() => navigate({ page: 'lobby' })}>
          ←<span className="hide-sm"> {t('back')}</span>
        </button>
        <strong>{t('replay.title')}</strong>
        <LangSwitch />
      </nav>
      {steps.length === 0 ? (
        <p className="muted center-msg">{t('score.none')}</p>
      ) : (
        <>
          <div className="replay-bar" data-testid="replay-bar">
            <button type="button" onClick={() => setI(0)}>
              ⏮ {t('replay.first')}
            </button>
            <button type="button" onClick={() => setI((x) => Math.max(0, x - 1))}>
              ◀ {t('replay.prev')}
            </button>
            <input
              type="range"
              min={0}
              max={steps.length - 1}
              value={i}
              onChange={(e) => setI(Number(e.target.value))}
              aria-label={t('replay.step', { i: i + 1, n: steps.length })}
            />
            <button
              type="button"
              data-testid="replay-next"
              onClick={() => setI((x) => Math.min(steps.length - 1, x + 1))}
            >
              {t('replay.next')} ▶
            </button>
            <button type="button" onClick={() => setI(steps.length - 1)}>
              {t('replay.last')} ⏭
            </button>
            <span data-testid="replay-step">{t('replay.step', { i: i + 1, n: steps.length })}</span>
          </div>
          {model && <Table model={model} legal={[]} seats={seats} me={me} onAct={() => {}} />}
          {model && <Scores model={model} names={names} />}
        </>
      )}
    </main>
  );
}

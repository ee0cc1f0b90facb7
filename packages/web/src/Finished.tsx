/**
 * A finished match: the box at the end of a match the viewer watched (`MatchOver`), and the screen a
 * finished table's address shows later (`FinishedTable`, from its record, replayed in the browser): the
 * final standings, the score sheet, the record download, the replay and "Revanche".
 */
import type { GameOutcome, GameView } from '@stich/protocol';
import type { ReplaySession } from '@stich/protocol/replay';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveButton, RematchBox } from './Around.tsx';
import { useGame, useText } from './games.ts';
import { LangSwitch } from './LangSwitch.tsx';
import { dokoResults, readView } from './model.ts';
import { fetchRecord, fetchReplay, seatTokenFor } from './net.ts';
import { navigate } from './route.ts';
import { Scores } from './Scores.tsx';
import { Standings } from './Standings.tsx';
import { TournamentNext } from './TournamentNext.tsx';

export function MatchOver({
  tableId,
  winners,
  ranking,
  scores,
  names,
  me,
  tournament = null,
}: {
  tableId: string;
  winners: readonly number[];
  /** Places first to last where the game ranks every seat (Klapper-Jas with 3 players). */
  ranking: readonly number[];
  /** The match score by seat, as the game counts it. */
  scores: readonly number[];
  names: string[];
  me: number | null;
  /** A tournament's table: its id (TableInfo `tournament`). */
  tournament?: string | null;
}) {
  const { t } = useTranslation();
  const download = async () => {
    const rec = await fetchRecord(tableId);
    const blob = new Blob([JSON.stringify(rec, null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `stich-${tableId}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section className="match-over card-box" data-testid="match-over">
      <h2>{t('table.matchOver')}</h2>
      <p>{t('table.winner', { names: winners.map((w) => names[w]).join(', ') })}</p>
      {ranking.length > 2 && (
        <ol className="ranking" aria-label={t('deal.ranking')} data-testid="ranking">
          {ranking.map((s, i) => (
            <li key={s} data-seat={s}>
              {t('deal.place', { n: i + 1 })}: {names[s]}
            </li>
          ))}
        </ol>
      )}
      <Standings winners={winners} scores={scores} ranking={ranking} names={names} />
      <div className="row">
        <button type="button" data-testid="download" onClick={() => void download()}>
          {t('table.download')}
        </button>
        <RematchBox tableId={tableId} me={me} />
        <button type="button" data-testid="replay" onClick={() => navigate({ page: 'replay', id: tableId })}>
          {t('table.replay')}
        </button>
      </div>
      {tournament && <TournamentNext tournament={tournament} tableId={tableId} seated={me !== null} />}
    </section>
  );
}

/** What a finished table's screen shows, from its record replayed in the browser. */
interface Result {
  readonly game: ReplaySession['game'];
  readonly names: readonly string[];
  readonly viewer: number | null;
  readonly outcome: GameOutcome | null;
  readonly last: GameView;
  readonly dealEnds: readonly GameView[];
}

/** Fetches a finished table's record and replays it with the engine, loaded on demand. */
async function finishedResult(id: string): Promise<Result> {
  const data = await fetchReplay(id);
  const { replaySession } = await import('@stich/protocol/replay');
  const r = replaySession(data.record, data.viewer);
  if (!r.ok) throw new Error(r.reason);
  const s = r.value;
  const end = s.length - 1;
  return {
    game: s.game,
    names: s.names,
    viewer: s.viewer,
    outcome: s.outcome,
    last: s.step(end).view,
    dealEnds: s.dealEnds(end),
  };
}

/** A finished table's address: its result from its record, not a failed join. */
export function FinishedTable({ id, tournament = null }: { id: string; tournament?: string | null }) {
  const { t } = useTranslation();
  const [data, setData] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    finishedResult(id).then(setData, (e: Error) => setError(e.message));
  }, [id]);
  const meta = useGame(data?.game);
  const text = useText();
  const model = useMemo(() => {
    if (!data || !meta) return null;
    return readView(data.last, meta, data.last.game === 'doppelkopf' ? dokoResults([...data.dealEnds]) : []);
  }, [data, meta]);
  // The viewer is a player of the match when this browser holds his seat token; the replay is from his seat.
  const me = data && seatTokenFor(id) ? data.viewer : null;
  const names = (data?.names ?? []).map((n, i) => (i === me ? t('table.you') : n));
  const outcome = data?.outcome;
  return (
    <main className="table-screen finished" data-testid="finished" data-table={id} data-over="true">
      <nav className="topbar">
        <LeaveButton ask={(to) => navigate(to)} />
        <strong>{meta ? text(meta.name) : ''}</strong>
        <LangSwitch />
      </nav>
      {error && (
        <div className="banner error" role="alert">
          {t('table.error', { reason: error })}
        </div>
      )}
      {!data && !error && <p className="banner">{t('connecting')}</p>}
      {/* Apart from the record: a duplicate round's records are withheld until all its tables are done. */}
      {tournament && (
        <TournamentNext tournament={tournament} tableId={id} seated={seatTokenFor(id) !== null} />
      )}
      {data && model && (
        <>
          <MatchOver
            tableId={id}
            winners={outcome?.winners ?? []}
            ranking={model.ranking}
            scores={outcome?.scores ?? model.scores}
            names={names}
            me={me}
          />
          <div className="finished-sheet">
            <Scores model={model} names={names} me={me} />
          </div>
        </>
      )}
    </main>
  );
}

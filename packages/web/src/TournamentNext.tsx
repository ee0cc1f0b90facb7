/**
 * The end of a match at a tournament's table (issue 26, docs/tournaments.md): a link back to the tournament,
 * and for a player of the table the way on. A DDV table of five and a duplicate Klapper-Jas table play in
 * parts, each a fresh server table; while the tournament runs, its detail is asked every
 * `TOURNAMENT_POLL_SECONDS`, and as soon as the viewer's table of the running round is another one in play,
 * the browser goes there by itself (he would otherwise go back to the tournament's page after every game).
 */
import type { TournamentDetail } from '@stich/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTable, signedInAs } from './net.ts';
import { hrefOf, navigate } from './route.ts';
import { fetchTournament, TOURNAMENT_POLL_SECONDS } from './tournaments/api.ts';

/** The viewer's table in play in the running round, when it is not the one he is at. */
export function nextTable(d: TournamentDetail, me: string, at: string): string | null {
  if (d.status !== 'running') return null;
  const round = d.rounds.findLast((r) => r.status === 'playing');
  const mine = round?.tables.find(
    (x) => x.status === 'playing' && x.seats.some((s) => s.name === me && !s.bot && !s.dropped),
  );
  return mine && mine.tableId !== at ? mine.tableId : null;
}

export function TournamentNext({
  tournament,
  tableId,
  seated,
}: {
  tournament: string;
  tableId: string;
  /** A player of this table (a spectator is not taken along). */
  seated: boolean;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState<'next' | 'out' | null>(null);
  useEffect(() => {
    const me = signedInAs();
    if (!seated || !me) return;
    let alive = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const look = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const d = await fetchTournament(tournament);
        if (!alive) return;
        if (d.status !== 'running') return clearInterval(timer);
        const next = nextTable(d, me, tableId);
        if (!next) return;
        // At a table of five the next game's dealer sits out: he is not seated at that part and waits here.
        const { table } = await fetchTable(next);
        if (!alive) return;
        if (!table.seats.some((s) => s.name === me)) return setNote('out');
        setNote('next');
        clearInterval(timer);
        navigate({ page: 'table', id: next });
      } catch {
        // Asked again on the next tick.
      }
    };
    void look();
    timer = setInterval(() => void look(), TOURNAMENT_POLL_SECONDS * 1000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [tournament, tableId, seated]);
  return (
    <p className="tournament-next" data-testid="tournament-next">
      <a className="button" data-testid="to-tournament" href={hrefOf({ page: 'tournament', id: tournament })}>
        {t('table.toTournament')}
      </a>
      {note && (
        <span role="status" data-testid="tournament-next-status">
          {' '}
          {t(note === 'next' ? 'table.nextTable' : 'table.sittingOut')}
        </span>
      )}
    </p>
  );
}

/**
 * The end of a match at a tournament's table (issue 26, docs/tournaments.md): a link back to the tournament,
 * and for a player of the table the way on. A DDV table of five and a duplicate Klapper-Jas table play in
 * parts, each a fresh server table; while the tournament runs, its detail is asked every
 * `TOURNAMENT_POLL_SECONDS`, and as soon as the viewer's table of the running round is another one in play
 * with a seat of his, the browser goes there by itself (he would otherwise go back to the tournament's page
 * after every game). A round not drawn yet is waited for the same way.
 */
import type { TournamentDetail } from '@stich/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTable, signedInAs } from './net.ts';
import { hrefOf, navigate, parseRoute } from './route.ts';
import { fetchTournament, TOURNAMENT_POLL_SECONDS } from './tournaments/api.ts';

/** The viewer's table in play in the running round, when it is not the one he is at. */
export function nextTable(d: TournamentDetail, me: string, at: string): string | null {
  if (d.status !== 'running') return null;
  const round = d.rounds.findLast((r) => r.status === 'playing');
  const mine = round?.tables.find(
    (x) => x.status === 'playing' && x.seats.some((s) => s.name === me && !s.bot),
  );
  return mine && mine.tableId !== at ? mine.tableId : null;
}

/**
 * Whether the address is still the table `at` (any seat or watch parameter): the move is the page's own only
 * while it is. A route changes in a transition (route.ts), so the finished table's screen stays mounted for
 * a moment after the player went elsewhere himself, and an answer on its way must not take him from there.
 */
export function stillAt(pathname: string, hash: string, at: string): boolean {
  const r = parseRoute(pathname, hash);
  return r.page === 'table' && r.id === at;
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
    let busy = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      alive = false;
      clearInterval(timer);
    };
    const stays = () => alive && stillAt(location.pathname, location.hash, tableId);
    const look = async () => {
      // One question at a time: on a slow line the next tick must not move him a second time.
      if (busy || !stays() || document.visibilityState === 'hidden') return;
      busy = true;
      try {
        const d = await fetchTournament(tournament);
        if (!stays()) return;
        if (d.status !== 'running') return stop();
        const next = nextTable(d, me, tableId);
        if (!next) return;
        // At a table of five the next game's dealer sits out: he is not seated at that part and waits here.
        const { table } = await fetchTable(next);
        if (!stays()) return;
        if (!table.seats.some((s) => s.name === me)) return setNote('out');
        stop();
        setNote('next');
        // In place of the finished table: "back" leads to where he came from, not here to be moved again.
        navigate({ page: 'table', id: next }, true);
      } catch {
        // Asked again on the next tick.
      } finally {
        busy = false;
      }
    };
    void look();
    timer = setInterval(() => void look(), TOURNAMENT_POLL_SECONDS * 1000);
    return stop;
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

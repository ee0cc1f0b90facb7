/**
 * A tournament's rounds and standings (Detail.tsx): each round's tables with their seats (computer players
 * and dropped players marked, the viewer's own seat too), games played, and a link to sit down at one's
 * own running table, to watch a running one, or to the replay of a finished one (the usual table and
 * replay routes); the Swiss bye; then the standings with the format's total and tie-breaks.
 */
import type { TournamentDetail, TournamentTable } from '@stich/protocol';
import { FORMATS } from '@stich/tournament/formats';
import { useTranslation } from 'react-i18next';
import { signedInAs } from '../net.ts';
import { hrefOf } from '../route.ts';

export function Rounds({ detail }: { detail: TournamentDetail }) {
  const { t } = useTranslation();
  const round = FORMATS[detail.format]?.round ?? 'round';
  // The newest round first: that is where a player looks for his table.
  const rounds = [...detail.rounds].sort((a, b) => b.round - a.round);
  return (
    <section className="card-box" data-testid="tournament-rounds">
      <h2>{t('tournaments.detail.rounds')}</h2>
      {rounds.map((r) => (
        <div key={r.round} className="tournament-round" data-round={r.round} data-status={r.status}>
          <h3>
            {t(`tournaments.detail.round_${round}`, { n: r.round + 1 })}{' '}
            <span className="muted">
              ({t(r.status === 'done' ? 'tournaments.detail.roundDone' : 'tournaments.detail.roundPlaying')})
            </span>
          </h3>
          <ul className="plain-list tournament-tables">
            {r.tables.map((x) => (
              <TableRow key={x.tableId} x={x} />
            ))}
          </ul>
          {r.bye && <p className="muted">{t('tournaments.detail.bye', { name: r.bye })}</p>}
        </div>
      ))}
    </section>
  );
}

function TableRow({ x }: { x: TournamentTable }) {
  const { t } = useTranslation();
  const me = signedInAs();
  // A dropped player's seat is still his: he may come back to it (docs/tournaments.md).
  const mine = x.seats.some((s) => s.name === me && !s.bot);
  return (
    <li data-table={x.tableId} data-status={x.status} data-mine={mine}>
      <strong>{t('tournaments.detail.table', { n: x.table + 1 })}</strong>{' '}
      <span className="muted" data-testid="played">
        {t('tournaments.detail.played', { played: x.played, games: x.games })}
      </span>
      <ol className="seats">
        {x.seats.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a seat is its place at the table
          <li key={i} data-name={s.name} data-bot={s.bot} data-dropped={s.dropped}>
            {s.name}
            {s.name === me && !s.bot && <span className="muted"> ({t('tournaments.detail.you')})</span>}
            {s.bot && <span className="tag bot">{t('tournaments.detail.bot')}</span>}
            {s.dropped && <span className="tag dropped">{t('tournaments.detail.dropped')}</span>}
          </li>
        ))}
      </ol>
      <div className="row">
        {x.status === 'playing' && mine && (
          <a className="button primary" data-testid="sit" href={hrefOf({ page: 'table', id: x.tableId })}>
            {t('tournaments.detail.sit')}
          </a>
        )}
        {x.status === 'playing' && !mine && (
          <a
            className="button"
            data-testid="watch"
            href={hrefOf({ page: 'table', id: x.tableId, spectate: true })}
          >
            {t('tournaments.detail.watch')}
          </a>
        )}
        {x.status === 'done' && (
          <a className="button" data-testid="replay" href={hrefOf({ page: 'replay', id: x.tableId })}>
            {t('tournaments.detail.replay')}
          </a>
        )}
      </div>
    </li>
  );
}

export function StandingsTable({ detail }: { detail: TournamentDetail }) {
  const { t } = useTranslation();
  const ties = t(`tournaments.tie.${detail.format}`, { returnObjects: true }) as unknown;
  const tieNames = Array.isArray(ties) ? (ties as string[]) : [];
  const me = signedInAs();
  return (
    <section className="card-box" data-testid="tournament-standings">
      <h2>{t('tournaments.detail.standings')}</h2>
      {detail.standings.length === 0 ? (
        <p className="muted">{t('tournaments.detail.noStandings')}</p>
      ) : (
        <div className="table-scroll">
          <table className="stats standings">
            <thead>
              <tr>
                <th scope="col">{t('tournaments.detail.rank')}</th>
                <th scope="col">{t('tournaments.detail.player')}</th>
                <th scope="col">{t(`tournaments.total.${detail.format}`)}</th>
                {detail.standings[0].tie.map((_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the tie-breaks have a fixed order
                  <th key={i} scope="col">
                    {tieNames[i] ?? `#${i + 1}`}
                  </th>
                ))}
                <th scope="col">{t('tournaments.detail.games')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.standings.map((s) => (
                <tr
                  key={s.player}
                  data-name={s.player}
                  className={s.player === me ? 'mine' : undefined}
                  aria-current={s.player === me ? 'true' : undefined}
                  data-dropped={detail.dropped.includes(s.player)}
                >
                  <td>{s.rank}</td>
                  <td>
                    {s.player}
                    {detail.dropped.includes(s.player) && (
                      <span className="tag dropped">{t('tournaments.detail.dropped')}</span>
                    )}
                  </td>
                  <td>{s.total}</td>
                  {s.tie.map((v, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the tie-breaks have a fixed order
                    <td key={i}>{v}</td>
                  ))}
                  <td>{s.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

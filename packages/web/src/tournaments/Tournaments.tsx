/**
 * The tournaments' list (`#/tournaments`, GET /api/tournaments): name, format, game, status, entrants and
 * start of the public tournaments and of those the player organizes or plays in, and the form to set one
 * up (Create.tsx). Every tournament route needs an account, so a guest is sent to sign in.
 */
import type { TournamentSummary } from '@stich/protocol';
import { useTranslation } from 'react-i18next';
import { Note, Page, useDate, useLoad } from '../account/common.tsx';
import { gameName, useGames, useText } from '../games.ts';
import { signedInAs } from '../net.ts';
import { hrefOf } from '../route.ts';
import { listTournaments } from './api.ts';
import { CreateTournament } from './Create.tsx';
import { useFormatName, useRefusal } from './common.ts';
import './tournaments.css';

export function Tournaments() {
  const { t } = useTranslation();
  return (
    <Page title={t('tournaments.title')} name="tournaments">
      {signedInAs() ? (
        <List />
      ) : (
        <section className="card-box">
          <p>{t('tournaments.guest')}</p>
          <a href={hrefOf({ page: 'signin' })}>{t('me.signIn')}</a>{' '}
          <a href={hrefOf({ page: 'signup' })}>{t('me.signUp')}</a>
        </section>
      )}
    </Page>
  );
}

function List() {
  const { t } = useTranslation();
  const [got] = useLoad('tournaments', listTournaments);
  const refusal = useRefusal();
  return (
    <>
      <section className="card-box" data-testid="tournament-list">
        <h1>{t('tournaments.list')}</h1>
        {got.state === 'loading' && <p className="muted">{t('loading')}</p>}
        {got.state === 'error' && <Note error={refusal(got.error).text} />}
        {got.state === 'ok' &&
          (got.value.tournaments.length === 0 ? (
            <p className="muted">{t('tournaments.none')}</p>
          ) : (
            <Rows list={got.value.tournaments} />
          ))}
      </section>
      <CreateTournament />
    </>
  );
}

function Rows({ list }: { list: readonly TournamentSummary[] }) {
  const { t } = useTranslation();
  const { games } = useGames();
  const text = useText();
  const formatName = useFormatName();
  const date = useDate();
  return (
    <div className="table-scroll">
      <table className="stats board tournaments">
        <thead>
          <tr>
            <th scope="col">{t('tournaments.col.name')}</th>
            <th scope="col">{t('tournaments.col.format')}</th>
            <th scope="col">{t('tournaments.col.game')}</th>
            <th scope="col">{t('tournaments.col.status')}</th>
            <th scope="col">{t('tournaments.col.entrants')}</th>
            <th scope="col">{t('tournaments.col.start')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((x) => (
            <tr key={x.id} data-id={x.id} data-status={x.status}>
              <td>
                <a href={hrefOf({ page: 'tournament', id: x.id })}>{x.name}</a>
              </td>
              <td>{formatName(x.format)}</td>
              <td>{gameName(games, x.game, text)}</td>
              <td>{t(`tournaments.status.${x.status}`)}</td>
              <td>
                {x.entrants}/{x.maxPlayers}
              </td>
              <td>{x.startsAt ? date(x.startsAt, true, 'short') : t('tournaments.byOrganizer')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

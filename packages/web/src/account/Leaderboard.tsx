/**
 * The leaderboard of a game and preset (`#/leaderboard/<game>?preset=`, GET /api/leaderboard/:game):
 * place, name (a link to the profile; computer players by level), rating with "?" while provisional,
 * rated matches and when last played. The signed-in player's row is marked.
 */
import type { GameMeta, LeaderboardResponse } from '@stich/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGames, useText } from '../games.ts';
import { signedInAs } from '../net.ts';
import { hrefOf, navigate } from '../route.ts';
import { fetchLeaderboard } from './api.ts';
import { Note, Page, useDate, useErrorText, useLoad } from './common.tsx';

export function Leaderboard({ game, preset }: { game?: string; preset?: string }) {
  const { t } = useTranslation();
  const { games, error } = useGames();
  const meta = games?.find((g) => g.id === game) ?? games?.[0] ?? null;
  const chosen = meta?.presets.find((p) => p.id === preset)?.id ?? meta?.presets[0]?.id ?? null;
  let body: ReactNode;
  if (error) body = <Note error={error} />;
  else if (!games || !meta || !chosen) body = <p className="muted">{t('loading')}</p>;
  else body = <Board games={games} meta={meta} preset={chosen} />;
  return (
    <Page title={t('stats.leaderboard.title')} name="leaderboard">
      <section className="card-box">
        <h1>{t('stats.leaderboard.title')}</h1>
        {body}
      </section>
    </Page>
  );
}

function Board({ games, meta, preset }: { games: readonly GameMeta[]; meta: GameMeta; preset: string }) {
  const { t } = useTranslation();
  const text = useText();
  const [got] = useLoad(`${meta.id}/${preset}`, () => fetchLeaderboard(meta.id, preset));
  const errorText = useErrorText();
  const go = (game: string, p?: string) =>
    navigate({ page: 'leaderboard', game, ...(p ? { preset: p } : {}) }, true);
  return (
    <>
      <div className="row board-choice">
        <label className="field">
          {t('stats.leaderboard.game')}
          <select name="game" value={meta.id} onChange={(e) => go(e.target.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {text(g.name)}
              </option>
            ))}
          </select>
        </label>
        {meta.presets.length > 1 && (
          <label className="field">
            {t('stats.leaderboard.preset')}
            <select name="preset" value={preset} onChange={(e) => go(meta.id, e.target.value)}>
              {meta.presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {text(p.name)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {got.state === 'loading' && <p className="muted">{t('loading')}</p>}
      {got.state === 'error' && <Note error={errorText(got.error)} />}
      {got.state === 'ok' && <Rows board={got.value} />}
    </>
  );
}

function Rows({ board }: { board: LeaderboardResponse }) {
  const { t, i18n } = useTranslation();
  const date = useDate();
  const me = signedInAs();
  const num = (n: number) => Math.round(n).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'de-DE');
  return (
    <>
      {board.rows.length === 0 ? (
        <p className="muted" data-testid="board-empty">
          {t('stats.leaderboard.empty')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="stats board" data-testid="board">
            <thead>
              <tr>
                <th scope="col">{t('stats.leaderboard.place')}</th>
                <th scope="col">{t('stats.leaderboard.name')}</th>
                <th scope="col">{t('stats.leaderboard.rating')}</th>
                <th scope="col">{t('stats.leaderboard.matches')}</th>
                <th scope="col">{t('stats.leaderboard.lastPlayed')}</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((r) => {
                const mine = !r.bot && r.name === me;
                return (
                  <tr
                    key={`${r.bot ?? ''}/${r.name}`}
                    data-name={r.name}
                    className={mine ? 'me' : undefined}
                    aria-current={mine ? 'true' : undefined}
                  >
                    <td>{r.place}</td>
                    <th scope="row">
                      {r.bot ? (
                        t('stats.leaderboard.bot', { level: t(`level.${r.bot}`) })
                      ) : (
                        <a href={hrefOf({ page: 'player', name: r.name })}>{r.name}</a>
                      )}
                      {mine && <small> ({t('stats.leaderboard.you')})</small>}
                    </th>
                    <td data-testid="board-rating">
                      {num(r.rating.display)}
                      {r.rating.provisional && (
                        <>
                          <span aria-hidden="true">?</span>
                          <span className="sr"> ({t('stats.leaderboard.provisional')})</span>
                        </>
                      )}
                    </td>
                    <td>{r.rating.matches}</td>
                    <td>{date(r.lastPlayed, false, 'short')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">{t('stats.leaderboard.note', { n: board.minMatches, days: board.activeDays })}</p>
    </>
  );
}

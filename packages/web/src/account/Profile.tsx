/**
 * A player's public profile (`#/player/<name>`, GET /api/players/:name): per game and preset the rating
 * (with "?" while provisional), matches and deals, points per deal, share of the card points, the game's
 * own counts, results against the computer levels and hints used; pictures of the rating over time, the
 * game points per deal and the places of the last matches, each with its numbers as a table.
 */

import type { GameMeta, GameStats, ProfileResponse, RatingPoint, RecentMatch } from '@stich/protocol';
import { BOT_LEVELS } from '@stich/protocol/levels';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGames, useText } from '../games.ts';
import { COUNTS_DE, countLabel } from '../i18n/stats.ts';
import { signedInAs } from '../net.ts';
import { hrefOf } from '../route.ts';
import { AccountError, fetchProfile } from './api.ts';
import { Note, Page, useDate, useErrorText, useLoad } from './common.tsx';

const charts = () => import('./Charts.tsx');
const RatingChart = lazy(() => charts().then((m) => ({ default: m.RatingChart })));
const HistogramChart = lazy(() => charts().then((m) => ({ default: m.HistogramChart })));
const RecentChart = lazy(() => charts().then((m) => ({ default: m.RecentChart })));

/** Numbers in the interface language; `digits` after the point at most. */
function useNum(): (n: number, digits?: number) => string {
  const { i18n } = useTranslation();
  return (n, digits = 0) =>
    n.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: digits });
}

/** "Doppelkopf · Hausregeln": the game's name, and the preset's where the game has several. */
function useGameLabel(): (games: readonly GameMeta[] | null, game: string, preset: string | null) => string {
  const { t } = useTranslation();
  const text = useText();
  return (games, game, preset) => {
    const meta = games?.find((g) => g.id === game);
    if (!meta) return preset ? `${game} · ${preset}` : game;
    // Where a game has one set of rules, a table without a preset plays those: no need to say.
    if (meta.presets.length < 2) return text(meta.name);
    if (preset === null) return `${text(meta.name)} · ${t('stats.profile.presetNone')}`;
    const p = meta.presets.find((x) => x.id === preset);
    return `${text(meta.name)} · ${p ? text(p.name) : preset}`;
  };
}

export function Profile({ name }: { name: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [got] = useLoad(`profile/${name}`, () => fetchProfile(name));
  let body: ReactNode;
  if (got.state === 'loading') body = <p className="muted">{t('loading')}</p>;
  else if (got.state === 'error')
    body = (
      <section className="card-box">
        <Note
          error={
            // A name that cannot be an account's (`malformed`) is no player either.
            got.error instanceof AccountError &&
            (got.error.code === 'not-found' || got.error.code === 'malformed')
              ? t('stats.profile.notFound', { name })
              : errorText(got.error)
          }
        />
      </section>
    );
  else body = <ProfileBody profile={got.value} />;
  return (
    <Page title={t('stats.profile.title')} name="profile">
      {body}
    </Page>
  );
}

function ProfileBody({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation();
  const date = useDate();
  const { games, error } = useGames();
  const mine = signedInAs() === profile.player.name;
  // The games' names first (a moment): without them the headings would show ids.
  if (!games && !error) return <p className="muted">{t('loading')}</p>;
  return (
    <>
      <section className="card-box">
        <h1 data-testid="profile-name">{profile.player.name}</h1>
        <p className="muted">{t('stats.profile.since', { date: date(profile.player.since) })}</p>
        {mine && (
          <p>
            <a className="button" href={hrefOf({ page: 'settings' })}>
              {t('me.settings')}
            </a>
          </p>
        )}
        {profile.games.length === 0 && <p>{t('stats.profile.noGames')}</p>}
      </section>
      {profile.games.map((g) => (
        <GameSection
          key={`${g.game}/${g.preset}`}
          stats={g}
          games={games}
          history={profile.ratingHistory.filter((p) => p.game === g.game && p.preset === g.preset)}
        />
      ))}
      <Recent recent={profile.recent} games={games} mine={mine} />
    </>
  );
}

/** A picture with its caption, a summary in words, and its numbers as a table (unless they are beside it). */
function Figure({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <figure className="stat-figure">
      <figcaption>
        <strong>{title}</strong> <span className="muted">{summary}</span>
      </figcaption>
      <Suspense fallback={<p className="muted">{t('stats.profile.chartLoading')}</p>}>{chart}</Suspense>
      {table && (
        <details>
          <summary>{t('stats.profile.asTable')}</summary>
          {table}
        </details>
      )}
    </figure>
  );
}

function GameSection({
  stats: g,
  games,
  history,
}: {
  stats: GameStats;
  games: readonly GameMeta[] | null;
  history: readonly RatingPoint[];
}) {
  const { t, i18n } = useTranslation();
  const num = useNum();
  const date = useDate();
  const label = useGameLabel()(games, g.game, g.preset);
  const id = `game-${g.game}-${g.preset ?? 'none'}`;
  const r = g.rating;
  const counts = sortCounts(g.game, g.counts);
  const histogram = Object.entries(g.histogram)
    .map(([k, v]) => [Number(k), v] as const)
    .filter(([k]) => Number.isFinite(k))
    .sort((a, b) => a[0] - b[0]);
  const mode = histogram.reduce<readonly [number, number] | null>(
    (m, x) => (!m || x[1] > m[1] ? x : m),
    null,
  );
  const ratings = history.map((p) => Math.round(p.display));
  return (
    <section
      className="card-box game-stats"
      aria-labelledby={id}
      data-game={g.game}
      data-preset={g.preset ?? ''}
    >
      <h2 id={id}>{label}</h2>
      <p className="rating" data-testid="rating">
        {t('stats.profile.rating')}:{' '}
        {r ? (
          <>
            <strong>
              {num(r.display)}
              {r.provisional && (
                <>
                  <span aria-hidden="true">?</span>
                  <span className="sr"> ({t('stats.profile.provisional')})</span>
                </>
              )}
            </strong>{' '}
            <span className="muted">
              {t('stats.profile.ratedMatches', { count: r.matches })}
              {r.provisional && <span aria-hidden="true"> · {t('stats.profile.provisional')}</span>}
            </span>
          </>
        ) : (
          <span className="muted">{t('stats.profile.noRating')}</span>
        )}{' '}
        ·{' '}
        <a href={hrefOf({ page: 'leaderboard', game: g.game, ...(g.preset ? { preset: g.preset } : {}) })}>
          {t('stats.profile.leaderboard')}
        </a>
      </p>
      <table className="stats">
        <thead>
          <tr>
            <td />
            <th scope="col">{t('stats.profile.played')}</th>
            <th scope="col">{t('stats.profile.won')}</th>
            <th scope="col">{t('stats.profile.lost')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('stats.profile.matches')}</th>
            <td>{num(g.matches)}</td>
            <td>{num(g.matchesWon)}</td>
            <td>{num(g.matchesLost)}</td>
          </tr>
          <tr>
            <th scope="row">{t('stats.profile.deals')}</th>
            <td>{num(g.deals)}</td>
            <td>{num(g.dealsWon)}</td>
            <td>{num(g.dealsLost)}</td>
          </tr>
        </tbody>
      </table>
      <dl className="facts">
        <dt>{t('stats.profile.avgPoints')}</dt>
        <dd>{g.deals ? num(g.gamePoints / g.deals, 1) : '–'}</dd>
        <dt>{t('stats.profile.cardShare')}</dt>
        <dd>{g.cardPointsAll ? `${num((100 * g.cardPoints) / g.cardPointsAll, 1)} %` : '–'}</dd>
        {g.game === 'differenzler' && (
          <>
            <dt>{t('stats.profile.avgDistance')}</dt>
            <dd>{g.deals ? num((g.counts.distance ?? 0) / g.deals, 1) : '–'}</dd>
          </>
        )}
        <dt>{t('stats.profile.hints')}</dt>
        <dd data-testid="hints">{num(g.hints)}</dd>
      </dl>
      {BOT_LEVELS.some((l) => g.vsBots[l]) && (
        <table className="stats">
          <caption>{t('stats.profile.vsBots')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.profile.level')}</th>
              <th scope="col">{t('stats.profile.matches')}</th>
              <th scope="col">{t('stats.profile.won')}</th>
            </tr>
          </thead>
          <tbody>
            {BOT_LEVELS.filter((l) => g.vsBots[l]).map((l) => (
              <tr key={l} data-level={l}>
                <th scope="row">{t(`level.${l}`)}</th>
                <td>{num(g.vsBots[l]?.matches ?? 0)}</td>
                <td>{num(g.vsBots[l]?.won ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {counts.length > 0 && (
        <details className="counts">
          <summary>{t('stats.profile.details')}</summary>
          <table className="stats">
            <tbody>
              {counts.map(([k, v]) => (
                <tr key={k} data-count={k}>
                  <th scope="row">{countLabel(i18n.language, g.game, k)}</th>
                  <td>{num(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {history.length > 0 && (
        <Figure
          title={t('stats.profile.ratingChart')}
          summary={t('stats.profile.ratingSummary', {
            n: history.length,
            first: num(ratings[0]),
            last: num(ratings[ratings.length - 1]),
            max: num(Math.max(...ratings)),
          })}
          chart={
            <RatingChart
              label={t('stats.profile.ratingChart')}
              at={history.map((p) => Date.parse(p.at) / 1000)}
              rating={ratings}
              locale={i18n.language === 'en' ? 'en-GB' : 'de-DE'}
            />
          }
          table={
            <table className="stats">
              <thead>
                <tr>
                  <th scope="col">{t('stats.profile.when')}</th>
                  <th scope="col">{t('stats.profile.rating')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: points in order, several may share a time
                  <tr key={i}>
                    <td>{date(p.at, true)}</td>
                    <td>{num(ratings[i])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      )}
      {mode && (
        <Figure
          title={t('stats.profile.histogram')}
          summary={t('stats.profile.histogramSummary', {
            n: num(histogram.reduce((n, x) => n + x[1], 0)),
            mode: num(mode[0]),
            count: num(mode[1]),
          })}
          chart={
            <HistogramChart
              label={t('stats.profile.histogram')}
              points={histogram.map((x) => x[0])}
              deals={histogram.map((x) => x[1])}
            />
          }
          table={
            <table className="stats">
              <thead>
                <tr>
                  <th scope="col">{t('stats.profile.points')}</th>
                  <th scope="col">{t('stats.profile.dealsCount')}</th>
                </tr>
              </thead>
              <tbody>
                {histogram.map(([k, v]) => (
                  <tr key={k}>
                    <td>{num(k)}</td>
                    <td>{num(v)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      )}
    </section>
  );
}

/** The counts in the order of their game's labels; keys without a label after them, by name. */
function sortCounts(game: string, counts: Readonly<Record<string, number>>): [string, number][] {
  const known = Object.keys((COUNTS_DE as Record<string, object | undefined>)[game] ?? {});
  const rank = (k: string) => {
    const i = known.indexOf(k);
    return i >= 0 ? i : known.length;
  };
  return Object.entries(counts).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The last matches, newest first in the table; the picture runs from the oldest to the newest. The replay
 * is offered on one's own profile: a match may be private (a quick game is), and only its players and
 * holders of its code may see it; `RecentMatch` does not say which.
 */
function Recent({
  recent,
  games,
  mine,
}: {
  recent: readonly RecentMatch[];
  games: readonly GameMeta[] | null;
  mine: boolean;
}) {
  const { t } = useTranslation();
  const num = useNum();
  const date = useDate();
  const gameLabel = useGameLabel();
  const oldestFirst = [...recent].reverse();
  const most = Math.max(2, ...recent.map((m) => m.players));
  const table = (
    <table className="stats recent">
      <thead>
        <tr>
          <th scope="col">{t('stats.profile.when')}</th>
          <th scope="col">{t('stats.profile.game')}</th>
          <th scope="col">{t('stats.profile.place')}</th>
          <th scope="col">{t('stats.profile.score')}</th>
        </tr>
      </thead>
      <tbody>
        {recent.map((m) => (
          <tr key={m.tableId} data-table={m.tableId}>
            <td>{date(m.endedAt, false, 'short')}</td>
            <td>
              {gameLabel(games, m.game, m.preset)}
              {m.hinted && <small> · {t('stats.profile.hinted')}</small>}
              {mine && (
                <>
                  <br />
                  <a href={hrefOf({ page: 'replay', id: m.tableId })}>{t('stats.profile.replay')}</a>
                </>
              )}
            </td>
            <td>{t('stats.profile.placeOf', { place: m.place, n: m.players })}</td>
            <td>{num(m.score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section className="card-box" aria-labelledby="recent-h" data-testid="recent">
      <h2 id="recent-h">{t('stats.profile.recent')}</h2>
      {recent.length === 0 ? (
        <p className="muted">{t('stats.profile.recentNone')}</p>
      ) : (
        <>
          <Figure
            title={t('stats.profile.recentChart', { n: recent.length })}
            summary={t('stats.profile.recentSummary', {
              n: recent.length,
              first: recent.filter((m) => m.place === 1).length,
              avg: num(recent.reduce((n, m) => n + m.place, 0) / recent.length, 1),
            })}
            chart={
              <RecentChart
                label={t('stats.profile.recentChart', { n: recent.length })}
                places={oldestFirst.map((m) => m.place)}
                most={most}
              />
            }
            table={null}
          />
          <div className="table-scroll">{table}</div>
        </>
      )}
    </section>
  );
}

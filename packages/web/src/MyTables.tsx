/** "Meine Tische": the tables this guest sits at, to go back to, and finished ones to replay. */
import type { GameMeta, MyTable } from '@stich/protocol';
import { useTranslation } from 'react-i18next';
import { gameName, useText } from './games.ts';
import { TableFacts } from './Rows.tsx';
import { navigate } from './route.ts';

export function MyTables({
  tables,
  games,
}: {
  tables: readonly MyTable[];
  games: readonly GameMeta[] | null;
}) {
  const { t } = useTranslation();
  const text = useText();
  return (
    <section className="card-box my-tables" data-testid="my-tables">
      <h2>{t('lobbyAround.mine')}</h2>
      <ul className="tables">
        {tables.map((x) => (
          <li key={x.id} data-table={x.id} data-status={x.status}>
            <span>
              <strong>{gameName(games, x.game, text)}</strong> · {t('lobby.players', { n: x.players })} ·{' '}
              {x.names
                .map((n, i) =>
                  i === x.seat ? t('table.you') : n === 'bot' ? t('table.bot') : (n ?? t('lobbyAround.free')),
                )
                .join(', ')}{' '}
              · <em>{t(`lobbyAround.status.${x.status}`)}</em>
              <TableFacts
                meta={games?.find((g) => g.id === x.game)}
                preset={x.preset}
                createdAt={x.createdAt}
                progress={x.progress}
                names={x.names.map((n, i) =>
                  i === x.seat ? t('table.you') : n === 'bot' ? `${t('table.bot')} ${i + 1}` : (n ?? '—'),
                )}
                over={x.status === 'over'}
              />
            </span>
            {x.status === 'over' ? (
              <button type="button" onClick={() => navigate({ page: 'replay', id: x.id })}>
                {t('replay.title')}
              </button>
            ) : (
              <button
                type="button"
                className="primary"
                onClick={() => navigate({ page: 'table', id: x.id, seat: x.seat })}
              >
                {t('lobbyAround.resume')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

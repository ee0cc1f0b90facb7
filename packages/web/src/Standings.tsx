/** The match-over box's final standings (issue 21: not only "Gewonnen: Du"). */
import { useTranslation } from 'react-i18next';

/**
 * The final standings: every seat with its score, the winners first (in the game's ranking where it has
 * one); which score is better is the game's business, so the rest keep their seat order.
 */
export function Standings({
  winners,
  scores,
  ranking,
  names,
}: {
  winners: readonly number[];
  scores: readonly number[];
  ranking: readonly number[];
  names: readonly string[];
}) {
  const { t } = useTranslation();
  const seats = scores.map((_, s) => s);
  const order =
    ranking.length === seats.length ? ranking : [...winners, ...seats.filter((s) => !winners.includes(s))];
  return (
    <table className="standings" data-testid="standings">
      <caption>{t('play.standings')}</caption>
      <tbody>
        {order.map((s) => (
          <tr
            key={s}
            data-seat={s}
            data-score={scores[s]}
            data-won={winners.includes(s)}
            className={winners.includes(s) ? 'won' : ''}
          >
            <th scope="row">{names[s]}</th>
            <td className="num">{scores[s]}</td>
            <td>{winners.includes(s) ? t('play.winnerMark') : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The lobby's header line about the player: the signed-in name (to the profile and the settings), or
 * "Gast" with "Anmelden" and "Konto anlegen"; the friends (with the invitations waiting); the
 * tournaments; and the leaderboard. Whether this browser is signed in is
 * kept with its token (net.ts), so the lobby asks the server nothing for it.
 */
import { useTranslation } from 'react-i18next';
import { useFriends } from './friends.ts';
import { signedInAs } from './net.ts';
import { hrefOf, type Route } from './route.ts';

export function AccountBar({ board }: { board: Route & { page: 'leaderboard' } }) {
  const { t } = useTranslation();
  const name = signedInAs();
  const invitations = useFriends()?.invitations.length ?? 0;
  return (
    <nav className="account-bar" aria-label={t('me.account')} data-testid="account-bar">
      {name ? (
        <>
          <span>
            {t('me.playingAs')} <a href={hrefOf({ page: 'player', name })}>{name}</a>
          </span>
          <a href={hrefOf({ page: 'friends' })} data-testid="friends-link">
            {t('me.friends')}
            {invitations > 0 && (
              <span className="badge" data-testid="invitations">
                {t('me.invitations', { count: invitations })}
              </span>
            )}
          </a>
          <a href={hrefOf({ page: 'settings' })}>{t('me.settings')}</a>
        </>
      ) : (
        <>
          <span>
            {t('me.playingAs')} <strong>{t('me.guest')}</strong>
          </span>
          <a href={hrefOf({ page: 'signin' })} data-testid="signin-link">
            {t('me.signIn')}
          </a>
          <a href={hrefOf({ page: 'signup' })}>{t('me.signUp')}</a>
        </>
      )}
      <a href={hrefOf({ page: 'tournaments' })} data-testid="tournaments-link">
        {t('me.tournaments')}
      </a>
      <a href={hrefOf(board)} data-testid="leaderboard-link">
        {t('me.leaderboard')}
      </a>
    </nav>
  );
}

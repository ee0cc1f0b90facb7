/**
 * The app shell: the screen for the current route. The lobby is in the first script; every other screen
 * is its own chunk, fetched when first shown (docs/web.md, Chunks), with a loading line meanwhile.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFriendsPoll } from './friends.ts';
import { Lobby } from './Lobby.tsx';
import { fetchTable, resolveInvite } from './net.ts';
import { useRoute } from './route.ts';

const NameGate = lazy(() => import('./Around.tsx').then((m) => ({ default: m.NameGate })));
const loadTable = () => import('./TableScreen.tsx');
const TableScreen = lazy(() => loadTable().then((m) => ({ default: m.TableScreen })));
const JoinByCode = lazy(() => loadTable().then((m) => ({ default: m.JoinByCode })));
const Replay = lazy(() => import('./Replay.tsx').then((m) => ({ default: m.Replay })));
const FairPage = lazy(() => import('./Fair.tsx').then((m) => ({ default: m.FairPage })));
// The account's screens: one chunk (`account`, vite.config.ts) with their texts; uPlot is a chunk of its own.
const SignIn = lazy(() => import('./account/Sign.tsx').then((m) => ({ default: m.SignIn })));
const SignUp = lazy(() => import('./account/Sign.tsx').then((m) => ({ default: m.SignUp })));
const Settings = lazy(() => import('./account/Settings.tsx').then((m) => ({ default: m.Settings })));
const Profile = lazy(() => import('./account/Profile.tsx').then((m) => ({ default: m.Profile })));
const Leaderboard = lazy(() => import('./account/Leaderboard.tsx').then((m) => ({ default: m.Leaderboard })));
const Friends = lazy(() => import('./account/Friends.tsx').then((m) => ({ default: m.Friends })));
// The tournaments' screens: one chunk (`tournaments`, vite.config.ts) with their texts.
const Tournaments = lazy(() =>
  import('./tournaments/Tournaments.tsx').then((m) => ({ default: m.Tournaments })),
);
const TournamentPage = lazy(() =>
  import('./tournaments/Detail.tsx').then((m) => ({ default: m.TournamentPage })),
);

function Loading() {
  const { t } = useTranslation();
  return (
    <main className="center-msg" aria-busy="true" data-testid="screen-loading">
      {t('loadingScreen')}
    </main>
  );
}

/**
 * Most moves in the lobby lead to a table: its chunk is fetched at the first sign of use (a pointer over
 * a button or link, a focus, a press), so that it is there with the server's answer to the click rather
 * than fetched after it (click to dealt hand under 0.5 s, docs/web.md).
 */
function usePrefetchTable(lobby: boolean): void {
  useEffect(() => {
    if (!lobby) return;
    const EVENTS = ['pointerover', 'focusin', 'pointerdown', 'keydown'] as const;
    const go = (e: Event) => {
      if (e.type === 'pointerover' && !(e.target as Element).closest?.('button, a')) return;
      // A failed fetch is tried again when the table screen is shown.
      loadTable().catch(() => {});
      stop();
    };
    const stop = () => {
      for (const e of EVENTS) window.removeEventListener(e, go, true);
    };
    for (const e of EVENTS) window.addEventListener(e, go, true);
    return stop;
  }, [lobby]);
}

export function App() {
  const route = useRoute();
  usePrefetchTable(route.page === 'lobby');
  useFriendsPoll();
  // One boundary for every screen: a route changes in a transition (useRoute), so the screen shown stays
  // until the next one's chunk is there, rather than a fallback whose reveal React holds back by 300 ms.
  return (
    <Suspense fallback={<Loading />}>
      {route.page === 'lobby' && <Lobby />}
      {route.page === 'join' && (
        <NameGate
          load={() =>
            resolveInvite(route.code).then((r) => {
              // A full table offers to watch: a private one lets in whoever holds its code.
              sessionStorage.setItem(`stich.code.${r.table.id}`, route.code);
              return r;
            })
          }
        >
          <JoinByCode code={route.code} />
        </NameGate>
      )}
      {route.page === 'table' &&
        (route.seat === undefined && !route.spectate ? (
          // A table reached by link, not from the lobby's own buttons: the name first.
          <NameGate key={route.id} load={() => fetchTable(route.id)}>
            <TableScreen id={route.id} />
          </NameGate>
        ) : (
          <TableScreen key={route.id} id={route.id} seat={route.seat} spectate={route.spectate} />
        ))}
      {route.page === 'replay' && <Replay id={route.id} code={route.code} />}
      {route.page === 'fair' && <FairPage />}
      {route.page === 'signin' && <SignIn />}
      {route.page === 'signup' && <SignUp />}
      {route.page === 'settings' && <Settings />}
      {route.page === 'friends' && <Friends />}
      {route.page === 'tournaments' && <Tournaments />}
      {route.page === 'tournament' && <TournamentPage key={route.id} id={route.id} code={route.code} />}
      {route.page === 'player' && <Profile key={route.name} name={route.name} />}
      {route.page === 'leaderboard' && <Leaderboard game={route.game} preset={route.preset} />}
    </Suspense>
  );
}

/**
 * The app shell: the screen for the current route. The lobby is in the first script; every other screen
 * is its own chunk, fetched when first shown (docs/web.md, Chunks), with a loading line meanwhile.
 */
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Lobby } from './Lobby.tsx';
import { fetchTable, resolveInvite } from './net.ts';
import { useRoute } from './route.ts';

const NameGate = lazy(() => import('./Around.tsx').then((m) => ({ default: m.NameGate })));
const loadTable = () => import('./TableScreen.tsx');
const TableScreen = lazy(() => loadTable().then((m) => ({ default: m.TableScreen })));
const JoinByCode = lazy(() => loadTable().then((m) => ({ default: m.JoinByCode })));
const Replay = lazy(() => import('./Replay.tsx').then((m) => ({ default: m.Replay })));
const FairPage = lazy(() => import('./Fair.tsx').then((m) => ({ default: m.FairPage })));

function Loading() {
  const { t } = useTranslation();
  return (
    <main className="center-msg" aria-busy="true" data-testid="screen-loading">
      {t('loadingScreen')}
    </main>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/**
 * Most presses in the lobby lead to a table: its chunk is fetched at the first press of a pointer or key,
 * alongside the server's answer to the click, not after it.
 */
function usePrefetchTable(lobby: boolean): void {
  useEffect(() => {
    if (!lobby) return;
    const go = () => {
      // A failed fetch is tried again when the table screen is shown.
      loadTable().catch(() => {});
      stop();
    };
    const stop = () => {
      window.removeEventListener('pointerdown', go, true);
      window.removeEventListener('keydown', go, true);
    };
    window.addEventListener('pointerdown', go, true);
    window.addEventListener('keydown', go, true);
    return stop;
  }, [lobby]);
}

export function App() {
  const route = useRoute();
  usePrefetchTable(route.page === 'lobby');
  return (
    <>
      {route.page === 'lobby' && <Lobby />}
      {route.page === 'join' && (
        <Screen>
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
        </Screen>
      )}
      {route.page === 'table' && (
        <Screen>
          {route.seat === undefined && !route.spectate ? (
            // A table reached by link, not from the lobby's own buttons: the name first.
            <NameGate key={route.id} load={() => fetchTable(route.id)}>
              <TableScreen id={route.id} />
            </NameGate>
          ) : (
            <TableScreen key={route.id} id={route.id} seat={route.seat} spectate={route.spectate} />
          )}
        </Screen>
      )}
      {route.page === 'replay' && (
        <Screen>
          <Replay id={route.id} code={route.code} />
        </Screen>
      )}
      {route.page === 'fair' && (
        <Screen>
          <FairPage />
        </Screen>
      )}
    </>
  );
}

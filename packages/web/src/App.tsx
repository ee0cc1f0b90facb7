/** The app shell: language switch and the screen for the current route. */
import { NameGate } from './Around.tsx';
import { FairPage } from './Fair.tsx';
import { Lobby } from './Lobby.tsx';
import { fetchTable, resolveInvite } from './net.ts';
import { Replay } from './Replay.tsx';
import { useRoute } from './route.ts';
import { JoinByCode, TableScreen } from './TableScreen.tsx';

export function App() {
  const route = useRoute();
  return (
    <>
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
    </>
  );
}

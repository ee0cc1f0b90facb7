/** The app shell: language switch and the screen for the current route. */
import { Lobby } from './Lobby.tsx';
import { Replay } from './Replay.tsx';
import { useRoute } from './route.ts';
import { JoinByCode, TableScreen } from './TableScreen.tsx';

export function App() {
  const route = useRoute();
  return (
    <>
      {route.page === 'lobby' && <Lobby />}
      {route.page === 'join' && <JoinByCode code={route.code} />}
      {route.page === 'table' && (
        <TableScreen key={route.id} id={route.id} seat={route.seat} spectate={route.spectate} />
      )}
      {route.page === 'replay' && <Replay id={route.id} />}
    </>
  );
}

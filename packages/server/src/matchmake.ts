/**
 * Matchmaking errors as typed codes (docs/server.md, "What a refused client sees"): Colyseus answers a
 * request it cannot serve with its own numbers (`522 room "x" has been disposed`, `524 reconnection token
 * invalid or expired`); the client gets one of the protocol's codes and a reason instead, as from every
 * other route. Errors the rooms' onAuth raise already carry a code and pass unchanged.
 */
import { ErrorCode, matchMaker, ServerError } from '@colyseus/core';

type Invoke = typeof matchMaker.controller.invokeMethod;

/** The typed error for a Colyseus matchmaking error of `method` on `room`. */
function typedMatchmakeError(method: string, room: string, e: unknown): unknown {
  if (!(e instanceof ServerError) || e.code < 500) return e;
  const name = room.slice(0, 40);
  switch (e.code) {
    case ErrorCode.MATCHMAKE_INVALID_ROOM_ID:
      if (method === 'reconnect')
        return new ServerError(404, `not-found: no table ${name} is running to reconnect to; join it again`);
      if (/locked/.test(e.message))
        return new ServerError(409, 'seat-taken: the table takes no more connections just now');
      return new ServerError(404, `not-found: no table ${name} is open to join here`);
    case ErrorCode.MATCHMAKE_EXPIRED:
      return new ServerError(
        403,
        'forbidden: the reconnection token is unknown or expired; join the table again',
      );
    case ErrorCode.MATCHMAKE_NO_HANDLER:
      return new ServerError(403, `forbidden: ${e.message}; tables are joined by their id (joinById)`);
    case ErrorCode.MATCHMAKE_UNHANDLED:
      if (/reconnectionToken/.test(e.message))
        return new ServerError(400, 'malformed: a reconnection needs its reconnectionToken');
      return new ServerError(500, 'internal: the table could not be joined just now; try again');
    default:
      return e;
  }
}

/** Wraps the matchmaker's controller so that every matchmaking answer carries a typed code. */
export function typeMatchmakeErrors(): void {
  const controller = matchMaker.controller as typeof matchMaker.controller & { typed?: true };
  // The controller is the process's: a second server in the same process (tests) wraps it once only.
  if (controller.typed) return;
  controller.typed = true;
  const invoke: Invoke = controller.invokeMethod.bind(controller);
  controller.invokeMethod = async (method, roomName, clientOptions, authOptions) => {
    try {
      return await invoke(method, roomName, clientOptions, authOptions);
    } catch (e) {
      throw typedMatchmakeError(method, roomName, e);
    }
  };
}

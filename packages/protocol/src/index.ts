/**
 * The Stich wire protocol, shared by the server, the web client and external programs (docs/protocol.md).
 *
 * Transport: Colyseus 0.18 over one WebSocket per room. Every protocol message, in both directions, travels
 * as the payload of the Colyseus room message type `CHANNEL` ("m"). A client message is the object
 * `{ t, d, id }` (msgpack-encoded by the Colyseus SDK) or the same object as JSON text. The server parses it
 * once with `parseClientMessage` into the typed union `ClientMessage`; anything else is answered with an
 * `error` message carrying a code and, where one could be read, the client's request id.
 *
 * Hidden information never travels: a seat receives `game.viewFor(state, seat)` and its legal actions,
 * a spectator the spectator view (whole, or as events: events.ts). There is no shared synchronised Schema
 * state.
 */

/** The engine's types the messages carry: each game's view and outcome, told apart by `game`, and its description. */
export type {
  ChoiceMeta,
  DifferenzlerOutcome,
  DifferenzlerView,
  DoppelkopfOutcome,
  DoppelkopfView,
  GameId,
  GameMeta,
  GameOutcome,
  GameView,
  KlaberjassOutcome,
  KlaberjassView,
  KlapperjasOutcome,
  KlapperjasView,
  OptionMeta,
  OptionValue,
  PresetMeta,
  Texts,
} from '@stich/engine';
export { BOT_LEVELS, type BotLevel } from '@stich/engine/levels';
export * from './account.ts';
export * from './base.ts';
export * from './chat.ts';
export * from './client.ts';
export {
  applyEvents,
  type EventFrame,
  type Folded,
  fromSnapshot,
  type Op,
  type Path,
  patch,
  RECALL_LENGTH,
  RECALL_SIZE,
  remember,
  type Snapshot,
  viewOf,
} from './events.ts';
export * from './friends.ts';
export * from './moderation.ts';
export * from './server.ts';
export * from './stats.ts';
export * from './tables.ts';
export * from './tournaments.ts';

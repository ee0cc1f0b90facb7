/**
 * Every game the engine has, by id. Each game folder adds its one import and entry here when it lands (the
 * tables are complete records: a game id without its entry fails to compile):
 * the game, its description for clients (`<game>/meta.ts`) and its view and outcome types.
 */
import type { AnyGame, GameId } from './core/game.ts';
import type { GameMeta } from './core/meta.ts';
import {
  type DifferenzlerAction,
  type DifferenzlerOutcome,
  type DifferenzlerView,
  differenzler,
} from './differenzler/index.ts';
import { differenzlerMeta } from './differenzler/meta.ts';
import {
  type DoppelkopfAction,
  type DoppelkopfOutcome,
  type DoppelkopfView,
  doppelkopf,
} from './doppelkopf/index.ts';
import { doppelkopfMeta } from './doppelkopf/meta.ts';
import {
  type KlaberjassAction,
  type KlaberjassOutcome,
  type KlaberjassView,
  klaberjass,
} from './klaberjass/index.ts';
import { klaberjassMeta } from './klaberjass/meta.ts';
import {
  type KlapperjasAction,
  type KlapperjasOutcome,
  type KlapperjasView,
  klapperjas,
} from './klapperjas/index.ts';
import { klapperjasMeta } from './klapperjas/meta.ts';

export type * from './core/meta.ts';
export type {
  DifferenzlerOutcome,
  DifferenzlerView,
  DoppelkopfOutcome,
  DoppelkopfView,
  KlaberjassOutcome,
  KlaberjassView,
  KlapperjasOutcome,
  KlapperjasView,
};

export const GAMES: Readonly<Record<GameId, AnyGame>> = {
  differenzler,
  doppelkopf,
  klaberjass,
  klapperjas,
};

export function gameById(id: string): AnyGame | undefined {
  return (GAMES as Record<string, AnyGame | undefined>)[id];
}

/** The description of every registered game (a test checks each against its game's `parseConfig`). */
export const GAME_META: Readonly<Record<GameId, GameMeta>> = {
  differenzler: differenzlerMeta,
  doppelkopf: doppelkopfMeta,
  klaberjass: klaberjassMeta,
  klapperjas: klapperjasMeta,
};

/** Each game's usual player count (`GameMeta.players`, the first): what a table or a tool starts with. */
export const DEFAULT_PLAYERS: Readonly<Record<GameId, number>> = {
  differenzler: differenzlerMeta.players[0],
  doppelkopf: doppelkopfMeta.players[0],
  klaberjass: klaberjassMeta.players[0],
  klapperjas: klapperjasMeta.players[0],
};

/** The view of any registered game, told apart by `game`: what `viewFor` returns and the server sends. */
export type GameView = DifferenzlerView | DoppelkopfView | KlaberjassView | KlapperjasView;
/** The view of game `G`. */
export type ViewOf<G extends GameView['game']> = Extract<GameView, { readonly game: G }>;
/** Whether `v` is a view of `game`: the check that lets a bot or a tool read a game's own fields. */
export const isViewOf = <G extends GameView['game']>(v: GameView, game: G): v is ViewOf<G> => v.game === game;
/** An action of any registered game (each game's own union; the web reads typed legal actions by it). */
export type GameAction = DifferenzlerAction | DoppelkopfAction | KlaberjassAction | KlapperjasAction;
/** The actions of game `G` (actions carry no game id, so a table by id). */
export type ActionOf<G extends GameId> = {
  readonly differenzler: DifferenzlerAction;
  readonly doppelkopf: DoppelkopfAction;
  readonly klaberjass: KlaberjassAction;
  readonly klapperjas: KlapperjasAction;
}[G];
/** The outcome of any registered game. */
export type GameOutcome = DifferenzlerOutcome | DoppelkopfOutcome | KlaberjassOutcome | KlapperjasOutcome;

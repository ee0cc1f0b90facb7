import type { ActionOf, GameView, ViewOf } from '@stich/engine';
import { isViewOf } from '@stich/engine';
import type { BotRequest } from './index.ts';

/** The request's view as game `game`'s own; a request for another game is a caller's error. */
export function viewOf<G extends GameView['game']>(req: Pick<BotRequest, 'view'>, game: G): ViewOf<G> {
  const v = req.view;
  if (!isViewOf(v, game)) throw new Error(`a ${game} bot got a ${v.game} view`);
  return v;
}

/**
 * The request's legal actions as game `game`'s own. Actions carry no game id: `legal` is the game's own list
 * (`requestFor`), so checking the request's game is the whole check.
 */
export function legalOf<G extends GameView['game']>(
  req: Pick<BotRequest, 'game' | 'legal'>,
  game: G,
): readonly ActionOf<G>[] {
  if (req.game !== game) throw new Error(`a ${game} bot got ${req.game} actions`);
  return req.legal as readonly ActionOf<G>[];
}

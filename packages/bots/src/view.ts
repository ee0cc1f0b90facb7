import type { GameView, ViewOf } from '@stich/engine';
import { isViewOf } from '@stich/engine';
import type { BotRequest } from './index.ts';

/** The request's view as game `game`'s own; a request for another game is a caller's error. */
export function viewOf<G extends GameView['game']>(req: Pick<BotRequest, 'view'>, game: G): ViewOf<G> {
  const v = req.view;
  if (!isViewOf(v, game)) throw new Error(`a ${game} bot got a ${v.game} view`);
  return v;
}

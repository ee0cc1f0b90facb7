/**
 * Doppelkopf players (both presets, `ddv` and `house`): the rule level (doppelkopf/rule.ts, play.ts) and
 * the search level (doppelkopf/search.ts: PIMC with rollouts and a double-dummy end game; its Vorbehalt,
 * solo, Reizen, Armut and announcement decisions are the rule level's).
 */
import { seeded } from '@stich/engine';
import { ruleAction } from '../doppelkopf/rule.ts';
import { searchMove } from '../doppelkopf/search.ts';
import type { BotRequest } from '../index.ts';
import type { Players } from '../levels.ts';
import { viewOf } from '../view.ts';

/** The search level's move in the play phase, with the card values it chose by (hints show them). */
export const searchMoveFor = (req: BotRequest) =>
  searchMove(
    viewOf(req, 'doppelkopf'),
    req.legal as Parameters<typeof searchMove>[1],
    seeded(`${req.seed}/dk`),
  );

export const doppelkopfPlayers: Players = {
  rule: (req) => ruleAction(viewOf(req, 'doppelkopf'), req.legal),
  search: (req) => {
    const v = viewOf(req, 'doppelkopf');
    if (v.phase !== 'play') return ruleAction(v, req.legal);
    return searchMoveFor(req).action;
  },
};

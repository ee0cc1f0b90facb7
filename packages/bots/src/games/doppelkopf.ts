/**
 * Doppelkopf players (both presets, `ddv` and `house`): the rule level (doppelkopf/rule.ts, play.ts) and
 * the search level (doppelkopf/search.ts: PIMC with rollouts and a double-dummy end game; its Vorbehalt,
 * solo, Reizen, Armut and announcement decisions are the rule level's).
 */
import { seeded } from '@stich/engine';
import type { DoppelkopfAction } from '@stich/engine/doppelkopf/index';
import { ruleAction } from '../doppelkopf/rule.ts';
import { searchMove } from '../doppelkopf/search.ts';
import type { BotRequest } from '../index.ts';
import type { Players } from '../levels.ts';
import { legalOf, viewOf } from '../view.ts';

/** The search level's move in the play phase, with the card values it chose by (hints show them). */
export const searchMoveFor = (req: BotRequest) =>
  searchMove(viewOf(req, 'doppelkopf'), legalOf(req, 'doppelkopf'), seeded(`${req.seed}/dk`));

export const doppelkopfPlayers: Players = {
  rule: (req) => ruleAction(viewOf(req, 'doppelkopf'), legalOf(req, 'doppelkopf')),
  search: (req) => {
    const v = viewOf(req, 'doppelkopf');
    if (v.phase !== 'play') return ruleAction(v, legalOf(req, 'doppelkopf'));
    return searchMoveFor(req).action;
  },
};

/**
 * An optional actor's call (a seat listed in `toAct` while another seat is to play): the announcement the
 * level makes now, or null when it says nothing. Both levels call by the rule policy (`ruleAnnouncement`),
 * so the call is the one the level would make at its own turn with the same view. `quiet` is never
 * returned: the table does not wait for it, and saying nothing needs no step.
 */
export const doppelkopfOptional = (req: BotRequest): DoppelkopfAction | null => {
  const legal = legalOf(req, 'doppelkopf');
  if (!legal.some((a) => a.t === 'announce')) return null;
  const a = ruleAction(viewOf(req, 'doppelkopf'), legal);
  return a.t === 'announce' ? a : null;
};

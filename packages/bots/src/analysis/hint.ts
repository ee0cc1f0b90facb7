/**
 * Hints: the search player's suggestion for a seat's current decision, with the expected value of each
 * legal card against the others (docs/analysis.md, Hints). Built from the request alone, which holds the
 * seat's view and legal actions only (`requestFor`), never another seat's cards.
 */
import type { Action, Card } from '@stich/engine';
import { seeded } from '@stich/engine';
import { knowledge } from '../doppelkopf/know.ts';
import { kindOf } from '../doppelkopf/model.ts';
import { cardValues } from '../doppelkopf/search.ts';
import { searchMoveFor } from '../games/doppelkopf.ts';
import { type BotRequest, decide } from '../index.ts';
import { pimc } from '../play/pimc.ts';
import { viewOf } from '../view.ts';
import { contextFor, toUnit, UNITS, type Unit } from './index.ts';

interface HintOption {
  readonly action: Action;
  /** Expected value of the action from the seat's view, in `unit` (higher is better; Differenzler: minus the expected distance). */
  readonly value: number;
}

export interface Hint {
  /** What the search player would do now. */
  readonly action: Action;
  readonly unit: Unit;
  /** Card play: every legal card with its expected value, best first; null for other decisions. */
  readonly options: readonly HintOption[] | null;
}

type PlayAction = Action & { readonly card?: Card };
const round = (x: number) => Math.round(x * 100) / 100;

/** The hint for a bot request of level `search` (any level is treated as `search`). */
export function hint(req: BotRequest): Hint {
  const r: BotRequest = { ...req, level: 'search' };
  const unit = UNITS[req.game];
  const plays = (req.legal as readonly PlayAction[]).filter((a) => a.t === 'play');
  const cards = [...new Set(plays.map((a) => a.card!))];
  // Doppelkopf's move comes with the values it chose by: one search for both (cards to choose from mean
  // the play phase, where the search level's move is `searchMoveFor`).
  const dk = req.game === 'doppelkopf' && cards.length >= 2 ? searchMoveFor(r) : null;
  const action = dk ? dk.action : decide(r);
  if (cards.length < 2) return { action, unit, options: null };
  const byCard = (c: Card) => plays.find((a) => a.card === c)!;
  let values: Map<Card, number> | null = null;
  if (dk) {
    const v = viewOf(req, 'doppelkopf');
    // An announcement is chosen before any card is valued: the cards then get samples of their own.
    const kv =
      dk.values ?? cardValues(v, knowledge(v), [...new Set(cards.map(kindOf))], seeded(`${req.seed}/hint`));
    if (kv) values = new Map(cards.map((c) => [c, kv.get(kindOf(c))!]));
  } else {
    const ctx = contextFor(req.view, req.seat);
    if (ctx) {
      // The same samples as the search player's own decision (its generator and budget).
      const est = pimc(ctx, cards, seeded(`${req.seed}/pimc`));
      if (est.samples > 0)
        values = new Map(cards.map((c) => [c, toUnit(ctx, est.totals.get(c)! / est.samples)]));
    }
  }
  if (!values) return { action, unit, options: null };
  // Best first; among equal (rounded) values the suggested card first, since the search player breaks
  // ties towards its rule card, not by the order of the hand.
  const suggested = (action as PlayAction).card;
  const first = (o: HintOption) => ((o.action as PlayAction).card === suggested ? 0 : 1);
  const options = cards
    .map((c) => ({ action: byCard(c), value: round(values.get(c)!) }))
    .sort((a, b) => b.value - a.value || first(a) - first(b));
  return { action, unit, options };
}

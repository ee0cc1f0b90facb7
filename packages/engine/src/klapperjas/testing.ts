/** Helpers for tests and tools: fixed deals, scripted play through the public API, cards inside a view. */
import { DECK32 } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { unwrap } from '../core/result.ts';
import { klapperjas as G, type KlapperjasAction, type KlapperjasState } from './index.ts';

export { G };
export type State = KlapperjasState;

/**
 * A deal from DECK32 in suit order (C7..CA, S7..SA, H7..HA, D7..DA) cut into hands of 8 (4 players) or
 * 9 (2/3 players) by seat, the rest as stock. With `rotate` the deck is rotated first.
 */
export function suitDeal(players: 2 | 3 | 4, rotate = 0) {
  const deck = [...DECK32.slice(rotate), ...DECK32.slice(0, rotate)];
  const size = players === 4 ? 8 : 9;
  const hands = Array.from({ length: players }, (_, i) => deck.slice(i * size, i * size + size));
  return { hands, stock: deck.slice(players * size) };
}

export function started(
  players: 2 | 3 | 4,
  dealer: Seat,
  deal: unknown,
  preset: 'manual' | 'klappern' = 'manual',
  options: object = {},
): State {
  const cfg = unwrap(G.parseConfig({ players, preset, options }));
  const s = G.start(cfg, dealer);
  return unwrap(G.applyDeal(s, unwrap(G.parseDeal(s, deal))));
}

export function act(s: State, seat: Seat, action: unknown): State {
  return unwrap(G.apply(s, seat, unwrap(G.parseAction(action)) as KlapperjasAction));
}

/** Plays the turn seat's first legal card (no melds, no calls; passing in a meld round) until the deal ends. */
export function playOut(s: State): State {
  const deals = s.m.results.length;
  while (s.m.results.length === deals) {
    const seat = G.toAct(s)[0];
    const melds = s.phase === 'melds';
    const a = G.legalActions(s, seat).find((x) =>
      melds ? x.t === 'pass' : x.t === 'play' && !('belle' in x),
    );
    if (!a) throw new Error(`no plain play for seat ${seat} in ${s.phase}`);
    s = unwrap(G.apply(s, seat, a));
  }
  return s;
}

/** Every card string anywhere inside a value. */
export function cardsIn(x: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof x === 'string') {
    if ((DECK32 as readonly string[]).includes(x)) out.add(x);
  } else if (Array.isArray(x)) for (const y of x) cardsIn(y, out);
  else if (x !== null && typeof x === 'object') for (const y of Object.values(x)) cardsIn(y, out);
  return out;
}

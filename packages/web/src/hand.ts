/**
 * Display order of a hand: trump first, then the other suits alternating black and red, each by the
 * rank order the engine gives for the game (GameMeta `ranks`, through GET /api/games). Display only:
 * which cards may be played always comes from the server.
 */
import type { GameMeta } from '@stich/protocol';
import { rankLetter, type SuitLetter, suitLetter } from './cards.tsx';

const BASE_SUITS: readonly SuitLetter[] = ['C', 'H', 'S', 'D'];
const isRed = (s: SuitLetter): boolean => s === 'H' || s === 'D';

/** Suit order for display: trump first, then alternate colours where the hand allows. */
function suitOrder(trump: SuitLetter | null, present: ReadonlySet<SuitLetter>): SuitLetter[] {
  const rest = BASE_SUITS.filter((s) => s !== trump && present.has(s));
  const out: SuitLetter[] = trump && present.has(trump) ? [trump] : [];
  while (rest.length > 0) {
    const last = out[out.length - 1];
    let i = last === undefined ? 0 : rest.findIndex((s) => isRed(s) !== isRed(last));
    if (i < 0) i = 0;
    out.push(rest.splice(i, 1)[0]);
  }
  return out;
}

export function sortHand(cards: readonly string[], ranks: GameMeta['ranks'], trump: string | null): string[] {
  const t = (trump as SuitLetter | null) ?? null;
  const present = new Set(cards.map(suitLetter));
  const suits = suitOrder(t, present);
  const key = (c: string): number => {
    const s = suitLetter(c);
    const order: readonly string[] = s === t ? ranks.trump : ranks.plain;
    return suits.indexOf(s) * 16 + order.indexOf(rankLetter(c));
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/**
 * Display order of a hand: trump first, then the other suits alternating black and red, each by
 * strength high to low. Display only: which cards may be played always comes from the server.
 */
import { rankLetter, type SuitLetter, suitLetter } from './cards.tsx';

// Strength orders, highest first, as the rule texts print them.
const JAS_TRUMP = 'J9ATKQ876';
const JAS_PLAIN = 'ATKQJ9876';
const SWISS_TRUMP = 'J9AKQT876';
const SWISS_PLAIN = 'AKQJT9876';
const NATURAL = 'AKQJT9876';

function orders(game: string): { trump: string; plain: string } {
  if (game === 'differenzler') return { trump: SWISS_TRUMP, plain: SWISS_PLAIN };
  if (game === 'klapperjas' || game === 'klaberjass') return { trump: JAS_TRUMP, plain: JAS_PLAIN };
  return { trump: NATURAL, plain: NATURAL };
}

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

export function sortHand(cards: readonly string[], game: string, trump: string | null): string[] {
  const t = (trump as SuitLetter | null) ?? null;
  const present = new Set(cards.map(suitLetter));
  const suits = suitOrder(t, present);
  const o = orders(game);
  const key = (c: string): number => {
    const s = suitLetter(c);
    const order = s === t ? o.trump : o.plain;
    return suits.indexOf(s) * 10 + order.indexOf(rankLetter(c));
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

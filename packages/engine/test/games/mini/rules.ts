/**
 * Mini's rules as a `TrickGameSpec`: 32 cards (7 to Ace, in that order in every suit), four players in two
 * parties (seats 0 and 2 against 1 and 3), follow the suit led or play anything. With `trump: 'named'` the
 * seat after the dealer names a trump suit first and leads; a trump beats every card of another suit. A card
 * counts its Jass points (Ace 11, Ten 10, King 4, Queen 3, Jack 2), the last trick 10 more: 130 a deal. Each
 * seat scores its party's points; after `deals` deals the higher total wins.
 */
import {
  type Card,
  err,
  JASS32,
  ok,
  PLAIN_POINTS,
  type Rank,
  type Result,
  SUITS,
  type Suit,
  TRUMP,
  type TrickDealResult,
  type TrickGameSpec,
  type TrickPhase,
  type TrickState,
} from '../../../src/index.ts';
import { type MiniConfig, parseConfig } from './config.ts';

/** The game's own part of the state: the trump of the deal, null while none is named (or none is played). */
export interface MiniOwn {
  readonly trump: Suit | null;
}

export type NameAction = { readonly t: 'name'; readonly suit: Suit };

/** A deal's score: the kernel's fields, and which party won it (0: seats 0 and 2, 1: seats 1 and 3; null: a tie). */
export interface MiniScore {
  readonly score: readonly number[];
  readonly winners: readonly number[];
  readonly party: 0 | 1 | null;
}

export type MiniState = TrickState<MiniConfig, MiniOwn, TrickDealResult<MiniScore>>;

export const PARTIES = [
  [0, 2],
  [1, 3],
] as const;

const NAMES: readonly NameAction[] = SUITS.map((suit) => Object.freeze({ t: 'name', suit }) as NameAction);

const suitOf = (c: Card): number => JASS32.suitOfKind(JASS32.kindOf(c));

const naming: TrickPhase<MiniState, NameAction> = {
  // The seat after the dealer names, then leads (the kernel set `turn` to it).
  toAct: (s) => [s.turn],
  legal: () => NAMES,
  apply: (s, _seat, a) => ok({ ...s, phase: 'play', own: { trump: a.suit } }),
};

function parseAction(input: Readonly<Record<string, unknown>>): Result<NameAction> {
  if (input.t !== 'name')
    return err('unknown-action', `unknown action ${JSON.stringify(input.t)}; Mini knows name and play`);
  for (const k of Object.keys(input))
    if (k !== 't' && k !== 'suit') return err('malformed', `name: unknown field ${k}`);
  const i = SUITS.indexOf(input.suit as Suit);
  if (i < 0) return err('malformed', `name: suit must be one of ${SUITS.join(', ')}`);
  return ok(NAMES[i]);
}

export const MINI: TrickGameSpec<
  'mini',
  MiniConfig,
  MiniOwn,
  NameAction,
  TrickDealResult<MiniScore>,
  MiniOwn
> = {
  id: 'mini',
  parseConfig,
  initial: () => ({ trump: null }),
  deck: () => JASS32,
  order: (s) => {
    const trump = s.own.trump === null ? -1 : SUITS.indexOf(s.own.trump);
    return {
      suit: (c) => (suitOf(c) === trump ? TRUMP : suitOf(c)),
      // The deck numbers the ranks 7 8 9 T J Q K A: the rank position is the strength.
      strength: (c) => JASS32.rankOfKind(JASS32.kindOf(c)),
    };
  },
  cardPoints: (_, kind) => PLAIN_POINTS[JASS32.kinds[kind][1] as Rank],
  lastTrickBonus: () => 10,
  policy: () => 'follow',
  phases: { name: naming },
  parseAction,
  beginDeal: (s) => ({
    ...s,
    phase: s.config.options.trump === 'named' ? 'name' : 'play',
    own: { trump: null },
  }),
  parties: () => PARTIES,
  scoreDeal: (_, tally) => {
    const [a, b] = tally.partyPoints;
    const party = a > b ? 0 : b > a ? 1 : null;
    return {
      ...tally,
      score: [a, b, a, b],
      winners: party === null ? [0, 1, 2, 3] : [...PARTIES[party]],
      party,
    };
  },
  dealScore: (row) => row.score,
  isMatchOver: (s) => s.dealt >= s.config.options.deals,
  view: (s) => ({ trump: s.own.trump }),
};

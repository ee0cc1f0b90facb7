/**
 * Klaberjass actions. Every action a rule can produce is interned once, so legal-action lists are arrays
 * of shared objects and `parseAction` returns the same object for equal input.
 */
import { type Card, SUITS, type Suit } from '../core/cards.ts';
import { err, ok, type Result } from '../core/result.ts';
import { KJ_RANKS, type KjRank } from './cards.ts';

export type Verdict = 'good' | 'not-good' | 'equal';
export const VERDICTS = ['good', 'not-good', 'equal'] as const satisfies readonly Verdict[];

export type KlaberjassAction =
  | { readonly t: 'take' }
  | { readonly t: 'pass' }
  | { readonly t: 'schmeiss' }
  | { readonly t: 'accept' }
  | { readonly t: 'refuse' }
  | { readonly t: 'name'; readonly suit: Suit }
  | { readonly t: 'exchange' }
  | { readonly t: 'announce'; readonly value: 20 | 50 }
  | { readonly t: 'answer'; readonly verdict: Verdict }
  | { readonly t: 'top'; readonly rank: KjRank }
  | { readonly t: 'play'; readonly card: Card; readonly bella?: true };

export const TAKE = { t: 'take' } as const;
export const PASS = { t: 'pass' } as const;
export const SCHMEISS = { t: 'schmeiss' } as const;
export const ACCEPT = { t: 'accept' } as const;
export const REFUSE = { t: 'refuse' } as const;
export const EXCHANGE = { t: 'exchange' } as const;
export const NAME: readonly KlaberjassAction[] = SUITS.map((suit) => ({ t: 'name', suit }) as const);
export const ANNOUNCE: Readonly<Record<20 | 50, KlaberjassAction>> = {
  20: { t: 'announce', value: 20 },
  50: { t: 'announce', value: 50 },
};
export const ANSWER: Readonly<Record<Verdict, KlaberjassAction>> = {
  good: { t: 'answer', verdict: 'good' },
  'not-good': { t: 'answer', verdict: 'not-good' },
  equal: { t: 'answer', verdict: 'equal' },
};
export const TOP: readonly KlaberjassAction[] = KJ_RANKS.map((rank) => ({ t: 'top', rank }) as const);

const SIMPLE: Record<string, KlaberjassAction> = {
  take: TAKE,
  pass: PASS,
  schmeiss: SCHMEISS,
  accept: ACCEPT,
  refuse: REFUSE,
  exchange: EXCHANGE,
};
const FIELDS: Record<string, readonly string[]> = {
  take: [],
  pass: [],
  schmeiss: [],
  accept: [],
  refuse: [],
  exchange: [],
  name: ['suit'],
  announce: ['value'],
  answer: ['verdict'],
  top: ['rank'],
};

/** Validates the shape of an action other than a card (the kernel parses `play`) and returns the interned action. */
export function parseAction(a: Readonly<Record<string, unknown>>): Result<KlaberjassAction> {
  if (typeof a.t !== 'string') return err('malformed', 'an action needs a string field t');
  const fields = FIELDS[a.t];
  if (fields === undefined || !Object.hasOwn(FIELDS, a.t))
    return err('unknown-action', `Klaberjass has no action "${a.t}"`);
  for (const k of Object.keys(a))
    if (k !== 't' && !fields.includes(k)) return err('malformed', `action ${a.t} has no field ${k}`);
  const simple = SIMPLE[a.t];
  if (simple) return ok(simple);
  switch (a.t) {
    case 'name': {
      const i = SUITS.indexOf(a.suit as Suit);
      return i < 0 ? err('malformed', `suit must be one of ${SUITS.join(' ')}`) : ok(NAME[i]);
    }
    case 'announce':
      return a.value === 20 || a.value === 50
        ? ok(ANNOUNCE[a.value])
        : err('malformed', 'an announced sequence is worth 20 or 50');
    case 'answer':
      return typeof a.verdict === 'string' && Object.hasOwn(ANSWER, a.verdict)
        ? ok(ANSWER[a.verdict as Verdict])
        : err('malformed', `verdict must be one of ${VERDICTS.join(', ')}`);
    default: {
      const i = KJ_RANKS.indexOf(a.rank as KjRank);
      return i < 0 ? err('malformed', `rank must be one of ${KJ_RANKS.join(' ')}`) : ok(TOP[i]);
    }
  }
}

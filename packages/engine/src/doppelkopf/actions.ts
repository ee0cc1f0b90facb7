/**
 * Doppelkopf actions: plain JSON tagged by `t`, interned so that legal-action lists and
 * parsed actions share one object per action.
 */
import type { Card } from '../core/cards.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import { type Declared, GAMES_DECLARED, KIND_CARDS, KINDS, kindOf } from './cards.ts';
import { SOLOS_OF, type SoloRule } from './config.ts';
import { CALLS, type Call } from './state.ts';

export type HealthyAction = { readonly t: 'healthy' };
export type ReserveAction = { readonly t: 'reserve' };
export type DeclareAction = { readonly t: 'declare'; readonly game: Declared };
export type AnnounceAction = { readonly t: 'announce'; readonly call: Call };
/** Nothing to announce until the next card: the seat leaves `toAct` for now (see docs/rules/doppelkopf.md). */
export type QuietAction = { readonly t: 'quiet' };
export type PlayAction = { readonly t: 'play'; readonly card: Card };
/** House preset (004; house.ts, armut.ts): Krankheit, a solo in the Melden round, bidding, Armut. */
export type SickAction = { readonly t: 'sick' };
export type SoloAction = { readonly t: 'solo' };
/** Reizen: the rear player bids a level above the current one, the front player holds it (the same call). */
export type BidAction = { readonly t: 'bid'; readonly call: Call };
export type FoldAction = { readonly t: 'fold' };
/** Armut: one card face down, by the poor player (`give`) or by the taker (`return`). */
export type GiveAction = { readonly t: 'give'; readonly card: Card };
export type TakeAction = { readonly t: 'take' };
export type ShoveAction = { readonly t: 'shove' };
export type ReturnAction = { readonly t: 'return'; readonly card: Card };
export type HouseAction =
  | SickAction
  | SoloAction
  | BidAction
  | FoldAction
  | GiveAction
  | TakeAction
  | ShoveAction
  | ReturnAction;
export type DoppelkopfAction =
  | HealthyAction
  | ReserveAction
  | DeclareAction
  | AnnounceAction
  | QuietAction
  | PlayAction
  | HouseAction;

export const HOUSE_KINDS = ['sick', 'solo', 'bid', 'fold', 'give', 'take', 'shove', 'return'] as const;
export const ACTION_KINDS = [
  'healthy',
  'reserve',
  'declare',
  'announce',
  'quiet',
  'play',
  ...HOUSE_KINDS,
] as const;

// Interned lists are typed read-only but not frozen (V8 reads frozen arrays slower).
export const HEALTHY: HealthyAction = { t: 'healthy' };
export const RESERVE: ReserveAction = { t: 'reserve' };
export const QUIET: QuietAction = { t: 'quiet' };
export const DECLARE: Readonly<Record<Declared, DeclareAction>> = Object.fromEntries(
  GAMES_DECLARED.map((game) => [game, { t: 'declare', game }]),
) as Record<Declared, DeclareAction>;
export const ANNOUNCE: Readonly<Record<Call, AnnounceAction>> = Object.fromEntries(
  CALLS.map((call) => [call, { t: 'announce', call }]),
) as Record<Call, AnnounceAction>;
export const SICK: SickAction = { t: 'sick' };
export const SOLO: SoloAction = { t: 'solo' };
export const FOLD: FoldAction = { t: 'fold' };
export const TAKE: TakeAction = { t: 'take' };
export const SHOVE: ShoveAction = { t: 'shove' };
export const BID: Readonly<Record<Call, BidAction>> = Object.fromEntries(
  CALLS.map((call) => [call, { t: 'bid', call }]),
) as Record<Call, BidAction>;
export const GIVE: readonly GiveAction[] = Array.from({ length: KINDS }, (_, k) => ({
  t: 'give',
  card: KIND_CARDS[k],
}));
export const RETURN: readonly ReturnAction[] = Array.from({ length: KINDS }, (_, k) => ({
  t: 'return',
  card: KIND_CARDS[k],
}));
/** Play actions by kind. */
export const PLAY: readonly PlayAction[] = Array.from({ length: KINDS }, (_, k) => ({
  t: 'play',
  card: KIND_CARDS[k],
}));

function fields(x: Record<string, unknown>, ...keys: string[]): Result<true> {
  for (const k of Object.keys(x))
    if (k !== 't' && !keys.includes(k)) return err('malformed', `${String(x.t)}: unknown field ${k}`);
  for (const k of keys) if (!(k in x)) return err('malformed', `${String(x.t)}: field ${k} is missing`);
  return ok(true);
}

export function parseAction(input: unknown): Result<DoppelkopfAction> {
  if (!isObject(input)) return err('malformed', 'an action is an object { t, ... }');
  switch (input.t) {
    case 'healthy':
    case 'reserve':
    case 'quiet': {
      const f = fields(input);
      if (!f.ok) return f;
      return ok(input.t === 'healthy' ? HEALTHY : input.t === 'reserve' ? RESERVE : QUIET);
    }
    case 'declare': {
      const f = fields(input, 'game');
      if (!f.ok) return f;
      if (!(GAMES_DECLARED as readonly unknown[]).includes(input.game))
        return err('malformed', `declare: game must be one of ${GAMES_DECLARED.join(', ')}`);
      return ok(DECLARE[input.game as Declared]);
    }
    case 'announce': {
      const f = fields(input, 'call');
      if (!f.ok) return f;
      if (!(CALLS as readonly unknown[]).includes(input.call))
        return err('malformed', `announce: call must be one of ${CALLS.join(', ')}`);
      return ok(ANNOUNCE[input.call as Call]);
    }
    case 'play':
    case 'give':
    case 'return': {
      const f = fields(input, 'card');
      if (!f.ok) return f;
      const k = kindOf(input.card);
      if (k < 0)
        return err('malformed', `${input.t}: ${JSON.stringify(input.card)} is not a Doppelkopf card`);
      return ok(input.t === 'play' ? PLAY[k] : input.t === 'give' ? GIVE[k] : RETURN[k]);
    }
    case 'sick':
    case 'solo':
    case 'fold':
    case 'take':
    case 'shove': {
      const f = fields(input);
      if (!f.ok) return f;
      return ok({ sick: SICK, solo: SOLO, fold: FOLD, take: TAKE, shove: SHOVE }[input.t]);
    }
    case 'bid': {
      const f = fields(input, 'call');
      if (!f.ok) return f;
      if (!(CALLS as readonly unknown[]).includes(input.call) || input.call === 'kontra')
        return err('malformed', `bid: call must be one of ${CALLS.filter((c) => c !== 'kontra').join(', ')}`);
      return ok(BID[input.call as Call]);
    }
    default:
      return err(
        'unknown-action',
        `unknown action ${JSON.stringify(input.t)}; Doppelkopf knows ${ACTION_KINDS.join(', ')}`,
      );
  }
}

/** Whether `a` is one of `list` (by identity, or by its fields: a parsed action equals an offered one). */
export function listedIn(list: readonly DoppelkopfAction[], a: DoppelkopfAction): boolean {
  for (const x of list) {
    if (x === a) return true;
    if (x.t !== a.t) continue;
    const xa = x as Record<string, unknown>;
    const aa = a as Record<string, unknown>;
    if (xa.call === aa.call && xa.game === aa.game && xa.card === aa.card) return true;
  }
  return false;
}

/** The declarations of the solos a table plays (option `solos`), by rule. */
export const SOLO_DECLS: Readonly<Record<SoloRule, readonly DoppelkopfAction[]>> = {
  all: SOLOS_OF.all.map((g) => DECLARE[g]),
  'no-fleischlos': SOLOS_OF['no-fleischlos'].map((g) => DECLARE[g]),
  'queens-jacks': SOLOS_OF['queens-jacks'].map((g) => DECLARE[g]),
};

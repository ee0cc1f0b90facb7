/**
 * Klapper-Jas actions: plain JSON tagged by `t`, interned (fast.ts item 2), so that legal-action lists and
 * parsed actions share one object per action.
 */

import { err, isObject, ok, type Result } from '../core/result.ts';
import { bitOf, SEQ, seqIndex, suitIndex } from './cards.ts';
import { BESSER, EXCHANGE, f, KLEINES, KONTRA, ORGI, PASS, PLAY, PLAY_BELLE, RE, TRUMP } from './fast.ts';
import { type Meld, toSpec } from './melds.ts';
import type { KlapperjasAction } from './state.ts';

type A = KlapperjasAction;

export const meldAction = (ms: readonly Meld[]): A => f({ t: 'meld', melds: ms.map(toSpec) });

/** The interned actions without fields, by `t`. */
const SIMPLE: Readonly<Record<string, A>> = {
  orgi: ORGI,
  pass: PASS,
  kleines: KLEINES,
  besser: BESSER,
  kontra: KONTRA,
  re: RE,
  exchange: EXCHANGE,
};

export function parseAction(input: unknown): Result<A> {
  if (!isObject(input) || typeof input.t !== 'string')
    return err('malformed', 'an action is an object { t, ... }');
  const x = input;
  const only = (...keys: string[]): Result<true> => {
    for (const k of Object.keys(x))
      if (k !== 't' && !keys.includes(k)) return err('malformed', `${x.t}: unknown field "${k}"`);
    return ok(true);
  };
  switch (x.t) {
    case 'orgi':
    case 'pass':
    case 'kleines':
    case 'besser':
    case 'kontra':
    case 're':
    case 'exchange': {
      const o = only();
      return o.ok ? ok(SIMPLE[x.t]) : o;
    }
    case 'trump': {
      const o = only('suit');
      if (!o.ok) return o;
      if (suitIndex(x.suit) < 0) return err('malformed', 'trump: suit must be one of C, S, H, D');
      return ok(TRUMP[suitIndex(x.suit)]);
    }
    case 'play': {
      const o = only('card', 'belle');
      if (!o.ok) return o;
      if (bitOf(x.card) < 0)
        return err('malformed', `play: ${JSON.stringify(x.card)} is not a card of the 32-card deck`);
      if (x.belle !== undefined && x.belle !== true)
        return err('malformed', 'play: belle must be true or absent');
      return ok(x.belle ? PLAY_BELLE[bitOf(x.card)] : PLAY[bitOf(x.card)]);
    }
    case 'meld': {
      const o = only('melds');
      if (!o.ok) return o;
      const ms = parseMelds(x.melds);
      if (!ms.ok) return ms;
      return ok(meldAction(ms.value));
    }
    default:
      return err('unknown-action', `unknown action "${x.t}"`);
  }
}

export function parseMelds(input: unknown): Result<Meld[]> {
  if (!Array.isArray(input) || input.length === 0)
    return err('malformed', 'meld: melds must be a non-empty list');
  const out: Meld[] = [];
  for (const m of input) {
    if (!isObject(m)) return err('malformed', 'meld: each meld is { suit, top, length }');
    const s = suitIndex(m.suit);
    const top = seqIndex(m.top);
    const len = m.length;
    if (s < 0) return err('malformed', 'meld: suit must be one of C, S, H, D');
    if (top < 0) return err('malformed', 'meld: top must be a rank 7, 8, 9, T, J, Q, K or A');
    if (!Number.isInteger(len) || (len as number) < 3 || (len as number) > top + 1)
      return err('malformed', `meld: length must be from 3 to ${top + 1} for a meld up to ${SEQ[top]}`);
    out.push({ s, top, len: len as number });
  }
  return ok(out);
}

/** Actions every phase knows: taken in the wrong phase they are `illegal-action`, anything else `unknown-action`. */
export const KNOWN: ReadonlySet<string> = new Set([
  'orgi',
  'pass',
  'kleines',
  'besser',
  'trump',
  'kontra',
  're',
  'exchange',
  'meld',
  'play',
]);

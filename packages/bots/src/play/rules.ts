/** The follow rules over card strings, for rollouts: the engine's (kernel `legalCards`), never a copy. */
import type { Card } from '@stich/engine';
import { legalCards as engineLegalCards } from '@stich/engine';
import { trickRules } from '../solver/model.ts';
import { type PlayContext, strength } from './context.ts';

type Rules = Pick<PlayContext, 'rules' | 'trump' | 'undertrump'>;

export function legalCards(ctx: Rules, hand: readonly Card[], trick: readonly Card[]): Card[] {
  return engineLegalCards(trickRules(ctx.rules, ctx.trump, ctx.undertrump), hand, trick);
}

export { strength };

/**
 * Differenzler's own phase: the estimates (002 Art. 4.3). Every seat estimates its points secretly, Vorhand
 * listed first, before the first card; the kernel then runs the play.
 */
import { SUITS } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import type { TrickPhase } from '../kernel/index.ts';
import { TOTAL_POINTS } from './cards.ts';
import type { DifferenzlerDeal, DifferenzlerState, EstimateAction } from './types.ts';

const SEATS = 4;
const UNSET: readonly number[] = [-1, -1, -1, -1];

/** Interned actions: one object per estimate value. */
// Not frozen: V8 reads frozen arrays markedly slower; `readonly` guards it in TypeScript.
export const ESTIMATES: readonly EstimateAction[] = Array.from(
  { length: TOTAL_POINTS + 1 },
  (_, points) => Object.freeze({ t: 'estimate', points }) as EstimateAction,
);
const NO_ESTIMATES: readonly EstimateAction[] = [];

/**
 * The seats still to estimate, Vorhand first: `ESTIMATING[dealer * 16 + given]`, where bit s of `given`
 * is set once seat s has estimated. Made once: `toAct` is called on every step.
 */
const ESTIMATING: readonly (readonly Seat[])[] = Array.from({ length: 64 }, (_, i) => {
  const dealer = i >> 4;
  const out: Seat[] = [];
  for (let k = 1; k <= SEATS; k++) {
    const s = (dealer + k) % SEATS;
    if ((i & (1 << s)) === 0) out.push(s);
  }
  return out;
});

/** The state just dealt: trump as drawn, no estimates, phase `estimate` (the kernel set Vorhand to lead). */
export const beginDeal = (s: DifferenzlerState, deal: DifferenzlerDeal): DifferenzlerState => ({
  ...s,
  phase: 'estimate',
  own: { trump: SUITS.indexOf(deal.trump), estimates: UNSET },
});

export const ESTIMATE: TrickPhase<DifferenzlerState, EstimateAction> = {
  toAct(s) {
    const e = s.own.estimates;
    const given = (e[0] >= 0 ? 1 : 0) | (e[1] >= 0 ? 2 : 0) | (e[2] >= 0 ? 4 : 0) | (e[3] >= 0 ? 8 : 0);
    return ESTIMATING[s.dealer * 16 + given];
  },
  legal: (s, seat) => (s.own.estimates[seat] === -1 ? ESTIMATES : NO_ESTIMATES),
  apply(s, seat, action): Result<DifferenzlerState> {
    if (action.t !== 'estimate') return err('unknown-action', `unknown action ${JSON.stringify(action.t)}`);
    const points: unknown = action.points;
    if (typeof points !== 'number' || !Number.isInteger(points) || points < 0 || points > TOTAL_POINTS)
      return err('illegal-action', `an estimate is an integer from 0 to ${TOTAL_POINTS}`);
    const estimates = s.own.estimates.slice();
    estimates[seat] = points;
    const all = estimates[0] >= 0 && estimates[1] >= 0 && estimates[2] >= 0 && estimates[3] >= 0;
    return ok({ ...s, phase: all ? 'play' : 'estimate', own: { trump: s.own.trump, estimates } });
  },
};

export function parseAction(input: Readonly<Record<string, unknown>>): Result<EstimateAction> {
  if (input.t === 'estimate') {
    for (const k of Object.keys(input))
      if (k !== 't' && k !== 'points') return err('malformed', `estimate: unknown field ${k}`);
    const p = input.points;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > TOTAL_POINTS)
      return err('malformed', `estimate: points must be an integer from 0 to ${TOTAL_POINTS}`);
    return ok(ESTIMATES[p]);
  }
  return err(
    'unknown-action',
    `unknown action ${JSON.stringify(input.t)}; Differenzler knows estimate and play`,
  );
}

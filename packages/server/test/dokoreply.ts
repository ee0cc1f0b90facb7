/**
 * A Doppelkopf deal (DDV) where a rule bot replies to a person's Re between two other players' cards: seat 0
 * is a person, seats 1-3 `rule` bots. The person says gesund and plays his first legal card, and says Re
 * at the trigger (`atTrigger`: his second card is the last of the second trick, so he holds 11 cards and
 * every bot 10). With 10 cards a Kontra is only allowed as a reply (Erwiderung) to the Re. The deal is
 * found by playing seeded random deals through the engine as the table plays them (its bots' own turns,
 * and each step's optional calls, all by the `rule` level, which decides by the view alone): nobody calls
 * before the trigger, after the Re a bot's optional call is Kontra, and the person's next card (which wins
 * the trick) leaves that reply open.
 */
import { decide, decideOptional, requestFor } from '@stich/bots';
import type { Action, AnyGame, DoppelkopfView, Seat } from '@stich/engine';
import { seeded } from '@stich/engine';

type Act = { readonly t: string; readonly call?: string };
const t = (a: Action) => (a as Act).t;

/** The person's moment to say Re: his turn in play holding 11 cards while every other seat holds 10. */
export const atTrigger = (v: DoppelkopfView): boolean =>
  v.phase === 'play' &&
  v.toAct[0] === 0 &&
  v.hand.length === 11 &&
  v.handCounts.every((n, s) => s === 0 || n === 10);

/** The person's move before the trigger: gesund, then the first legal card. */
export const personMove = (legal: readonly Action[]): Action =>
  legal.find((a) => t(a) === 'healthy') ?? legal.find((a) => t(a) === 'play') ?? legal[0];

/** The bots' optional calls in `state`, as the table asks them (listed after the seat to act, 2+ choices). */
function optionalCalls(g: AnyGame, state: unknown): { seat: Seat; call: Action }[] {
  const out: { seat: Seat; call: Action }[] = [];
  for (const seat of g.toAct(state).slice(1)) {
    if (seat === 0 || g.legalActions(state, seat).length < 2) continue;
    const call = decideOptional(requestFor('doppelkopf', state, seat, 'rule', 'x'));
    if (call) out.push({ seat, call });
  }
  return out;
}

/** The bot seat that replies Kontra to seat 0's Re at the trigger in `dealt` (just dealt), or null. */
function replier(g: AnyGame, dealt: unknown): Seat | null {
  let s = dealt;
  for (let k = 0; k < 200; k++) {
    const listed = g.toAct(s);
    if (listed.length === 0) return null;
    if (optionalCalls(g, s).length > 0) return null;
    const seat = listed[0];
    const legal = g.legalActions(s, seat);
    const v = g.viewFor(s, seat) as DoppelkopfView;
    if (seat === 0 && atTrigger(v)) {
      if (v.contract?.kind !== 'normal') return null;
      const re = legal.find((a) => (a as Act).call === 're');
      if (!re) return null;
      const after = g.apply(s, 0, re);
      if (!after.ok) return null;
      const calls = optionalCalls(g, after.value);
      const kontra = calls.find((c) => (c.call as Act).call === 'kontra');
      if (calls.length !== 1 || !kontra) return null;
      // His card wins the trick, so he leads the next one and the reply is still open then (the test that
      // drops a late reply needs a state where taking it would be legal).
      const next = g.apply(after.value, 0, personMove(g.legalActions(after.value, 0)));
      if (!next.ok || g.toAct(next.value)[0] !== 0) return null;
      const open = g.legalActions(next.value, kontra.seat).some((a) => (a as Act).call === 'kontra');
      return open ? kontra.seat : null;
    }
    const a = seat === 0 ? personMove(legal) : decide(requestFor('doppelkopf', s, seat, 'rule', 'x'));
    if (t(a) === 'announce') return null;
    const r = g.apply(s, seat, a);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value;
  }
  return null;
}

/** A deal for `state` (awaiting its deal) with a reply (see above), and the bot seat that replies. */
export function replyDeal(g: AnyGame, state: unknown): { deal: unknown; seat: Seat } {
  const rng = seeded('reply');
  for (let tries = 0; tries < 5000; tries++) {
    const deal = g.randomDeal(state, rng);
    const dealt = g.applyDeal(state, deal);
    if (!dealt.ok) throw new Error(dealt.error.reason);
    const seat = replier(g, dealt.value);
    if (seat !== null) return { deal, seat };
  }
  throw new Error('no deal with a reply found');
}

/**
 * The kernel's hooks 14 and 15 (spec.ts), read through variants of the test-only game Mini: a phase that
 * refuses the actions of seats it does not name itself (`checksSeat`, as Klapper-Jas's Kontra and Re are
 * `illegal-action` whoever says them out of place), and a play action checked against the game's one deck
 * when parsed (`playDeck`, as Klapper-Jas refuses the Six of a 36-card deck there).
 */
import { describe, expect, it } from 'vitest';
import { err, JASS32, ok, type TrickPhase, trickGame, unwrap } from '../src/index.ts';
import { DEAL } from './games/mini/deal.ts';
import { MINI, type MiniState, type NameAction } from './games/mini/rules.ts';

/** Mini's naming phase, refusing the seats it does not name itself (with its own code and reason). */
const naming = MINI.phases?.name as TrickPhase<MiniState, NameAction>;
const OWN_REFUSAL: TrickPhase<MiniState, NameAction> = {
  ...naming,
  checksSeat: true,
  apply: (s, seat, a) =>
    seat === s.turn ? naming.apply(s, seat, a) : err('illegal-action', 'only Vorhand names'),
};
const CHECKING = trickGame({ ...MINI, phases: { name: OWN_REFUSAL } });
const KERNEL = trickGame(MINI);

/** The same in play: a `during` handler that takes nothing and refuses every seat itself. */
const silent: TrickPhase<MiniState, NameAction> = {
  toAct: () => [],
  legal: () => [],
  apply: (_, seat) => err('illegal-action', `seat ${seat}: nothing is said while cards are played`),
};
const SILENT = trickGame({ ...MINI, during: { ...silent, checksSeat: true } });
const SILENT_KERNEL = trickGame({ ...MINI, during: silent });

/** The deal above, dealer 3, in game `g` with Mini's preset `preset`. */
function dealt(g: typeof KERNEL, preset: 'named' | 'plain'): MiniState {
  return unwrap(g.applyDeal(g.start(unwrap(g.parseConfig({ players: 4, preset })), 3), DEAL));
}

describe('trickGame: a phase that checks the seat itself (checksSeat)', () => {
  it('hands an action of a seat it does not name to the handler, which refuses it with its own reason', () => {
    const s = dealt(CHECKING, 'named');
    expect(CHECKING.toAct(s)).toEqual([0]);
    expect(CHECKING.apply(s, 2, { t: 'name', suit: 'H' })).toEqual(
      err('illegal-action', 'only Vorhand names'),
    );
    // By default the kernel refuses it before the handler.
    const k = dealt(KERNEL, 'named');
    expect(KERNEL.apply(k, 2, { t: 'name', suit: 'H' })).toEqual(
      err('not-your-turn', 'seat 2 does not act in name'),
    );
    // The kernel's own checks stay: no card before the phase is over, no seat out of the table.
    const card = CHECKING.apply(s, 2, { t: 'play', card: 'SJ' });
    expect(!card.ok && card.error.code).toBe('illegal-action');
    const seat = CHECKING.apply(s, 9, { t: 'name', suit: 'H' });
    expect(!seat.ok && seat.error.code).toBe('bad-seat');
    expect(unwrap(CHECKING.apply(s, 0, { t: 'name', suit: 'H' })).own.trump).toBe('H');
  });

  it('in play (during): a seat not named gets the handler’s refusal, not not-your-turn', () => {
    const s = dealt(SILENT, 'plain');
    expect(SILENT.toAct(s)).toEqual([0]);
    expect(SILENT.apply(s, 2, { t: 'name', suit: 'H' })).toEqual(
      err('illegal-action', 'seat 2: nothing is said while cards are played'),
    );
    const k = dealt(SILENT_KERNEL, 'plain');
    const refused = SILENT_KERNEL.apply(k, 2, { t: 'name', suit: 'H' });
    expect(!refused.ok && refused.error.code).toBe('not-your-turn');
    // A card out of turn is the play step's refusal either way.
    const card = SILENT.apply(s, 2, { t: 'play', card: 'SJ' });
    expect(!card.ok && card.error.code).toBe('not-your-turn');
  });
});

describe('trickGame: the play action checked against the game’s deck (playDeck)', () => {
  const DECKED = trickGame({ ...MINI, playDeck: JASS32 });
  it('refuses a card outside the deck when parsed; any other card parses as before', () => {
    expect(DECKED.parseAction({ t: 'play', card: 'H6' })).toEqual(
      err('malformed', 'play: H6 is not a card of this game'),
    );
    expect(KERNEL.parseAction({ t: 'play', card: 'H6' })).toEqual(ok({ t: 'play', card: 'H6' }));
    expect(DECKED.parseAction({ t: 'play', card: 'HA' })).toEqual(ok({ t: 'play', card: 'HA' }));
    const bad = DECKED.parseAction({ t: 'play', card: 'ZZ' });
    expect(!bad.ok && bad.error.code).toBe('malformed');
  });
});

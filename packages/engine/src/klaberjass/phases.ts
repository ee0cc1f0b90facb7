/**
 * Klaberjass's own phases (003), one handler each (kernel spec.ts item 7): the bidding, the schmeiss answer,
 * the trump-7 exchange and the sequence talk. The kernel then runs the play.
 */
import { SUITS, type Suit } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { phased, type TrickPhase } from '../kernel/index.ts';
import {
  ACCEPT,
  ANNOUNCE,
  ANSWER,
  EXCHANGE,
  type KlaberjassAction,
  NAME,
  PASS,
  REFUSE,
  SCHMEISS,
  TAKE,
  TOP,
  type Verdict,
} from './actions.ts';
import { bestKey, POS, trumpSeven } from './cards.ts';
import { heldOf } from './deal.ts';
import { nonDealer } from './play.ts';
import type { KlaberjassOwn, KlaberjassState, Said } from './types.ts';

type State = KlaberjassState;

const BID1: readonly KlaberjassAction[] = [TAKE, PASS, SCHMEISS];
const ANSWER_SCHMEISS: readonly KlaberjassAction[] = [ACCEPT, REFUSE];
const EXCHANGE_OR_PASS: readonly KlaberjassAction[] = [EXCHANGE, PASS];
const ONLY_PASS: readonly KlaberjassAction[] = [PASS];
/** Second round: any suit but the turned one, or pass. By turned suit. */
const BID2: readonly (readonly KlaberjassAction[])[] = [0, 1, 2, 3].map((t) => [
  ...NAME.filter((_, s) => s !== t),
  PASS,
]);

/** Classes, top positions and trump flags of the two best sequences, from their keys. */
const keyClass = (k: number): number => (k - 1) >> 6;
const keyTop = (k: number): number => ((k - 1) & 63) >> 1;
const keyTrump = (k: number): number => (k - 1) & 1;
/** The value (20 or 50) of the best sequence behind a key: its class is the value, or the length. */
const announceValue = (s: State, seat: Seat): 20 | 50 => {
  const c = keyClass(s.own.seqKeys[seat]);
  return c >= 50 || (c >= 4 && c < 20) ? 50 : 20;
};

function seqExpected(s: State): KlaberjassAction {
  const nd = nonDealer(s);
  const kn = s.own.seqKeys[nd];
  const kd = s.own.seqKeys[s.dealer];
  switch (s.own.seqStep) {
    case 0:
      return kn !== 0 ? ANNOUNCE[announceValue(s, nd)] : PASS;
    case 1:
      return ANSWER[cmpVerdict(keyClass(kn), kd === 0 ? -1 : keyClass(kd))];
    case 2:
      return TOP[keyTop(kn)];
    case 3:
      return ANSWER[cmpVerdict(keyTop(kn), keyTop(kd))];
    default:
      return kd !== 0 ? ANNOUNCE[announceValue(s, s.dealer)] : PASS;
  }
}

/** The dealer's truthful answer: his own holding against the non-dealer's statement. */
const cmpVerdict = (ndValue: number, dealerValue: number): Verdict =>
  dealerValue < ndValue ? 'good' : dealerValue > ndValue ? 'not-good' : 'equal';

/** Each sequence-talk action as a list of itself: the talk has exactly one legal action. */
const ALONE: ReadonlyMap<KlaberjassAction, readonly KlaberjassAction[]> = new Map(
  [PASS, ANNOUNCE[20], ANNOUNCE[50], ...Object.values(ANSWER), ...TOP].map((a) => [a, [a]]),
);

/** The state with the game's part `own` and `turn` (each caller spreads `s.own` with a literal: one shape each). */
const withOwn = (s: State, own: KlaberjassOwn, turn = s.turn, phase = s.phase): State =>
  phased(s, phase, s.held, turn, own);

const said = (s: State, seat: Seat, action: KlaberjassAction): readonly Said[] => [
  ...s.own.bids,
  { seat, action },
];

/** The deal is thrown in: the same dealer deals again (the kernel's `deal` phase). */
const throwIn = (s: State, seat: Seat, action: KlaberjassAction, why: 'schmeiss' | 'passed'): State =>
  withOwn(
    s,
    {
      ...s.own,
      bids: said(s, seat, action),
      thrownIn: s.own.thrownIn + 1,
      throwIn: why,
      schmeissed: why === 'schmeiss' ? [...s.own.schmeissed, s.own.schmeisser] : s.own.schmeissed,
    },
    s.turn,
    'deal',
  );

/** Trump is fixed: the three extra cards come, then the trump-7 exchange or the sequence talk. */
function fixTrump(s: State, bids: readonly Said[], maker: Seat, trump: number): State {
  const h0 = s.held[0] | s.own.extra[0];
  const h1 = s.held[2] | s.own.extra[1];
  const seven = trumpSeven(trump);
  const turnedSeven = s.own.turned === seven;
  const holder = turnedSeven ? -1 : (h0 >> seven) & 1 ? 0 : (h1 >> seven) & 1 ? 1 : -1;
  const own = { ...s.own, bids, maker, trump, extra: [0, 0], sevenHolder: holder };
  const next = phased(s, s.phase, heldOf(h0, h1), s.turn, own);
  // Both seats are asked, non-dealer first, so that a pass does not tell where the 7 is.
  return turnedSeven ? startSequences(next) : withOwn(next, own, nonDealer(s), 'exchange');
}

function startSequences(s: State): State {
  const mode = s.config.options.sequences;
  const key = (seat: Seat): number => bestKey(s.held[2 * seat], s.own.trump, mode);
  return withOwn(s, { ...s.own, seqKeys: [key(0), key(1)], seqStep: 0 }, nonDealer(s), 'sequences');
}

function startPlay(s: State, talk: readonly Said[], winner: number): State {
  const both = (1 << (s.own.trump * 8 + POS.king)) | (1 << (s.own.trump * 8 + POS.queen));
  const holder = (s.held[0] & both) === both ? 0 : (s.held[2] & both) === both ? 1 : -1;
  const startHands = [s.held[0], s.held[2]];
  return withOwn(
    s,
    { ...s.own, talk, seqWinner: winner, startHands, bellaHolder: holder },
    nonDealer(s),
    'play',
  );
}

function applySequences(s: State, seat: Seat, action: KlaberjassAction): State {
  const talk = [...s.own.talk, { seat, action }];
  const nd = nonDealer(s);
  switch (s.own.seqStep) {
    case 0:
      return withOwn(s, { ...s.own, talk, seqStep: action.t === 'pass' ? 4 : 1 }, s.dealer);
    case 1:
    case 3: {
      const v = (action as { verdict: Verdict }).verdict;
      if (v === 'good') return startPlay(s, talk, nd);
      if (v === 'not-good') return startPlay(s, talk, s.dealer);
      if (s.own.seqStep === 1) return withOwn(s, { ...s.own, talk, seqStep: 2 }, nd);
      // Same class and same top card: the trump sequence wins, else the non-dealer (003).
      const k = s.own.seqKeys;
      return startPlay(s, talk, keyTrump(k[s.dealer]) > keyTrump(k[nd]) ? s.dealer : nd);
    }
    case 2:
      return withOwn(s, { ...s.own, talk, seqStep: 3 }, s.dealer);
    default:
      return startPlay(s, talk, action.t === 'pass' ? -1 : s.dealer);
  }
}

const wrong = (s: State, t: unknown): Result<State> =>
  err('illegal-action', `${String(t)} is not allowed in phase ${s.phase}`);

const TO_ACT: readonly (readonly Seat[])[] = [[0], [1]];
/** One seat acts at a time: the one whose turn it is. */
const phase = (
  p: Omit<TrickPhase<State, KlaberjassAction>, 'toAct'>,
): TrickPhase<State, KlaberjassAction> => ({
  toAct: (s) => TO_ACT[s.turn],
  ...p,
});

/** A pass of the non-dealer goes to the dealer; the dealer's ends the round (`last`). */
const pass = (s: State, seat: Seat, last: (s: State) => State): State =>
  seat !== s.dealer ? withOwn(s, { ...s.own, bids: said(s, seat, PASS) }, s.dealer) : last(s);

/** The kernel has checked that the match is on, no deal is due and `seat` is the one to act. */
export const PHASES: Readonly<Record<string, TrickPhase<State, KlaberjassAction>>> = {
  bid: phase({
    legal: () => BID1,
    apply(s, seat, action) {
      const t = action.t;
      if (t === 'take') return ok(fixTrump(s, said(s, seat, TAKE), seat, s.own.turned >> 3));
      if (t === 'schmeiss')
        return ok(
          withOwn(s, { ...s.own, bids: said(s, seat, SCHMEISS), schmeisser: seat }, 1 - seat, 'schmeiss'),
        );
      if (t === 'pass')
        return ok(
          pass(s, seat, (s) => withOwn(s, { ...s.own, bids: said(s, seat, PASS) }, nonDealer(s), 'bid2')),
        );
      return wrong(s, t);
    },
  }),
  schmeiss: phase({
    legal: () => ANSWER_SCHMEISS,
    apply(s, seat, action) {
      // 003: the dealer accepts (hands thrown in) or refuses (play on in the turned suit); likewise the
      // non-dealer when the dealer schmeisses. The schmeisser is then the maker.
      const t = action.t;
      if (t === 'accept') return ok(throwIn(s, seat, ACCEPT, 'schmeiss'));
      if (t === 'refuse') return ok(fixTrump(s, said(s, seat, REFUSE), s.own.schmeisser, s.own.turned >> 3));
      return wrong(s, t);
    },
  }),
  bid2: phase({
    legal: (s) => BID2[s.own.turned >> 3],
    apply(s, seat, action) {
      const t = action.t;
      if (t === 'name') {
        const suit = SUITS.indexOf((action as { suit: Suit }).suit);
        if (suit < 0) return err('malformed', 'name needs a suit');
        if (suit === s.own.turned >> 3)
          return err('illegal-action', 'the second round names another suit than the turned one');
        return ok(fixTrump(s, said(s, seat, NAME[suit]), seat, suit));
      }
      if (t === 'pass') return ok(pass(s, seat, (s) => throwIn(s, seat, PASS, 'passed')));
      return wrong(s, t);
    },
  }),
  exchange: phase({
    legal: (s, seat) => (seat === s.own.sevenHolder ? EXCHANGE_OR_PASS : ONLY_PASS),
    apply(s, seat, action) {
      const t = action.t;
      if (t === 'pass') return ok(seat === s.dealer ? startSequences(s) : withOwn(s, s.own, s.dealer));
      if (t !== 'exchange') return wrong(s, t);
      if (seat !== s.own.sevenHolder)
        return err('illegal-action', 'only the holder of the trump 7 may exchange it');
      const held = s.held.slice();
      held[2 * seat] = (held[2 * seat] & ~(1 << trumpSeven(s.own.trump))) | (1 << s.own.turned);
      return ok(startSequences(phased(s, s.phase, held, s.turn, { ...s.own, exchanged: true })));
    },
  }),
  sequences: phase({
    legal: (s) => ALONE.get(seqExpected(s)) ?? [seqExpected(s)],
    apply(s, seat, action) {
      const expected = seqExpected(s);
      if (!sameAction(expected, action))
        return err(
          'illegal-action',
          `the sequence talk goes by the cards held: say ${JSON.stringify(expected)} (see docs/rules/klaberjass.md)`,
        );
      return ok(applySequences(s, seat, expected));
    },
  }),
};

const sameAction = (a: KlaberjassAction, b: KlaberjassAction): boolean => {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  return x.t === y.t && x.value === y.value && x.verdict === y.verdict && x.rank === y.rank;
};

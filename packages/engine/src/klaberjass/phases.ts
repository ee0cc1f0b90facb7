/**
 * Klaberjass bidding, the trump-7 exchange and the sequence talk (003), one handler per phase (kernel
 * phases.ts), with the card play's handler from play.ts.
 */
import { type Card, SUITS, type Suit } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { NO_HANDLER, type PhaseHandler, type PhaseHandlers } from '../kernel/index.ts';
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
import { bestKey, indexOf, POS } from './cards.ts';
import { applyPlay, nonDealer, playList } from './play.ts';
import type { KlaberjassPhase, KlaberjassState, Said } from './types.ts';

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
  const c = keyClass(s.d.seqKeys[seat]);
  return c >= 50 || (c >= 4 && c < 20) ? 50 : 20;
};

function seqExpected(s: State): KlaberjassAction {
  const nd = nonDealer(s);
  const kn = s.d.seqKeys[nd];
  const kd = s.d.seqKeys[s.m.dealer];
  switch (s.d.seqStep) {
    case 0:
      return kn !== 0 ? ANNOUNCE[announceValue(s, nd)] : PASS;
    case 1:
      return ANSWER[cmpVerdict(keyClass(kn), kd === 0 ? -1 : keyClass(kd))];
    case 2:
      return TOP[keyTop(kn)];
    case 3:
      return ANSWER[cmpVerdict(keyTop(kn), keyTop(kd))];
    default:
      return kd !== 0 ? ANNOUNCE[announceValue(s, s.m.dealer)] : PASS;
  }
}

/** The dealer's truthful answer: his own holding against the non-dealer's statement. */
const cmpVerdict = (ndValue: number, dealerValue: number): Verdict =>
  dealerValue < ndValue ? 'good' : dealerValue > ndValue ? 'not-good' : 'equal';

/** Each sequence-talk action as a list of itself: the talk has exactly one legal action. */
const ALONE: ReadonlyMap<KlaberjassAction, readonly KlaberjassAction[]> = new Map(
  [PASS, ANNOUNCE[20], ANNOUNCE[50], ...Object.values(ANSWER), ...TOP].map((a) => [a, [a]]),
);

const said = (s: State, seat: Seat, action: KlaberjassAction): readonly Said[] => [
  ...s.d.bids,
  { seat, action },
];

const throwIn = (s: State, seat: Seat, action: KlaberjassAction, why: 'schmeiss' | 'passed'): State => ({
  ...s,
  phase: 'deal',
  turn: -1,
  d: { ...s.d, bids: said(s, seat, action) },
  m: {
    ...s.m,
    thrownIn: s.m.thrownIn + 1,
    throwIn: why,
    schmeissed: why === 'schmeiss' ? [...s.m.schmeissed, s.d.schmeisser] : s.m.schmeissed,
  },
});

/** Trump is fixed: the three extra cards come, then the trump-7 exchange or the sequence talk. */
function fixTrump(s: State, bids: readonly Said[], maker: Seat, trump: number): State {
  const hands = [s.hands[0] | s.d.extra[0], s.hands[1] | s.d.extra[1]];
  const seven = trump * 8 + POS.seven;
  let holder = -1;
  if (s.d.turned !== seven) holder = (hands[0] >> seven) & 1 ? 0 : (hands[1] >> seven) & 1 ? 1 : -1;

  const next: State = { ...s, hands, d: { ...s.d, bids, maker, trump, extra: [0, 0], sevenHolder: holder } };
  // Both seats are asked, non-dealer first, so that a pass does not tell where the 7 is.
  if (s.d.turned !== seven) return { ...next, phase: 'exchange', turn: nonDealer(s) };
  return startSequences(next);
}

function startSequences(s: State): State {
  const mode = s.m.config.options.sequences;
  const key = (seat: Seat): number => bestKey(s.hands[seat], s.d.trump, mode);
  return {
    ...s,
    phase: 'sequences',
    turn: nonDealer(s),
    d: { ...s.d, seqKeys: [key(0), key(1)], seqStep: 0 },
  };
}

function startPlay(s: State, talk: readonly Said[], winner: number): State {
  const k = s.d.trump * 8 + POS.king;
  const q = s.d.trump * 8 + POS.queen;
  const both = (1 << k) | (1 << q);
  const holder = (s.hands[0] & both) === both ? 0 : (s.hands[1] & both) === both ? 1 : -1;
  return {
    ...s,
    phase: 'play',
    turn: nonDealer(s),
    d: { ...s.d, talk, seqWinner: winner, startHands: s.hands, bellaHolder: holder },
  };
}

function applySequences(s: State, seat: Seat, action: KlaberjassAction): State {
  const talk = [...s.d.talk, { seat, action }];
  const nd = nonDealer(s);
  switch (s.d.seqStep) {
    case 0:
      return action.t === 'pass'
        ? { ...s, d: { ...s.d, talk, seqStep: 4 }, turn: s.m.dealer }
        : { ...s, d: { ...s.d, talk, seqStep: 1 }, turn: s.m.dealer };
    case 1:
    case 3: {
      const v = (action as { verdict: Verdict }).verdict;
      if (v === 'good') return startPlay(s, talk, nd);
      if (v === 'not-good') return startPlay(s, talk, s.m.dealer);
      if (s.d.seqStep === 1) return { ...s, d: { ...s.d, talk, seqStep: 2 }, turn: nd };
      // Same class and same top card: the trump sequence wins, else the non-dealer (003).
      return startPlay(
        s,
        talk,
        keyTrump(s.d.seqKeys[s.m.dealer]) > keyTrump(s.d.seqKeys[nd]) ? s.m.dealer : nd,
      );
    }
    case 2:
      return { ...s, d: { ...s.d, talk, seqStep: 3 }, turn: s.m.dealer };
    default:
      return startPlay(s, talk, action.t === 'pass' ? -1 : s.m.dealer);
  }
}

const wrong = (s: State, t: unknown): Result<State> =>
  err('illegal-action', `${String(t)} is not allowed in phase ${s.phase}`);

export function apply(s: State, seat: Seat, action: KlaberjassAction): Result<State> {
  if (seat !== 0 && seat !== 1) return err('bad-seat', `seat ${seat} does not exist at a table of 2`);
  if (s.phase === 'over') return err('game-over', 'the match is over');
  if (s.phase === 'deal') return err('wrong-phase', 'a deal is due first');
  if (seat !== s.turn) return err('not-your-turn', `seat ${s.turn} is to act`);
  if (s.phase === 'play') return PLAY_HANDLER.apply(s, seat, action);
  return HANDLERS[s.phase].apply(s, seat, action);
}

export const PLAY_HANDLER: PhaseHandler<State, KlaberjassAction> = {
  legal: playList,
  apply(s, seat, action) {
    const t = action?.t;
    if (t !== 'play') return wrong(s, t);
    const card = indexOf((action as { card: Card }).card);
    if (card < 0) return err('malformed', 'play needs a card of the 32-card deck');
    return applyPlay(s, seat, card, (action as { bella?: boolean }).bella === true);
  },
};

/** One handler per phase (kernel phases.ts); `apply` has checked seat, turn and that the match is on. */
export const HANDLERS: PhaseHandlers<KlaberjassPhase, State, KlaberjassAction> = {
  deal: NO_HANDLER,
  over: NO_HANDLER,
  bid: {
    legal: () => BID1,
    apply(s, seat, action) {
      const t = action?.t;
      if (t === 'take') return ok(fixTrump(s, said(s, seat, TAKE), seat, s.d.turned >> 3));
      if (t === 'schmeiss')
        return ok({
          ...s,
          phase: 'schmeiss',
          d: { ...s.d, bids: said(s, seat, SCHMEISS), schmeisser: seat },
          turn: 1 - seat,
        });
      if (t === 'pass') {
        if (seat !== s.m.dealer)
          return ok({ ...s, d: { ...s.d, bids: said(s, seat, PASS) }, turn: s.m.dealer });
        return ok({ ...s, phase: 'bid2', d: { ...s.d, bids: said(s, seat, PASS) }, turn: nonDealer(s) });
      }
      return wrong(s, t);
    },
  },
  schmeiss: {
    legal: () => ANSWER_SCHMEISS,
    apply(s, seat, action) {
      // 003: the dealer accepts (hands thrown in) or refuses (play on in the turned suit); likewise the
      // non-dealer when the dealer schmeisses. The schmeisser is then the maker.
      const t = action?.t;
      if (t === 'accept') return ok(throwIn(s, seat, ACCEPT, 'schmeiss'));
      if (t === 'refuse') return ok(fixTrump(s, said(s, seat, REFUSE), s.d.schmeisser, s.d.turned >> 3));
      return wrong(s, t);
    },
  },
  bid2: {
    legal: (s) => BID2[s.d.turned >> 3],
    apply(s, seat, action) {
      const t = action?.t;
      if (t === 'name') {
        const suit = SUITS.indexOf((action as { suit: Suit }).suit);
        if (suit < 0) return err('malformed', 'name needs a suit');
        if (suit === s.d.turned >> 3)
          return err('illegal-action', 'the second round names another suit than the turned one');
        return ok(fixTrump(s, said(s, seat, NAME[suit]), seat, suit));
      }
      if (t === 'pass') {
        if (seat !== s.m.dealer)
          return ok({ ...s, d: { ...s.d, bids: said(s, seat, PASS) }, turn: s.m.dealer });
        return ok(throwIn(s, seat, PASS, 'passed'));
      }
      return wrong(s, t);
    },
  },
  exchange: {
    legal: (s, seat) => (seat === s.d.sevenHolder ? EXCHANGE_OR_PASS : ONLY_PASS),
    apply(s, seat, action) {
      const t = action?.t;
      if (t === 'pass') return ok(seat === s.m.dealer ? startSequences(s) : { ...s, turn: s.m.dealer });
      if (t !== 'exchange') return wrong(s, t);
      if (seat !== s.d.sevenHolder)
        return err('illegal-action', 'only the holder of the trump 7 may exchange it');
      const seven = s.d.trump * 8 + POS.seven;
      const hands = [...s.hands];
      hands[seat] = (hands[seat] & ~(1 << seven)) | (1 << s.d.turned);
      return ok(startSequences({ ...s, hands, d: { ...s.d, exchanged: true } }));
    },
  },
  sequences: {
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
  },
  play: PLAY_HANDLER,
};

const sameAction = (a: KlaberjassAction, b: KlaberjassAction): boolean => {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  return x.t === y.t && x.value === y.value && x.verdict === y.verdict && x.rank === y.rank;
};

// ---- the game ----

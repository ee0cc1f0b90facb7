/**
 * Who acts and what an action does, by phase: the Vorbehalt round (gesund / Vorbehalt, a solo at once),
 * declarations, and the dispatch to the house rules (house.ts, armut.ts) and the card play (play.ts).
 */

import type { Seat } from '../core/game.ts';
import { err, isObject, ok, type Result } from '../core/result.ts';
import { NO_HANDLER, type PhaseHandler, type PhaseHandlers } from '../kernel/index.ts';
import { DECLARE, type DoppelkopfAction, HEALTHY, parseAction, RESERVE, SOLO_DECLS } from './actions.ts';
import { armutAct, armutLegal } from './armut.ts';
import { type Declared, GAMES_DECLARED, SOLOS, type Solo } from './cards.ts';
import { SOLOS_OF, type SoloRule } from './config.ts';
import { NO_ACTIONS, SEATS } from './deal.ts';
import { houseAct, houseLegal } from './house.ts';
import {
  announce,
  answered,
  holdsBothQueens,
  notTurn,
  play,
  playLegal,
  quiet,
  reserved,
  soloContract,
  startPlay,
} from './play.ts';
import type { DoppelkopfState, Phase } from './state.ts';
import { CONTRACT_BASE } from './state.ts';

type S = DoppelkopfState;
type A = DoppelkopfAction;

const nobodyReserved = (s: S): boolean => {
  const a = s.d.answers;
  return a[0] !== 1 && a[1] !== 1 && a[2] !== 1 && a[3] !== 1;
};

const RESERVE_ACTIONS: readonly A[] = [HEALTHY, RESERVE];
const withSolos = (first: readonly A[]): Readonly<Record<SoloRule, readonly A[]>> => ({
  all: [...first, ...SOLO_DECLS.all],
  'no-fleischlos': [...first, ...SOLO_DECLS['no-fleischlos']],
  'queens-jacks': [...first, ...SOLO_DECLS['queens-jacks']],
});
const RESERVE_OR_SOLO = withSolos(RESERVE_ACTIONS);
const HOCHZEIT_OR_SOLO = withSolos([DECLARE.hochzeit]);

/** The games `seat` may declare now (phase `declare`). */
function declarable(s: S, seat: Seat): readonly A[] {
  const solos = s.config.options.solos;
  if (s.d.forced === seat) return SOLO_DECLS[solos];
  return holdsBothQueens(s, seat) ? HOCHZEIT_OR_SOLO[solos] : SOLO_DECLS[solos];
}

export function legalActions(state: S, seat: Seat): readonly A[] {
  // Shortcut (kernel phases.ts): the hottest phase's handler by name, the others through the table.
  if (state.phase === 'play') return playLegal(state, seat);
  if (seat !== state.turn || !Number.isInteger(seat)) return NO_ACTIONS;
  return HANDLERS[state.phase].legal(state, seat);
}

// ---- apply ---------------------------------------------------------------------------------------------

export function apply(state: S, seat: Seat, action: A): Result<S> {
  if (state.phase === 'play' && seat === state.turn && isObject(action) && action.t === 'play')
    return play(state, seat, action.card);
  if (state.phase === 'over') return err('game-over', 'the match is over');
  if (state.phase === 'deal') return err('wrong-phase', 'a deal is due first');
  if (!Number.isInteger(seat) || seat < 0 || seat >= SEATS) return err('bad-seat', `no seat ${String(seat)}`);
  if (!isObject(action)) return err('malformed', 'an action is an object { t, ... }');
  return HANDLERS[state.phase].apply(state, seat, action);
}

/** Any action in any phase: each step refuses what its phase does not allow, with the reason. */
function act(s: S, seat: Seat, a: A): Result<S> {
  if (s.config.options.melden === 'house' && s.phase !== 'play') {
    if (s.phase === 'armut') return armutAct(s, seat, a);
    if (a.t !== 'play' && a.t !== 'announce' && a.t !== 'quiet') return houseAct(s, seat, a);
  }
  switch (a.t) {
    case 'play':
      return play(s, seat, a.card);
    case 'healthy':
    case 'reserve':
      return answer(s, seat, a.t);
    case 'declare':
      return declare(s, seat, a.game);
    case 'announce':
      return announce(s, seat, a.call);
    case 'quiet':
      return quiet(s, seat);
    default: {
      const p = parseAction(a);
      return p.ok ? err('illegal-action', 'not now') : p;
    }
  }
}

const PLAY_HANDLER: PhaseHandler<S, A> = { legal: playLegal, apply: act };

const HANDLERS: PhaseHandlers<Phase, S, A> = {
  deal: NO_HANDLER,
  over: NO_HANDLER,
  reserve: {
    legal: (s, seat) =>
      s.config.options.melden === 'house'
        ? houseLegal(s, seat)
        : s.config.options.immediateSolo && nobodyReserved(s)
          ? RESERVE_OR_SOLO[s.config.options.solos]
          : RESERVE_ACTIONS,
    apply: act,
  },
  declare: {
    legal: (s, seat) => (s.config.options.melden === 'house' ? houseLegal(s, seat) : declarable(s, seat)),
    apply: act,
  },
  // House preset (house.ts, armut.ts); called through arrows: those modules import this one.
  bid: { legal: (s, seat) => houseLegal(s, seat), apply: act },
  armut: { legal: (s, seat) => armutLegal(s, seat), apply: act },
  play: PLAY_HANDLER,
};

/** gesund or Vorbehalt, in seat order from the forehand. */
function answer(s: S, seat: Seat, t: 'healthy' | 'reserve'): Result<S> {
  if (s.phase !== 'reserve') return err('illegal-action', `${t} belongs to the Vorbehalt round`);
  if (seat !== s.turn) return notTurn(s, seat);
  const done = answered(s, seat, t === 'healthy' ? 0 : 1);
  const forehand = s.m.forehand;
  if (done.turn !== forehand) return ok(done);
  const answers = done.d.answers;
  // Reservations are named: open Pflichtsoli first, then seat order from the forehand (oracle README "solo").
  const reservers: Seat[] = [];
  for (const first of [true, false])
    for (let k = 0; k < SEATS; k++) {
      const r = (forehand + k) % SEATS;
      const owes = s.config.options.pflichtsolo && (s.m.soloDone & (1 << r)) === 0;
      if (answers[r] === 1 && owes === first) reservers.push(r);
    }
  return ok(reserved(done, reservers));
}

const isSolo = (game: Declared): game is Solo => (SOLOS as readonly string[]).includes(game);

function declare(s: S, seat: Seat, game: Declared): Result<S> {
  if (s.phase === 'reserve') {
    if (seat !== s.turn) return notTurn(s, seat);
    if (!s.config.options.immediateSolo || !nobodyReserved(s) || !isSolo(game))
      return err(
        'illegal-action',
        'in the Vorbehalt round say gesund or Vorbehalt (a solo at once only while nobody has a Vorbehalt)',
      );
    if (!SOLOS_OF[s.config.options.solos].includes(game))
      return err(
        'illegal-action',
        `${game} is not played at this table (option solos: ${s.config.options.solos})`,
      );
    return ok(startPlay(answered(s, seat, 2), soloContract(s, seat, game, true)));
  }
  if (s.phase !== 'declare') return err('illegal-action', 'nothing is declared now');
  if (seat !== s.turn) return notTurn(s, seat);
  if (!declarable(s, seat).includes(DECLARE[game]))
    return err(
      'illegal-action',
      game === 'hochzeit'
        ? 'a Hochzeit needs both Kreuz-Damen (and no Vorführung)'
        : `${game} cannot be declared here`,
    );
  const decls = s.d.decls.slice();
  decls[seat] = GAMES_DECLARED.indexOf(game);
  if (isSolo(game)) return ok(startPlay({ ...s, d: { ...s.d, decls } }, soloContract(s, seat, game, false)));
  // A Hochzeit stands only if nobody asked after it names a solo.
  const queue = s.d.queue.slice(1);
  if (queue.length > 0) return ok({ ...s, turn: queue[0], d: { ...s.d, decls, queue } });
  return ok(
    startPlay({ ...s, d: { ...s.d, decls, queue } }, { ...CONTRACT_BASE, kind: 'hochzeit', declarer: seat }),
  );
}

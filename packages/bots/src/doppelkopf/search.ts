/**
 * The `search` level: perfect-information Monte Carlo over deals sampled from the seat's knowledge
 * (know.ts), each legal card valued by the deal's game value for the seat (the engine's own valuation,
 * `scoreDdv` / `scoreHouse`, from card points, tricks, special points and the announcements made).
 *
 * A sampled deal is finished
 * - double dummy by the solver (solver.ts) once at most `ENDGAME` tricks are left (card points exact; the
 *   special points of the tricks still to come are not counted there), and
 * - before that by a rollout: every seat plays the rule card (play.ts) with the sampled deal's parties
 *   known, since a 12-card deal is far beyond an exact search in the time of a move (notes: solver time).
 * Announcements are the rule level's (`ruleAnnouncement`), not valued by these samples: rollouts in which
 * every opponent plays the rule card overrate a call's chances against a stronger opponent, and a call
 * doubles every loss (against doko's UCT player the rollout-valued calls said Kontra in 85% of the games
 * and lost; docs/bots.md).
 * Budgets are counts (samples, solver nodes), never time, so a decision is the same on every machine.
 */
import type { Card, Rng } from '@stich/engine';
import {
  type Call,
  countedSpecials,
  type DoppelkopfAction,
  type DoppelkopfView,
  type FinishedTrick,
  levelOf,
  type ScoreItem,
  scoreDdv,
  scoreHouse,
  specials,
} from '@stich/engine/doppelkopf/index';
import { type Deal, type Knowledge, knowledge, sample } from './know.ts';
import {
  beatsBest,
  cardOf,
  copiesIn,
  DECK_POINTS,
  esuit,
  followKinds,
  handSizeOf,
  hochzeitAfter,
  KINDS,
  kindOf,
  points,
  strengthOf,
  wordsOf,
} from './model.ts';
import { type PlayState, ruleKind } from './play.ts';
import { ruleAnnouncement, ruleCard } from './rule.ts';
import { DkSolver, NodeLimit } from './solver.ts';

type A = DoppelkopfAction;

interface DkBudget {
  readonly samples: number;
  /** Solver nodes for one sampled deal in the end game; a deal that needs more is finished by rollout. */
  readonly perSample: number;
}
const DK_BUDGET: DkBudget = { samples: 50, perSample: 40_000 };
/** Tricks left (the open one included) from which the solver finishes a sampled deal. */
export const ENDGAME = 5;

let shared: DkSolver | undefined;
/**
 * The thread's solver with an empty table: one table per decision, so a decision depends on its request
 * alone, not on what the thread solved before (whether a sample finishes within `perSample` nodes would).
 */
const freshSolver = (): DkSolver => {
  shared ??= new DkSolver(18);
  shared.clear();
  return shared;
};

/** A party's level (the engine's `levelOf`), 0 before it said anything. */
const levelNow = (c: Call | 'none'): number => (c === 'none' ? 0 : levelOf(c));

interface Outcome {
  /** Card points and tricks of Re over the whole deal; special points as engine items. */
  rePts: number;
  reTricks: number;
  re: number;
  /** The engine's special points of the deal's tricks (`specials`), before the options leave any out. */
  specials: readonly ScoreItem[];
}

/** The seat's objective for a finished deal, with the announcement levels given. */
function valueFor(v: DoppelkopfView, o: Outcome, annRe: number, annKo: number): number {
  const two = (o.re & (o.re - 1)) !== 0;
  const tricks = handSizeOf(v.options);
  const facts = {
    re: o.re,
    annRe,
    annKo,
    points: { re: o.rePts, kontra: DECK_POINTS - o.rePts },
    tricks: { re: o.reTricks, kontra: tricks - o.reTricks },
    specials: two ? countedSpecials([...o.specials], v.options) : [],
    solo: !two,
  };
  const kind = v.contract?.kind ?? 'normal';
  const val = v.options.scoring === 'ddv' ? scoreDdv(facts) : scoreHouse(facts, v.options, kind);
  // The seat's score less the other party's mean: with 004's credit to the winners only, the opponents'
  // gain is the seat's loss at the table as much as its own score.
  const me = v.viewer as number;
  const mine = (o.re >> me) & 1;
  let other = 0;
  let n = 0;
  for (let s = 0; s < 4; s++)
    if (((o.re >> s) & 1) !== mine) {
      other += val.score[s];
      n++;
    }
  return val.score[me] - (n > 0 ? other / n : 0);
}

/** A trick by card kinds, as the seat's knowledge keeps the past ones. */
interface Trick {
  readonly leader: number;
  readonly kinds: readonly number[];
  readonly winner: number;
}

/** Sim state of one sampled deal. */
class Sim {
  readonly hands: number[][];
  re: number;
  hoch: number;
  leader: number;
  trick: number[];
  readonly played: number[];
  tricksDone: number;
  rePts = 0;
  reTricks = 0;
  readonly kn: Knowledge;
  readonly v: DoppelkopfView;
  constructor(kn: Knowledge, v: DoppelkopfView, deal: Deal) {
    this.kn = kn;
    this.v = v;
    this.hands = deal.hands.map((h) => [...h]);
    this.re = deal.re;
    this.hoch = kn.hochzeit;
    this.leader = kn.leader;
    this.trick = [...kn.trick];
    this.played = [...kn.played];
    this.tricksDone = kn.tricksDone;
  }

  /** The tricks' card points and count for Re once the parties are final, and the tricks as the engine keeps them. */
  private count(tricks: readonly Trick[], into: FinishedTrick[]): void {
    for (const t of tricks) {
      let pts = 0;
      const plays: (readonly [number, Card])[] = [];
      for (let i = 0; i < t.kinds.length; i++) {
        pts += points(t.kinds[i]);
        plays.push([(t.leader + i) & 3, cardOf(t.kinds[i])]);
      }
      if (((this.re >> t.winner) & 1) !== 0) {
        this.rePts += pts;
        this.reTricks++;
      }
      into.push({ leader: t.leader, plays, winner: t.winner, points: pts });
    }
  }

  private strOf(seat: number, k: number): number {
    return strengthOf(this.kn.order, k, seat === this.kn.pigSeat);
  }

  private legal(seat: number): number {
    let hand = 0;
    for (let k = 0; k < KINDS; k++) if (this.hands[seat][k] > 0) hand |= 1 << k;
    return followKinds(
      hand,
      this.kn.order,
      this.trick.length === 0 ? -1 : esuit(this.kn.order, this.trick[0]),
    );
  }

  private stateFor(seat: number, legal: number): PlayState {
    const mine = (this.re >> seat) & 1;
    let friends = 0;
    let foes = 0;
    if (this.hoch < 0)
      for (let s = 0; s < 4; s++)
        if (s !== seat) {
          if (((this.re >> s) & 1) === mine) friends |= 1 << s;
          else foes |= 1 << s;
        }
    const single = (this.re & (this.re - 1)) === 0 && this.hoch < 0;
    return {
      order: this.kn.order,
      dulleSecond: this.kn.dulleSecond,
      pigSeat: this.kn.pigSeat,
      seat,
      hand: this.hands[seat],
      legal,
      leader: this.leader,
      trick: this.trick,
      played: this.played,
      deck: (k) => copiesIn(this.v.options.nines, k),
      friends,
      foes,
      soloist: single && ((this.re >> seat) & 1) !== 0,
    };
  }

  play(k: number): void {
    const seat = (this.leader + this.trick.length) & 3;
    this.hands[seat][k]--;
    this.played[k]++;
    this.trick.push(k);
    if (this.trick.length < 4) return;
    const order = this.kn.order;
    const led = esuit(order, this.trick[0]);
    let ws = this.leader;
    let wk = this.trick[0];
    let wstr = this.strOf(ws, wk);
    let wsuit = led;
    for (let i = 1; i < 4; i++) {
      const s = (this.leader + i) & 3;
      const c = this.trick[i];
      const st = this.strOf(s, c);
      if (beatsBest(order, c, st, led, wstr, wk, wsuit, this.kn.dulleSecond)) {
        ws = s;
        wk = c;
        wstr = st;
        wsuit = esuit(order, c);
      }
    }
    if (this.hoch >= 0) {
      const h = hochzeitAfter(this.hoch, ws, this.tricksDone);
      if (h !== this.hoch) {
        if (h >= 0) this.re |= 1 << h;
        this.hoch = -1;
      }
    }
    this.future.push({ leader: this.leader, kinds: this.trick, winner: ws });
    this.tricksDone++;
    this.leader = ws;
    this.trick = [];
  }
  private readonly future: Trick[] = [];

  /** Plays out with the rule card at every seat. */
  rollout(): void {
    const total = handSizeOf(this.v.options);
    while (this.tricksDone < total) {
      const seat = (this.leader + this.trick.length) & 3;
      this.play(ruleKind(this.stateFor(seat, this.legal(seat))));
    }
  }

  /** The outcome once every card is played (rollout) or with `restPts` Re points from the solver. */
  outcome(restPts?: number): Outcome {
    const total = handSizeOf(this.v.options);
    const tricks: FinishedTrick[] = [];
    this.count(this.kn.history, tricks);
    this.count(this.future, tricks);
    let items = specials(tricks, this.re);
    // Short of the deal's last trick (the solver finishes the rest), the list's last is not the Karlchen's.
    if (tricks.length < total) items = items.filter((x) => x.kind !== 'karlchen');
    if (restPts !== undefined) {
      // The tricks still to come, shared in proportion to their card points: at least one to a party that
      // gets points in them (only the schwarz items read the count).
      const left = total - this.tricksDone;
      let rest = DECK_POINTS;
      for (const t of this.kn.history) for (const k of t.kinds) rest -= points(k);
      const share = rest > 0 ? Math.round((left * restPts) / rest) : 0;
      const lo = restPts > 0 ? 1 : 0;
      const hi = restPts < rest ? left - 1 : left;
      this.reTricks += Math.min(hi, Math.max(lo, share));
      this.rePts += restPts;
    }
    return {
      rePts: this.rePts,
      reTricks: Math.min(total, this.reTricks),
      re: this.re,
      specials: items,
    };
  }

  /** Solver problem of the position now. */
  problem() {
    const one: number[] = [];
    const two: number[] = [];
    for (let s = 0; s < 4; s++) {
      const [a, b] = wordsOf(this.hands[s]);
      one.push(a);
      two.push(b);
    }
    return {
      order: this.kn.order,
      dulleSecond: this.kn.dulleSecond,
      pigSeat: this.kn.pigSeat,
      one,
      two,
      leader: this.leader,
      trick: this.trick,
      re: this.re,
      hochzeit: this.hoch,
      tricksDone: this.tricksDone,
    };
  }
}

function levelsOf(v: DoppelkopfView): [number, number] {
  return [levelNow(v.highest.re), levelNow(v.highest.kontra)];
}

/** Mean value per legal kind over sampled deals; null when no deal could be sampled. */
export function cardValues(
  v: DoppelkopfView,
  kn: Knowledge,
  kinds: readonly number[],
  rng: Rng,
  budget: DkBudget = DK_BUDGET,
): Map<number, number> | null {
  const [annRe, annKo] = levelsOf(v);
  const totals = new Map<number, number>(kinds.map((k) => [k, 0]));
  let n = 0;
  const total = handSizeOf(v.options);
  const endgame = total - kn.tricksDone <= ENDGAME;
  const s = endgame ? freshSolver() : null;
  for (let i = 0; i < budget.samples; i++) {
    const deal = sample(kn, rng);
    if (deal === null) continue;
    let solved: Map<number, number> | null = null;
    if (s) {
      const sim = new Sim(kn, v, deal);
      s.load(sim.problem());
      s.nodes = 0;
      s.nodeLimit = budget.perSample;
      try {
        solved = s.moveValues();
      } catch (e) {
        if (!(e instanceof NodeLimit)) throw e;
      }
      s.nodeLimit = Number.POSITIVE_INFINITY;
    }
    for (const k of kinds) {
      const sim = new Sim(kn, v, deal);
      let o: Outcome;
      const sv = solved?.get(k);
      if (sv !== undefined) {
        // The solver's value counts the open trick's cards and the rest; the trick itself is not in `future`.
        o = sim.outcome(sv);
      } else {
        sim.play(k);
        sim.rollout();
        o = sim.outcome();
      }
      totals.set(k, totals.get(k)! + valueFor(v, o, annRe, annKo));
    }
    n++;
  }
  if (n === 0) return null;
  for (const k of kinds) totals.set(k, totals.get(k)! / n);
  return totals;
}

/**
 * The search player's move in the play phase, with the value of each card kind it chose by; `values` is null
 * where no card was valued (an announcement, a single kind, no deal sampled).
 */
export function searchMove(
  v: DoppelkopfView,
  legal: readonly A[],
  rng: Rng,
): { readonly action: A; readonly values: Map<number, number> | null } {
  const kn = knowledge(v);
  const ann = ruleAnnouncement(v, kn, legal);
  if (ann) return { action: ann, values: null };
  const plays = legal.filter((a): a is A & { t: 'play' } => a.t === 'play');
  if (plays.length === 0) return { action: legal.find((a) => a.t === 'quiet') ?? legal[0], values: null };
  const prefer = ruleCard(v, kn, legal);
  if (plays.length === 1) return { action: plays[0], values: null };
  const kinds = [...new Set(plays.map((a) => kindOf(a.card)))];
  const values = cardValues(v, kn, kinds, rng);
  if (values === null) return { action: prefer, values };
  let bestK = kindOf((prefer as A & { t: 'play' }).card);
  let bestV = values.get(bestK)!;
  for (const k of kinds)
    if (values.get(k)! > bestV + 1e-9) {
      bestK = k;
      bestV = values.get(k)!;
    }
  return { action: plays.find((a) => kindOf(a.card) === bestK)!, values };
}

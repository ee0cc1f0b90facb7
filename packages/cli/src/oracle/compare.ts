/**
 * Replays doko's sessions through the engine's public API under preset `ddv` and compares every step
 * and every result doko reports. A session is one match: `games` = its `sessionGames`, `pflichtsolo` =
 * doko's `--compulsory-solo`, dealer = the first game's `dealer`.
 */
import type { AnyGame } from '@stich/engine';
import { z } from 'zod';
import { type KnownDifference, knownDifference } from './known.ts';
import type { OracleGame } from './reader.ts';
import {
  type DokoAction,
  declaration,
  immediateSolo,
  playSteps,
  reservingSeats,
  type Step,
} from './steps.ts';

export const MISMATCH_KINDS = [
  /** A recorded step is not legal for us (or the seat may not act), or the engine refuses it. */
  'step',
  /** Our forehand (asked first in the Vorbehalt round) is not doko's. */
  'forehand',
  'contract',
  /** Seat, call, moment or the reply mark of an announcement. */
  'announcements',
  'parties',
  /** Leader, winner or card points of a trick. */
  'tricks',
  'cardPoints',
  /** Fuchs gefangen, Doppelkopf, Karlchen: the items of those kinds. */
  'special',
  /** The other items of the game value. */
  'value',
  'winner',
  'score',
  'standings',
  /** Our outcome lacks a field the comparison reads (the Doppelkopf outcome, docs/record-format.md). */
  'outcome',
  /** Not replayed: an earlier step of its session failed, so the match cannot go on. */
  'unreplayed',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

export interface Mismatch {
  readonly kind: MismatchKind;
  readonly game: string;
  readonly where: string;
  readonly oracle: unknown;
  readonly ours: unknown;
  /** Set when a known difference explains it. */
  readonly known?: KnownDifference;
}

const SPECIAL_KINDS: readonly string[] = ['fuchsGefangen', 'doppelkopf', 'karlchen'];

const seat = z.int().min(0).max(3);
const party = z.enum(['re', 'kontra']);
/** What the oracle needs of our per-deal outcome (the agreed surface); other fields are ignored. */
const dealOutcome = z.object({
  forehand: seat.optional(),
  contract: z.object({
    kind: z.string(),
    declarer: seat.nullish(),
    partner: seat.nullish(),
    solo: z.string().nullish(),
    pflicht: z.boolean().optional(),
    vorfuehrung: z.boolean().optional(),
    immediate: z.boolean().optional(),
    clarification: z.int().optional(),
    failed: z.boolean().optional(),
  }),
  parties: z.object({ re: z.array(seat), kontra: z.array(seat) }),
  announcements: z
    .array(z.object({ seat, call: z.string(), played: z.int(), reply: z.boolean() }))
    .optional(),
  tricks: z.array(z.object({ leader: seat, winner: seat, points: z.int() })),
  cardPoints: z.object({ re: z.int(), kontra: z.int(), bySeat: z.array(z.int()).length(4) }),
  winner: z.enum(['re', 'kontra', 'none']),
  items: z.array(z.object({ kind: z.string(), party, points: z.int() })),
  score: z.array(z.number()).length(4),
});
type DealOutcome = z.infer<typeof dealOutcome>;
const matchOutcome = z.object({ deals: z.array(z.unknown()), scores: z.array(z.number()).length(4) });

interface SessionReport {
  /** Games replayed to their end (mismatching or not). */
  readonly replayed: number;
  /** Declarations of reservers doko never asked (steps.ts `declaration`), as `game seat`. */
  readonly guessed: readonly string[];
  readonly mismatches: readonly Mismatch[];
}

const sortedSeats = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** The contract in one comparable shape: doko's kinds and fields in our names. */
function oracleContract(g: OracleGame): Record<string, unknown> {
  const c = g.contract;
  switch (c.kind) {
    case 'normal':
      return { kind: 'normal' };
    case 'silentSolo':
      return { kind: 'silent-solo', declarer: c.declarer };
    case 'hochzeit':
      return {
        kind: 'hochzeit',
        declarer: c.declarer,
        partner: c.partner,
        clarification: c.clarificationTrick,
        failed: c.failed,
      };
    case 'solo':
      return {
        kind: 'solo',
        declarer: c.declarer,
        solo: c.soloKind,
        pflicht: c.soloType === 'pflichtsolo',
        vorfuehrung: c.vorfuehrung,
        immediate: c.immediate,
      };
  }
}

function ourContract(c: DealOutcome['contract']): Record<string, unknown> {
  switch (c.kind) {
    case 'normal':
      return { kind: 'normal' };
    case 'silent-solo':
      return { kind: c.kind, declarer: c.declarer };
    case 'hochzeit':
      return {
        kind: c.kind,
        declarer: c.declarer,
        partner: c.partner ?? null,
        clarification: c.clarification,
        failed: c.failed,
      };
    case 'solo':
      return {
        kind: c.kind,
        declarer: c.declarer,
        solo: c.solo,
        pflicht: c.pflicht,
        vorfuehrung: c.vorfuehrung,
        immediate: c.immediate,
      };
    default:
      return { ...c };
  }
}

/** Items as a sorted list of `kind party points`: their order carries no meaning. */
const itemList = (items: readonly { kind: string; party: string; points: number }[], special: boolean) =>
  items
    .filter((i) => SPECIAL_KINDS.includes(i.kind) === special)
    .map((i) => `${i.kind} ${i.party} ${i.points}`)
    .sort();

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Compares one finished game; `standings` are our match scores after it. */
function compareGame(g: OracleGame, ours: DealOutcome, standings: readonly number[]): Mismatch[] {
  const out: Mismatch[] = [];
  const add = (kind: MismatchKind, where: string, oracle: unknown, our: unknown) => {
    if (!same(oracle, our)) out.push({ kind, game: g.id, where, oracle, ours: our });
  };
  if (ours.forehand !== undefined) add('forehand', 'forehand', g.forehand, ours.forehand);
  add('contract', 'contract', oracleContract(g), ourContract(ours.contract));
  if (ours.announcements)
    add(
      'announcements',
      'announcements (seat, call, cards played, reply)',
      g.announcements.map((a) => [a.seat, a.kind, a.cardsPlayed, a.reply]),
      ours.announcements.map((a) => [a.seat, a.call, a.played, a.reply]),
    );
  add(
    'parties',
    'parties',
    { re: sortedSeats(g.parties.re), kontra: sortedSeats(g.parties.kontra) },
    { re: sortedSeats(ours.parties.re), kontra: sortedSeats(ours.parties.kontra) },
  );
  const trick = g.tricks.findIndex((t, i) => {
    const o = ours.tricks[i];
    return !o || o.leader !== t.leader || o.winner !== t.winner || o.points !== t.points;
  });
  if (trick >= 0 || ours.tricks.length !== 12) {
    const i = trick >= 0 ? trick : 12;
    const pick = (t?: { leader: number; winner: number; points: number }) =>
      t ? { leader: t.leader, winner: t.winner, points: t.points } : null;
    out.push({
      kind: 'tricks',
      game: g.id,
      where: `trick ${i + 1}`,
      oracle: pick(g.tricks[i]),
      ours: pick(ours.tricks[i]),
    });
  }
  add('cardPoints', 'card points', g.cardPoints, {
    bySeat: ours.cardPoints.bySeat,
    re: ours.cardPoints.re,
    kontra: ours.cardPoints.kontra,
  });
  add('special', 'special points', itemList(g.value.items, true), itemList(ours.items, true));
  add('value', 'game value items', itemList(g.value.items, false), itemList(ours.items, false));
  add('winner', 'winner', g.value.winner, ours.winner);
  add('score', 'score', g.score, ours.score);
  add('standings', 'standings', g.standings, standings);
  return out;
}

const canonical = (action: object): string =>
  JSON.stringify(Object.fromEntries(Object.entries(action).sort(([a], [b]) => a.localeCompare(b))));

/** Replays one session (one match); stops at the first refused step, the rest is `unreplayed`. */
export function replaySession(game: AnyGame, session: readonly OracleGame[]): SessionReport {
  const first = session[0];
  const mismatches: Mismatch[] = [];
  const guessed: string[] = [];
  let replayed = 0;
  const abort = (from: number, m: Mismatch): SessionReport => {
    // The match cannot go on; the rest of the session is shown as following from the cause (known or not).
    const cause = withKnown(session)(m);
    mismatches.push(cause);
    for (const g of session.slice(from + 1))
      mismatches.push({
        kind: 'unreplayed',
        game: g.id,
        where: 'session',
        oracle: null,
        ours: `${m.game}: ${m.where}`,
        ...(cause.known ? { known: cause.known } : {}),
      });
    return { replayed, guessed, mismatches: mismatches.map(withKnown(session)) };
  };
  const config = game.parseConfig({
    players: 4,
    preset: 'ddv',
    options: { games: first.source.sessionGames, pflichtsolo: first.source.options.compulsorySolo },
  });
  if (!config.ok)
    return abort(-1, {
      kind: 'step',
      game: first.id,
      where: 'config',
      oracle: first.source,
      ours: config.error,
    });
  let state = game.start(config.value, first.dealer);

  for (let gi = 0; gi < session.length; gi++) {
    const g = session[gi];
    const fail = (where: string, oracle: unknown, ours: unknown, kind: MismatchKind = 'step') =>
      abort(gi, { kind, game: g.id, where, oracle, ours });
    if (!game.awaitsDeal(state)) return fail('deal', 'a deal', `phase ${game.phase(state)}`);
    const deal = game.parseDeal(state, { hands: g.hands });
    if (!deal.ok) return fail('deal', g.hands, deal.error);
    const dealt = game.applyDeal(state, deal.value);
    if (!dealt.ok) return fail('deal', g.hands, dealt.error);
    state = dealt.value;

    const take = (step: Step): string | undefined => {
      const toAct = game.toAct(state) as readonly number[];
      if (!toAct.includes(step.seat)) return `seat ${step.seat} may not act (toAct ${toAct.join(',')})`;
      const legal = game.legalActions(state, step.seat) as readonly DokoAction[];
      const wanted = canonical(step.action);
      if (!legal.some((a) => canonical(a) === wanted))
        return `not among the legal actions ${legal.map((a) => canonical(a)).join(' ')}`;
      const next = game.apply(state, step.seat, step.action);
      if (!next.ok) return `${next.error.code}: ${next.error.reason}`;
      state = next.value;
      return undefined;
    };

    // The Vorbehalt round, answered from each seat's intent until a card may be played.
    const reserving = reservingSeats(g);
    for (let n = 0; ; n++) {
      const toAct = game.toAct(state) as readonly number[];
      if (toAct.length === 0 || n > 40) return fail('reservations', 'a card', `phase ${game.phase(state)}`);
      const seat = toAct[0];
      const legal = game.legalActions(state, seat) as readonly DokoAction[];
      if (legal.some((a) => a.t === 'play')) break;
      let action: DokoAction | undefined;
      const now = immediateSolo(g, seat);
      if (now && legal.some((a) => a.t === 'declare' && a.game === now)) action = { t: 'declare', game: now };
      else if (legal.some((a) => a.t === 'healthy' || a.t === 'reserve')) {
        action = reserving.has(seat) ? { t: 'reserve' } : { t: 'healthy' };
      } else if (legal.some((a) => a.t === 'declare')) {
        const offered = legal.flatMap((a) => (a.t === 'declare' ? [a.game] : []));
        const d = declaration(g, seat, offered);
        if (d) action = { t: 'declare', game: d.game };
        if (d && !d.known) guessed.push(`${g.id} seat ${seat}`);
      }
      if (!action)
        return fail(
          `reservation step ${n}`,
          'healthy/reserve/declare',
          legal.map((a) => canonical(a)).join(' '),
        );
      const problem = take({ seat, action, label: `reservation step ${n}` });
      if (problem) return fail(`reservation step ${n} (seat ${seat}, ${canonical(action)})`, action, problem);
    }

    for (const step of playSteps(g)) {
      const problem = take(step);
      if (problem) return fail(`${step.label}, seat ${step.seat}`, step.action, problem);
    }

    const outcome = matchOutcome.safeParse(game.outcome(state));
    if (!outcome.success) return fail('outcome', 'deals, scores', outcome.error.issues[0].message, 'outcome');
    if (outcome.data.deals.length !== gi + 1)
      return fail('outcome', `${gi + 1} finished deals`, `${outcome.data.deals.length}`, 'outcome');
    const ours = dealOutcome.safeParse(outcome.data.deals[gi]);
    if (!ours.success) {
      const issue = ours.error.issues[0];
      return fail('outcome', issue.path.join('.'), issue.message, 'outcome');
    }
    replayed++;
    mismatches.push(...compareGame(g, ours.data, outcome.data.scores));
  }
  return { replayed, guessed, mismatches: mismatches.map(withKnown(session)) };
}

const withKnown =
  (session: readonly OracleGame[]) =>
  (m: Mismatch): Mismatch => {
    if (m.known) return m;
    const g = session.find((x) => x.id === m.game);
    const known = g && knownDifference(g, m.kind);
    return known ? { ...m, known } : m;
  };

export interface OracleReport {
  readonly games: number;
  readonly replayed: number;
  readonly guessed: readonly string[];
  /** Mismatches no known difference explains: the M of `N games, M mismatches`. */
  readonly mismatches: readonly Mismatch[];
  readonly known: readonly Mismatch[];
}

export function runOracle(game: AnyGame, sessions: readonly (readonly OracleGame[])[]): OracleReport {
  let games = 0;
  let replayed = 0;
  const guessed: string[] = [];
  const all: Mismatch[] = [];
  for (const s of sessions) {
    games += s.length;
    const r = replaySession(game, s);
    replayed += r.replayed;
    guessed.push(...r.guessed);
    all.push(...r.mismatches);
  }
  return {
    games,
    replayed,
    guessed,
    mismatches: all.filter((m) => !m.known),
    known: all.filter((m) => m.known),
  };
}

/**
 * A record stepped through in the client (docs/protocol.md, `GET /api/tables/:id/replay`): the server sends
 * a finished match's record once, and whoever shows it replays it here with the engine, as the fair-deal
 * check does (the web client loads this module on demand, in the same chunk as `./fair`). Every state is
 * kept (the engine's states share their unchanged parts); a step's view and hands are built only when the
 * step is shown, so a long match costs its states, never a view per step.
 */
import {
  type AnyGame,
  type GameId,
  type GameRecord,
  type GameView,
  gameById,
  parseRecord,
  replay,
  type Seat,
  SPECTATOR,
} from '@stich/engine';
import type { GameOutcome, ReplayStep } from './index.ts';

/** More steps than any real match has (a 100-round Differenzler is about 4,100): a bound on the work. */
const MAX_REPLAY_STEPS = 20_000;

export interface ReplaySession {
  readonly game: GameId;
  /** Display names by seat, from the record (seat number + 1 where it names none). */
  readonly names: readonly string[];
  /** The seat whose view the steps show; null: nobody's (a spectator's view, nobody is "you"). */
  readonly viewer: Seat | null;
  /** Steps: the start, then the state after every deal and action. */
  readonly length: number;
  /** Hints used during the match (the record's `meta.hints`): the seat and the step at which it asked. */
  readonly hints: readonly { readonly seat: Seat; readonly step: number }[];
  /** Step `i` as the viewer saw it, with every seat's hand open (the match is over). */
  step(i: number): ReplayStep;
  /** The views that end each deal up to step `i` and step `i`'s own (Doppelkopf's finished deals). */
  dealEnds(i: number): readonly GameView[];
  /** The record replayed, as parsed. */
  readonly record: GameRecord;
  /** The match's outcome after the last step; null: the record ends before the match does. */
  readonly outcome: GameOutcome | null;
}

type ReplayResult =
  | { readonly ok: true; readonly value: ReplaySession }
  | { readonly ok: false; readonly reason: string };

/** Replays `input` (an unchecked record) for `viewer`; a bad record names its first error. */
export function replaySession(input: unknown, viewer: Seat | null = null): ReplayResult {
  const parsed = parseRecord(input);
  if (!parsed.ok) return { ok: false, reason: parsed.error.reason };
  const rec = parsed.value;
  const game: AnyGame | undefined = gameById(rec.game);
  if (!game) return { ok: false, reason: `game ${rec.game} is not available here` };
  if (rec.actions.length + rec.deals.length > MAX_REPLAY_STEPS)
    return { ok: false, reason: `a replay has at most ${MAX_REPLAY_STEPS} deals and actions` };
  const r = replay<unknown>(game, rec, true);
  if (!r.ok) return { ok: false, reason: r.error.reason };
  const states = r.value.states ?? [];
  const seats = game.seats(r.value.state);
  const end = game.outcome(r.value.state) as GameOutcome;
  const who = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < seats ? viewer : null;
  // The steps at which a deal was applied: the step before each ends the previous deal.
  const dealt: number[] = [];
  for (let i = 1; i < states.length; i++)
    if (game.awaitsDeal(states[i - 1]) && !game.awaitsDeal(states[i])) dealt.push(i);
  const views = new Map<number, GameView>();
  const viewAt = (i: number): GameView => {
    let v = views.get(i);
    if (!v) {
      v = game.viewFor(states[i], who ?? SPECTATOR) as GameView;
      // A few hundred views at most: the steps looked at, and the deal ends.
      if (views.size > 512) views.clear();
      views.set(i, v);
    }
    return v;
  };
  const clamp = (i: number) => Math.max(0, Math.min(states.length - 1, Math.trunc(i)));
  return {
    ok: true,
    value: {
      game: rec.game,
      names: Array.from({ length: seats }, (_, i) => rec.players?.[i] ?? `${i + 1}`),
      viewer: who,
      length: states.length,
      hints: hintsOf(rec),
      record: rec,
      outcome: end.over ? end : null,
      step(i) {
        const seq = clamp(i);
        const hands = Array.from({ length: seats }, (_, seat) => {
          const v = game.viewFor(states[seq], seat) as { hand?: readonly string[] | null };
          return [...(v.hand ?? [])];
        });
        return { seq, view: viewAt(seq), hands };
      },
      dealEnds(i) {
        const at = clamp(i);
        const out = dealt.filter((d) => d <= at).map((d) => viewAt(d - 1));
        out.push(viewAt(at));
        return out;
      },
    },
  };
}

/** The server's `meta.hints` (hints.ts): step = the number of steps applied when the seat asked. */
function hintsOf(rec: GameRecord): { seat: Seat; step: number }[] {
  const list = rec.meta?.hints;
  if (!Array.isArray(list)) return [];
  return list.flatMap((h: unknown) => {
    const x = h as { seat?: unknown; seq?: unknown };
    return Number.isInteger(x.seat) && Number.isInteger(x.seq)
      ? [{ seat: x.seat as number, step: x.seq as number }]
      : [];
  });
}

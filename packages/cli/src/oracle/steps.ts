/**
 * How a doko game maps onto our actions (docs/record-format.md, Doppelkopf): the deal, the Vorbehalt
 * round as `healthy` / `reserve` / `declare`, announcements at their `cardsPlayed` moment, the cards.
 *
 * doko asks other questions than our engine (README section `reservations`), so the reservation round
 * is answered from each seat's intent, whatever order our engine asks in:
 * - a seat that announced an `immediateSolo` declares it at once when our engine offers that (option
 *   `immediateSolo`), else reserves; doko then asks nobody else: the seats never asked are healthy;
 * - a seat reserves if it answered `vorbehalt` true, if it plays the Vorführung, or, in `--no-solo`
 *   sessions, if it holds both Kreuz-Damen (doko plays its Hochzeit without asking);
 * - asked to name its reservation, the declarer names the contract's game; a seat that answered doko's
 *   `solo` question false names `hochzeit`; a seat doko never asked (a higher reservation won first)
 *   names the lowest game it may (`hochzeit` if it can, else the first solo offered): our engine must
 *   rank it below the declarer's, as doko did.
 */
import type { OracleCall, OracleGame } from './reader.ts';

export type DokoAction =
  | { readonly t: 'healthy' }
  | { readonly t: 'reserve' }
  | { readonly t: 'declare'; readonly game: string }
  | { readonly t: 'announce'; readonly call: OracleCall }
  | { readonly t: 'play'; readonly card: string };

export interface Step {
  readonly seat: number;
  readonly action: DokoAction;
  /** Where in the game, for messages: `card 17`, `announcement 2`. */
  readonly label: string;
}

/** The seats that reserve in this game. */
export function reservingSeats(g: OracleGame): ReadonlySet<number> {
  const seats = new Set<number>();
  for (const e of g.reservations.events)
    if ((e.question === 'vorbehalt' || e.question === 'immediateSolo') && e.answer) seats.add(e.seat);
  const c = g.contract;
  if (c.kind === 'solo' && c.vorfuehrung) seats.add(c.declarer);
  if (g.source.options.noSolo && c.kind === 'hochzeit') seats.add(c.declarer);
  return seats;
}

/** The solo `seat` declares at once in the Vorbehalt round (doko's `immediateSolo` true), if any. */
export function immediateSolo(g: OracleGame, seat: number): string | undefined {
  const c = g.contract;
  return c.kind === 'solo' && c.immediate && c.declarer === seat ? c.soloKind : undefined;
}

/**
 * The game a reserved seat names when our engine asks it: `known` false when doko never asked that
 * seat (see above), then chosen from what the engine offers.
 */
export function declaration(
  g: OracleGame,
  seat: number,
  offered: readonly string[],
): { game: string; known: boolean } | undefined {
  const c = g.contract;
  if ((c.kind === 'solo' || c.kind === 'hochzeit') && c.declarer === seat)
    return { game: c.kind === 'solo' ? c.soloKind : 'hochzeit', known: true };
  if (g.reservations.events.some((e) => e.seat === seat && e.question === 'solo' && !e.answer))
    return { game: 'hochzeit', known: true };
  const guess = offered.includes('hochzeit') ? 'hochzeit' : offered[0];
  return guess === undefined ? undefined : { game: guess, known: false };
}

/** The announcements and cards of the play phase, in order: announcements before the card they precede. */
export function playSteps(g: OracleGame): Step[] {
  const steps: Step[] = [];
  let a = 0;
  for (let k = 0; k < 48; k++) {
    for (; a < g.announcements.length && g.announcements[a].cardsPlayed === k; a++) {
      const { seat, kind } = g.announcements[a];
      steps.push({ seat, action: { t: 'announce', call: kind }, label: `announcement ${a} (${kind})` });
    }
    const [seat, card] = g.tricks[Math.floor(k / 4)].plays[k % 4];
    steps.push({ seat, action: { t: 'play', card }, label: `card ${k + 1} (${card})` });
  }
  return steps;
}
